// A storm in one process (issue 38): a few watched servers in one Slack channel, one location, two
// replicas sharing one memory store and storm groups, the real poll, pager and alert actions over a
// fake clock, a fake hosting API whose servers a test turns Error / Running / gone, a recording
// poster and a recording PagerDuty that keeps each dedup key's last action. Nothing waits for real.
import { createMemoryStore } from '../../src/store/memory/table-store.js';
import { isStoreUnavailable, type Actor, type BotStore } from '../../src/core/index.js';
import { ApiError } from '../../src/api/errors.js';
import { instanceDetailSchema } from '../../src/api/schemas/instance.js';
import {
  announceEndedSilencesEverywhere,
  closeOnUnwatch,
  createAlertActions,
  createIncidentPager,
  createWatchService,
  groupBook,
  NO_ALERT_METRICS,
  pageTeller,
  pollOnce,
  watchBook,
  type GroupBook,
  type IncidentPager,
  type PollDeps,
} from '../../src/watch/index.js';
import type { PageTrigger } from '../../src/paging/pagerduty.js';
import { fakeHostingApi } from './fake-api.js';
import { postLog } from './recording-poster.js';
import { storeOutage } from './store-outage.js';

export const LOCATION = 'Jakarta 1';
export const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const hostOf = (n: number) => `fleet-${String(n).padStart(2, '0')}`;

/** One event PagerDuty was sent. */
export type SentPage =
  { action: 'trigger'; key: string; event: PageTrigger } | { action: 'acknowledge' | 'resolve'; key: string };

export const ADA: Actor = { platform: 'slack', userId: 'U0ADA', displayName: 'ada' } as Actor;

