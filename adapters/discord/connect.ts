// Multi-guild mode's `/vps connect` and `/vps disconnect` (guild admins: Administrator or Manage
// Server, or whoever installed the app) and the gate before every other command: a guild without a
// key is told how to connect. `connect` opens a modal with one text input; Discord has no
// password-style input and a modal cannot stay open after its submit, so the submit is answered
// privately (ephemeral) with the outcome, never with the key, and a refused key says to run
// `/vps connect` again. Anything typed after `connect` is refused unread.
import { ComponentType, MessageFlags, PermissionFlagsBits, TextInputStyle } from 'discord.js';
import type {
  ChatInputCommandInteraction,
  ModalComponentData,
  ModalSubmitInteraction,
  TextInputComponentData,
} from 'discord.js';
import { t, type Locale, type RoleLookup } from '../../src/core/index.js';
import { disconnectAnswer, keyAnswers, keyCommandOf, keyDialogTexts } from '../../src/adapter-kit/key-command.js';
import { guildTenantId, type GuildTenancy } from './guild-tenancy.js';
import { DISCORD_LIMITS as L, fit } from './limits.js';
import { NO_MENTIONS } from './render.js';
import { actorOf, answerLocale, readOptions } from './translate.js';

/** custom_id of the connect modal and of its one text input. */
export const CONNECT_MODAL_ID = 'vps:connect';
export const KEY_INPUT_ID = 'api_key';

/** Whether the member may link or unlink the guild's key: Manage Server, a policy admin, or the installer. */
async function mayManageKey(
  interaction: ChatInputCommandInteraction | ModalSubmitInteraction,
  tenancy: GuildTenancy,
  tenantId: string,
  roles: RoleLookup | undefined,
): Promise<boolean> {
  // `has` counts Administrator as every permission.
  if (interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) === true) return true;
  if (roles?.isAdmin(actorOf(interaction)) === true) return true;
  return (await tenancy.keys.installer(tenantId)) === interaction.user.id;
}

/** The modal: one short text input for the key, never prefilled. */
export function connectModal(locale: Locale, hint: string | null): ModalComponentData {
  const texts = keyDialogTexts(locale, hint);
  const input: TextInputComponentData = {
    type: ComponentType.TextInput,
    customId: KEY_INPUT_ID,
    style: TextInputStyle.Short,
    label: fit(texts.label, L.textInputLabel),
    required: true,
    minLength: 8,
    maxLength: 512,
  };
  // The placeholder is the hint when it fits whole; a cut hint would say less than nothing.
  if (texts.hint.length <= L.textInputPlaceholder) input.placeholder = texts.hint;
  return {
    customId: CONNECT_MODAL_ID,
    title: fit(texts.title, L.modalTitle),
    components: [{ type: ComponentType.ActionRow, components: [input] }],
  };
}

/**
 * Answers `/vps connect` and `/vps disconnect`, and any command of a guild without a key; true when
 * it answered (the command is not dispatched), false when the command goes on to the core.
 */
export async function keyGate(
  interaction: ChatInputCommandInteraction,
  tenancy: GuildTenancy,
  roles?: RoleLookup,
): Promise<boolean> {
  if (!interaction.guildId) return false;
  const tenantId = guildTenantId(interaction.guildId);
  const { discordPath, leaves } = readOptions(interaction.options.data);
  const [verb = ''] = discordPath;
  const command = discordPath.length === 1 ? keyCommandOf(verb, leaves.length > 0) : null;
  const locale = answerLocale(interaction);
  const answers = keyAnswers(locale, 'server');
  const say = async (content: string) => {
    await interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: NO_MENTIONS });
    return true;
  };
  // Not even logged: the option's value is a secret the user should now rotate.
  const by = `discord:${interaction.user.id}`;
  if (command === 'pastedKey') {
    await tenancy.keys.refused(tenantId, by, 'connect', 'pastedKey');
    return say(answers.pastedKey);
  }
  if (command === 'connect' || command === 'disconnect') {
    if (!(await mayManageKey(interaction, tenancy, tenantId, roles))) {
      await tenancy.keys.refused(tenantId, by, command, 'notAllowed');
      return say(answers.notAllowed);
    }
    if (command === 'disconnect') return say(await disconnectAnswer(tenancy.keys, tenantId, by, locale));
    await interaction.showModal(connectModal(locale, await tenancy.keys.linkedKeyHint(tenantId)));
    return true;
  }
  if (!(await tenancy.keys.linkedKeyHint(tenantId))) return say(answers.howToConnect);
  return false;
}

/** The connect modal's submit: the key is checked with a read call, then linked; the answer is private. */
export async function submitKey(
  interaction: ModalSubmitInteraction,
  tenancy: GuildTenancy,
  roles?: RoleLookup,
): Promise<void> {
  const locale = answerLocale(interaction);
  const answers = keyAnswers(locale, 'server');
  // The read call may take longer than Discord's 3 s.
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const say = (content: string) => interaction.editReply({ content, allowedMentions: NO_MENTIONS });
  if (!interaction.guildId) return void (await say(t(locale, 'tenant.directMessage')));
  const tenantId = guildTenantId(interaction.guildId);
  if (!(await mayManageKey(interaction, tenancy, tenantId, roles))) {
    await tenancy.keys.refused(tenantId, `discord:${interaction.user.id}`, 'connect', 'notAllowed');
    return void (await say(answers.notAllowed));
  }
  const typed = interaction.fields.getTextInputValue(KEY_INPUT_ID);
  const outcome = await tenancy.keys.link(tenantId, typed, `discord:${interaction.user.id}`, locale);
  await say(
    outcome.linked ? answers.linked(outcome.hint) : `${outcome.reason} ${t(locale, 'tenant.dialog.again')}`,
  );
}
