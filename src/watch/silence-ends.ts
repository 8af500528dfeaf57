// The end of a silence, told once: the poller's periodic pass (not each poll) looks for silences
// that ended, and the first replica to claim one in the store posts "Silence of web-1 ended" in the
// channel it was set from, in that channel's language, as the silence's tenant.
import { SINGLE_TENANT, type BotStore, type Locale, type Platform, type TenantScope } from '../core/index.js';
import type { Message } from '../render/message.js';
import { deliver, type DeliveryDeps } from './delivery.js';
import { watchLocale } from './poll-deps.js';
import { parseSilence } from './silences.js';
import { silenceEndedNotice, silenceRecords, storedSilences } from './silence-book.js';
import type { AlertMetrics, ChannelPoster } from './ports.js';

/** How long the claim on one ended silence's notice is kept (longer than any replica's lag). */
const NOTICE_CLAIM_MS = 24 * 60 * 60_000;

/**
 * Posts the end of each silence set on `platform` that ended by `now`, once across replicas (the
 * first to claim it posts), and drops its record unless it was replaced meanwhile.
 */
async function announceEndedSilences(
  store: BotStore,
  platform: Platform,
  now: number,
  post: (channelId: string, notice: Message) => Promise<unknown>,
  localeOf: (channelId: string) => Promise<Locale>,
): Promise<void> {
  const records = silenceRecords(store);
  for (const record of await storedSilences(store)) {
    const { silence } = record;
    if (record.platform !== platform || silence.until > now) continue;
    const claim = `silence-ended:${silence.key}:${silence.until}`;
    if ((await store.ephemeral.increment(claim, NOTICE_CLAIM_MS)) > 1) continue;
    const current = await records.get(silence.key);
    if (current && parseSilence(current.silence)?.until === silence.until) await records.delete(silence.key);
    await post(record.channelId, silenceEndedNotice(silence, await localeOf(record.channelId)));
  }
}

/** What one look for ended silences needs. */
export interface SilenceEndsDeps {
  store: BotStore;
  /** This replica's posters: silences set on other platforms are left to the replicas that post there. */
  posters: Iterable<ChannelPoster>;
  metrics: AlertMetrics;
  tenants?: TenantScope;
  now: number;
  retryDelaysMs?: readonly number[];
  /** The language of channels without a `language` setting. */
  locale?: Locale;
  warn(message: string, detail: Record<string, unknown>): void;
}

/** One look, outside any tenant: each tenant's ended silences are announced as that tenant. */
export async function announceEndedSilencesEverywhere(deps: SilenceEndsDeps): Promise<void> {
  const { store } = deps;
  const owners = new Set((await silenceRecords(store).list()).map((record) => record?.tenant));
  for (const tenant of owners)
    await (deps.tenants ?? SINGLE_TENANT).run(tenant, async () => {
      for (const poster of deps.posters) {
        const delivery: DeliveryDeps = { poster, metrics: deps.metrics };
        if (deps.retryDelaysMs) delivery.retryDelaysMs = deps.retryDelaysMs;
        await announceEndedSilences(
          store,
          poster.platform,
          deps.now,
          (channelId, notice) => deliver(delivery, () => poster.post(channelId, notice)),
          (channelId) => watchLocale(deps, { platform: poster.platform, channelId }),
        );
      }
    });
}
