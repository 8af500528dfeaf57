// Alerts are public: they are written in the watched channel's language (`language`, else the
// deployment default), whoever set the watch and whatever language they read.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors.js';
import { setChannelLocale } from '../../../src/core/index.js';
import type { Locale } from '../../../src/core/index.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { NO_ALERT_METRICS } from '../../../src/watch/ports.js';
import { pollOnce, type PollDeps } from '../../../src/watch/poll-once.js';
import { createWatchService, watchBook, watchId } from '../../../src/watch/watch-book.js';
import { createAlertActions } from '../../../src/watch/alert-buttons.js';
import { UserError } from '../../../src/core/index.js';
import { postLog } from '../../support/recording-poster.js';
import { fakeHostingApi, instanceDetail } from '../../support/fake-api.js';

const UUID = '7995e990-c3bf-4e27-8ce2-89fd5783f9ea';

async function unreachableThenBack(options: { channel?: Locale; fallback?: Locale }) {
  const store = createMemoryStore();
  await createWatchService(store).set(
    'slack',
    'C1',
    { instance: { uuid: UUID, label: 'web-1' } },
    { platform: 'slack', userId: 'U1', displayName: 'oscar' },
  );
  if (options.channel)
    await setChannelLocale(store, 'slack', 'C1', { locale: options.channel, setBy: 'ada', at: 0 });
  let down = true;
  const api = fakeHostingApi({
    instances: {
      async detail(uuid: string) {
        if (down) throw new ApiError('NETWORK', 'instance.detail');
        return instanceDetail({ uuid, hostname: 'web-1', status: 'Running' });
      },
    },
  });
  const log = postLog();
  const book = watchBook(store);
  let now = 0;
  const deps: PollDeps = {
    api,
    store,
    book,
    poster: log.poster('r1'),
    metrics: NO_ALERT_METRICS,
    now: () => (now += 60_000),
    warn() {},
    ...(options.fallback ? { locale: options.fallback } : {}),
  };
  const watch = (await book.watches.get(watchId('slack', 'C1', UUID)))!;
  for (let i = 0; i < 3; i += 1) await pollOnce(deps, watch);
  down = false;
  await pollOnce(deps, watch);
  return log;
}

describe('the language of alerts', () => {
  it('writes the alert card, its buttons and the recovery in the channel’s language', async () => {
    const log = await unreachableThenBack({ channel: 'id' });
    const [card] = log.posts(/API hosting tidak terjangkau/);
    expect(card?.message.actions?.map((b) => b.label)).toEqual(['Tanggapi', 'Tunda 1 jam']);
    expect(log.posts(/API hosting/).length).toBeGreaterThan(0);
    const recovered = log.entries.filter(
      (e) => e.kind === 'post' && /terjangkau lagi/.test(e.message.summary ?? ''),
    );
    expect(recovered).toHaveLength(1);
  });

  it('uses the deployment default where the channel has no setting, and English without either', async () => {
    expect(
      (await unreachableThenBack({ fallback: 'id' })).posts(/API hosting tidak terjangkau/),
    ).toHaveLength(1);
    const english = await unreachableThenBack({});
    expect(english.posts(/hosting API unreachable/)).toHaveLength(1);
    expect(english.posts(/hosting API unreachable/)[0]?.message.actions?.[0]?.label).toBe('Acknowledge');
  });

  it('answers Acknowledge and Snooze, and refuses a stale click, in the channel’s language', async () => {
    const store = createMemoryStore();
    await createWatchService(store).set(
      'slack',
      'C1',
      { instance: { uuid: UUID, label: 'web-1' } },
      { platform: 'slack', userId: 'U1', displayName: 'oscar' },
    );
    const book = watchBook(store);
    const log = postLog();
    const api = fakeHostingApi({
      instances: {
        async detail(uuid: string) {
          return instanceDetail({ uuid, hostname: 'web-1', status: 'Error' });
        },
      },
    });
    let now = 0;
    const deps: PollDeps = {
      api,
      store,
      book,
      poster: log.poster('r1'),
      metrics: NO_ALERT_METRICS,
      now: () => (now += 60_000),
      warn() {},
    };
    const watch = (await book.watches.get(watchId('slack', 'C1', UUID)))!;
    for (let i = 0; i < 3; i += 1) await pollOnce(deps, watch);
    const asked: string[] = [];
    const actions = createAlertActions(
      book,
      () => log.poster('r1'),
      () => now,
      undefined,
      undefined,
      async (channel) => {
        asked.push(`${channel.platform}:${channel.channelId}`);
        return 'id';
      },
    );
    const ada = { platform: 'slack', userId: 'U2', displayName: 'ada' };
    const here = { platform: 'slack', channelId: 'C1' };
    const snoozed = await actions.act('snooze', watch.id, 'status', ada, here);
    expect(snoozed.line).toBe('Peringatan status pada web-1 ditunda selama 1 jam.');
    const acked = await actions.act('ack', watch.id, 'status', ada, here);
    expect(acked.line).toBe('Peringatan status pada web-1 sudah ditanggapi; tidak ada pengingat lagi.');
    expect(asked).toContain('slack:C1');
    const stale = actions.act('ack', 'no-such-watch', 'status', ada, here);
    await expect(stale).rejects.toThrow(UserError);
    await expect(stale).rejects.toThrow(
      'Peringatan ini tidak dipantau lagi di sini — tidak ada yang dilakukan.',
    );
    await expect(actions.act('ack', watch.id, 'cpu', ada, here)).rejects.toThrow(
      'Peringatan cpu pada web-1 sudah tidak terbuka lagi.',
    );
  });
});
