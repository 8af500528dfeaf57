// The audit trail's port: every invocation and every confirmation action leaves exactly one
// record, with secret arguments redacted. A confirmed call is written ahead: a `calling` record
// before the API is asked, then its outcome under the same callId, so a process killed in between
// leaves a trace the next start closes as unknown. Stores implement it (src/store: the embedded
// JSON-lines file, Redis, memory).
import { randomBytes } from 'node:crypto';
import type { AuditRecord, CommandDefinition } from '../command.js';
import { shorten } from '../../render/shorten.js';

/** This process's random replica id: whose `calling` records these are, when replicas share a trail. */
export const REPLICA_ID = randomBytes(6).toString('hex');

/**
 * The audit trail: append, read back the recent history of one channel, and find write-ahead
 * `calling` records that never got their outcome.
 */
export interface AuditLog {
  /** Appends one record; a `calling` record (with callId) is closed by a later record with the same callId. */
  write(record: AuditRecord): Promise<void>;
  /** Records of one channel (optionally one platform), newest first; a closed `calling` record is not listed. */
  recent(channelId: string, limit: number, platform?: string): Promise<AuditRecord[]>;
  /** Records of every channel and platform, newest first (admins' `audit --all-channels`). */
  recentAcrossChannels(limit: number): Promise<AuditRecord[]>;
  /** `calling` records without an outcome whose time is before `before` (epoch ms), oldest first. */
  unfinished(before: number): Promise<AuditRecord[]>;
  /**
   * The newest record that answered this invocation's confirmation (confirmed — its write-ahead
   * `calling` record counts —, cancelled or expired), if the trail still has it.
   */
  answered(invocationId: string): Promise<AuditRecord | undefined>;
  close(): Promise<void>;
}

const REDACTED = '[redacted]';

/** Arguments as they may be written down: secrets replaced, long strings cut. */
export function redactArgs(
  def: CommandDefinition | undefined,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (def?.args[key]?.secret) out[key] = REDACTED;
    else out[key] = typeof value === 'string' ? shorten(value, 201) : value;
  }
  return out;
}

/** Whether a record answers a confirmation: confirmed (or its call), cancelled or expired. */
export function answersConfirmation(record: AuditRecord): boolean {
  return (
    record.confirmation === 'confirmed' ||
    record.confirmation === 'cancelled' ||
    record.confirmation === 'expired'
  );
}

/** Whether a record belongs to the channel (and platform, when given). */
export function inChannel(record: AuditRecord, channelId: string, platform?: string): boolean {
  return record.channelId === channelId && (!platform || record.platform === platform);
}
