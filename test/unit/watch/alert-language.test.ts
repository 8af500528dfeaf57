// Alerts are public: they are written in the watched channel's language (`language`, else the
// deployment default), whoever set the watch and whatever language they read.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors.js';
import { setChannelLocale } from '../../../src/core/channel-language.js';
import type { Locale } from '../../../src/core/index.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { pollOnce } from '../../../src/watch/poll-once.js';
import type { PollDeps } from '../../../src/watch/poll-deps.js';
import { createWatchService, watchBook, watchId } from '../../../src/watch/books/watch-book.js';
import { createAlertActions } from '../../../src/watch/alert-buttons.js';
import { UserError } from '../../../src/core/index.js';
import { pollRig } from './poll-rig.js';
import { fakeHostingApi, instanceDetail } from '../../support/fake-api.js';
import { billingSummarySchema } from '../../../src/api/schemas/billing.js';
import { renderText } from '../../../src/render/text.js';
import { BALANCE_WATCH } from '../../../commands/billing-watch.js';

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
  let now = 0;
  const rig = pollRig(store, api, () => (now += 60_000));
  const { log, book } = rig;
  const deps: PollDeps = { ...rig.deps, ...(options.fallback ? { locale: options.fallback } : {}) };
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
    const api = fakeHostingApi({
      instances: {
        async detail(uuid: string) {
          return instanceDetail({ uuid, hostname: 'web-1', status: 'Error' });
        },
      },
    });
    let now = 0;
    const { deps, log, book } = pollRig(store, api, () => (now += 60_000));
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

describe('the balance watch in the channel’s language', () => {
  async function lowBalance(channel?: Locale) {
    const store = createMemoryStore();
    const service = createWatchService(store);
    await service.set(
      'slack',
      'C1',
      { instance: BALANCE_WATCH, billing: { belowAmount: 50_000, runwayDays: 7 } },
      { platform: 'slack', userId: 'U1', displayName: 'oscar' },
    );
    if (channel) await setChannelLocale(store, 'slack', 'C1', { locale: channel, setBy: 'ada', at: 0 });
    // Ten days into the month, 40,000 spent: 4,000 a day, so 40,000 lasts 10 days (not under 7).
    const api = fakeHostingApi({
      billing: {
        summary: async () => billingSummarySchema.parse({ current_balance: 40_000, current_cost: 40_000 }),
      },
    });
    const { deps, log, book } = pollRig(store, api, () => Date.UTC(2026, 10, 11));
    await pollOnce(deps, (await book.watches.get(watchId('slack', 'C1', BALANCE_WATCH.uuid)))!);
    return { log, list: (locale?: Locale) => service.list('slack', 'C1', locale) };
  }

  it('names the balance and writes its detail in Indonesian, rupiah as Indonesians write it', async () => {
    const { log, list } = await lowBalance('id');
    const [card] = log.posts(/^Saldo prabayar: hampir habis$/);
    expect(card).toBeDefined();
    expect(renderText(card!.message)).toContain(
      'Saldo Rp 40.000 · di bawah Rp 50.000 · cukup untuk 10,0 hari',
    );
    // `watches` names it in the reader's language, whatever the channel's.
    expect((await list('id'))[0]?.instance.label).toBe('Saldo prabayar');
    expect((await list())[0]?.instance.label).toBe('Prepaid balance');
  });

  it('keeps English where the channel has no language set', async () => {
    const { log } = await lowBalance();
    const [card] = log.posts(/^Prepaid balance: running low$/);
    expect(renderText(card!.message)).toContain('Balance IDR 40,000 · under IDR 50,000 · runway 10.0 days');
  });
});

describe('refusing a watch where the bot cannot post', () => {
  it('says so in the language of whoever asked, and stores nothing', async () => {
    const store = createMemoryStore();
    const service = createWatchService(store, undefined, undefined, async () => 'not_in_channel');
    const by = { platform: 'slack', userId: 'U1', displayName: 'oscar' } as const;
    const set = (locale?: Locale) =>
      service.set('slack', 'C1', { instance: { uuid: UUID, label: 'web-1' } }, by, locale);
    await expect(set('id')).rejects.toMatchObject({
      id: 'cannot-post',
      message:
        'Saya tidak bisa memposting peringatan di kanal ini, jadi tidak ada yang dipantau. Bot bukan anggota kanal itu: undang bot ke sana (mis. /invite @vpsops).',
      hint: 'Lalu jalankan lagi perintah watch yang sama.',
    });
    await expect(set()).rejects.toMatchObject({
      message:
        'I cannot post alerts in this channel, so nothing is watched. The bot is not a member of that channel: invite it there (e.g. /invite @vpsops).',
    });
    expect(await watchBook(store).watches.list()).toEqual([]);
  });
});
