// The bot's shared state, split by concern: pending confirmations, channel bindings, the hostname
// directory, tracked operations, leases and short-lived adapter state. Three implementations
// share this port and one contract suite: memory (tests), embedded (journal in the data dir, one
// process) and Redis (several replicas). "Take once", "attach card" and leases are explicit
// compare-and-set operations so that exactly one process wins however clicks are spread.
import type { Message } from '../render/message.js';
import type { FollowSpec } from './command.js';
import type { ResolvedInstance } from './ports.js';
import type { EphemeralState } from './ephemeral-state.js';
import type { Actor, MessageRef, Platform } from './ports.js';
import type { Locale } from '../i18n/locale.js';
import type { StoryLog } from './story.js';

/** How a pending confirmation ended. */
export type PendingResolution = 'confirmed' | 'cancelled' | 'expired';

/** A destructive action waiting for Confirm / Cancel; the button carries only `token`. */
export interface PendingConfirmation {
  token: string;
  /** Command path, e.g. "instance stop". */
  command: string;
  /** Parsed, resolved arguments (instance refs already {uuid,label}). */
  args: Record<string, unknown>;
  /** Arguments as written to the audit log (secrets redacted). */
  auditArgs: Record<string, unknown>;
  requester: Actor;
  platform: Platform;
  channelId: string;
  invocationId: string;
  createdAt: number;
  expiresAt: number;
  targets: string[];
  typedConfirmation?: string;
  /** Whether policy says a second person (an admin) must confirm. */
  twoPerson: boolean;
  cardRef?: MessageRef;
  /** The preview card as shown (without buttons), to edit it to its final state later. */
  card?: Message;
  /** 'used' once confirmed, cancelled or expired — kept briefly so late clicks get a precise answer. */
  status: 'pending' | 'used';
  usedAt?: number;
  /** "<platform>:<userId>" of whoever confirmed or cancelled, or "expiry". */
  usedBy?: string;
  /** How it was used, so a late click gets the precise answer (expired / confirmed by X / cancelled by Y). */
  resolution?: PendingResolution;
  /** Id of the click (or sweep) that took it: after a lost reply, the taker re-reads and recognises its own take. */
  takeId?: string;
  /** The tenant it was asked in (OAuth mode; see tenant-port.ts): only that tenant may answer it. */
  tenant?: string;
}

/** A long operation being followed (written and read by the tracking module). */
export interface TrackedOperation {
  id: string;
  spec: FollowSpec;
  ref: MessageRef;
  actor: Actor;
  channelId: string;
  startedAt: number;
  /** Free-form progress state for the tracker (last status, next poll…). */
  data?: Record<string, unknown>;
  /** The tenant it was confirmed in (OAuth mode): followed with that tenant's key and token. */
  tenant?: string;
  /** The card's language, which its progress and outcome lines keep (absent: English). */
  locale?: Locale;
}

/** A hostname the bot has seen, for resolving references and autocomplete. */
export interface KnownHostname {
  uuid: string;
  hostname: string;
}

/** Pending confirmations; each expires from the store by itself after expiry + USED_RETENTION_MS. */
export interface PendingStore {
  put(pending: PendingConfirmation): Promise<void>;
  get(token: string): Promise<PendingConfirmation | null>;
  /**
   * Compare-and-set pending → used: exactly one caller across all processes gets the confirmation
   * back (as it was before the take); every other gets null (missing, or already used).
   * `takeId` (the click's id) is stored with the used state: when the reply is lost, `get` shows
   * whether this click's take is the one that happened.
   */
  take(
    token: string,
    usedBy: string,
    at: number,
    resolution: PendingResolution,
    takeId?: string,
  ): Promise<PendingConfirmation | null>;
  /** Compare-and-set: attaches the card ref only while still pending; false when gone or used. */
  attachCard(token: string, ref: MessageRef): Promise<boolean>;
  delete(token: string): Promise<void>;
  /**
   * Still-pending confirmations whose expiry is at or before `at`, oldest first (the sweeper's work);
   * with `keep`, only those it accepts — filtered before the limit, so others' never crowd them out.
   */
  due(
    at: number,
    limit: number,
    keep?: (pending: PendingConfirmation) => boolean,
  ): Promise<PendingConfirmation[]>;
  /** How many are still pending (not used, not yet swept), for the gauge. */
  count(): Promise<number>;
}

/** Hostnames learned from the API, indexed both ways (lookups never scan the whole directory). */
export interface HostnameDirectory {
  remember(uuid: string, hostname: string): Promise<void>;
  hostnameOf(uuid: string): Promise<string | null>;
  /** Forgets an instance once it is known to be gone (deleted, or 404 from the API). */
  forget(uuid: string): Promise<void>;
  /** Uuids known under this hostname (case-insensitive); more than one means ambiguous. */
  uuidsOf(hostname: string): Promise<string[]>;
  /** Up to `limit` known hostnames, those starting with `prefix` (case-insensitive) first. */
  search(prefix: string, limit: number): Promise<KnownHostname[]>;
}

