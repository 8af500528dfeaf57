// Multi-guild mode (DISCORD_MULTI_GUILD=1): every guild is a tenant "discord:<guild id>" with its
// own linked hosting API key. Each interaction runs as its guild's tenant (src/tenants/scope.ts), so
// the hosting-API client sends that guild's key only; a DM, which has no guild, is refused. A guild
// that removes the app (gateway GUILD_DELETE, or a webhook event) is forgotten.
import { Events, MessageFlags, type Client, type Interaction } from 'discord.js';
import { t } from '../../src/core/index.js';
import { answerLocale } from './translate.js';
import { runInTenant } from '../../src/adapter-kit/tenant-context.js';
import type { MemberFacts, TenantKeys } from '../../src/adapter-kit/tenant-ports.js';
import { NO_MENTIONS } from './render.js';
import type { AdapterLogger } from './responder.js';

/** What multi-guild mode needs of the tenants (src/tenants): keys, and the guilds' records. */
export interface GuildTenancy {
  keys: TenantKeys;
  installations: {
    saveInstallation(tenantId: string, installation: unknown, installer: string, at: number): Promise<void>;
    /** Removes the tenant's record, linked key and data key (its audit records stay). */
    forget(tenantId: string): Promise<void>;
    installedBy(installer: string): Promise<string[]>;
    /** Removes `installer`'s installer mark from the tenant; false when it was not theirs. */
    clearInstaller(tenantId: string, installer: string): Promise<boolean>;
  };
}

/** The tenant id of a Discord guild. */
export const guildTenantId = (guildId: string) => `discord:${guildId}`;

/** Runs `work` as the interaction's guild; a DM (no guild) is answered with a refusal instead. */
export async function inGuildTenant(interaction: Interaction, work: () => Promise<void>): Promise<void> {
  const guildId = interaction.guildId;
  if (guildId) return runInTenant({ id: guildTenantId(guildId) }, work);
  if (interaction.isAutocomplete()) return void (await interaction.respond([]));
  if (!interaction.isRepliable()) return;
  await interaction.reply({
    content: t(answerLocale(interaction), 'tenant.directMessage'),
    flags: MessageFlags.Ephemeral,
    allowedMentions: NO_MENTIONS,
  });
}

/** Whether the interaction's guild has a key linked (always, outside multi-guild mode). */
export async function guildKeyLinked(interaction: Interaction, tenancy: GuildTenancy | undefined) {
  if (!tenancy) return true;
  if (!interaction.guildId) return false;
  return (await tenancy.keys.linkedKeyHint(guildTenantId(interaction.guildId)).catch(() => null)) !== null;
}

/** Forgets a guild the app was removed from; `why` is logged (never a key). */
export async function forgetGuild(
  tenancy: GuildTenancy,
  guildId: string,
  why: string,
  logger: AdapterLogger,
): Promise<void> {
  try {
    await tenancy.installations.forget(guildTenantId(guildId));
    logger.info({ tenant: guildTenantId(guildId), why }, 'discord: guild forgotten');
  } catch (error) {
    logger.error(
      { tenant: guildTenantId(guildId), why, error: error instanceof Error ? error.name : typeof error },
      'discord: a removed guild could not be forgotten',
    );
  }
}

/** Gateway modes: the bot left, was kicked from or banned from a guild (not an outage) → forget it. */
export function forgetOnGuildDelete(
  client: Client,
  tenancy: GuildTenancy | undefined,
  logger: AdapterLogger,
): void {
  if (!tenancy) return;
  // discord.js emits an outage (`unavailable: true`) as GuildUnavailable, never as GuildDelete; a
  // guild still marked unavailable from an outage and then removed does arrive here, so no guard.
  client.on(Events.GuildDelete, (guild) => void forgetGuild(tenancy, guild.id, 'GUILD_DELETE', logger));
}

/** Discord's answers for the guild policy: both are on the interaction (permissions, member roles). */
export const DISCORD_FACTS: MemberFacts = {
  isAdmin: async (actor) => actor.workspaceAdmin === true,
  // Discord roles are matched on the actor's member roles; a Slack user group names nobody here.
  inGroup: async () => false,
};
