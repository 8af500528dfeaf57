// Pages an incident out (PagerDuty Events v2) once across replicas: the first poll to claim the
// incident in the shared store sends the trigger and keeps its dedup_key there; Acknowledge in chat
// and recovery send acknowledge / resolve with that key. A failed page is logged and counted; the
// alert is posted in chat whatever happens here.
import type { EphemeralState } from '../../core/index.js';
import type { PageOutcome, PagerDuty, PagerDutyAction, PageTrigger } from '../../paging/pagerduty.js';
import { keyedOrder } from './page-order.js';
import type { OpenAlert, WatchRecord } from '../types.js';

/** How long an incident's page claim and key are kept (dropped on recovery). */
const PAGE_KEPT_MS = 7 * 24 * 60 * 60_000;

/** `outcome` of vpsops_pages_total: sent, or why not (PageFailureReason). */
export type PageCount = (action: PagerDutyAction, outcome: string) => void;

/** What paging needs. */
export interface IncidentPagerDeps {
  pagerDuty: PagerDuty;
  state: EphemeralState;
  count: PageCount;
  warn(message: string, detail: Record<string, unknown>): void;
  /** Told once an incident's page went out, was acknowledged or resolved (the channel's story). */
  told?(event: 'paged' | 'page-acknowledged' | 'page-resolved', watchId: string, kind: string): Promise<void>;
}

/** The three moments of an incident that reach PagerDuty, and a storm's page (grouped-alerts.ts). */
export interface IncidentPager {
  opened(watch: WatchRecord, alert: OpenAlert): Promise<void>;
  acknowledged(watchId: string, kind: string): Promise<void>;
  recovered(watchId: string, kind: string): Promise<void>;
  /**
   * The storm's page, (re-)sent with the key it took over: PagerDuty keeps one alert. `ended` re-reads
   * the group: one ended before its turn is not triggered, one ended while it was sent is resolved.
   * True when PagerDuty took the trigger (the story tells it); so for stormFollowed.
   */
  stormTriggered(page: PageTrigger, ended: () => Promise<boolean>): Promise<boolean>;
  /** The storm's page acknowledged (once across clicks and replicas) or resolved. */
  stormFollowed(action: 'acknowledge' | 'resolve', dedupKey: string): Promise<boolean>;
  /**
   * Forgets an incident's page without a word (the storm owns its key), so its next incident pages
   * anew; with `key`, only while the incident's page is still that one.
   */
  released(watchId: string, kind: string, key?: string): Promise<void>;
}

/** The dedup key of an incident's page: the same on every replica. */
export const pageKeyOf = (watchId: string, kind: string, openedAt: number): string =>
  `vpsops-${watchId}-${kind}-${openedAt}`;

const claimKey = (watchId: string, kind: string) => `watch-page-claim:${watchId}:${kind}`;
const dedupKeyOf = (watchId: string, kind: string) => `watch-page:${watchId}:${kind}`;
const ackClaimKey = (dedupKey: string) => `watch-page-ack:${dedupKey}`;

const SUMMARY: Record<string, string> = {
  status: 'needs attention',
  gone: 'is gone',
  cpu: 'CPU above threshold',
  memory: 'memory above threshold',
  unreachable: 'hosting API unreachable',
  balance: 'running low',
};

/** Pages through `deps.pagerDuty`; a watch set with `--no-page` never pages. */
export function createIncidentPager(deps: IncidentPagerDeps): IncidentPager {
  const inOrder = keyedOrder();
  const report = (action: PagerDutyAction, outcome: PageOutcome, detail: Record<string, unknown>): void => {
    deps.count(action, outcome.ok ? 'sent' : outcome.reason);
    if (!outcome.ok)
      deps.warn(`watch: PagerDuty ${action} failed`, {
        ...detail,
        reason: outcome.reason,
        detail: outcome.detail,
      });
  };
  const followKey = async (
    action: 'acknowledge' | 'resolve',
    key: string,
    detail: Record<string, unknown>,
  ) => {
    // Two clicks (or two replicas) acknowledge an incident once.
    if (action === 'acknowledge' && (await deps.state.increment(ackClaimKey(key), PAGE_KEPT_MS)) > 1)
      return false;
    const outcome = await inOrder(key, () => deps.pagerDuty[action](key));
    report(action, outcome, detail);
    return outcome.ok;
  };
  const follow = async (action: 'acknowledge' | 'resolve', watchId: string, kind: string) => {
    const key = await deps.state.get(dedupKeyOf(watchId, kind));
    if (key && (await followKey(action, key, { watch: watchId, kind })))
      await deps.told?.(action === 'acknowledge' ? 'page-acknowledged' : 'page-resolved', watchId, kind);
  };
  const released = async (watchId: string, kind: string, key?: string) => {
    // The incident may have paged anew meanwhile (a new incident of the same watch): that page stays.
    if (key !== undefined && (await deps.state.get(dedupKeyOf(watchId, kind))) !== key) return;
    await deps.state.delete(dedupKeyOf(watchId, kind));
    await deps.state.delete(claimKey(watchId, kind));
  };
  return {
    async opened(watch, alert) {
      if (watch.page === false) return;
      if ((await deps.state.increment(claimKey(watch.id, alert.kind), PAGE_KEPT_MS)) > 1) return;
      const key = pageKeyOf(watch.id, alert.kind, alert.openedAt);
      await deps.state.set(dedupKeyOf(watch.id, alert.kind), key, PAGE_KEPT_MS);
      const outcome = await inOrder(key, () =>
        deps.pagerDuty.trigger({
          dedupKey: key,
          summary: `${watch.instance.label}: ${SUMMARY[alert.kind] ?? alert.kind} (${alert.detail})`,
          source: watch.instance.label,
          kind: alert.kind,
          at: alert.openedAt,
          customDetails: { instance: watch.instance.uuid, detail: alert.detail },
        }),
      );
      report('trigger', outcome, { watch: watch.id, kind: alert.kind });
      if (outcome.ok) await deps.told?.('paged', watch.id, alert.kind);
    },
    acknowledged: (watchId, kind) => follow('acknowledge', watchId, kind),
    async recovered(watchId, kind) {
      await follow('resolve', watchId, kind);
      await released(watchId, kind);
    },
    stormTriggered: (page, ended) =>
      inOrder(page.dedupKey, async () => {
        const detail = { storm: page.dedupKey };
        // Unreadable: page as before. Read when its turn comes, after any resolve queued before it.
        const over = () => ended().catch(() => false);
        if (await over()) return false;
        const outcome = await deps.pagerDuty.trigger(page);
        report('trigger', outcome, detail);
        // Another replica resolved it while this trigger was on its way: resolve it once more.
        if (await over()) report('resolve', await deps.pagerDuty.resolve(page.dedupKey), detail);
        return outcome.ok;
      }),
    stormFollowed: (action, key) => followKey(action, key, { storm: key }),
    released,
  };
}
