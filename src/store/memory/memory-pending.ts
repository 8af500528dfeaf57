// Pending confirmations in the table store: taken at most once (a compare-and-set on one key),
// dropped past retention by a prune amortised to once a second so each change stays O(change).
import type { PendingStore } from '../../core/index.js';
import { pendingDropAt, type PendingConfirmation } from '../../core/kit/index.js';

/** The part of the tables the pending confirmations need. */
export interface PendingTables {
  table(name: string): Map<string, unknown>;
  write(name: string, key: string, value: unknown): Promise<void>;
  change<R>(
    name: string,
    key: string,
    decide: (current: unknown) => { value: unknown; result: R } | undefined,
  ): Promise<R | undefined>;
  settledKey(name: string, key: string): Promise<void>;
}

/** The pending confirmations in the table `table` of `tables`, on the clock `now`. */
export function createTablePending(tables: PendingTables, table: string, now: () => number): PendingStore {
  const pendingTable = () => tables.table(table) as Map<string, PendingConfirmation>;
  let lastPrune = 0;
  const prune = async (at: number): Promise<void> => {
    if (at - lastPrune < 1000) return;
    lastPrune = at;
    for (const [token, pending] of pendingTable())
      if (pendingDropAt(pending) < at) await tables.write(table, token, null);
  };
  return {
    async put(pending) {
      await prune(now());
      await tables.write(table, pending.token, pending);
    },
    async get(token) {
      await tables.settledKey(table, token);
      const found = pendingTable().get(token);
      return found && pendingDropAt(found) >= now() ? structuredClone(found) : null;
    },
    async take(token, usedBy, at, resolution, takeId) {
      const taken = await tables.change(table, token, (current) => {
        const found = current as PendingConfirmation | undefined;
        if (!found || found.status !== 'pending') return undefined;
        const used: PendingConfirmation = { ...found, status: 'used', usedAt: at, usedBy, resolution };
        if (takeId !== undefined) used.takeId = takeId;
        return { value: used, result: structuredClone(found) };
      });
      return taken ?? null;
    },
    async attachCard(token, ref) {
      const attached = await tables.change(table, token, (current) => {
        const found = current as PendingConfirmation | undefined;
        if (!found || found.status !== 'pending') return undefined;
        return { value: { ...found, cardRef: ref }, result: true };
      });
      return attached ?? false;
    },
    async delete(token) {
      await tables.change(table, token, (found) =>
        found === undefined ? undefined : { value: null, result: undefined },
      );
    },
    async due(at, limit, keep = () => true) {
      await prune(now());
      return [...pendingTable().values()]
        .filter((p) => p.status === 'pending' && p.expiresAt <= at && keep(p))
        .sort((a, b) => a.expiresAt - b.expiresAt)
        .slice(0, limit)
        .map((p) => structuredClone(p));
    },
    async count() {
      let count = 0;
      for (const pending of pendingTable().values()) if (pending.status === 'pending') count += 1;
      return count;
    },
  };
}