/** The rig; `servers` watched from channel C1, all Running. */
export async function stormRig(
  servers: number,
  options: { renotifyMs?: number; runbookFor?: (hostname: string) => string | undefined } = {},
) {
  let clock = 1_700_000_000_000;
  const now = () => clock;
  // One memory store for both replicas, as one Redis with AOF; `outage` takes it down and back.
  const outage = storeOutage(createMemoryStore({ now }));
  const store: BotStore = outage.store;
  const book = watchBook(store);
  const status = new Map<number, string>();
  const api = fakeHostingApi({
    instances: {
      async detail(uuid: string) {
        const n = Number(uuid.slice(-12));
        const s = status.get(n) ?? 'Running';
        if (s === 'gone') throw new ApiError('NOT_FOUND', 'instance.detail', { status: 404 });
        return instanceDetailSchema.parse({ uuid, hostname: hostOf(n), status: s, location: LOCATION });
      },
    },
  });
  const sent: SentPage[] = [];
  const warnings: string[] = [];
  const pager: IncidentPager = createIncidentPager({
    pagerDuty: {
      trigger: async (event) => (sent.push({ action: 'trigger', key: event.dedupKey, event }), { ok: true }),
      acknowledge: async (key) => (sent.push({ action: 'acknowledge', key }), { ok: true }),
      resolve: async (key) => (sent.push({ action: 'resolve', key }), { ok: true }),
    },
    state: store.ephemeral,
    count() {},
    warn() {},
    // As createWatching wires it: a page's moments reach the channel's story.
    told: pageTeller(store, () => undefined, now, groupBook(store, 30_000, now)),
  });
  const log = postLog();
  // Unwatching closes what it opened as `createWatching` wires it (index.ts).
  const service = createWatchService(
    store,
    undefined,
    now,
    undefined,
    closeOnUnwatch({
      groups: groupBook(store, 30_000, now),
      state: store.ephemeral,
      pager,
      posterFor: () => log.poster('r1'),
      localeOf: async () => 'en',
      now,
      warn: (message) => void warnings.push(message),
    }),
  );
  const groupsOf = (): GroupBook => groupBook(store, 30_000, now);
  const replica = (name: string): PollDeps => ({
    api,
    store,
    book,
    poster: log.poster(name),
    metrics: NO_ALERT_METRICS,
    now,
    pager,
    groups: groupsOf(),
    retryDelaysMs: [],
    ...(options.runbookFor ? { runbookFor: options.runbookFor } : {}),
    rules: { unreachableAfter: 2, samples: 3, renotifyMs: options.renotifyMs ?? 30 * 60_000 },
    warn: (message) => void warnings.push(message),
  });
  const replicas = [replica('r1'), replica('r2')];
  const by = { platform: 'slack' as const, userId: 'U1', displayName: 'oscar' };
  const watch = (n: number) =>
    service.set('slack', 'C1', { instance: { uuid: uuidOf(n), label: hostOf(n) } }, by);
  for (let n = 1; n <= servers; n += 1) await watch(n);
  const actions = createAlertActions(
    book,
    () => log.poster('r1'),
    now,
    (watchId, kind) => pager.acknowledged(watchId, kind),
    groupsOf(),
  );
  let polled = await book.watches.list();
  /** A store refusal is logged and survived (its value instead); any other error still fails the test. */
  const unlessDown =
    <T>(instead: T) =>
    (error: unknown): T => {
      if (!isStoreUnavailable(error)) throw error;
      warnings.push(error.message);
      return instead;
    };
  /** One poll of every watch, replicas alternating (`shift` moves which replica polls which). */
  const pollAll = async (shift = 0) => {
    clock += 1_000;
    // With the store down the replicas poll the watches they hold (the last list); a failed poll
    // is logged and retried next interval, as the poller's tick does.
    polled = await book.watches.list().catch(unlessDown(polled));
    const watches = [...polled].sort((a, b) => a.instance.label.localeCompare(b.instance.label));
    await Promise.all(
      watches.map((w, i) => pollOnce(replicas[(i + shift) % 2]!, w).catch(unlessDown(undefined))),
    );
    // The poller's periodic pass tells the end of silences.
    await announceEndedSilencesEverywhere({
      store,
      posters: [log.poster('r1')],
      metrics: NO_ALERT_METRICS,
      now: clock,
      retryDelaysMs: [],
      warn() {},
    }).catch(unlessDown(undefined));
  };
  /** Each dedup key's last action. */
  const pageStates = () => {
    const states = new Map<string, SentPage['action']>();
    for (const s of sent) states.set(s.key, s.action);
    return states;
  };
  /** Every message the bot posted, each as its last edit shows it. */
  const latestCards = () => {
    const byId = new Map<string, (typeof log.entries)[number]>();
    for (const e of log.entries) if (e.kind !== 'reply') byId.set(e.ref.id, e);
    return [...byId.values()].filter((e) =>
      log.entries.some((p) => p.kind === 'post' && p.ref.id === e.ref.id),
    );
  };
  /** The headlines of cards whose last version still asks for attention (a failing headline or an Acknowledge button). */
  const askingForAttention = () =>
    latestCards()
      .filter(
        (e) =>
          /needs? attention/.test(e.message.title ?? '') ||
          (e.message.actions ?? []).some((b) => 'command' in b && b.command?.startsWith('alert ack')),
      )
      .map((e) => e.message.title ?? '');
  return {
    askingForAttention,
    store,
    outage,
    book,
    service,
    api,
    log,
    sent,
    warnings,
    pager,
    actions,
    pageStates,
    latestCards,
    pollAll,
    watch,
    set: (n: number, s: 'Running' | 'Error' | 'gone') => void status.set(n, s),
    setAll: (s: 'Running' | 'Error' | 'gone') => {
      for (let n = 1; n <= servers; n += 1) status.set(n, s);
    },
    advance: (ms: number) => void (clock += ms),
    now,
    silence: (target: Parameters<NonNullable<typeof service.silences>['set']>[0], span: string) =>
      service.silences!.set(target, span, ADA, { platform: 'slack', channelId: 'C1' }),
    unsilence: (target: Parameters<NonNullable<typeof service.silences>['remove']>[0]) =>
      service.silences!.remove(target),
    unwatch: (n: number) => service.remove('slack', 'C1', uuidOf(n)),
    members: (command: string) => {
      const [, , watchId, kind] = command.split(' ');
      return actions.members!(watchId!, kind as 'status', { platform: 'slack', channelId: 'C1' });
    },
    click: (command: string) => {
      const [, verb, watchId, kind] = command.split(' ');
      return actions.act(verb as 'ack' | 'snooze', watchId!, kind as 'status', ADA, {
        platform: 'slack',
        channelId: 'C1',
      });
    },
  };
}

export type StormRig = Awaited<ReturnType<typeof stormRig>>;
