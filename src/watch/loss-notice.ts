// Watches, fleet watches and silences gone with the store's data (Redis restarted without it): the
// poller's periodic pass remembers what each channel has; when the store reports a data loss (its
// epoch check, run first), each channel that had any is told once across replicas (a claim in the
// store) what is gone and how to set it again. Without this they vanished silently.
import { t, type BotStore, type Locale, type TenantScope } from '../core/index.js';
import { SINGLE_TENANT } from '../core/kit/index.js';
import { context, message, text } from '../render/builders.js';
import { deliver } from './delivery/delivery.js';
import { watchLocale } from './poll-deps.js';
import { describeScope } from './rules/silences.js';
import { storedSilences } from './books/silence-book.js';
import { watchBook } from './books/watch-book.js';
import { WATCH_COLLECTIONS, type FleetRecord } from './types.js';
import type { AlertMetrics } from './ports.js';
import type { ChannelPoster } from '../core/index.js';

/** How long one channel's notice is claimed (replicas see one loss within this). */
const NOTICE_CLAIM_MS = 60 * 60_000;

/** What one channel has, by the records' keys, with the words that name each. */
interface ChannelHoldings {
  tenant: string | undefined;
  platform: ChannelPoster['platform'];
  channelId: string;
  watches: Map<string, string>;
  fleets: Map<string, string>;
  silences: Map<string, string>;
}

export interface LossNoticeDeps {
  store: BotStore;
  posters: readonly ChannelPoster[];
  metrics: AlertMetrics;
  tenants?: TenantScope;
  now: () => number;
  locale?: Locale;
  retryDelaysMs?: readonly number[];
  warn(message: string, detail: Record<string, unknown>): void;
}

/** Reads what every channel has now (outside any tenant: every tenant's records). */
async function holdings(store: BotStore, now: number): Promise<Map<string, ChannelHoldings>> {
  const byChannel = new Map<string, ChannelHoldings>();
  const of = (r: { tenant?: string; platform: ChannelPoster['platform']; channelId: string }) => {
    const key = `${r.tenant ?? '-'}\n${r.platform}\n${r.channelId}`;
    let found = byChannel.get(key);
    if (!found) {
      found = {
        tenant: r.tenant,
        platform: r.platform,
        channelId: r.channelId,
        watches: new Map(),
        fleets: new Map(),
        silences: new Map(),
      };
      byChannel.set(key, found);
    }
    return found;
  };
  for (const w of await watchBook(store).watches.list()) of(w).watches.set(w.id, w.instance.label);
  for (const f of await store.collection<FleetRecord>(WATCH_COLLECTIONS.fleets).list())
    of(f).fleets.set(f.id, f.scope.type === 'all' ? '`watch --all`' : `\`watch --location ${f.scope.name}\``);
  for (const s of await storedSilences(store))
    if (s.silence.until > now) of(s).silences.set(s.silence.key, describeScope(s.silence.scope));
  return byChannel;
}

const missing = (before: Map<string, string>, after: Map<string, string> | undefined): string[] =>
  [...before]
    .filter(([key]) => !after?.has(key))
    .map(([, words]) => words)
    .sort();

/** The notice for one channel, in its language. */
function lossNotice(lost: { watches: string[]; fleets: string[]; silences: string[] }, locale: Locale) {
  const lines = [
    lost.watches.length > 0 ? t(locale, 'watchLoss.watches', { list: lost.watches.join(', ') }) : '',
    lost.fleets.length > 0 ? t(locale, 'watchLoss.fleets', { list: lost.fleets.join(', ') }) : '',
    lost.silences.length > 0 ? t(locale, 'watchLoss.silences', { list: lost.silences.join(', ') }) : '',
  ].filter(Boolean);
  const title = t(locale, 'watchLoss.title');
  return message(title, [...lines.map((line) => text(line)), context(t(locale, 'watchLoss.restore'))], {
    summary: title,
    tone: 'warning',
  });
}

/** Builds the look the poller's periodic pass runs. */
export function createLossNotices(deps: LossNoticeDeps): { look(): Promise<void> } {
  const posters = new Map(deps.posters.map((poster) => [poster.platform, poster]));
  let known: Map<string, ChannelHoldings> | undefined;
  let losses = deps.store.faults?.().dataLosses ?? 0;
  const tell = async (before: ChannelHoldings, after: ChannelHoldings | undefined): Promise<void> => {
    const poster = posters.get(before.platform);
    const lost = {
      watches: missing(before.watches, after?.watches),
      fleets: missing(before.fleets, after?.fleets),
      silences: missing(before.silences, after?.silences),
    };
    if (!poster || lost.watches.length + lost.fleets.length + lost.silences.length === 0) return;
    const claim = `data-loss-notice:${before.tenant ?? '-'}:${before.platform}:${before.channelId}`;
    if ((await deps.store.ephemeral.increment(claim, NOTICE_CLAIM_MS)) > 1) return;
    const locale = await watchLocale(deps, before);
    const delivery = {
      poster,
      metrics: deps.metrics,
      ...(deps.retryDelaysMs ? { retryDelaysMs: deps.retryDelaysMs } : {}),
    };
    await deliver(delivery, () => poster.post(before.channelId, lossNotice(lost, locale)));
  };
  return {
    async look() {
      // The store's own check first (Redis: its epoch), so a loss is counted before the lists are read.
      await deps.store.ping().catch(() => undefined);
      const now = await holdings(deps.store, deps.now());
      const count = deps.store.faults?.().dataLosses ?? 0;
      const before = known;
      known = now;
      if (count <= losses || !before) return void (losses = count);
      losses = count;
      deps.warn(
        'watch: the state store lost its data; telling the channels whose watches or silences are gone',
        {
          channels: before.size,
        },
      );
      for (const [key, had] of before)
        await (deps.tenants ?? SINGLE_TENANT).run(had.tenant, () =>
          tell(had, now.get(key)).catch((error: unknown) =>
            deps.warn('watch: telling a channel of lost watches failed', {
              err: error,
              channel: had.channelId,
            }),
          ),
        );
    },
  };
}
