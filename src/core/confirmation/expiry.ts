// Expiry of unanswered confirmations: a timer per card in the process that posted it (prompt),
// plus a sweeper that one replica runs under a lease for cards whose process died or restarted.
// Both go through the store's take(), so each card is expired exactly once. With a shared store the
// sweeper decides on the store's clock, and a replica whose own clock is off leaves it to others.
import { answeredInAudit } from './audit-answer.js';
import { expiredCard } from './confirm-card.js';
import { storeNow } from './store-clock.js';
import { lease, type Lease } from '../leases.js';
import type { MessageRef, Responder } from '../ports.js';
import type { Runtime } from '../context.js';
import type { PendingConfirmation } from '../store.js';
import { SINGLE_TENANT } from '../tenant-port.js';

/** The lease the expiry sweeper runs under. */
export const SWEEPER_LEASE = 'sweeper:expiry';

/** What expiring needs from the runtime. */
export type ExpiryRuntime = Pick<Runtime, 'store' | 'audit' | 'now' | 'logger' | 'metrics' | 'tenants'>;

/** How far this process's clock may be from the shared store's before it stops sweeping. */
export const CLOCK_SKEW_LIMIT_MS = 30_000;

/**
 * Takes an expired confirmation, edits its card to "Expired" and audits it; false when someone
 * else did, it is not due at `due` (default: the store's clock), or the audit trail shows it was
 * answered (a token re-armed by a store restarted from an old snapshot: its card is left alone).
 */
export async function expirePending(
  rt: ExpiryRuntime,
  pending: PendingConfirmation,
  responder: Responder | null,
  due?: number,
): Promise<boolean> {
  const at = due ?? (await storeNow(rt));
  if (pending.status !== 'pending' || at < pending.expiresAt) return false;
  const answered = await answeredInAudit(rt.audit, pending);
  if (answered) {
    rt.logger.error(
      { invocationId: pending.invocationId },
      'a confirmation the store calls pending was already answered (audit): store state was lost; card left as it is',
    );
    // Marked used again (as the audit says) so later sweeps and clicks do not look again.
    await rt.store.pending.take(pending.token, answered.usedBy ?? 'audit', at, answered.resolution!);
    return false;
  }
  if (!(await rt.store.pending.take(pending.token, 'expiry', at, 'expired'))) return false;
  rt.metrics.confirmation('expired');
  if (pending.cardRef && responder) {
    await responder
      .update(pending.cardRef, expiredCard(pending.card ?? { blocks: [] }))
      .catch((error: unknown) => rt.logger.warn({ err: error }, 'editing an expired card failed'));
  }
  await rt.audit.write({
    time: new Date(at).toISOString(),
    invocationId: pending.invocationId,
    platform: pending.platform,
    userId: pending.requester.userId,
    displayName: pending.requester.displayName,
    channelId: pending.channelId,
    command: pending.command,
    args: pending.auditArgs,
    decision: 'allowed',
    confirmation: 'expired',
    result: 'cancelled',
    durationMs: 0,
  });
  return true;
}

/** Settings of startExpirySweeper. */
export interface SweeperOptions {
  owner: string;
  /** Rebuilds a responder for a card posted by any process (null when it cannot be edited). */
  responderFor: (ref: MessageRef) => Responder | null;
  intervalMs?: number;
  batch?: number;
}

/**
 * One sweep: the time on the store's clock (this process's when the store has none), or null when
 * this process's clock is more than CLOCK_SKEW_LIMIT_MS away from it — logged at error while it
 * lasts, and the lease given up so a replica with a good clock sweeps.
 */
function sweepClock(rt: ExpiryRuntime, sweeper: Lease): () => Promise<number | null> {
  let skewed = false;
  return async () => {
    const local = rt.now().getTime();
    if (!rt.store.time) return local;
    const shared = await rt.store.time();
    const skewMs = local - shared;
    if (Math.abs(skewMs) <= CLOCK_SKEW_LIMIT_MS) {
      if (skewed)
        rt.logger.warn(
          { skewMs },
          'clock back within 30 s of the store: sweeping expired confirmations again',
        );
      skewed = false;
      return shared;
    }
    if (!skewed)
      rt.logger.error(
        { skewMs, limitMs: CLOCK_SKEW_LIMIT_MS },
        `this host's clock is ${Math.round(skewMs / 1000)} s off the store's (Redis TIME): not expiring confirmations from this replica until it is fixed (check NTP)`,
      );
    skewed = true;
    await sweeper.release();
    return null;
  };
}

/** The sweeper's lease: taken (or extended) by every pass, so it lasts three intervals. */
function sweeperLease(rt: ExpiryRuntime, options: SweeperOptions): Lease {
  return lease(rt.store.leases, SWEEPER_LEASE, options.owner, (options.intervalMs ?? 5_000) * 3);
}

/** One pass of the sweeper: expires what is due if this process holds (or takes) the lease. */
export function createExpirySweep(
  rt: ExpiryRuntime,
  options: SweeperOptions,
  sweeper: Lease = sweeperLease(rt, options),
): () => Promise<void> {
  const clock = sweepClock(rt, sweeper);
  return async () => {
    const at = await clock();
    if (at === null) return;
    if (!(await sweeper.take())) return;
    const due = await rt.store.pending.due(at, options.batch ?? 100);
    // Each card is expired as its tenant's (that workspace's token edits it).
    for (const pending of due) {
      await (rt.tenants ?? SINGLE_TENANT).run(pending.tenant, async () => {
        const responder = pending.cardRef ? options.responderFor(pending.cardRef) : null;
        await expirePending(rt, pending, responder, at);
      });
    }
  };
}

/** Every interval, the replica holding the sweeper lease expires what is due; returns a stop function. */
export function startExpirySweeper(rt: ExpiryRuntime, options: SweeperOptions): () => void {
  const intervalMs = options.intervalMs ?? 5_000;
  const sweeper = sweeperLease(rt, options);
  const sweep = createExpirySweep(rt, options, sweeper);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweep()
      .catch((error: unknown) => rt.logger.warn({ err: error }, 'expiry sweep failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    void sweeper.release().catch(() => undefined);
  };
}
