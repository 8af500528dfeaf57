// Storm grouping wired into the poll (issue 24): many watched servers of one channel failing at
// once show as ONE card, edited as members join, whichever of two replicas polls which server; it
// pages once and recovers once; the card names who last changed a server when the audit knows.
import { describe, expect, it } from 'vitest';
import type { AuditLog } from '../../../src/core/index.js';
import type { AuditRecord } from '../../../src/core/audit-types.js';
import { renderText } from '../../../src/render/text.js';
import { checkRendered } from '../../support/render-conformance.js';
import type { BotStore, Locale } from '../../../src/core/index.js';
import { setChannelLocale } from '../../../src/core/channel-language.js';
import { createAlertActions } from '../../../src/watch/alert-buttons.js';
import { createIncidentPager } from '../../../src/watch/delivery/incident-pages.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { groupBook } from '../../../src/watch/books/group-book.js';
import type { IncidentPager } from '../../../src/watch/delivery/incident-pages.js';
import { pollOnce } from '../../../src/watch/poll-once.js';
import type { PollDeps } from '../../../src/watch/poll-deps.js';
import { NO_ALERT_METRICS } from '../../../src/watch/ports.js';
import { recentChange } from '../../../src/watch/cards/recent-change.js';
import type { WatchRecord } from '../../../src/watch/types.js';
import { createWatchService, watchBook } from '../../../src/watch/books/watch-book.js';
import { fakeHostingApi, instanceDetail } from '../../support/fake-api.js';
import { postLog } from '../../support/recording-poster.js';

const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const hostOf = (n: number) => `node-${String(n).padStart(2, '0')}`;
const SERVERS = 12;
const N = SERVERS;

async function storm(
  options: {
    audit?: AuditLog;
    pager?: (store: BotStore) => IncidentPager;
    servers?: number;
    /** The channel's `language`. */
    locale?: Locale;
  } = {},
) {
  const N = options.servers ?? SERVERS;
  const store = createMemoryStore();
  if (options.locale)
    await setChannelLocale(store, 'slack', 'C1', { locale: options.locale, setBy: 'ada', at: 0 });
  const service = createWatchService(store);
  const by = { platform: 'slack' as const, userId: 'U1', displayName: 'oscar' };
  for (let n = 1; n <= N; n += 1)
    await service.set('slack', 'C1', { instance: { uuid: uuidOf(n), label: hostOf(n) } }, by);
  const status = new Map<string, string>();
  const api = fakeHostingApi({
    instances: {
      async detail(uuid: string) {
        const n = Number(uuid.slice(-12));
        return instanceDetail({ uuid, hostname: hostOf(n), status: status.get(uuid) ?? 'Running' });
      },
    },
  });
  const log = postLog();
  const pages: string[] = [];
  // Each storm page's check of whether its group has ended, as the pager would run it when sending.
  const endedChecks: (() => Promise<boolean>)[] = [];
  const pager: IncidentPager = options.pager?.(store) ?? {
    async opened(watch, alert) {
      pages.push(`trigger ${watch.instance.label} ${alert.kind}`);
    },
    async acknowledged() {},
    async recovered(watchId, kind) {
      pages.push(`resolve ${watchId} ${kind}`);
    },
    // The storm's page: the same key re-sent as it grows, resolved once when it ends.
    async stormTriggered(page, ended) {
      pages.push(`re-trigger ${page.dedupKey}`);
      endedChecks.push(ended);
      return true;
    },
    async stormFollowed(action, key) {
      pages.push(`${action} ${key}`);
      return true;
    },
    async released() {},
  };
  const book = watchBook(store);
  let clock = 1_700_000_000_000;
  const now = () => clock;
  // Two replicas: the same store and groups, each its own poster.
  const replica = (name: string): PollDeps => ({
    api,
    store,
    book,
    poster: log.poster(name),
    metrics: NO_ALERT_METRICS,
    now: () => clock,
    pager,
    groups: groupBook(store, 30_000, now),
    ...(options.audit
      ? { recentChange: (w: WatchRecord, at: number) => recentChange(options.audit!, w, at) }
      : {}),
    warn() {},
  });
  const replicas = [replica('r1'), replica('r2')];
  const watches = await book.watches.list();
  // Every server polled once, alternating replicas, all at once as the poller's timers would.
  const pollAll = async () => {
    clock += 1_000;
    await Promise.all(watches.map((w, i) => pollOnce(replicas[i % 2]!, w)));
  };
  const setAll = (s: string) => {
    for (let n = 1; n <= N; n += 1) status.set(uuidOf(n), s);
  };
  const groups = groupBook(store, 30_000, now);
  const actions = (pageAcknowledged?: (watchId: string, kind: string) => Promise<void>) =>
    createAlertActions(
      book,
      () => log.poster('r1'),
      () => clock,
      pageAcknowledged,
      groups,
    );
  return { log, pages, endedChecks, pollAll, setAll, book, watches, actions, pager, N };
}

