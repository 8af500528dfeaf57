// Scheduled actions as the store keeps them (COLLECTIONS.schedules, keyed by id, tenant-scoped like
// every collection), and the claim that gives one run to exactly one replica: a lease named after
// the tenant and the id, taken with an owner no other attempt shares, so the store's atomic acquire
// decides (memory, embedded journal, Redis script alike). The winner deletes the record before it runs.
import { randomBytes } from 'node:crypto';
import type { Actor, Platform } from '../ports.js';
import { lease } from '../leases.js';
import { COLLECTIONS, type BotStore, type RecordCollection } from '../store.js';
import type { Locale } from '../../i18n/locale.js';

/** One action waiting for its time; approved (or needing none) when it was stored. */
export interface ScheduledAction {
  /** Short id people type to `unschedule` (8 hex characters). */
  id: string;
  /** The command path to run, e.g. "instance stop". */
  command: string;
  /** Its parsed, resolved arguments, as a confirmation keeps them. */
  args: Record<string, unknown>;
  /** The arguments as written to the audit log (secrets redacted). */
  auditArgs: Record<string, unknown>;
  /** What it acts on (the preview's targets; the first is its label). */
  targets: string[];
  requester: Actor;
  /** Who confirmed a two-person action at scheduling time (absent: the requester's own confirmation, or none needed). */
  approvedBy?: Actor;
  platform: Platform;
  channelId: string;
  runAt: number;
  /** The zone it was asked in (how it was said back). */
  zone: string;
  createdAt: number;
  /** The invocation that scheduled it (its audit record). */
  invocationId: string;
  /** The requester's language, for the card of the run. */
  locale?: Locale;
  /** The tenant it belongs to (OAuth mode; stamped by the tenant-scoped store). */
  tenant?: string;
}

/** A new schedule id. */
export function newScheduleId(): string {
  return randomBytes(4).toString('hex');
}

/** The schedules of the current tenant (all of them, each with its tenant, outside any tenant). */
export function scheduleBook(store: Pick<BotStore, 'collection'>): RecordCollection<ScheduledAction> {
  return store.collection<ScheduledAction>(COLLECTIONS.schedules);
}

/** The claim's lease name: keyed by tenant, since leases are shared by every tenant. */
export function claimName(schedule: Pick<ScheduledAction, 'id' | 'tenant'>): string {
  return `schedule-run:${schedule.tenant ?? ''}:${schedule.id}`;
}

/** How long a claim is kept: past any retry of the same record, which is deleted by then. */
export const CLAIM_TTL_MS = 24 * 3_600_000;

/**
 * Claims `schedule` for one run: true for exactly one caller however many replicas try; the claimer
 * then reads the record again (null: already run and deleted) and deletes it before running.
 */
export async function claimSchedule(
  store: Pick<BotStore, 'collection' | 'leases'>,
  schedule: Pick<ScheduledAction, 'id' | 'tenant'>,
): Promise<ScheduledAction | null> {
  const attempt = `claim:${randomBytes(8).toString('hex')}`;
  // Never renewed nor released: it only has to outlast the record, which the winner deletes.
  if (!(await lease(store.leases, claimName(schedule), attempt, CLAIM_TTL_MS).take())) return null;
  const book = scheduleBook(store);
  const current = await book.get(schedule.id);
  if (!current) return null;
  await book.delete(schedule.id);
  return current;
}

/** This channel's pending schedules, soonest first. */
export async function schedulesIn(
  store: Pick<BotStore, 'collection'>,
  platform: Platform,
  channelId: string,
): Promise<ScheduledAction[]> {
  const all = await scheduleBook(store).list();
  return all
    .filter((s) => s.platform === platform && s.channelId === channelId)
    .sort((a, b) => a.runAt - b.runAt);
}
