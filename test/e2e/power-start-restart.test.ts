// Start and restart (issue 40, E5/E6) against `vpsops simulator` in its own process: exec follows
// a start and a confirmed restart to Running (--wait), Slack confirms a restart and follows it,
// Discord starts a stopped server with typed options, a rollback's card offers Start and the click
// starts the server; against `--without E5,E6` each says the service does not offer it (exit 1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { childReaper, stopAll } from '../support/cleanup.js';
import { createCliWorld, type CliWorld } from '../support/console-cli.js';
import { CONSOLE_POLICY } from '../support/console-session.js';
import { customIds } from '../support/fake-discord-store.js';
import { DISCORD_USERS, startDiscordWorld } from '../support/fake-discord-world.js';
import { buttonClickPayload } from '../support/fake-slack-requests.js';
import type { StoredMessage } from '../support/fake-slack.js';
import { SLACK_CHANNEL, SLACK_USERS, startSlackWorld, type SlackWorld } from '../support/fake-slack-world.js';
import { startSimulatorProcess } from '../support/simulator-process.js';
import { waitFor } from '../support/wait-for.js';
import { discordView } from '../support/discord-view.js';

const API_KEY = 'sim-power-key';
const I = SEED_IDS.instances;
const children = childReaper();
const json = (value: unknown) => JSON.stringify(value);

/** The Slack button of `card` whose value or action starts with `prefix`. */
function slackButton(card: StoredMessage, match: (e: { action_id?: string; value?: string }) => boolean) {
  const actions = (card.blocks as { type: string; elements?: { action_id?: string; value?: string }[] }[])
    .filter((b) => b.type === 'actions')
    .flatMap((b) => b.elements ?? []);
  const button = actions.find(match);
  if (!button?.action_id || !button.value) throw new Error(`no such button on ${json(card.blocks)}`);
  return { actionId: button.action_id, value: button.value };
}

function slackClick(w: SlackWorld, card: StoredMessage, button: { actionId: string; value: string }) {
  return w.interact(
    buttonClickPayload({
      ...button,
      userId: SLACK_USERS.operator,
      channelId: SLACK_CHANNEL,
      messageTs: card.ts,
      responseUrl: w.slack.newResponseUrl(),
    }),
  );
}

