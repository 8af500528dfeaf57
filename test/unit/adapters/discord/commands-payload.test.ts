// The /vps registration payload is derived from the command definitions and respects Discord's
// limits; registration compares it with what Discord holds, ignoring server-side extras.
import { describe, expect, it } from 'vitest';
import { buildCommandPayload, discordName } from '../../../../adapters/discord/commands-payload.js';
import { samePayload } from '../../../../adapters/discord/register.js';
import type { ArgInfo, CommandInfo } from '../../../../src/core/ports.js';
import { allCommands } from '../../../../commands/index.js';
import { commandInfo } from '../../../../src/core/index.js';

const arg = (name: string, kind: ArgInfo['kind'], required = true, choices?: string[]): ArgInfo => ({
  name,
  kind,
  description: `${name} description`,
  required,
  positional: false,
  ...(choices ? { choices } : {}),
});

const commands: CommandInfo[] = [
  {
    group: 'instance',
    name: 'show',
    summary: 'Show an instance',
    risk: 'read',
    args: [arg('instance', 'instance')],
  },
  {
    group: 'instance',
    name: 'metrics',
    summary: 'Metrics',
    risk: 'read',
    args: [
      arg('period', 'choice', false, ['hour', 'day']),
      arg('instance', 'instance'),
      arg('limit', 'integer'),
    ],
  },
  {
    group: 'snapshot',
    name: 'delete',
    summary: 'Delete a snapshot',
    risk: 'destructive',
    args: [arg('snapshotUuid', 'uuid'), arg('force', 'boolean', false)],
  },
  {
    group: '',
    name: 'help',
    summary: 'What you can run',
    risk: 'read',
    args: [arg('group', 'string', false)],
  },
];

type Node = {
  type: number;
  name: string;
  description: string;
  required?: boolean;
  options?: Node[];
  [key: string]: unknown;
};

function find(nodes: Node[] | undefined, ...names: string[]): Node {
  let found: Node | undefined;
  let level = nodes;
  for (const name of names) {
    found = level?.find((n) => n.name === name);
    level = found?.options;
  }
  if (!found) throw new Error(`no ${names.join(' ')}`);
  return found;
}

