// At start and then periodically: closes write-ahead `calling` audit records a dead process left
// behind as `unknown` (interrupted), and edits their cards to say the outcome is unknown, with the
// buttons gone — unless the store knows better: the call's outcome kept there (only its audit
// write was lost), or a followed operation on its card (the tracker settles it from the API's
// state). A record is closed once it is older than a bound no live replica can still be working
// within, or — with a lease store — as soon as its replica's liveness lease lapsed (that process
// is gone; replica-alive.ts). Replicas close them exactly once: one pass runs under a lease
// (renewed per record), and a replica that finds it taken leaves the work to its holder.
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../logger.js';
import type { AuditLog } from './audit.js';
import type { AuditRecord } from '../command.js';
import type { MessageRef, Responder } from '../ports.js';
import { replicaAliveLease } from './replica-alive.js';
import { lease as leaseOf, type Lease } from '../leases.js';
import { COLLECTIONS, type BotStore, type CallOutcome, type LeaseStore } from '../store.js';
import { interruptedCard } from './unknown-outcome.js';
import { SINGLE_TENANT, type TenantScope } from '../tenant-port.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';
import { channelLocale } from '../channel-language.js';

/** Name of the lease a closing pass runs under. */
export const INTERRUPTED_LEASE = 'close-interrupted';

/** What closing interrupted calls needs. */
export interface InterruptedDeps {
  audit: AuditLog;
  logger: Logger;
  now: () => Date;
  /** Records younger than this may belong to a live replica still waiting on the API. */
  olderThanMs: number;
  /** This process's replica id, written on the closing records. */
  replica: string;
  /**
   * Shared leases (the store's): without them every caller closes what it finds. With them, a
   * record at least `ttlMs` old whose replica's liveness lease lapsed is closed before the bound.
   */
  lease?: { leases: LeaseStore; ttlMs: number };
  /** What the bot's state says about a call, checked before calling it unknown (see knownOutcome). */
  known?: (record: AuditRecord) => Promise<KnownOutcome | null>;
  /** OAuth mode: each record is closed as its tenant's (its kept outcome, its card's bot token). */
  tenants?: TenantScope;
  /** The language of the record's channel, which its card is edited in (default English). */
  localeOf?: (record: AuditRecord) => Promise<Locale>;
  /** Whether this process holds the call's outcome, waiting for the store to take it: left alone. */
  replaying?: (callId: string) => boolean;
}

/**
 * What is known about an interrupted call: its outcome kept in the store (its audit write was
 * lost), or a followed operation on its card (the tracker settles the card from the API's state).
 */
export type KnownOutcome =
  { kind: 'outcome'; outcome: CallOutcome; forget(): Promise<void> } | { kind: 'followed' };

/** The language of a record's channel (its `language`, else `fallback`); `fallback` when the store cannot say. */
export function recordChannelLocale(store: BotStore, fallback: Locale = DEFAULT_LOCALE) {
  return (record: AuditRecord): Promise<Locale> =>
    channelLocale(store, record.platform, record.channelId, fallback).then(
      (found) => found.locale,
      () => fallback,
    );
}

/** Looks a call up in the store: the kept outcome by callId, then a followed operation on its card. */
export function knownOutcome(store: Pick<BotStore, 'collection' | 'operations'>) {
  return async (record: AuditRecord): Promise<KnownOutcome | null> => {
    const outcomes = store.collection<CallOutcome>(COLLECTIONS.callOutcomes);
    const callId = record.callId;
    const outcome = callId ? await outcomes.get(callId) : null;
    if (outcome && callId) return { kind: 'outcome', outcome, forget: () => outcomes.delete(callId) };
    const ref = record.cardRef;
    if (!ref) return null;
    const followed = (await store.operations.list()).some(
      (op) => op.ref.platform === ref.platform && op.ref.channelId === ref.channelId && op.ref.id === ref.id,
    );
    return followed ? { kind: 'followed' } : null;
  };
}

/** Closes every interrupted call; resolves with how many this caller closed. Never throws. */
export async function closeInterrupted(
  deps: InterruptedDeps,
  responderFor: (ref: MessageRef) => Responder | null,
): Promise<number> {
  // Unique per pass, so two bots in one process (same replica id) still exclude each other.
  const owner = `${deps.replica}:${randomUUID()}`;
  const lease = deps.lease && leaseOf(deps.lease.leases, INTERRUPTED_LEASE, owner, deps.lease.ttlMs);
  try {
    if (lease && !(await lease.take())) {
      deps.logger.info(
        { holder: await deps.lease?.leases.holder(INTERRUPTED_LEASE) },
        'another replica is closing interrupted calls',
      );
      return 0;
    }
  } catch (error) {
    deps.logger.warn({ err: error }, 'taking the lease to close interrupted calls failed');
    return 0;
  }
  try {
    return await closeAll(deps, responderFor, lease);
  } finally {
    await lease
      ?.release()
      .catch((error: unknown) =>
        deps.logger.warn({ err: error }, 'releasing the interrupted-calls lease failed'),
      );
  }
}

