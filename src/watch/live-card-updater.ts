// Keeps every live status card current from one replica at a time: under the core's lease helper
// (a dead replica's lease lapses and another takes over), a pass every half edit interval renders
// each card and edits it when it changed (live-cards.ts).
import { lease } from '../core/index.js';
import { LIVE_CARDS_LEASE } from './books/live-card-book.js';
import { LIVE_EDIT_INTERVAL_MS, refreshLiveCards, type LiveCardDeps } from './live-cards.js';

/** The running updater. */
export interface LiveCardUpdater {
  /** Stops; `releaseLease: false` leaves the lease to lapse, as a killed process does. */
  stop(options?: { releaseLease?: boolean }): Promise<void>;
}

/** Starts the passes at once. */
export function startLiveCardUpdater(
  deps: LiveCardDeps,
  options: { owner: string; leaseTtlMs: number },
): LiveCardUpdater {
  const held = lease(deps.store.leases, LIVE_CARDS_LEASE, options.owner, options.leaseTtlMs, {
    onError: (error) => deps.warn('live card: lease renewal failed', { err: error }),
  });
  let running: Promise<void> | undefined;
  let stopped = false;
  const pass = async (): Promise<void> => {
    if (stopped || !(await held.take())) return;
    held.keep();
    await refreshLiveCards(deps);
  };
  const tick = () =>
    void (running ??= pass()
      .catch((error: unknown) => deps.warn('live card: pass failed', { err: error }))
      .finally(() => (running = undefined)));
  const timer = setInterval(tick, (deps.editIntervalMs ?? LIVE_EDIT_INTERVAL_MS) / 2);
  timer.unref();
  tick();
  return {
    async stop(stopOptions = {}) {
      stopped = true;
      clearInterval(timer);
      await running;
      if (stopOptions.releaseLease === false) held.abandon();
      else await held.release().catch(() => undefined);
    },
  };
}