describe('instance start and restart', { timeout: 120_000 }, () => {
  let world: CliWorld;
  let full: string;
  let bare: string;
  beforeAll(async () => {
    world = createCliWorld(CONSOLE_POLICY);
    [full, bare] = await Promise.all([
      startSimulatorProcess(children, API_KEY, []),
      startSimulatorProcess(children, API_KEY, ['--without', 'E5,E6']),
    ]);
  }, 60_000);
  afterAll(() =>
    stopAll(
      () => children.reap(),
      () => world?.remove(),
    ),
  );

  const exec = (url: string, ...args: string[]) =>
    world.run(['exec', ...args], {
      env: { HOSTING_API_URL: url, HOSTING_API_KEY: API_KEY, VPSOPS_TRACK_POLL_MIN_MS: '100' },
    });

  it('exec: start runs at once and --wait follows it to Running; a second start is refused', async () => {
    const run = await exec(full, 'instance start worker-1', '--wait');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Start requested for worker-1');
    expect(run.stdout).toMatch(/worker-1 is Running — done/);
    const again = await exec(full, 'instance start worker-1');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('worker-1 is already Running.');
  });

  it('exec: restart needs --confirm, then is followed through Stopping/Starting to Running', async () => {
    const asked = await exec(full, 'instance restart web-2');
    expect(asked.code).toBe(3);
    expect(asked.stdout).toContain('Restart web-2?');
    expect(asked.stdout).toContain('Connections to it drop');
    expect(asked.stdout).toMatch(/Running → Stopping → Starting → Running/);
    const run = await exec(full, 'instance restart web-2', '--confirm', 'web-2', '--wait');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/web-2 is Running — done/);
  });

  it('exec without E5/E6: a plain answer naming the control panel, exit 1, nothing done', async () => {
    const start = await exec(bare, 'instance start worker-1');
    expect(start.code).toBe(1);
    expect(start.stderr).toContain(
      'This hosting service does not offer start through its API; use the control panel.',
    );
    const restart = await exec(bare, 'instance restart web-1', '--confirm', 'web-1');
    expect(restart.code).toBe(1);
    expect(restart.stderr).toContain('does not offer restart through its API; use the control panel');
    const show = await exec(bare, 'instance show worker-1');
    expect(show.stdout).toMatch(/Stopped/);
  });

  it('Slack: a confirmed restart is followed to Running on its card', async () => {
    const slack = await startSlackWorld({ hostingApi: { url: full, apiKey: API_KEY } });
    try {
      await slack.slash('instance restart db-1');
      const card = await waitFor(
        () =>
          slack.slack.channelMessages(SLACK_CHANNEL).find((m) => json(m.blocks).includes('Restart db-1?')),
        'the restart preview',
        10_000,
      );
      expect(json(card.blocks)).toContain('Connections to it drop');
      await slackClick(
        slack,
        card,
        slackButton(card, (e) => e.action_id === 'vps_confirm'),
      );
      await waitFor(
        () => /db-1 is Running — done/.test(json(slack.slack.messages.get(card.ts)?.blocks)),
        'the card to say Running',
        20_000,
      );
    } finally {
      await slack.close();
    }
  });

  it('Slack: after a rollback the card offers Start, and the click starts the server', async () => {
    const slack = await startSlackWorld({ hostingApi: { url: full, apiKey: API_KEY } });
    try {
      await slack.slash(`snapshot rollback web-1 ${SEED_IDS.snapshots.web1PreDeploy}`);
      const card = await waitFor(
        () => slack.slack.channelMessages(SLACK_CHANNEL).find((m) => json(m.blocks).includes('vps_confirm')),
        'the rollback preview',
        10_000,
      );
      await slackClick(
        slack,
        card,
        slackButton(card, (e) => e.action_id === 'vps_confirm'),
      );
      const done = await waitFor(
        () => {
          const m = slack.slack.messages.get(card.ts);
          return m && json(m.blocks).includes('web-1 is Stopped — done') ? m : undefined;
        },
        'the rollback to end Stopped',
        20_000,
      );
      const start = slackButton(done, (e) => e.value === `instance start ${I.web1}`);
      await slackClick(slack, done, start);
      await waitFor(
        () =>
          slack.slack
            .channelMessages(SLACK_CHANNEL)
            .some((m) => /web-1 is Running — done/.test(json(m.blocks))),
        'the start to end Running',
        20_000,
      );
    } finally {
      await slack.close();
    }
  });

  it('Discord: start with typed options runs at once and is followed to Running', async () => {
    const discord = await startDiscordWorld({ hostingApi: { url: full, apiKey: API_KEY } });
    try {
      const stop = discord.discord.slash(DISCORD_USERS.operator, ['instance', 'stop'], {
        instance: 'cache-1',
      });
      const card = await waitFor(
        () => {
          const m = stop.originalId ? discord.discord.store.messages.get(stop.originalId) : undefined;
          return m && customIds(m).some((id) => id.startsWith('vps:confirm:')) ? m : undefined;
        },
        'the stop preview',
        10_000,
      );
      const confirm = customIds(card).find((id) => id.startsWith('vps:confirm:'))!;
      discord.discord.click(DISCORD_USERS.operator, card.id, confirm);
      await waitFor(
        () =>
          discordView(discord.discord.store.messages.get(card.id)).text.includes('cache-1 is Stopped — done'),
        'the stop to end',
        20_000,
      );
      const start = discord.discord.slash(DISCORD_USERS.operator, ['instance', 'start'], {
        instance: 'cache-1',
      });
      await waitFor(
        () => {
          const m = start.originalId ? discord.discord.store.messages.get(start.originalId) : undefined;
          return m && discordView(m).text.includes('cache-1 is Running — done') ? m : undefined;
        },
        'the start card to say Running',
        20_000,
      );
      const m = discord.discord.store.messages.get(start.originalId!);
      expect(discordView(m).text).toContain('Start requested for cache-1');
    } finally {
      await discord.close();
    }
  });
});
