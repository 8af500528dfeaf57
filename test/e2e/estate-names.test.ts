// Names from the instance list (E3): against `vpsops simulator --instances 230` in its own process
// (three pages of 100), a hostname the bot has never seen works on a fresh data dir in exec, Slack
// and Discord, Discord autocomplete offers it, a prefix resolves when unique and lists the
// candidates when not; without E3 a hostname stays unknown while uuids keep working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childReaper, stopAll } from '../support/cleanup.js';
import { createCliWorld, type CliWorld } from '../support/console-cli.js';
import { CONSOLE_POLICY } from '../support/console-session.js';
import { DISCORD_USERS, startDiscordWorld } from '../support/fake-discord-world.js';
import { waitFor } from '../support/wait-for.js';
import { SLACK_CHANNEL, startSlackWorld } from '../support/fake-slack-world.js';
import { startSimulatorProcess } from '../support/simulator-process.js';
import { discordView } from '../support/discord-view.js';

const API_KEY = 'sim-estate-names-key';
const children = childReaper();
const json = (value: unknown) => JSON.stringify(value);

describe('hostnames from the instance list', { timeout: 120_000 }, () => {
  let world: CliWorld;
  let full: string;
  let bare: string;
  beforeAll(async () => {
    world = createCliWorld(CONSOLE_POLICY);
    [full, bare] = await Promise.all([
      startSimulatorProcess(children, API_KEY, ['--instances', '230']),
      startSimulatorProcess(children, API_KEY, ['--without', 'E3,E4']),
    ]);
  }, 60_000);
  afterAll(() =>
    stopAll(
      () => children.reap(),
      () => world?.remove(),
    ),
  );

  const exec = (url: string, command: string) =>
    world.run(['exec', command], { env: { HOSTING_API_URL: url, HOSTING_API_KEY: API_KEY } });

  it('exec: a hostname on the third page works on a fresh data dir', async () => {
    const run = await exec(full, 'instance show node-217');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('node-217');
    expect(run.stdout).toMatch(/Running/);
  });

  it('exec: a unique prefix resolves; an ambiguous one lists the candidates', async () => {
    const unique = await exec(full, 'instance show work');
    expect(unique.code).toBe(0);
    expect(unique.stdout).toContain('worker-1');
    const ambiguous = await exec(full, 'instance show node-21');
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain('`node-21` starts the hostnames of 10 instances');
    for (const n of [210, 215, 219]) expect(ambiguous.stderr).toContain(`• node-${n} — uuid `);
  });

  it('exec: an unknown name is still unknown after the list was read again', async () => {
    const run = await exec(full, 'instance show nosuch-host');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Unknown instance `nosuch-host`');
  });

  it('exec without E3: hostnames are unknown, uuids work as before', async () => {
    const byName = await exec(bare, 'instance show node-17');
    expect(byName.code).toBe(2);
    expect(byName.stderr).toContain('Unknown instance `node-17`');
    expect(byName.stderr).not.toContain('could not be read');
    const byUuid = await exec(bare, 'instance show 1b4e28ba-2fa1-41d2-883f-0016d3cca427');
    expect(byUuid.code).toBe(0);
  });

  it('Slack: a hostname works on a fresh data dir', async () => {
    const slack = await startSlackWorld({ hostingApi: { url: full, apiKey: API_KEY } });
    try {
      await slack.slash('instance show node-217');
      const card = await waitFor(
        () => slack.slack.channelMessages(SLACK_CHANNEL).find((m) => json(m.blocks).includes('node-217')),
        'the node-217 card',
        10_000,
      );
      expect(json(card.blocks)).toContain('Running');
    } finally {
      await slack.close();
    }
  });

  it('Discord: autocomplete offers hostnames from the list, and the hostname works', async () => {
    const discord = await startDiscordWorld({ hostingApi: { url: full, apiKey: API_KEY } });
    try {
      const typing = discord.discord.autocomplete(
        DISCORD_USERS.operator,
        ['instance', 'show'],
        { instance: 'node-21' },
        'instance',
      );
      const choices = await waitFor(() => typing.choices, 'the choices', 10_000);
      expect(choices.map((c) => c.name)).toContainEqual(
        expect.stringMatching(/^node-217 \(Jakarta · [0-9a-f]{8}\)$/),
      );
      const i = discord.discord.slash(DISCORD_USERS.operator, ['instance', 'show'], { instance: 'node-217' });
      const reply = await waitFor(
        () => {
          const m = i.originalId ? discord.discord.store.messages.get(i.originalId) : undefined;
          return m && m.edits > 0 && discordView(m).text !== '' ? m : undefined;
        },
        'the reply',
        10_000,
      );
      expect(discordView(reply).title).toBe('node-217');
    } finally {
      await discord.close();
    }
  });
});
