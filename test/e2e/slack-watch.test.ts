// Watches on Slack end to end: real Bolt adapters of two replicas on one real Redis (each with its
// own connection), the fake Slack Web API and the simulator. The alert is one chat.postMessage edited in place by chat.update, the
// Acknowledge button (action_id vps_run_*, its value the hidden `alert ack` command) reaches the core, the recovery notice follows.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stopAll } from '../support/cleanup.js';
import { createSlackAdapter, type SlackAdapter } from '../../adapters/slack/index.js';
import { allCommands } from '../../commands/index.js';
import { createHostingApi } from '../../src/api/index.js';
import { loadConfig } from '../../src/app/config/load.js';
import type { Core } from '../../src/core/create-core.js';
import { silentLogger } from '../../src/logger.js';
import { startSimulator } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { openRedisStore } from '../../src/store/redis/redis-store.js';
import type { BotStore } from '../../src/core/store.js';
import { createMemoryStore } from '../../src/store/memory/table-store.js';
import { createWatching, type Watching } from '../../src/watch/index.js';
import { createCoreWithState } from '../support/core-with-state.js';
import { startRedisServer } from '../support/redis-server.js';
import { FakeSlack, type StoredMessage } from '../support/fake-slack.js';
import {
  buttonClickPayload,
  interactionForm,
  postSigned,
  slashCommandForm,
} from '../support/fake-slack-requests.js';
import { onTestServer } from '../support/test-http.js';
import { waitFor } from '../support/wait-for.js';
import { TEST_PACING } from '../support/watch-rig.js';

const WEB1 = SEED_IDS.instances.web1;
const CHANNEL = 'C0ONCALL';
const OPS = 'U0OSCAR';
const VIEWER = 'U0VERA';
const SECRET = 'watch-signing-secret';

interface Replica {
  bot: Core;
  watching: Watching;
  adapter: SlackAdapter;
}

