// Snapshot, backup, private-network and public-IP ids the bot has seen in API results (listings,
// `instance show`), kept in one bounded store collection per kind, so autocomplete can offer them
// and an unknown or mistyped id gets "did you mean …". Only ids the API itself returned are kept.
import type { Completion, SeenIdKind } from '../ports.js';
import type { BotStore, RecordCollection } from '../store.js';
import { closest } from '../parse/suggest.js';
import { shorten } from '../../render/shorten.js';

/** One remembered id with what it is called (snapshot name, IP address…) and when it was last seen. */
export interface SeenId {
  id: string;
  label: string;
  seenAt: number;
}

/** At most this many ids per kind are kept; the least recently seen go first. */
export const MAX_SEEN_PER_KIND = 500;

/** An id seen again within this time is not written again (its seenAt is only refreshed after it). */
const REFRESH_MS = 60 * 60_000;

const WORDS: Record<SeenIdKind, string> = {
  snapshot: 'snapshot',
  backup: 'backup',
  network: 'network',
  ip: 'IP',
};

function collectionOf(store: BotStore, kind: SeenIdKind): RecordCollection<SeenId> {
  // The names are listed in TENANT_STATE_COLLECTIONS (src/core/store.ts) too.
  return store.collection<SeenId>(`seen-ids:${kind}`);
}

/** Remembers ids the API returned (bounded: the newest MAX_SEEN_PER_KIND per kind stay). */
export async function rememberSeenIds(
  store: BotStore,
  kind: SeenIdKind,
  entries: readonly { id: string; label?: string }[],
  at: number,
): Promise<void> {
  const ids = collectionOf(store, kind);
  const fresh = entries
    .filter((e) => e.id.trim() !== '')
    .slice(0, MAX_SEEN_PER_KIND)
    .map((e) => ({ id: e.id, label: shorten(e.label ?? '', 60), seenAt: at }));
  // Only the entries in question are read (every `instance show` gets here; the collection holds up to 500).
  const was = await Promise.all(fresh.map((e) => ids.get(e.id.toLowerCase())));
  // Reads must not turn into writes every time: only new, renamed or long-unseen ids are written.
  const changed = fresh.filter((e, i) => {
    const before = was[i];
    return !before || before.label !== e.label || at - before.seenAt >= REFRESH_MS;
  });
  if (changed.length === 0) return;
  await Promise.all(changed.map((e) => ids.put(e.id.toLowerCase(), e)));
  if ((await ids.count()) <= MAX_SEEN_PER_KIND) return;
  const oldest = (await ids.list()).sort((x, y) => y.seenAt - x.seenAt).slice(MAX_SEEN_PER_KIND);
  await Promise.all(oldest.map((old) => ids.delete(old.id.toLowerCase())));
}

/** Seen ids of a kind starting with (or labelled like) `prefix`, best first, ≤ 25, for autocomplete. */
export async function completeSeenIds(
  store: BotStore,
  kind: SeenIdKind,
  prefix: string,
): Promise<Completion[]> {
  const wanted = prefix.trim().toLowerCase();
  const ranked = (await collectionOf(store, kind).list()).flatMap((s) => {
    const id = s.id.toLowerCase();
    const label = s.label.toLowerCase();
    const rank = id.startsWith(wanted) ? 0 : label.startsWith(wanted) ? 1 : label.includes(wanted) ? 2 : -1;
    return rank < 0 ? [] : [{ s, rank }];
  });
  return ranked
    .sort((x, y) => x.rank - y.rank || y.s.seenAt - x.s.seenAt)
    .slice(0, 25)
    .map(({ s }) => ({ name: choiceName(kind, s), value: s.id }));
}

/** "nightly (snapshot · 1b2c3d4e…)"; a choice name is at most 100 characters. */
function choiceName(kind: SeenIdKind, s: SeenId): string {
  const name = s.label ? `${s.label} (${WORDS[kind]} · ${s.id})` : `${s.id} (${WORDS[kind]})`;
  return shorten(name, 100);
}

/** Up to three seen ids close to `given` (a typo, a truncated or unknown id), never `given` itself. */
export async function closestSeenIds(store: BotStore, kind: SeenIdKind, given: string): Promise<string[]> {
  const wanted = given.trim().toLowerCase();
  if (wanted === '') return [];
  const ids = (await collectionOf(store, kind).list())
    .map((s) => s.id)
    .filter((id) => id.toLowerCase() !== wanted);
  return closest(wanted, ids, 3);
}
