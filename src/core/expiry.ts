// Expiry of unanswered confirmations: a timer per card in the process that posted it (prompt),
// plus a sweeper that one replica runs under a lease for cards whose process died or restarted.
// Both go through the store's take(), so each card is expired exactly once.
import { expiredCard } from './confirm-card.js';
import type { MessageRef, Responder } from './ports.js';
import type { Runtime } from './runtime.js';
import type { PendingConfirmation } from './store.js';

/** The lease the expiry sweeper runs under. */
export const SWEEPER_LEASE = 'sweeper:expiry';

/** Takes an expired confirmation, edits its card to "Expired" and audits it; false when someone else did. */
export async function expirePending(
  rt: Runtime,
  pending: PendingConfirmation,
  responder: Responder | null,
): Promise<boolean> {
  const at = rt.now().getTime();
  if (pending.status !== 'pending' || at < pending.expiresAt) return false;
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

/** Every interval, the replica holding the sweeper lease expires what is due; returns a stop function. */
export function startExpirySweeper(rt: Runtime, options: SweeperOptions): () => void {
  const intervalMs = options.intervalMs ?? 5_000;
  const sweep = async (): Promise<void> => {
    if (!(await rt.store.leases.acquire(SWEEPER_LEASE, options.owner, intervalMs * 3))) return;
    const due = await rt.store.pending.due(rt.now().getTime(), options.batch ?? 100);
    for (const pending of due) {
      const responder = pending.cardRef ? options.responderFor(pending.cardRef) : null;
      await expirePending(rt, pending, responder);
    }
  };
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
    void rt.store.leases.release(SWEEPER_LEASE, options.owner).catch(() => undefined);
  };
}