describe.concurrent('watches on Slack with two replicas', { timeout: 90_000 }, () => {
  it('posts one alert per incident, edits it, takes Acknowledge from an operator only, posts the recovery, and alerts after both replicas died and one came back', async () => {
    const sim = await startSimulator();
    const slack = await new FakeSlack().start();
    const dir = await mkdtemp(join(tmpdir(), 'vpsops-slack-watch-'));
    const redis = await startRedisServer();
    const stores: BotStore[] = [];
    const connect = async (): Promise<BotStore> => {
      const store = await openRedisStore({ url: redis.url, prefix: 'e2e-watch:' });
      stores.push(store);
      return store;
    };
    const replicas: Replica[] = [];
    try {
      await writeFile(
        join(dir, 'policy.yaml'),
        `roles:\n  operator: [slack:${OPS}]\n  viewer: ["*"]\naliases:\n  web-1: ${WEB1}\n`,
      );
      const api = createHostingApi({ baseUrl: sim.url, apiKey: sim.apiKey, retries: 0, timeoutMs: 2_000 });
      const start = async (name: string): Promise<void> => {
        const store = await connect();
        const config = loadConfig({
          VPSOPS_POLICY: join(dir, 'policy.yaml'),
          VPSOPS_DATA_DIR: join(dir, name),
        });
        // A stand-in chart renderer: the chart under a CPU alert is posted in the card's thread.
        const charts = async () => ({ png: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), width: 1, height: 1 });
        const watching = createWatching({
          api,
          store,
          intervalMs: 40,
          owner: name,
          leaseTtlMs: 300,
          charts,
          pacing: TEST_PACING,
        });
        const bot = await createCoreWithState(config, {
          api,
          store,
          commands: allCommands,
          watches: watching.service,
          logger: silentLogger(),
        });
        const adapter = onTestServer((http) =>
          createSlackAdapter({
            botToken: slack.botToken,
            signingSecret: SECRET,
            apiUrl: slack.apiUrl,
            http,
          }),
        );
        await adapter.start(bot.dispatcher);
        await watching.start([adapter]);
        replicas.push({ bot, watching, adapter });
      };
      await start('a');
      await start('b');
      const events = (r: Replica) => `http://127.0.0.1:${r.adapter.port}/slack/events`;
      const slash = (r: Replica, text: string, userId: string) =>
        postSigned(
          events(r),
          slashCommandForm({ text, userId, channelId: CHANNEL, responseUrl: slack.newResponseUrl() }),
          { secret: SECRET },
        );
      const alerts = (needle: string): StoredMessage[] =>
        slack.channelMessages(CHANNEL).filter((m) => m.text.includes(needle));

      await slash(replicas[0]!, 'watch web-1 --cpu 80', OPS);
      await waitFor(
        () => slack.channelMessages(CHANNEL).some((m) => m.text.includes('Watching web-1')),
        'the watch reply',
        5_000,
      );

      sim.state.setStatus(WEB1, 'Error');
      const card = await waitFor(() => alerts('needs attention')[0], 'the alert', 5_000);
      // Polls go on: the card is not posted again, nor edited more than once per 2 s (TEST_PACING).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(alerts('needs attention')).toHaveLength(1);
      expect(slack.messages.get(card.ts)?.edits ?? 0).toBeLessThanOrEqual(1);

      const click = (userId: string) => {
        const actions = (
          slack.messages.get(card.ts)?.blocks as {
            type: string;
            elements?: { action_id: string; value: string; text: { text: string } }[];
          }[]
        ).find((b) => b.type === 'actions');
        const ack = actions?.elements?.find((e) => e.text.text === 'Acknowledge');
        if (!ack) throw new Error('no Acknowledge button');
        const payload = buttonClickPayload({
          actionId: ack.action_id,
          value: ack.value,
          userId,
          channelId: CHANNEL,
          messageTs: card.ts,
          responseUrl: slack.newResponseUrl(),
        });
        return postSigned(events(replicas[1]!), interactionForm(payload), { secret: SECRET });
      };
      await click(VIEWER);
      await waitFor(
        () => slack.responses.some((r) => /not allowed|may not|cannot/i.test(JSON.stringify(r.body))),
        'the refusal',
        5_000,
      );
      await click(OPS);
      await waitFor(
        () => JSON.stringify(slack.messages.get(card.ts)?.blocks).includes('Acknowledged by'),
        'the acknowledged card',
        20_000, // edits of one card are paced: at most one per 2 s
      );
      // The person who acknowledged is a Slack mention built from their user id.
      expect(JSON.stringify(slack.messages.get(card.ts)?.blocks)).toContain(`Acknowledged by <@${OPS}>`);

      sim.state.setStatus(WEB1, 'Running');
      await waitFor(
        () => slack.channelMessages(CHANNEL).some((m) => m.text.includes('recovered after')),
        'the recovery notice',
        20_000,
      );
      // The card's own edit is paced (one per 2 s) and may land after the notice.
      await waitFor(
        () => /recovered/.test(slack.messages.get(card.ts)?.text ?? '') || undefined,
        'the card edited to recovered',
        20_000,
      );
      expect(slack.messages.get(card.ts)?.text).toMatch(/recovered/);

      sim.state.setCpuLoad(WEB1, 97);
      const cpu = await waitFor(() => alerts('CPU above threshold')[0], 'the CPU alert', 5_000);
      // Its chart, once, in the card's thread: the title, then the image uploaded there.
      await waitFor(
        () =>
          [...slack.uploads.values()].some((u) => u.completed && u.filename === 'web-1-cpu.png') || undefined,
        'the chart under the CPU alert',
        10_000,
      );
      const inThread = slack
        .callsTo('chat.postMessage')
        .filter((c) => c.args['thread_ts'] === cpu.ts && String(c.args['text']).includes('the last hour'));
      expect(inThread).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 200));
      expect(alerts('CPU above threshold')).toHaveLength(1);
      expect([...slack.uploads.values()].filter((u) => u.filename === 'web-1-cpu.png')).toHaveLength(1);

      // Both replicas die (their leases are left to lapse); one comes back and the watch still alerts.
      for (const r of replicas.splice(0)) {
        await r.watching.stop({ releaseLeases: false });
        await r.adapter.stop();
        await r.bot.close();
      }
      await start('c');
      sim.state.setStatus(WEB1, 'Error');
      // The first incident's card now reads "recovered"; the new incident gets a card of its own.
      const again = await waitFor(() => alerts('needs attention')[0], 'an alert after the restart', 5_000);
      expect(again.ts).not.toBe(card.ts);
      expect(slack.messages.get(card.ts)?.text).toMatch(/recovered/);
      expect(alerts('CPU above threshold')).toHaveLength(1);
    } finally {
      // Redis (a child process) stops even when the fake Slack's close reports findings.
      await stopAll(
        ...replicas.flatMap((r) => [() => r.watching.stop(), () => r.adapter.stop(), () => r.bot.close()]),
        () => slack.close(),
        ...stores.map((store) => () => store.close().catch(() => undefined)),
        () => redis.stop(),
        () => sim.close(),
        () => rm(dir, { recursive: true, force: true }),
      );
    }
  });

  it('reminds about an unacknowledged alert with a mention of the channel’s on-call user group only', async () => {
    const sim = await startSimulator();
    const slack = await new FakeSlack().start();
    const dir = await mkdtemp(join(tmpdir(), 'vpsops-slack-remind-'));
    const store = createMemoryStore();
    let replica: Replica | undefined;
    try {
      await writeFile(
        join(dir, 'policy.yaml'),
        `roles:\n  operator: [slack:${OPS}]\noncall:\n  slack:${CHANNEL}: S0ONCALL1\naliases:\n  web-1: ${WEB1}\n`,
      );
      const api = createHostingApi({ baseUrl: sim.url, apiKey: sim.apiKey, retries: 0, timeoutMs: 2_000 });
      const config = loadConfig({ VPSOPS_POLICY: join(dir, 'policy.yaml'), VPSOPS_DATA_DIR: dir });
      const watching = createWatching({
        api,
        store,
        intervalMs: 40,
        pacing: TEST_PACING,
        renotifyMs: 600,
        // Asked only once polling runs, after the bot below exists.
        oncall: (platform, channelId) => bot.policy.oncall(platform, channelId),
      });
      const bot: Core = await createCoreWithState(config, {
        api,
        store,
        commands: allCommands,
        watches: watching.service,
        logger: silentLogger(),
      });
      const adapter = onTestServer((http) =>
        createSlackAdapter({ botToken: slack.botToken, signingSecret: SECRET, apiUrl: slack.apiUrl, http }),
      );
      await adapter.start(bot.dispatcher);
      await watching.start([adapter]);
      replica = { bot, watching, adapter };
      await postSigned(
        `http://127.0.0.1:${adapter.port}/slack/events`,
        slashCommandForm({
          text: 'watch web-1',
          userId: OPS,
          channelId: CHANNEL,
          responseUrl: slack.newResponseUrl(),
        }),
        { secret: SECRET },
      );
      await waitFor(
        () => slack.channelMessages(CHANNEL).some((m) => m.text.includes('Watching web-1')),
        'the watch reply',
        5_000,
      );
      sim.state.setStatus(WEB1, 'Error');
      const reminder = await waitFor(
        () => slack.channelMessages(CHANNEL).find((m) => m.text.includes('not acknowledged yet')),
        'the reminder',
        20_000, // a poll waits for its paced card edit (one per 2 s) before it reminds
      );
      const blocks = JSON.stringify(slack.messages.get(reminder.ts)?.blocks);
      expect(blocks).toContain('On call: <!subteam^S0ONCALL1>');
      expect(slack.channelMessages(CHANNEL).filter((m) => m.text.includes('needs attention —'))).toHaveLength(
        1,
      );
    } finally {
      await stopAll(
        ...(replica
          ? [() => replica!.watching.stop(), () => replica!.adapter.stop(), () => replica!.bot.close()]
          : []),
        () => slack.close(),
        () => sim.close(),
        () => rm(dir, { recursive: true, force: true }),
      );
    }
  });
});
