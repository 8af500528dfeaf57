// The OperationTracker the core hands confirmed long operations to (stop, delete, restore…).
// Every followed operation is persisted in the BotStore until it ends and is followed by exactly
// one process at a time, under a lease its follower renews. resume() starts adopting: operations
// whose lease has lapsed (their follower died, or a restart) are taken over within
// lease TTL + adopt interval. Timers are unref'd and stop() cancels them all.
import { randomUUID } from 'node:crypto';
import type { HostingApi } from '../api/index.js';
import {
  lease,
  type Lease,
  type FollowSpec,
  type Responder,
  type BotStore,
  type TrackedOperation,
  type OperationTracker,
  type TenantScope,
  type WriteReplay,
} from '../core/index.js';
import { type FollowTarget, SINGLE_TENANT } from '../core/kit/index.js';
import type { Message } from '../render/message.js';
import { operationEndKey, runOperation, type OperationData, type PollSettings } from './follow-operation.js';
import type { FinalOutcome } from './messages.js';

/** Settings of createOperationTracker; times in milliseconds. */
export interface OperationTrackerOptions {
  api: HostingApi;
  store: BotStore;
  /** First poll delay and backoff floor (default 2 s). */
  pollMinMs?: number;
  /** Backoff ceiling (default 15 s). */
  pollMaxMs?: number;
  /** Give up (and say so) this long after the action was confirmed (default 10 min). */
  timeoutMs?: number;
  /** Least time between two progress edits of one card (default 5 s). */
  editIntervalMs?: number;
  /** Clock (epoch ms or Date); default Date.now. */
  now?: () => number | Date;
  /** Called once per operation that reached an outcome (not for ones cut short by stop()). */
  onDone?: (op: TrackedOperation, outcome: FinalOutcome) => void;
  /** Where edit / store failures are reported; default: dropped. */
  logger?: { warn(detail: Record<string, unknown>, message: string): void };
  /** This process's lease owner id (default: a random id). */
  owner?: string;
  /** How long a follower's lease lasts unless renewed (default 15 s; renewed every third of it). */
  leaseTtlMs?: number;
  /** How often stored operations without a live follower are looked for (default 10 s). */
  adoptIntervalMs?: number;
  /** OAuth mode: an adopted operation is followed as its tenant's (its key, its token). */
  tenants?: TenantScope;
  /** Where the end of an operation the store refused to record waits for it (the core's replay). */
  replay?: WriteReplay;
}

/** The lease under which one process follows one operation. */
export const operationLease = (id: string): string => `op:${id}`;

/** The tracker plus its lifecycle: re-follow persisted operations on start, cancel on shutdown. */
export interface RunningTracker extends OperationTracker {
  follow(spec: FollowSpec, target: FollowTarget): Promise<void>;
  /** Re-follows persisted operations; returns how many were resumed. */
  resume(responderFor: (op: TrackedOperation) => Responder | null): Promise<number>;
  /** Ids of operations being followed right now. */
  active(): string[];
  stop(): void;
}

