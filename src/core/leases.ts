// The one leased-work helper. Work that exactly one replica may do at a time (follow an operation,
// poll a watch, sweep expiries, close interrupted calls, say "alive", hold an instance) takes a
// named lease through it, keeps it renewed every third of its TTL, and gives it up when done.
// A lease whose holder died or stalled simply lapses: take() adopts it. Renewal timers are unref'd.
import type { LeaseStore } from './store.js';

/** The leases of one store kept with one period share one timer (a thousand watches: one wakeup per period). */
const tickers = new WeakMap<LeaseStore, Map<number, { timer: NodeJS.Timeout; members: Set<() => void> }>>();

/** Calls `renewal` every `period` ms on the shared timer until the returned leave() is called. */
function joinTicker(leases: LeaseStore, period: number, renewal: () => void): () => void {
  let byPeriod = tickers.get(leases);
  if (!byPeriod) tickers.set(leases, (byPeriod = new Map()));
  let ticker = byPeriod.get(period);
  if (!ticker) {
    const members = new Set<() => void>();
    const timer = setInterval(() => {
      for (const renew of members) renew();
    }, period);
    timer.unref();
    byPeriod.set(period, (ticker = { timer, members }));
  }
  const { timer, members } = ticker;
  const periods = byPeriod;
  members.add(renewal);
  return () => {
    members.delete(renewal);
    if (members.size > 0) return;
    clearInterval(timer);
    periods.delete(period);
  };
}

/** What a held lease reports while it is kept. */
export interface LeaseHooks {
  /** Once, when a renewal finds the lease gone to another owner (this process stalled); renewal stops. */
  onLost?: () => void;
  /** When a renewal fails (store unreachable): the lease is still thought held and retried next time. */
  onError?: (error: unknown) => void;
  /**
   * Renew by taking the lease again, and never give up: a lease the store lost (restart, flush) is
   * taken back as soon as it is free. For leases that say "I exist" rather than guard work.
   */
  retake?: boolean;
  /**
   * Once, when renewals have failed so long that the lease could lapse before the next one: the
   * lease is abandoned and the holder must stop its work now, so no two replicas ever do it at once.
   */
  onAtRisk?: () => void;
}

/** One named lease of one owner. */
export interface Lease {
  readonly name: string;
  /** True between a successful take() and release(), loss or abandon(), as far as this process knows. */
  readonly held: boolean;
  /** True once a renewal found another owner holding it (until it is taken again). */
  readonly lost: boolean;
  /** Takes the lease if free or lapsed, or extends it if this owner holds it; true when held. */
  take(): Promise<boolean>;
  /** Extends the lease once; false (and `lost`) when another owner holds it. Throws what the store throws. */
  renew(): Promise<boolean>;
  /** Renews every third of the TTL until released, abandoned or lost (the first time within a third of it). */
  keep(): void;
  /** Stops renewing and gives the lease up (unless it was lost) so another replica takes over at once. */
  release(): Promise<void>;
  /** Stops renewing and leaves the lease to lapse, as when the process dies. */
  abandon(): void;
}

/**
 * keep()'s tick: renews unless a renewal is still under way; a failed renewal is reported, and one
 * that leaves less than a period of the TTL since the last confirmed hold abandons the lease (onAtRisk).
 */
function renewalTick(
  self: Lease,
  hooks: LeaseHooks,
  { period, ttlMs }: { period: number; ttlMs: number },
  confirmedAt: () => number,
): () => void {
  let renewing = false;
  return () => {
    if (renewing) return;
    renewing = true;
    self
      .renew()
      .catch((error: unknown) => {
        hooks.onError?.(error);
        if (hooks.onAtRisk && Date.now() - confirmedAt() + period >= ttlMs) {
          self.abandon();
          hooks.onAtRisk();
        }
      })
      .finally(() => {
        renewing = false;
      });
  };
}

/** A lease named `name` that `owner` takes for `ttlMs` at a time from `leases`. */
export function lease(
  leases: LeaseStore,
  name: string,
  owner: string,
  ttlMs: number,
  hooks: LeaseHooks = {},
): Lease {
  let held = false;
  let lost = false;
  let leave: (() => void) | undefined;
  // When the store last confirmed this owner's hold (take or renew).
  let confirmedAt = 0;
  const period = Math.max(1, Math.floor(ttlMs / 3));

  const stopKeeping = (): void => {
    leave?.();
    leave = undefined;
  };

  const self: Lease = {
    name,
    get held() {
      return held;
    },
    get lost() {
      return lost;
    },
    async take() {
      held = await leases.acquire(name, owner, ttlMs);
      if (held) {
        lost = false;
        confirmedAt = Date.now();
      }
      return held;
    },
    async renew() {
      if (hooks.retake) return self.take();
      if (lost) return false;
      const still = await leases.renew(name, owner, ttlMs);
      if (still) confirmedAt = Date.now();
      else {
        held = false;
        lost = true;
        stopKeeping();
        hooks.onLost?.();
      }
      return still;
    },
    keep() {
      if (leave) return;
      // The first renewal comes within one period of keep(), on the shared timer's next tick.
      leave = joinTicker(leases, period, tick);
    },
    async release() {
      stopKeeping();
      held = false;
      if (!lost) await leases.release(name, owner);
    },
    abandon() {
      stopKeeping();
      held = false;
    },
  };
  const tick = renewalTick(self, hooks, { period, ttlMs }, () => confirmedAt);
  return self;
}
