// The end of a silence, told once: the poller's periodic pass (not each poll) looks for silences
// that ended, and the first replica to claim one in the store posts "Silence of web-1 ended" in the
// channel it was set from, in that channel's language, as the silence's tenant.
import { type BotStore, type Locale, type TenantScope } from '../core/index.js';
import { SINGLE_TENANT } from '../core/kit/index.js';
import { deliver, type DeliveryDeps } from './delivery/delivery.js';
import { watchLocale } from './poll-deps.js';
import { describeScope, parseSilence } from './rules/silences.js';
import {
  silenceEndedNotice,
  silenceRecords,
  storedSilences,
  type SilenceRecord,
} from './books/silence-book.js';
import { storyTeller } from './story-record.js';
import type { AlertMetrics } from './ports.js';
import type { ChannelPoster } from '../core/index.js';

/** How long the claim on one ended silence's notice is kept (longer than any replica's lag). */
const NOTICE_CLAIM_MS = 24 * 60 * 60_000;

/** What one look for ended silences needs. */
export interface SilenceEndsDeps {
  store: BotStore;
  /** This replica's posters: silences set on other platforms are left to the replicas that post there. */
  posters: readonly ChannelPoster[];
  metrics: AlertMetrics;
  tenants?: TenantScope;
  now: number;
  retryDelaysMs?: readonly number[];
  /** The language of channels without a `language` setting. */
  locale?: Locale;
  warn(message: string, detail: Record<string, unknown>): void;
}

/**
 * One look, outside any tenant: the silences are read once, and each one that ended on a platform
 * this replica posts to is announced as its tenant, once across replicas (the first to claim it
 * posts), its record dropped unless it was replaced meanwhile.
 */
export async function announceEndedSilencesEverywhere(deps: SilenceEndsDeps): Promise<void> {
  const { store } = deps;
  const posters = new Map(deps.posters.map((poster) => [poster.platform, poster]));
  const ended = (await storedSilences(store)).filter(
    (record) => record.silence.until <= deps.now && posters.has(record.platform),
  );
  for (const tenant of new Set(ended.map((record) => record.tenant)))
    await (deps.tenants ?? SINGLE_TENANT).run(tenant, async () => {
      for (const record of ended.filter((r) => r.tenant === tenant))
        await announceEnded(deps, record, posters.get(record.platform)!);
    });
}

async function announceEnded(
  deps: SilenceEndsDeps,
  record: SilenceRecord,
  poster: ChannelPoster,
): Promise<void> {
  const { store } = deps;
  const { silence, channelId } = record;
  // Claims are shared by every tenant: two tenants' "all" silences ending together are two notices.
  const claim = `silence-ended:${record.tenant ?? '-'}:${silence.key}:${silence.until}`;
  if ((await store.ephemeral.increment(claim, NOTICE_CLAIM_MS)) > 1) return;
  const records = silenceRecords(store);
  const current = await records.get(silence.key);
  if (current && parseSilence(current.silence)?.until === silence.until) await records.delete(silence.key);
  const delivery: DeliveryDeps = { poster, metrics: deps.metrics };
  if (deps.retryDelaysMs) delivery.retryDelaysMs = deps.retryDelaysMs;
  const locale = await watchLocale(deps, { platform: record.platform, channelId });
  await deliver(delivery, () => poster.post(channelId, silenceEndedNotice(silence, locale)));
  await storyTeller(store.story, deps.warn)(
    {
      platform: record.platform,
      channelId,
      instance: { uuid: '', label: describeScope(silence.scope, locale) },
    },
    'unsilenced',
    deps.now,
    { detail: 'ended' },
  );
}