describe('Discord command payload', () => {
  const [vps] = buildCommandPayload(commands) as unknown as Node[];

  it('fits Discord’s 25 entries under /vps with multi-guild mode’s connect and disconnect too', () => {
    const [withKeys] = buildCommandPayload(commands, { keyCommands: true }) as unknown as Node[];
    expect(withKeys?.options?.length).toBeLessThanOrEqual(25);
    expect(withKeys?.options?.map((o) => o.name)).toEqual(expect.arrayContaining(['connect', 'disconnect']));
  });

  it('builds one /vps command with subcommand groups and plain bot subcommands', () => {
    expect(vps).toMatchObject({ name: 'vps', type: 1, contexts: [0] });
    expect(vps?.options?.map((o) => [o.type, o.name])).toEqual([
      [2, 'instance'],
      [2, 'snapshot'],
      [1, 'help'],
    ]);
    expect(find(vps?.options, 'instance').options?.map((o) => o.name)).toEqual(['show', 'metrics']);
  });

  it('types options by argument kind', () => {
    expect(find(vps?.options, 'instance', 'show', 'instance')).toMatchObject({ type: 3, autocomplete: true });
    expect(find(vps?.options, 'snapshot', 'delete', 'snapshot-uuid')).toMatchObject({
      type: 3,
      min_length: 36,
      max_length: 36,
      required: true,
    });
    expect(find(vps?.options, 'snapshot', 'delete', 'force')).toMatchObject({ type: 5, required: false });
    expect(find(vps?.options, 'instance', 'metrics', 'limit')).toMatchObject({ type: 4, required: true });
    expect(find(vps?.options, 'instance', 'metrics', 'period')).toMatchObject({
      type: 3,
      choices: [
        { name: 'hour', value: 'hour' },
        { name: 'day', value: 'day' },
      ],
    });
  });

  it('lists required options before optional ones (instance is optional: the channel binding fills it)', () => {
    expect(find(vps?.options, 'instance', 'metrics').options?.map((o) => o.name)).toEqual([
      'limit',
      'period',
      'instance',
    ]);
  });

  it('keeps names lowercase within 32 characters and descriptions within 100', () => {
    expect(discordName('snapshotUuid')).toBe('snapshot-uuid');
    expect(discordName('Very Long Name That Goes On And On Forever')).toHaveLength(32);
    const longOne: CommandInfo = {
      group: '',
      name: 'status',
      summary: 'y'.repeat(300),
      risk: 'read',
      args: [],
    };
    const [payload] = buildCommandPayload([longOne]) as unknown as Node[];
    expect(find(payload?.options, 'status').description).toHaveLength(100);
  });

  it('refuses definitions Discord would reject: name clashes and more than 25 options', () => {
    const clash: CommandInfo = {
      group: '',
      name: 'a',
      summary: 's',
      risk: 'read',
      args: [arg('fooBar', 'string'), arg('foo-bar', 'string')],
    };
    expect(() => buildCommandPayload([clash])).toThrow(/foo-bar/);
    const many = Array.from({ length: 26 }, (_, i): CommandInfo => ({
      group: 'g',
      name: `c${i}`,
      summary: 's',
      risk: 'read',
      args: [],
    }));
    expect(() => buildCommandPayload(many)).toThrow(/25/);
  });

  it('treats what Discord returns (ids, versions, omitted defaults) as the same payload', () => {
    const payload = buildCommandPayload(commands);
    const stored = JSON.parse(
      JSON.stringify(payload, (key, value: unknown) =>
        (key === 'required' || key === 'autocomplete') && value === false ? undefined : value,
      ),
    ) as Record<string, unknown>[];
    const fromDiscord = stored.map((c) => ({
      ...c,
      id: '1',
      version: '2',
      application_id: '3',
      nsfw: false,
      default_member_permissions: null,
    }));
    expect(samePayload(fromDiscord, payload)).toBe(true);
    expect(samePayload([], payload)).toBe(false);
    expect(samePayload(buildCommandPayload(commands.slice(1)), payload)).toBe(false);
  });

  it('adds connect and disconnect, without options, in multi-guild mode only', () => {
    const names = (payload: ReturnType<typeof buildCommandPayload>) =>
      (payload[0]?.options ?? []).map((o) => o.name);
    expect(names(buildCommandPayload(commands))).not.toContain('connect');
    const [multi] = buildCommandPayload(commands, { keyCommands: true });
    const keyCommands = (multi?.options ?? []).filter((o) => o.name === 'connect' || o.name === 'disconnect');
    expect(keyCommands.map((o) => o.name)).toEqual(['connect', 'disconnect']);
    // Nowhere to type a key after /vps connect: the key goes in the modal.
    for (const command of keyCommands)
      expect('options' in command ? command.options : undefined).toBeUndefined();
    // Described in English and Indonesian, like every other subcommand.
    expect(keyCommands[0]).toMatchObject({
      description: 'Link this server’s hosting API key (server admins; opens a private dialog)',
      description_localizations: {
        id: 'Tautkan kunci API hosting server ini (admin server; membuka dialog pribadi)',
      },
    });
    expect(keyCommands[1]?.description_localizations?.id).toBe(
      'Lepas tautan kunci API hosting server ini (admin server)',
    );
    expect(
      samePayload(buildCommandPayload(commands), buildCommandPayload(commands, { keyCommands: true })),
    ).toBe(false);
  });

  it('describes every command, group and option in Indonesian too, within Discord’s 100 characters', () => {
    const [real] = buildCommandPayload(
      allCommands.filter((c) => !c.hidden).map(commandInfo),
    ) as unknown as Node[];
    const missing: string[] = [];
    const walk = (node: Node, path: string): void => {
      const id = (node.description_localizations as { id?: string } | undefined)?.id;
      if (!id || id.length > 100 || id.trim() === '') missing.push(`${path}: ${String(id)}`);
      for (const child of node.options ?? [])
        if (child.type <= 2 || 'description' in child) walk(child, `${path} ${child.name}`);
    };
    walk(real!, '/vps');
    expect(missing).toEqual([]);
    expect(find(real?.options, 'instance', 'show')).toMatchObject({
      description: expect.stringMatching(/^Show/),
      description_localizations: { id: expect.stringMatching(/^Tampilkan instans/) },
    });
    expect(find(real?.options, 'instance', 'delete', 'remove-ip').description_localizations).toEqual({
      id: 'Lepas juga IP publiknya',
    });
    expect(find(real?.options, 'instance').description_localizations).toEqual({
      id: expect.stringMatching(/^Perintah instance: list, show/),
    });
  });

  it('registers again when only an Indonesian description changed', () => {
    const payload = buildCommandPayload(commands) as unknown as Node[];
    const edited = structuredClone(payload);
    find(edited[0]?.options, 'instance', 'show').description_localizations = { id: 'berbeda' };
    expect(samePayload(edited, payload)).toBe(false);
  });
});
