// The single-process BotStore: one in-memory table per concern; each change is reported as one
// (table, key, value) write, so the embedded store journals exactly the change, never the whole
// state. Mutations are synchronous, which makes take / attachCard / leases atomic in a process.
import type { ResolvedInstance, BotStore, TrackedOperation } from '../../core/index.js';
import type { KnownHostname, RecordCollection, StoreKind } from '../../core/kit/index.js';
import { createMemoryEphemeralState } from '../../adapter-kit/memory-ephemeral-state.js';
import { createMemoryLeases } from './memory-leases.js';
import { createTablePending } from './memory-pending.js';
import { createTableStory } from './memory-story.js';

/** One change: `value` null means the key was deleted. */
export interface TableWrite {
  table: string;
  key: string;
  value: unknown;
}

/** Tables of the persistent state; leases and ephemeral state are process-local by nature. */
export const TABLES = {
  pending: 'pending',
  hostnames: 'hostnames',
  bindings: 'bindings',
  operations: 'operations',
};

/** Settings of createTableStore. */
export interface TableStoreOptions {
  kind?: StoreKind;
  now?: () => number;
  /** Records to start from (a replayed journal). */
  initial?: Iterable<TableWrite>;
  /** Called after each change, in order; awaited by the method that made it. */
  onWrite?: (write: TableWrite) => Promise<void>;
  onClose?: () => Promise<void>;
  /** Ephemeral entries kept at most (oldest evicted first). */
  maxEphemeral?: number;
}

/** The tables plus the write path that keeps the hostname index and the journal in step. */
function createTables(options: TableStoreOptions) {
  const tables = new Map<string, Map<string, unknown>>();
  const byHostname = new Map<string, Set<string>>();
  const table = (name: string): Map<string, unknown> => {
    let found = tables.get(name);
    if (!found) tables.set(name, (found = new Map()));
    return found;
  };
  const index = (key: string, before: unknown, after: unknown): void => {
    if (typeof before === 'string') {
      const set = byHostname.get(before.toLowerCase());
      set?.delete(key);
      if (set && set.size === 0) byHostname.delete(before.toLowerCase());
    }
    if (typeof after === 'string') {
      const lower = after.toLowerCase();
      let set = byHostname.get(lower);
      if (!set) byHostname.set(lower, (set = new Set()));
      set.add(key);
    }
  };
  const apply = ({ table: name, key, value }: TableWrite): void => {
    const t = table(name);
    if (name === TABLES.hostnames) index(key, t.get(key), value);
    if (value === null || value === undefined) t.delete(key);
    else t.set(key, value);
  };
  for (const write of options.initial ?? []) apply(write);
  // Journal first, memory after: a change the journal refused is never seen. Changes to one key
  // run one after another, so a compare-and-set decides on what the journal already holds;
  // different keys still share the journal's group commit.
  const inFlight = new Map<string, Promise<unknown>>();
  const change = <R>(
    name: string,
    key: string,
    decide: (current: unknown) => { value: unknown; result: R } | undefined,
  ): Promise<R | undefined> => {
    const id = `${name}\u0000${key}`;
    const run = async (): Promise<R | undefined> => {
      const decided = decide(table(name).get(key));
      if (!decided) return undefined;
      const stored =
        decided.value === null || decided.value === undefined ? null : structuredClone(decided.value);
      await options.onWrite?.({ table: name, key, value: stored });
      apply({ table: name, key, value: stored });
      return decided.result;
    };
    const result = (inFlight.get(id) ?? Promise.resolve()).then(run, run);
    const settled = result.catch(() => undefined);
    inFlight.set(id, settled);
    void settled.then(() => {
      if (inFlight.get(id) === settled) inFlight.delete(id);
    });
    return result;
  };
  // A read of a key waits for a change to it already in flight, so a caller sees what it asked for
  // just before (an attached card, a put record) once the journal has it.
  const settledKey = async (name: string, key: string): Promise<void> => {
    await inFlight.get(`${name}\u0000${key}`);
  };
  const write = async (name: string, key: string, value: unknown): Promise<void> => {
    await change(name, key, () => ({ value, result: undefined }));
  };
  return { table, write, change, settledKey, byHostname, names: () => [...tables.keys()] };
}

type Tables = ReturnType<typeof createTables>;

function collectionOf<T>(tables: Tables, name: string): RecordCollection<T> {
  return {
    put: (id, value) => tables.write(name, id, value),
    async get(id) {
      await tables.settledKey(name, id);
      const found = tables.table(name).get(id);
      return found === undefined ? null : structuredClone(found as T);
    },
    async delete(id) {
      await tables.change(name, id, (found) =>
        found === undefined ? undefined : { value: null, result: undefined },
      );
    },
    async list() {
      return [...tables.table(name).values()].map((value) => structuredClone(value as T));
    },
    async count() {
      return tables.table(name).size;
    },
    async ids() {
      return [...tables.table(name).keys()];
    },
  };
}

/** Creates a store over in-memory tables; with `onWrite` it becomes the embedded store's core. */
export function createTableStore(options: TableStoreOptions = {}): BotStore & {
  /** Every live record as writes (the embedded store's compaction input). */
  snapshot(): TableWrite[];
} {
  const now = options.now ?? Date.now;
  const tables = createTables(options);
  const hostnames = () => tables.table(TABLES.hostnames) as Map<string, string>;
  return {
    kind: options.kind ?? 'memory',
    pending: createTablePending(tables, TABLES.pending, now),
    bindings: collectionOf<ResolvedInstance>(tables, TABLES.bindings),
    operations: collectionOf<TrackedOperation>(tables, TABLES.operations),
    hostnames: {
      async remember(uuid, hostname) {
        const key = uuid.toLowerCase();
        if (hostnames().get(key) !== hostname) await tables.write(TABLES.hostnames, key, hostname);
      },
      async hostnameOf(uuid) {
        return hostnames().get(uuid.toLowerCase()) ?? null;
      },
      async forget(uuid) {
        const key = uuid.toLowerCase();
        if (hostnames().has(key)) await tables.write(TABLES.hostnames, key, null);
      },
      async uuidsOf(hostname) {
        return [...(tables.byHostname.get(hostname.toLowerCase()) ?? [])];
      },
      async search(prefix, limit) {
        const wanted = prefix.toLowerCase();
        const first: KnownHostname[] = [];
        const rest: KnownHostname[] = [];
        for (const [uuid, hostname] of hostnames()) {
          (hostname.toLowerCase().startsWith(wanted) ? first : rest).push({ uuid, hostname });
          if (first.length >= limit) break;
        }
        return [...first, ...rest].slice(0, limit);
      },
    },
    leases: createMemoryLeases(now),
    ephemeral: createMemoryEphemeralState({ now, maxEntries: options.maxEphemeral ?? 50_000 }),
    story: createTableStory(tables, now),
    collection: <T>(name: string) => collectionOf<T>(tables, `c:${name}`),
    async ping() {},
    close: options.onClose ?? (async () => {}),
    snapshot() {
      const writes: TableWrite[] = [];
      for (const name of tables.names())
        for (const [key, value] of tables.table(name)) writes.push({ table: name, key, value });
      return writes;
    },
  };
}

/** An in-memory store (tests, library use). */
export function createMemoryStore(options: { now?: () => number } = {}): BotStore {
  return createTableStore({ kind: 'memory', ...options });
}