function positive(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** A persistable copy of a card: binary attachments do not belong in the store. */
function storableCard(card: Message | undefined): Message | undefined {
  if (!card) return undefined;
  const { attachments: _dropped, actions: _actions, ...rest } = card;
  return rest;
}

/** Builds the tracker the core (src/app/core.ts createCore) takes as deps.tracker. */
export function createOperationTracker(options: OperationTrackerOptions): RunningTracker {
  const pollMinMs = positive(options.pollMinMs, 2000);
  const settings: PollSettings = {
    pollMinMs,
    pollMaxMs: Math.max(pollMinMs, positive(options.pollMaxMs, 15_000)),
    timeoutMs: positive(options.timeoutMs, 10 * 60_000),
    editIntervalMs: positive(options.editIntervalMs, 5000),
  };
  const clock = options.now ?? Date.now;
  const now = (): number => {
    const value = clock();
    return value instanceof Date ? value.getTime() : value;
  };
  const timers = new Set<NodeJS.Timeout>();
  const held = new Set<Lease>();
  const running = new Set<string>();
  const owner = options.owner ?? randomUUID();
  const tenants = options.tenants ?? SINGLE_TENANT;
  const leaseTtlMs = positive(options.leaseTtlMs, 15_000);
  const adoptIntervalMs = positive(options.adoptIntervalMs, 10_000);
  const { store } = options;
  let stopped = false;
  let adopting: NodeJS.Timeout | undefined;
  const warn = (message: string, detail: Record<string, unknown>): void =>
    options.logger?.warn(detail, message);

  const deps = {
    api: options.api,
    store: options.store,
    settings,
    now,
    stopped: () => stopped,
    warn,
    ...(options.replay ? { replay: options.replay } : {}),
    tenant: () => tenants.current(),
    runAs: tenants.run,
    schedule(ms: number, task: () => void): void {
      if (stopped) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        task();
      }, ms);
      timer.unref();
      timers.add(timer);
    },
  };

  const opLease = (id: string): Lease =>
    lease(store.leases, operationLease(id), owner, leaseTtlMs, {
      onError: (error) => warn('tracker: lease renewal failed', { err: error, op: id }),
    });

  // The follower's lease is renewed while the operation runs; a lost lease (another process took
  // over after a stall) stops following here so two processes never edit one card.
  const start = (
    op: TrackedOperation,
    opLeased: Lease,
    responder: Responder,
    firstDelayMs: number,
    card?: Message,
  ): void => {
    running.add(op.id);
    held.add(opLeased);
    opLeased.keep();
    const opDeps = { ...deps, stopped: () => stopped || opLeased.lost };
    void runOperation(op, responder, opDeps, { firstDelayMs, card }).then((outcome) => {
      held.delete(opLeased);
      running.delete(op.id);
      void opLeased.release().catch(() => undefined); // a lost lease is not released (it is another's)
      if (outcome) options.onDone?.(op, outcome);
    });
  };

  // One pass over stored operations: take over each whose lease is free and that we can edit.
  const adopt = async (responderFor: (op: TrackedOperation) => Responder | null): Promise<number> => {
    let resumed = 0;
    for (const op of await store.operations.list()) {
      // Settled here while the store was down: its removal is waiting to be replayed, not re-followed.
      if (stopped || running.has(op.id) || options.replay?.has(operationEndKey(op.id))) continue;
      // Everything it starts (polls, card edits, store writes) keeps the operation's tenant.
      await tenants.run(op.tenant, async () => {
        const opLeased = opLease(op.id);
        if (!(await opLeased.take())) return;
        const responder = responderFor(op);
        if (!responder) {
          await opLeased.release();
          // Nobody here can show its outcome; drop it once it could no longer finish in time anyway.
          if (now() >= op.startedAt + settings.timeoutMs) await store.operations.delete(op.id);
          return;
        }
        start(op, opLeased, responder, 0);
        resumed += 1;
      });
    }
    return resumed;
  };

  return {
    async follow(spec, target) {
      if (stopped) return;
      const data: OperationData = { lastStatus: null };
      const card = storableCard(target.card);
      if (card) data.card = card;
      const op: TrackedOperation = {
        id: randomUUID(),
        spec: structuredClone(spec),
        ref: structuredClone(target.ref),
        actor: structuredClone(target.actor),
        channelId: target.channelId,
        startedAt: target.startedAt,
        data: { ...data },
        ...(target.locale ? { locale: target.locale } : {}),
      };
      // The lease is taken before the record is visible, so no other process adopts it meanwhile.
      const opLeased = opLease(op.id);
      const persisted = opLeased
        .take()
        .then(() => store.operations.put(op.id, op))
        .catch((error: unknown) => warn('tracker: persist failed', { err: error, op: op.id }));
      start(op, opLeased, target.responder, settings.pollMinMs, target.card);
      await persisted;
    },

    async resume(responderFor) {
      if (stopped) return 0;
      const resumed = await adopt(responderFor);
      if (!adopting) {
        adopting = setInterval(() => {
          adopt(responderFor).catch((error: unknown) => warn('tracker: adopting failed', { err: error }));
        }, adoptIntervalMs);
        adopting.unref();
      }
      return resumed;
    },

    active: () => [...running],

    stop() {
      stopped = true;
      clearInterval(adopting);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      // Operations cut short stop renewing their leases too, so another process can adopt them.
      for (const opLeased of held) opLeased.abandon();
      held.clear();
      running.clear();
    },
  };
}