/** A keyed set of JSON records (bindings, operations, watches, alerts…). */
export interface RecordCollection<T> {
  put(id: string, value: T): Promise<void>;
  get(id: string): Promise<T | null>;
  delete(id: string): Promise<void>;
  list(): Promise<T[]>;
  count(): Promise<number>;
  /** Every record's id (an uninstall deletes a tenant's records by id); absent in stores that cannot list them. */
  ids?(): Promise<string[]>;
}

/** Named leases with an expiry: the one way work is given to exactly one replica at a time. */
export interface LeaseStore {
  /** Takes the lease if free (or expired, or already `owner`'s) for `ttlMs`; true when `owner` now holds it. */
  acquire(name: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Extends the lease only while `owner` still holds it. */
  renew(name: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up if `owner` holds it. */
  release(name: string, owner: string): Promise<void>;
  holder(name: string): Promise<string | null>;
}

/** `usedBy` of a confirmation the store voided after damage or data loss (it never ran). */
export const VOIDED_BY_STATE_CHECK = 'state-check';

/** Faults the store has met since it opened (counted for /metrics; each also logged at error). */
export interface StoreFaults {
  /** Writes the store refused (Redis OOM / READONLY, the journal's disk full or read-only). */
  writeFailures: number;
  /** Torn or corrupt journal lines found at open. */
  corruptRecords: number;
  /** Times Redis was found to have lost the bot's data (its epoch key vanished or changed). */
  dataLosses: number;
}

/** Which implementation is behind the port (banner, readiness, metrics). */
export type StoreKind = 'memory' | 'embedded' | 'redis';

/** The bot's state. Every method is async; every implementation passes test/contract/store-*. */
export interface BotStore {
  readonly kind: StoreKind;
  readonly pending: PendingStore;
  /** Channel bindings keyed "<platform>:<channelId>". */
  readonly bindings: RecordCollection<ResolvedInstance>;
  readonly hostnames: HostnameDirectory;
  readonly operations: RecordCollection<TrackedOperation>;
  readonly leases: LeaseStore;
  /** Short-lived adapter state (response_url handles, modal texts, interaction tokens). */
  readonly ephemeral: EphemeralState;
  /** Each channel's story: alert events, notes, hand-offs (story.ts). */
  readonly story: StoryLog;
  /** A further named collection (watches, alerts…); same name, same records. */
  collection<T>(name: string): RecordCollection<T>;
  /**
   * The shared store's own clock (ms since the epoch; Redis TIME), so replicas decide expiry on one
   * clock. Absent for a store one process owns: its clock is the process's.
   */
  time?(): Promise<number>;
  /**
   * Resolves when the store answers and accepts a write (readiness); rejects with the reason
   * otherwise (unreachable, refusing writes, or unsafe for confirmations).
   */
  ping(): Promise<void>;
  /** Faults counted so far (the memory store has none). */
  faults?(): StoreFaults;
  close(): Promise<void>;
}

/** How long used / expired confirmations are kept so late clicks get a precise answer. */
export const USED_RETENTION_MS = 60 * 60_000;

/** When a confirmation may be dropped from the store altogether. */
export function pendingDropAt(pending: PendingConfirmation): number {
  return Math.max(pending.expiresAt, pending.usedAt ?? 0) + USED_RETENTION_MS;
}

/** Collection names in use, so two features never share one by accident. */
export const COLLECTIONS = {
  bindings: 'bindings',
  operations: 'operations',
  hostnames: 'hostnames',
  /** Outcomes of confirmed calls by callId, kept until their audit record is written. */
  callOutcomes: 'call-outcomes',
  /** Installed workspaces / guilds with their sealed secrets (src/tenants). */
  tenants: 'tenants',
  /** Each channel's language for what everyone there sees (src/core/channel-language.ts). */
  channelLanguages: 'channel-languages',
  /** Many-tenant mode without a policy file: each tenant's roles (policy/tenant-roles.ts). */
  tenantRoles: 'tenant-roles',
  /** After an unknown outcome: the server held for that action until the outcome is learned (confirmation/unknown-hold.ts). */
  unknownHolds: 'unknown-holds',
} as const;

/** The core's named collections (beside bindings and operations) whose records belong to a tenant: an uninstall deletes them. */
export const TENANT_STATE_COLLECTIONS: readonly string[] = [
  COLLECTIONS.callOutcomes,
  COLLECTIONS.channelLanguages,
  COLLECTIONS.tenantRoles,
  COLLECTIONS.unknownHolds,
  ...(['snapshot', 'backup', 'network', 'ip'] as const).map((kind) => `seen-ids:${kind}`),
];

/** How a confirmed call ended, kept in the store until the audit has it (see COLLECTIONS.callOutcomes). */
export interface CallOutcome {
  callId: string;
  result: 'ok' | 'error' | 'unknown';
  errorId?: string;
  summary?: string;
}