async function closeAll(
  deps: InterruptedDeps,
  responderFor: (ref: MessageRef) => Responder | null,
  lease: Lease | undefined,
): Promise<number> {
  const at = deps.now();
  const youngest = Math.min(deps.olderThanMs, deps.lease?.ttlMs ?? deps.olderThanMs);
  let records: AuditRecord[];
  try {
    records = await deps.audit.unfinished(at.getTime() - youngest);
  } catch (error) {
    deps.logger.warn({ err: error }, 'reading the audit log for interrupted calls failed');
    return 0;
  }
  const closed = { unknown: 0, fromKeptOutcome: 0, leftToTracker: 0 };
  let total = 0;
  for (const record of records) {
    if (record.callId && deps.replaying?.(record.callId)) continue;
    if (!(await abandoned(deps, record, at.getTime()))) continue;
    // A pass that outlived its lease stops: another replica may be closing the rest by now.
    if (total > 0 && lease && !(await renewed(deps, lease))) break;
    const how = await (deps.tenants ?? SINGLE_TENANT).run(record.tenant, () =>
      closeOne(deps, responderFor, record, at),
    );
    closed[how] += 1;
    total += 1;
  }
  // One line per pass, saying how each was closed (a kept outcome is not "unknown").
  if (total > 0)
    deps.logger.warn(
      closed,
      `closed ${total} interrupted confirmed call(s): ${closed.unknown} as unknown, ${closed.fromKeptOutcome} from their kept outcome, ${closed.leftToTracker} left to the operation tracker`,
    );
  return total;
}

/** Old enough that no live replica can be waiting on it, or its replica is gone. */
async function abandoned(deps: InterruptedDeps, record: AuditRecord, at: number): Promise<boolean> {
  if (Date.parse(record.time) < at - deps.olderThanMs) return true;
  if (!deps.lease || !record.replica || record.replica === deps.replica) return false;
  try {
    return (await deps.lease.leases.holder(replicaAliveLease(record.replica))) === null;
  } catch (error) {
    deps.logger.warn({ err: error }, 'checking whether a replica is alive failed');
    return false;
  }
}

/** Runs a closing pass every `intervalMs` (each under the lease as above); returns a stop function. */
export function startClosingInterrupted(
  deps: InterruptedDeps,
  responderFor: (ref: MessageRef) => Responder | null,
  intervalMs: number,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    closeInterrupted(deps, responderFor)
      .catch(() => 0)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

async function renewed(deps: InterruptedDeps, lease: Lease): Promise<boolean> {
  const held = await lease.renew().catch(() => false);
  if (!held)
    deps.logger.warn('lost the lease while closing interrupted calls; the next pass closes the rest');
  return held;
}

async function closeOne(
  deps: InterruptedDeps,
  responderFor: (ref: MessageRef) => Responder | null,
  record: AuditRecord,
  at: Date,
): Promise<'unknown' | 'fromKeptOutcome' | 'leftToTracker'> {
  const known = await deps.known?.(record).catch((error: unknown) => {
    deps.logger.warn({ err: error }, 'reading what the store knows of an interrupted call failed');
    return null;
  });
  if (known?.kind === 'outcome') {
    // Only the audit record was lost: the card already says what happened.
    const { outcome } = known;
    await deps.audit
      .write({
        ...record,
        time: at.toISOString(),
        result: outcome.result,
        ...(outcome.errorId ? { errorId: outcome.errorId } : {}),
        summary: outcome.summary ?? 'outcome recovered from the bot’s state store',
        replica: deps.replica,
        durationMs: 0,
      })
      .then(() => known.forget())
      .catch((error: unknown) => deps.logger.error({ err: error }, 'audit write failed'));
    return 'fromKeptOutcome';
  }
  await deps.audit
    .write({
      ...record,
      time: at.toISOString(),
      result: 'unknown',
      interrupted: true,
      errorId: 'interrupted',
      summary: 'interrupted: the bot stopped before the hosting API answered',
      replica: deps.replica,
      durationMs: 0,
    })
    .catch((error: unknown) => deps.logger.error({ err: error }, 'audit write failed'));
  // A followed card is settled by the tracker from the API's current state: left as it is here.
  const responder = record.cardRef && known?.kind !== 'followed' ? responderFor(record.cardRef) : null;
  if (record.cardRef && responder) {
    const locale = await (deps.localeOf?.(record) ?? DEFAULT_LOCALE);
    await responder
      .update(record.cardRef, interruptedCard(record, locale))
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'editing an interrupted card failed'));
  }
  if (known?.kind === 'followed') return 'leftToTracker';
  deps.logger.warn(
    { command: record.command, callId: record.callId, replica: record.replica },
    'confirmed call interrupted by a restart: outcome unknown',
  );
  return 'unknown';
}
