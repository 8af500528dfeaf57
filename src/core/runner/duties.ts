// The core's background duties, beside the commands: this replica kept known as alive (its
// `calling` records are live ones), the sweeper expiring cards any process left, and closing the
// confirmed calls a dead process left at `calling`. Each edits cards through the one outbound path.
import { REPLICA_ID } from '../audit/audit.js';
import {
  closeInterrupted,
  knownOutcome,
  recordChannelLocale,
  startClosingInterrupted,
  type InterruptedDeps,
} from '../audit/interrupted.js';
import { keepReplicaAlive } from '../audit/replica-alive.js';
import { startExpirySweeper } from '../confirmation/expiry.js';
import { outcomeReplayKey } from '../confirmation/outcome-record.js';
import type { Runtime } from '../context.js';
import type { MessageRef, Responder } from '../ports.js';
import type { CoreSetup } from '../settings.js';
import type { TenantScope } from '../tenant-port.js';
import type { Outbound } from './outbound.js';
import { startScheduleRunner } from '../schedule/schedule-runner.js';
import type { SchedulePoster } from '../schedule/run-scheduled.js';

/** The duties the app starts once its adapters are up. */
export interface CoreDuties {
  /** Expires cards left by any process (under a lease), editing them through `responderFor`. */
  startExpirySweeper(responderFor: (ref: MessageRef) => Responder | null, intervalMs?: number): void;
  /**
   * Closes confirmed calls a dead process left at `calling` (older than settings.interruptedAfterMs)
   * as unknown (interrupted) and edits their cards through `responderFor`; resolves with how many.
   */
  closeInterrupted(responderFor: (ref: MessageRef) => Responder | null): Promise<number>;
  /**
   * Closes interrupted calls every `intervalMs` from now on (under a lease: one replica at a time),
   * so a call whose process died is closed without waiting for a restart.
   */
  startClosingInterrupted(responderFor: (ref: MessageRef) => Responder | null, intervalMs: number): void;
  /**
   * Runs scheduled actions at their time from now on (serve): every `intervalMs` the replica holding
   * the runner lease settles what is due, posting through `posters`.
   */
  startSchedules(posters: readonly SchedulePoster[], intervalMs: number): void;
}

/** Keeps this replica alive at once; the other duties start when asked. `stop` ends them all. */
export async function startCoreDuties(
  rt: Runtime,
  settings: CoreSetup,
  outbound: Outbound,
  tenants?: TenantScope,
): Promise<CoreDuties & { stop(): void }> {
  const { store, audit, logger, now } = rt;
  const stops: (() => void)[] = [];
  // Before any click can be confirmed: this process's `calling` records are known to be live ones.
  stops.push(await keepReplicaAlive(store.leases, REPLICA_ID, settings.leaseTtlMs, logger));
  const interruptedDeps: InterruptedDeps = {
    audit,
    logger,
    now,
    olderThanMs: settings.interruptedAfterMs,
    replica: REPLICA_ID,
    lease: { leases: store.leases, ttlMs: settings.leaseTtlMs },
    known: knownOutcome(store),
    replaying: (callId) => rt.replay.has(outcomeReplayKey(callId)),
    localeOf: recordChannelLocale(store, settings.locale),
    ...(tenants ? { tenants } : {}),
  };
  const outgoing = (responderFor: (ref: MessageRef) => Responder | null) => (ref: MessageRef) => {
    const responder = responderFor(ref);
    return responder ? outbound.responder(responder) : null;
  };
  return {
    startExpirySweeper(responderFor, intervalMs) {
      stops.push(
        startExpirySweeper(rt, {
          owner: rt.owner,
          responderFor: outgoing(responderFor),
          ...(intervalMs ? { intervalMs } : {}),
        }),
      );
    },
    closeInterrupted: (responderFor) => closeInterrupted(interruptedDeps, outgoing(responderFor)),
    startClosingInterrupted(responderFor, intervalMs) {
      stops.push(startClosingInterrupted(interruptedDeps, outgoing(responderFor), intervalMs));
    },
    startSchedules(posters, intervalMs) {
      stops.push(startScheduleRunner(rt, { owner: rt.owner, posters, intervalMs }));
    },
    stop() {
      for (const stop of stops.splice(0)) stop();
    },
  };
}
