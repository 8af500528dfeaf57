// Alerts the bot cannot post are never silent (issue 22): on Slack, `watch` refuses a channel the
// bot is not in, and an alert refused with not_in_channel is retried, counted in
// vpsops_alert_delivery_failures_total and told to the person who set the watch in a direct message;
// vpsops_alerts_total counts only delivered alerts. Real Bolt adapter, fake Slack, simulator.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createSlackAdapter } from '../../adapters/slack/index.js';
import { allCommands } from '../../commands/index.js';
import { createHostingApi } from '../../src/api/index.js';
import { loadConfig } from '../../src/app/config/load.js';
import { silentLogger } from '../../src/logger.js';
import { createAlertMetrics } from '../../src/observability/alert-metrics.js';
import { startSimulator } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { createMemoryStore } from '../../src/store/memory/table-store.js';
import { createWatching } from '../../src/watch/index.js';
import { createCoreWithState } from '../support/core-with-state.js';
import { stopAll } from '../support/cleanup.js';
import { FakeSlack } from '../support/fake-slack.js';
import { postSigned, slashCommandForm } from '../support/fake-slack-requests.js';
import { onTestServer } from '../support/test-http.js';
import { waitFor } from '../support/wait-for.js';

const WEB1 = SEED_IDS.instances.web1;
const ONCALL = 'C0ONCALL';
const ELSEWHERE = 'C0ELSEWHERE';
const OPS = 'U0OSCAR';
const SECRET = 'delivery-signing-secret';

describe('alert delivery on Slack', { timeout: 60_000 }, () => {
  it('refuses to watch where it cannot post, and retries, counts and tells the owner privately about an alert it could not post', async () => {
    const sim = await startSimulator();
    const slack = await new FakeSlack().start();
    const dir = await mkdtemp(join(tmpdir(), 'vpsops-slack-delivery-'));
    const closers: (() => Promise<void>)[] = [];
    try {
      await writeFile(
        join(dir, 'policy.yaml'),
        `roles:\n  operator: [slack:${OPS}]\n  viewer: ["*"]\naliases:\n  web-1: ${WEB1}\n`,
      );
      const api = createHostingApi({ baseUrl: sim.url, apiKey: sim.apiKey, retries: 0, timeoutMs: 2_000 });
      const store = createMemoryStore();
      const registry = new Registry();
      const watching = createWatching({
        api,
        store,
        intervalMs: 40,
        owner: 'r1',
        retryDelaysMs: [10, 20],
        metrics: createAlertMetrics(registry),
      });
      const config = loadConfig({
        VPSOPS_POLICY: join(dir, 'policy.yaml'),
        VPSOPS_DATA_DIR: join(dir, 'data'),
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
      closers.push(
        () => watching.stop(),
        () => adapter.stop(),
        () => bot.close(),
      );
      const slash = async (text: string, channelId: string): Promise<string> => {
        const responseUrl = slack.newResponseUrl();
        await postSigned(
          `http://127.0.0.1:${adapter.port}/slack/events`,
          slashCommandForm({ text, userId: OPS, channelId, responseUrl }),
          { secret: SECRET },
        );
        const said = await waitFor(
          () => {
            const posts = slack.responsesTo(responseUrl);
            const inChannel = slack.channelMessages(channelId).map((m) => m.text);
            return posts.length > 0 || inChannel.length > 0
              ? JSON.stringify(posts) + inChannel.join('\n')
              : undefined;
          },
          `the answer to ${text}`,
          5_000,
        );
        return said;
      };

      // Not a member of #elsewhere: the watch is refused and nothing is stored.
      slack.removeBotFrom(ELSEWHERE);
      expect(await slash('watch web-1', ELSEWHERE)).toMatch(
        /cannot post alerts in this channel.*not a member of that channel/,
      );
      expect(await watching.service.list('slack', ELSEWHERE)).toEqual([]);

      // Watching from #oncall works; then the bot is removed from it and web-1 fails.
      expect(await slash('watch web-1', ONCALL)).toMatch(/Watching web-1/);
      slack.removeBotFrom(ONCALL);
      sim.state.setStatus(WEB1, 'Error');
      const dm = await waitFor(
        () => slack.channelMessages(OPS).find((m) => m.text.includes('could not post an alert')),
        'the direct message to the watch owner',
        10_000,
      );
      expect(dm.text).toMatch(/web-1/);
      expect(JSON.stringify(dm.blocks)).toMatch(/not a member of that channel/);
      // Retried before giving up: three attempts per delivery.
      const attempts = () =>
        slack.callsTo('chat.postMessage').filter((c) => c.args['channel'] === ONCALL).length;
      let text = '';
      const failures =
        /vpsops_alert_delivery_failures_total\{platform="slack",reason="not_in_channel"\} ([0-9]+)/;
      for (let i = 0; Number(failures.exec((text = await registry.metrics()))?.[1] ?? 0) < 2; i += 1) {
        if (i > 400) throw new Error('no second failed delivery was counted');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(attempts()).toBeGreaterThanOrEqual(6);
      expect(text).toMatch(
        /vpsops_alert_delivery_failures_total\{platform="slack",reason="not_in_channel"\} [2-9]/,
      );
      expect(text).toContain('vpsops_alerts_total{kind="status"} 0');
      // Told once, however many polls failed to deliver it.
      expect(
        slack.channelMessages(OPS).filter((m) => m.text.includes('could not post an alert')),
      ).toHaveLength(1);
    } finally {
      await stopAll(
        ...closers,
        () => slack.close(),
        () => sim.close(),
        () => rm(dir, { recursive: true, force: true }),
      );
    }
  });
});
