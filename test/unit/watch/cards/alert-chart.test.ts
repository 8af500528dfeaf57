// The chart under a cpu / memory alert (issue 24): the server's last hour, drawn by the bot's chart
// renderer from the simulator's metrics, posted once under the card when it is first posted — not
// again on the card's edits; when the metrics call or the drawing fails the card is posted anyway
// and the failure is logged.
import { afterEach, describe, expect, it } from 'vitest';
import { createHostingApi, type HostingApi } from '../../../../src/api/index.js';
import { startSimulator } from '../../../../src/simulator/index.js';
import { SEED_IDS } from '../../../../src/simulator/seed-ids.js';
import { createMemoryStore } from '../../../../src/store/memory/table-store.js';
import type { AlertChartRenderer } from '../../../../src/watch/cards/alert-chart.js';
import { NO_ALERT_METRICS } from '../../../../src/watch/ports.js';
import { pollOnce } from '../../../../src/watch/poll-once.js';
import type { PollDeps } from '../../../../src/watch/poll-deps.js';
import { createWatchService, watchBook, watchId } from '../../../../src/watch/books/watch-book.js';
import { postLog } from '../../../support/recording-poster.js';

const WEB1 = SEED_IDS.instances.web1;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function cpuStorm(options: { charts?: AlertChartRenderer; failChartRead?: boolean }) {
  const sim = await startSimulator();
  closers.push(() => sim.close());
  const real = createHostingApi({ baseUrl: sim.url, apiKey: sim.apiKey, retries: 0, timeoutMs: 2_000 });
  let cardPosted = false;
  let failed = false;
  // The watch reads the metrics itself; the first read after the card is posted is the chart's.
  const api: HostingApi = {
    ...real,
    instances: {
      ...real.instances,
      rrd: (...args: Parameters<HostingApi['instances']['rrd']>) => {
        if (options.failChartRead && cardPosted && !failed) {
          failed = true;
          return Promise.reject(new Error('metrics unavailable'));
        }
        return real.instances.rrd(...args);
      },
    },
  };
  const store = createMemoryStore();
  await createWatchService(store).set(
    'slack',
    'C1',
    { instance: { uuid: WEB1, label: 'web-1' }, cpuPercent: 80 },
    { platform: 'slack', userId: 'U1', displayName: 'oscar' },
  );
  const book = watchBook(store);
  const log = postLog();
  const poster = log.poster('r1');
  const warnings: string[] = [];
  let now = Date.now();
  const deps: PollDeps = {
    api,
    store,
    book,
    poster: {
      ...poster,
      post: async (channelId, message) => {
        const ref = await poster.post(channelId, message);
        cardPosted = true;
        return ref;
      },
    },
    metrics: NO_ALERT_METRICS,
    now: () => (now += 60_000),
    warn: (message) => void warnings.push(message),
    ...(options.charts ? { charts: options.charts } : {}),
  };
  sim.state.setCpuLoad(WEB1, 97);
  const watch = (await book.watches.get(watchId('slack', 'C1', WEB1)))!;
  const pollTimes = async (n: number) => {
    for (let i = 0; i < n; i += 1) await pollOnce(deps, watch);
  };
  return { log, warnings, pollTimes, chartReadFailed: () => failed };
}

describe('the chart under a cpu alert', () => {
  it('is posted once under the card, drawn from the last hour of metrics, and not on the edits', async () => {
    const drawn: { title: string; periode: string; series: unknown }[] = [];
    const charts: AlertChartRenderer = async (input) => {
      drawn.push(input);
      return { png: PNG, width: 10, height: 10 };
    };
    const s = await cpuStorm({ charts });
    await s.pollTimes(6);
    const [card] = s.log.posts(/CPU above threshold/);
    expect(card).toBeDefined();
    const replies = s.log.entries.filter((e) => e.kind === 'reply');
    expect(replies).toHaveLength(1);
    expect(replies[0]!.under).toEqual(card!.ref);
    expect(replies[0]!.message.attachments?.[0]).toMatchObject({ contentType: 'image/png', data: PNG });
    expect(replies[0]!.message.title).toBe('web-1: CPU above threshold, the last hour');
    expect(drawn).toHaveLength(1);
    expect(drawn[0]).toMatchObject({ periode: 'hour' });
    expect(JSON.stringify(drawn[0]!.series)).toContain('cpu');
    // The card itself carries no image, and its edits none either.
    for (const e of s.log.entries.filter((x) => x.kind !== 'reply'))
      expect(e.message.attachments).toBeUndefined();
  });

  it('posts the card without a chart, and logs it, when the metrics call for the chart fails', async () => {
    const s = await cpuStorm({
      charts: async () => ({ png: PNG, width: 10, height: 10 }),
      failChartRead: true,
    });
    await s.pollTimes(6);
    expect(s.log.posts(/CPU above threshold/)).toHaveLength(1);
    expect(s.chartReadFailed()).toBe(true);
    expect(s.log.entries.filter((e) => e.kind === 'reply')).toHaveLength(0);
    expect(s.warnings).toContain('watch: the alert chart was left out');
  });

  it('posts no chart without a chart renderer', async () => {
    const s = await cpuStorm({});
    await s.pollTimes(6);
    expect(s.log.posts(/CPU above threshold/)).toHaveLength(1);
    expect(s.log.entries.filter((e) => e.kind === 'reply')).toHaveLength(0);
  });
});