describe('storm grouping in the poll', () => {
  it('shows many servers failing at once as one card naming every one, one page, one recovery', async () => {
    const s = await storm();
    await s.pollAll();
    s.setAll('Error');
    await s.pollAll();
    await s.pollAll();
    const posts = s.log.entries.filter((e) => e.kind === 'post');
    expect(posts).toHaveLength(1);
    const cardId = posts[0]!.ref.id;
    const lastEdit = s.log.entries.filter((e) => e.kind === 'update' && e.ref.id === cardId).at(-1);
    const card = renderText(lastEdit!.message);
    expect(card).toMatch(`${N} servers need attention`);
    for (let n = 1; n <= N; n += 1) expect(card).toContain(hostOf(n));
    expect(s.pages.filter((p) => p.startsWith('trigger'))).toHaveLength(1);
    const ended = () => Promise.all(s.endedChecks.map((check) => check()));
    expect(s.endedChecks.length).toBeGreaterThan(0);
    expect(await ended()).not.toContain(true);

    s.setAll('Running');
    await s.pollAll();
    await s.pollAll();
    // A repage sent now would find its group ended: not sent, or resolved again (review 1.3).
    expect(await ended()).not.toContain(false);
    const after = s.log.entries.filter((e) => e.kind === 'post').slice(1);
    expect(after.map((e) => renderText(e.message))).toEqual([
      expect.stringMatching(`All ${N} servers of the storm .* recovered`),
    ]);
    const final = s.log.entries.filter((e) => e.kind === 'update' && e.ref.id === cardId).at(-1);
    expect(renderText(final!.message)).toMatch(`${N} servers recovered`);
    expect(s.pages.filter((p) => p.startsWith('resolve'))).toHaveLength(1);
  });

  it('names the last confirmed change of a member and who made it, from the audit', async () => {
    const record: AuditRecord = {
      time: new Date(1_700_000_000_000 - 60_000).toISOString(),
      invocationId: 'i1',
      platform: 'slack',
      userId: 'U0ADA',
      displayName: 'ada',
      channelId: 'C9',
      command: 'instance stop',
      args: { instance: { uuid: uuidOf(3), label: hostOf(3) } },
      decision: 'allowed',
      confirmation: 'confirmed',
      confirmedBy: 'slack:U0BOB',
      result: 'ok',
      durationMs: 5,
    };
    const audit = {
      recentAcrossChannels: async () => [record],
    } as Pick<AuditLog, 'recentAcrossChannels'> as AuditLog;
    const s = await storm({ audit });
    await s.pollAll();
    s.setAll('Error');
    await s.pollAll();
    const card = renderText(s.log.entries.filter((e) => e.kind === 'update').at(-1)!.message);
    expect(card).toMatch(
      /node-03 — status Error — after instance stop by ada, approved by U0BOB at [\d:]+ UTC/,
    );
  });

  it('acknowledges every member from the group card, pages the acknowledge once and shows who did it', async () => {
    const sent: string[] = [];
    const s = await storm({
      pager: (store) =>
        createIncidentPager({
          pagerDuty: {
            trigger: async (e) => (sent.push(`trigger ${e.dedupKey}`), { ok: true }),
            acknowledge: async (key) => (sent.push(`acknowledge ${key}`), { ok: true }),
            resolve: async (key) => (sent.push(`resolve ${key}`), { ok: true }),
          },
          state: store.ephemeral,
          count() {},
          warn() {},
        }),
    });
    await s.pollAll();
    s.setAll('Error');
    await s.pollAll();
    await s.pollAll();
    const cardId = s.log.entries.find((e) => e.kind === 'post')!.ref.id;
    const cardNow = () => s.log.entries.filter((e) => e.kind === 'update' && e.ref.id === cardId).at(-1)!;
    const ack = cardNow().message.actions?.find((b) => b.label === 'Acknowledge')?.command;
    expect(ack).toMatch(/^alert ack \S+ status$/);
    // Issue 38: the storm's own actions (Snooze stays, in the card's menu); no location on these servers.
    expect(cardNow().message.actions?.map((b) => b.label)).toEqual([
      'Acknowledge',
      'Show members',
      'Snooze 1 h',
    ]);
    const [, , watchId] = ack!.split(' ');
    const where = { platform: 'slack' as const, channelId: 'C1' };
    const ada = { platform: 'slack' as const, userId: 'U0ADA', displayName: 'ada' };
    // Two replicas' clicks at once: one acknowledges, the other is told it was done already.
    const pageAck = (w: string, k: string) => s.pager.acknowledged(w, k);
    const outcomes = await Promise.allSettled([
      s.actions(pageAck).act('ack', watchId!, 'status', ada, where),
      s.actions(pageAck).act('ack', watchId!, 'status', ada, where),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const done = outcomes.find((o) => o.status === 'fulfilled') as PromiseFulfilledResult<{ line: string }>;
    expect(done.value.line).toMatch(`Acknowledged the storm of ${N} servers`);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(String(refused.reason)).toMatch(/already acknowledged/);

    for (const w of s.watches)
      expect((await s.book.alerts.get(w.id))?.open.status).toMatchObject({ acknowledgedBy: '@ada' });
    const trigger = sent.find((x) => x.startsWith('trigger'))!.slice('trigger '.length);
    expect(sent.filter((x) => x.startsWith('acknowledge'))).toEqual([`acknowledge ${trigger}`]);
    const card = cardNow().message;
    expect(renderText(card)).toMatch(/Acknowledged by @ada/);
    expect(card.actions).toBeUndefined();
  });

  it('puts every member of a group over 40 in the card’s thread, each chunk posted once', async () => {
    const s = await storm({ servers: 45 });
    await s.pollAll();
    s.setAll('Error');
    await s.pollAll();
    await s.pollAll();
    const card = s.log.entries.find((e) => e.kind === 'post')!;
    expect(s.log.entries.filter((e) => e.kind === 'post')).toHaveLength(1);
    const replies = s.log.entries.filter((e) => e.kind === 'reply');
    expect(replies.length).toBeGreaterThan(0);
    for (const r of replies) expect(r.under?.id).toBe(card.ref.id);
    const titles = replies.map((r) => r.message.title);
    expect(new Set(titles).size).toBe(titles.length);
    // Each thread message as it reads now: its last edit, else as posted.
    const latest = replies.map(
      (r) => s.log.entries.filter((e) => e.kind === 'update' && e.ref.id === r.ref.id).at(-1) ?? r,
    );
    const thread = latest.map((r) => renderText(r.message)).join('\n');
    for (let n = 1; n <= 45; n += 1) expect(thread).toContain(hostOf(n));
    // Both platforms accept every thread message and the card, measured on the rendered payloads.
    for (const r of [...latest, card]) expect(checkRendered(r.message)).toEqual([]);
    const lastCard = s.log.entries.filter((e) => e.kind === 'update' && e.ref.id === card.ref.id).at(-1)!;
    expect(renderText(lastCard.message)).toMatch(/45 servers need attention[\s\S]*all 45 in the thread/);
    // The card names the first 40 and points to the thread for the rest; the thread names all 45 once each.
    const onCard = renderText(lastCard.message)
      .split('\n')
      .filter((l) => l.startsWith('• '));
    expect(onCard).toHaveLength(40);
    expect(renderText(lastCard.message)).toContain('…and 5 more — all 45 in the thread.');
    const threadLines = thread.split('\n').filter((l) => l.startsWith('• '));
    expect(threadLines).toHaveLength(45);
    expect(new Set(threadLines).size).toBe(45);
  });

  it('writes the group card, its thread and its recovery in the channel’s language', async () => {
    const s = await storm({ servers: 45, locale: 'id' });
    await s.pollAll();
    s.setAll('Error');
    await s.pollAll();
    await s.pollAll();
    const card = s.log.entries.find((e) => e.kind === 'post')!;
    const lastCard = s.log.entries.filter((e) => e.kind === 'update' && e.ref.id === card.ref.id).at(-1)!;
    const shown = renderText(lastCard.message);
    expect(shown).toContain('45 server perlu perhatian');
    expect(shown).toContain('…dan 5 lainnya — semua 45 ada di utas.');
    const replies = s.log.entries.filter((e) => e.kind === 'reply');
    expect(replies[0]!.message.title).toBe('Semua server dalam gangguan ini, bagian 1');
    s.setAll('Running');
    await s.pollAll();
    const recovered = s.log.entries.filter(
      (e) => e.kind === 'post' && /^Semua 45 server/.test(e.message.summary ?? ''),
    );
    expect(recovered).toHaveLength(1);
  });
});
