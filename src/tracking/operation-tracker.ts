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
import type { OperationData, PollSettings } from './follow-operation.js';
import { followers } from './followers.js';
import { adoptEvery, adoptStored, type AdoptionDeps } from './adoption.js';
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

type Warn = (message: string, detail: Record<string, unknown>) => void;

function positive(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** A persistable copy of a card: binary attachments do not belong in the store. */
function storableCard(card: Message | undefined): Message | undefined {
  if (!card) return undefined;
  const { attachments: _dropped, actions: _actions, ...rest } = card;
  return rest;
}

/** The polling settings, each defaulted when absent or not a positive number. */
function pollSettings(options: OperationTrackerOptions): PollSettings {
  const pollMinMs = positive(options.pollMinMs, 2000);
  return {
    pollMinMs,
    pollMaxMs: Math.max(pollMinMs, positive(options.pollMaxMs, 15_000)),
    timeoutMs: positive(options.timeoutMs, 10 * 60_000),
    editIntervalMs: positive(options.editIntervalMs, 5000),
  };
}

/** The clock in epoch milliseconds, whether it tells numbers or Dates. */
function epochClock(clock: () => number | Date = Date.now): () => number {
  return () => {
    const value = clock();
    return value instanceof Date ? value.getTime() : value;
  };
}

/** The record of a newly confirmed operation: copies, so later edits of the target do not leak in. */
function trackedOperation(spec: FollowSpec, target: FollowTarget): TrackedOperation {
  const data: OperationData = { lastStatus: null };
  const card = storableCard(target.card);
  if (card) data.card = card;
  return {
    id: randomUUID(),
    spec: structuredClone(spec),
    ref: structuredClone(target.ref),
    actor: structuredClone(target.actor),
    channelId: target.channelId,
    startedAt: target.startedAt,
    data: { ...data },
    ...(target.locale ? { locale: target.locale } : {}),
  };
}

/** This process's lease on one operation (`op:<id>`), its renewal failures warned. */
function leaseMaker(options: OperationTrackerOptions, warn: Warn): (id: string) => Lease {
  const owner = options.owner ?? randomUUID();
  const leaseTtlMs = positive(options.leaseTtlMs, 15_000);
  return (id) =>
    lease(options.store.leases, operationLease(id), owner, leaseTtlMs, {
      onError: (error) => warn('tracker: lease renewal failed', { err: error, op: id }),
    });
}

/** Builds the tracker the core (src/app/core.ts createCore) takes as deps.tracker. */
export function createOperationTracker(options: OperationTrackerOptions): RunningTracker {
  const settings = pollSettings(options);
  const now = epochClock(options.now);
  const tenants = options.tenants ?? SINGLE_TENANT;
  const adoptIntervalMs = positive(options.adoptIntervalMs, 10_000);
  const { store } = options;
  let stopped = false;
  let adopting: NodeJS.Timeout | undefined;
  const warn: Warn = (message, detail) => options.logger?.warn(detail, message);

  const following = followers(
    {
      api: options.api,
      store: options.store,
      settings,
      now,
      stopped: () => stopped,
      warn,
      ...(options.replay ? { replay: options.replay } : {}),
      tenant: () => tenants.current(),
      runAs: tenants.run,
    },
    options.onDone,
  );
  const { running, start } = following;

  const opLease = leaseMaker(options, warn);

  const adoption: AdoptionDeps = {
    store,
    tenants,
    replay: options.replay,
    timeoutMs: settings.timeoutMs,
    now,
    stopped: () => stopped,
    following: (id) => running.has(id),
    leaseOf: opLease,
    follow: (op, opLeased, responder) => start(op, opLeased, responder, 0),
  };

  return {
    async follow(spec, target) {
      if (stopped) return;
      const op = trackedOperation(spec, target);
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
      const resumed = await adoptStored(adoption, responderFor);
      adopting ??= adoptEvery(adoptIntervalMs, adoption, responderFor, warn);
      return resumed;
    },

    active: () => [...running],

    stop() {
      stopped = true;
      clearInterval(adopting);
      following.stopAll();
    },
  };
}
