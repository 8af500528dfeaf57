// The OperationTracker the core hands confirmed long operations to (stop, delete, restore…).
// Every followed operation is persisted in the BotStore until it ends, so a restarted bot can
// pick it up again with resume(); timers are unref'd and stop() cancels them all.
import { randomUUID } from 'node:crypto';
import type { HostingApi } from '../api/index.js';
import type { FollowSpec } from '../core/command.js';
import type { Responder } from '../core/ports.js';
import type { BotStore, TrackedOperation } from '../core/store.js';
import type { FollowTarget, OperationTracker } from '../core/tracking-port.js';
import type { Message } from '../render/message.js';
import { runOperation, type OperationData, type PollSettings } from './follow-operation.js';
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
}

/**
 * A follow target that may carry the card as the runner showed it, so progress lines are
 * appended to the confirmation record instead of replacing it.
 */
export interface TrackedTarget extends FollowTarget {
  card?: Message;
}

/** The tracker plus its lifecycle: re-follow persisted operations on start, cancel on shutdown. */
export interface RunningTracker extends OperationTracker {
  follow(spec: FollowSpec, target: TrackedTarget): void;
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

/** Builds the tracker the core's createBot takes as deps.tracker. */
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
  const running = new Set<string>();
  let stopped = false;
  const warn = (message: string, detail: Record<string, unknown>): void =>
    options.logger?.warn(detail, message);

  const deps = {
    api: options.api,
    store: options.store,
    settings,
    now,
    stopped: () => stopped,
    warn,
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

  const start = (op: TrackedOperation, responder: Responder, firstDelayMs: number, card?: Message): void => {
    running.add(op.id);
    void runOperation(op, responder, deps, { firstDelayMs, card }).then((outcome) => {
      running.delete(op.id);
      if (outcome) options.onDone?.(op, outcome);
    });
  };

  return {
    follow(spec, target) {
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
      };
      options.store
        .putOperation(op)
        .catch((error: unknown) => warn('tracker: persist failed', { err: error, op: op.id }));
      start(op, target.responder, settings.pollMinMs, target.card);
    },

    async resume(responderFor) {
      if (stopped) return 0;
      let resumed = 0;
      for (const op of await options.store.listOperations()) {
        if (running.has(op.id)) continue;
        const responder = responderFor(op);
        if (!responder) {
          // Nobody can show its outcome; drop it once it could no longer finish in time anyway.
          if (now() >= op.startedAt + settings.timeoutMs) await options.store.deleteOperation(op.id);
          continue;
        }
        start(op, responder, 0);
        resumed += 1;
      }
      return resumed;
    },

    active: () => [...running],

    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      running.clear();
    },
  };
}
