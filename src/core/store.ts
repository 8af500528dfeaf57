// Bot state behind a small async interface (so a shared multi-replica store can come later):
// pending confirmations, channel bindings, known hostnames and followed operations.
// This module holds the interface and the in-memory implementation; file-store.ts persists it.
import type { Message } from '../render/message.js';
import type { FollowSpec, ResolvedInstance } from './command.js';
import type { Actor, MessageRef, Platform } from './ports.js';

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
  /** 'used' once confirmed, cancelled or expired — kept briefly so late clicks get "already used". */
  status: 'pending' | 'used';
  usedAt?: number;
  /** "<platform>:<userId>" of whoever confirmed or cancelled, or "expiry". */
  usedBy?: string;
  /** How it was used, so a late click gets the precise answer (expired / confirmed by X / cancelled by Y). */
  resolution?: PendingResolution;
}

/** How a pending confirmation ended. */
export type PendingResolution = 'confirmed' | 'cancelled' | 'expired';

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
}

/** A hostname the bot has seen, for resolving references and autocomplete. */
export interface KnownHostname {
  uuid: string;
  hostname: string;
}

/** The bot's persistent state; every method is async so another backend can replace this one. */
export interface BotStore {
  putPending(pending: PendingConfirmation): Promise<void>;
  getPending(token: string): Promise<PendingConfirmation | null>;
  /** Atomically marks a pending confirmation used; null when missing or already used (exactly one winner). */
  takePending(
    token: string,
    usedBy: string,
    at: number,
    resolution: PendingResolution,
  ): Promise<PendingConfirmation | null>;
  /** Attaches the card ref to a still-pending confirmation; false when it is gone or used. */
  setPendingCard(token: string, ref: MessageRef): Promise<boolean>;
  deletePending(token: string): Promise<void>;
  listPending(): Promise<PendingConfirmation[]>;
  /** Binds (or with null unbinds) a channel, keyed "<platform>:<channelId>". */
  bind(channelKey: string, instance: ResolvedInstance | null): Promise<void>;
  binding(channelKey: string): Promise<ResolvedInstance | null>;
  rememberHostname(uuid: string, hostname: string): Promise<void>;
  hostnameOf(uuid: string): Promise<string | null>;
  /** Forgets a hostname once its instance is known to be gone (deleted, or 404 from the API). */
  forgetHostname(uuid: string): Promise<void>;
  /** Uuids known under this hostname (case-insensitive); more than one means ambiguous. */
  uuidsOfHostname(hostname: string): Promise<string[]>;
  knownHostnames(): Promise<KnownHostname[]>;
  putOperation(op: TrackedOperation): Promise<void>;
  listOperations(): Promise<TrackedOperation[]>;
  deleteOperation(id: string): Promise<void>;
  close(): Promise<void>;
}

/** The serialisable state behind the store. */
export interface StoreState {
  version: 1;
  pending: Record<string, PendingConfirmation>;
  bindings: Record<string, ResolvedInstance>;
  hostnames: Record<string, string>;
  operations: Record<string, TrackedOperation>;
}

/** An empty state. */
export function emptyState(): StoreState {
  return { version: 1, pending: {}, bindings: {}, hostnames: {}, operations: {} };
}

/** How long used / expired confirmations are kept so late clicks get a precise answer. */
export const USED_RETENTION_MS = 60 * 60_000;

/** Drops used confirmations past retention and pending ones long expired. */
export function pruneState(state: StoreState, now: number): void {
  for (const [token, p] of Object.entries(state.pending)) {
    if (Math.max(p.expiresAt, p.usedAt ?? 0) + USED_RETENTION_MS < now) delete state.pending[token];
  }
}

const clone = <T>(value: T): T => structuredClone(value);

/**
 * A store over an in-memory state; `persist` (if given) is awaited after every change.
 * Each mutation is synchronous on the state, which makes takePending atomic within a process.
 */
export function createStateStore(
  state: StoreState,
  persist: (state: StoreState) => Promise<void> = async () => {},
  onClose: () => Promise<void> = async () => {},
): BotStore {
  const changed = () => persist(state);
  return {
    async putPending(pending) {
      state.pending[pending.token] = clone(pending);
      await changed();
    },
    async getPending(token) {
      const found = state.pending[token];
      return found ? clone(found) : null;
    },
    async takePending(token, usedBy, at, resolution) {
      const found = state.pending[token];
      if (!found || found.status !== 'pending') return null;
      found.status = 'used';
      found.usedAt = at;
      found.usedBy = usedBy;
      found.resolution = resolution;
      const taken = clone(found);
      pruneState(state, at);
      await changed();
      return taken;
    },
    async setPendingCard(token, ref) {
      const found = state.pending[token];
      if (!found || found.status !== 'pending') return false;
      found.cardRef = clone(ref);
      await changed();
      return true;
    },
    async deletePending(token) {
      delete state.pending[token];
      await changed();
    },
    async listPending() {
      return Object.values(state.pending).map(clone);
    },
    async bind(channelKey, instance) {
      if (instance) state.bindings[channelKey] = clone(instance);
      else delete state.bindings[channelKey];
      await changed();
    },
    async binding(channelKey) {
      const found = state.bindings[channelKey];
      return found ? clone(found) : null;
    },
    async rememberHostname(uuid, hostname) {
      const key = uuid.toLowerCase();
      if (state.hostnames[key] === hostname) return;
      state.hostnames[key] = hostname;
      await changed();
    },
    async hostnameOf(uuid) {
      return state.hostnames[uuid.toLowerCase()] ?? null;
    },
    async forgetHostname(uuid) {
      const key = uuid.toLowerCase();
      if (!(key in state.hostnames)) return;
      delete state.hostnames[key];
      await changed();
    },
    async uuidsOfHostname(hostname) {
      const wanted = hostname.toLowerCase();
      return Object.entries(state.hostnames)
        .filter(([, name]) => name.toLowerCase() === wanted)
        .map(([uuid]) => uuid);
    },
    async knownHostnames() {
      return Object.entries(state.hostnames).map(([uuid, hostname]) => ({ uuid, hostname }));
    },
    async putOperation(op) {
      state.operations[op.id] = clone(op);
      await changed();
    },
    async listOperations() {
      return Object.values(state.operations).map(clone);
    },
    async deleteOperation(id) {
      delete state.operations[id];
      await changed();
    },
    close: onClose,
  };
}

/** An in-memory store (tests, library use). */
export function createMemoryStore(): BotStore {
  return createStateStore(emptyState());
}
