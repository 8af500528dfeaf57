// Interactions become neutral invocations and action events: Discord paths and option names map
// back to the definitions, identity is the user id, roles come from the member.
import { describe, expect, it } from 'vitest';
import { PermissionFlagsBits, PermissionsBitField } from 'discord.js';
import type { BaseInteraction, CommandInteractionOption } from 'discord.js';
import { DISCORD_FACTS } from '../../../../adapters/discord/guild-tenancy.js';
import { tenantRoleOf } from '../../../../src/core/policy/tenant-roles.js';
import {
  answerLocale,
  clickInvocation,
  indexCommands,
  parseCustomId,
  readOptions,
  toActionEvent,
  toInvocation,
} from '../../../../adapters/discord/translate.js';
import type { CommandInfo } from '../../../../src/core/ports.js';

const commands: CommandInfo[] = [
  {
    group: 'snapshot',
    name: 'delete',
    summary: 'Delete',
    risk: 'destructive',
    args: [
      { name: 'instance', kind: 'instance', description: 'i', required: true, positional: true },
      { name: 'snapshotUuid', kind: 'uuid', description: 's', required: true, positional: true },
    ],
  },
  { group: '', name: 'whoami', summary: 'Who am I', risk: 'read', args: [] },
];

/** A structural stand-in for a discord.js interaction (only what the translator reads). */
function interaction(options: CommandInteractionOption[], extra: Record<string, unknown> = {}) {
  return {
    id: '42',
    channelId: 'C9',
    guildId: 'G1',
    locale: 'en-GB',
    user: { id: 'U7', username: 'dora', globalName: 'Dora' },
    member: { roles: ['G1', 'R1'], nick: 'dee' },
    options: { data: options },
    ...extra,
  } as unknown as BaseInteraction & { options: { data: readonly CommandInteractionOption[] } };
}

describe('Discord translation', () => {
  const index = indexCommands(commands);

  it('turns a grouped subcommand into an options invocation with the definitions’ names', () => {
    const data = [
      {
        name: 'snapshot',
        type: 2,
        options: [
          {
            name: 'delete',
            type: 1,
            options: [
              { name: 'instance', type: 3, value: 'web-1' },
              { name: 'snapshot-uuid', type: 3, value: 'u' },
            ],
          },
        ],
      },
    ] as CommandInteractionOption[];
    expect(toInvocation(interaction(data), index)).toEqual({
      id: '42',
      platform: 'discord',
      actor: { platform: 'discord', userId: 'U7', displayName: 'dee', roles: ['R1'] },
      channelId: 'C9',
      input: {
        kind: 'options',
        path: ['snapshot', 'delete'],
        options: { instance: 'web-1', snapshotUuid: 'u' },
      },
      locale: 'en',
    });
  });

  it('turns a plain bot subcommand into a one-element path', () => {
    const invocation = toInvocation(
      interaction([{ name: 'whoami', type: 1, options: [] }] as CommandInteractionOption[]),
      index,
    );
    expect(invocation.input).toEqual({ kind: 'options', path: ['whoami'], options: {} });
  });

  it('finds the focused option under the subcommand for autocomplete', () => {
    const { discordPath, leaves } = readOptions([
      {
        name: 'snapshot',
        type: 2,
        options: [
          { name: 'delete', type: 1, options: [{ name: 'instance', type: 3, value: 'we', focused: true }] },
        ],
      },
    ] as CommandInteractionOption[]);
    expect(discordPath).toEqual(['snapshot', 'delete']);
    expect(leaves[0]).toMatchObject({ name: 'instance', focused: true });
    expect(index.get('snapshot delete')?.instanceOptions.has('instance')).toBe(true);
  });

  it('reads only our confirmation custom_ids', () => {
    expect(parseCustomId('vps:confirm:t0k')).toEqual({ kind: 'confirm', token: 't0k' });
    expect(parseCustomId('vps:cancel:t0k')).toEqual({ kind: 'cancel', token: 't0k' });
    expect(parseCustomId('vps:typed:t0k')).toEqual({ kind: 'typed', token: 't0k' });
    expect(parseCustomId('vps:typed-confirm:t0k')).toEqual({ kind: 'typedConfirm', token: 't0k' });
    expect(parseCustomId('vps:confirm:')).toBeNull();
    expect(parseCustomId('other:thing')).toBeNull();
  });

  it('uses the user id as identity on clicks, with the typed text as input', () => {
    const event = toActionEvent(interaction([], { member: null }), 'confirm', 't0k', 'web-1');
    expect(event).toEqual({
      id: '42',
      platform: 'discord',
      actor: { platform: 'discord', userId: 'U7', displayName: 'Dora', roles: [] },
      channelId: 'C9',
      token: 't0k',
      action: 'confirm',
      locale: 'en',
      input: 'web-1',
    });
  });

  it('names the message a button was on, ephemeral or not', () => {
    const flags = (ephemeral: boolean) => ({ has: (flag: number) => ephemeral && flag === 64 });
    const onCard = toActionEvent(
      interaction([], { message: { id: 'M1', flags: flags(false) } }),
      'confirm',
      't0k',
    );
    expect(onCard.clicked).toEqual({
      platform: 'discord',
      channelId: 'C9',
      id: 'M1',
      extra: { ephemeral: '0' },
    });
    const privately = toActionEvent(
      interaction([], { message: { id: 'M2', flags: flags(true) } }),
      'cancel',
      't0k',
    );
    expect(privately.clicked?.extra).toEqual({ ephemeral: '1' });
  });
});

