// One adoption pass of the tracker: each stored operation whose follower's lease is free is taken
// over, as its tenant's, when this process can edit its card; one nobody can show is dropped once late.
import type {
  BotStore,
  Lease,
  Responder,
  TenantScope,
  TrackedOperation,
  WriteReplay,
} from '../core/index.js';
import { operationEndKey } from './follow-operation.js';

/** What the tracker lends a pass. */
export interface AdoptionDeps {
  store: BotStore;
  tenants: TenantScope;
  replay?: WriteReplay | undefined;
  /** How long an operation may take (after that, nobody here could finish it in time). */
  timeoutMs: number;
  now(): number;
  stopped(): boolean;
  /** Whether this process follows it already. */
  following(id: string): boolean;
  /** The lease under which this process would follow it. */
  leaseOf(id: string): Lease;
  /** Starts following, under the taken lease, with no first delay. */
  follow(op: TrackedOperation, leased: Lease, responder: Responder): void;
}

/** One pass over stored operations; returns how many were taken over. */
export async function adoptStored(
  deps: AdoptionDeps,
  responderFor: (op: TrackedOperation) => Responder | null,
): Promise<number> {
  let resumed = 0;
  for (const op of await deps.store.operations.list()) {
    // Settled here while the store was down: its removal is waiting to be replayed, not re-followed.
    if (deps.stopped() || deps.following(op.id) || deps.replay?.has(operationEndKey(op.id))) continue;
    // Everything it starts (polls, card edits, store writes) keeps the operation's tenant.
    await deps.tenants.run(op.tenant, async () => {
      const opLeased = deps.leaseOf(op.id);
      if (!(await opLeased.take())) return;
      const responder = responderFor(op);
      if (!responder) {
        await opLeased.release();
        // Nobody here can show its outcome; drop it once it could no longer finish in time anyway.
        if (deps.now() >= op.startedAt + deps.timeoutMs) await deps.store.operations.delete(op.id);
        return;
      }
      deps.follow(op, opLeased, responder);
      resumed += 1;
    });
  }
  return resumed;
}

/** Adopts again every `intervalMs` (unref'd); a failed pass is warned and the next one tries again. */
export function adoptEvery(
  intervalMs: number,
  deps: AdoptionDeps,
  responderFor: (op: TrackedOperation) => Responder | null,
  warn: (message: string, detail: Record<string, unknown>) => void,
): NodeJS.Timeout {
  const adopting = setInterval(() => {
    adoptStored(deps, responderFor).catch((error: unknown) =>
      warn('tracker: adopting failed', { err: error }),
    );
  }, intervalMs);
  adopting.unref();
  return adopting;
}