describe('Discord: which language the answer is in', () => {
  const index = indexCommands(commands);
  const whoami = [{ name: 'whoami', type: 1 }];

  it('takes the user’s client locale, for commands and clicks alike', () => {
    const source = interaction(whoami, { locale: 'id', guildLocale: 'en-US' });
    expect(toInvocation(source, index).locale).toBe('id');
    expect(toActionEvent(source, 'confirm', 'tok').locale).toBe('id');
  });

  it('falls back to the server’s locale when the interaction names none', () => {
    const source = interaction(whoami, { locale: '', guildLocale: 'id' });
    expect(toInvocation(source, index).locale).toBe('id');
    expect(toActionEvent(source, 'cancel', 'tok').locale).toBe('id');
    // A button that runs a command, and the adapter's own answers, fall back the same way.
    expect(clickInvocation(source, 'instance show web-1').locale).toBe('id');
    expect(answerLocale(source)).toBe('id');
    expect(answerLocale(interaction(whoami, { locale: 'en-US', guildLocale: 'id' }))).toBe('en');
  });
});

describe('Discord: who manages the server (the guild policy’s default admins)', () => {
  const whoami = [{ name: 'whoami', type: 1 }] as CommandInteractionOption[];
  const index = indexCommands(commands);
  const permissions = (granted: bigint) => ({
    memberPermissions: new PermissionsBitField(granted),
  });

  it('marks members with Manage Server or Administrator, and nobody else', () => {
    const manager = toInvocation(interaction(whoami, permissions(PermissionFlagsBits.ManageGuild)), index);
    const administrator = toInvocation(
      interaction(whoami, permissions(PermissionFlagsBits.Administrator)),
      index,
    );
    const member = toInvocation(interaction(whoami, permissions(PermissionFlagsBits.SendMessages)), index);
    expect(manager.actor.workspaceAdmin).toBe(true);
    expect(administrator.actor.workspaceAdmin).toBe(true);
    expect(member.actor.workspaceAdmin).toBeUndefined();
    expect(toInvocation(interaction(whoami), index).actor.workspaceAdmin).toBeUndefined();
  });

  it('feeds the guild policy: managers are admins, member roles are role members', async () => {
    const manager = toInvocation(
      interaction(whoami, permissions(PermissionFlagsBits.ManageGuild)),
      index,
    ).actor;
    const member = toInvocation(interaction(whoami), index).actor;
    expect(await DISCORD_FACTS.isAdmin(manager)).toBe(true);
    expect(await DISCORD_FACTS.isAdmin(member)).toBe(false);
    const tenant = { roles: { admin: [], operator: ['role:R1'], viewer: [] } };
    const facts = { ...DISCORD_FACTS, installer: async () => null };
    expect(await tenantRoleOf(tenant, manager, facts)).toMatchObject({ role: 'admin' });
    expect(await tenantRoleOf(tenant, member, facts)).toEqual({
      role: 'operator',
      source: { key: 'role.source.tenantPolicy', values: { member: 'role:R1' } },
    });
  });
});
