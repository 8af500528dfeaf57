// Instance names outside resolution: the parser's "is this word a known instance?" check (only the
// words of this input, never the whole directory) and autocomplete's candidates.
import type { InvocationInput } from '../ports.js';
import { isUuid } from '../parse/uuid.js';
import { listed, SUGGESTION_POOL, type ResolveDeps } from './resolve-deps.js';
import { shorten } from '../../render/shorten.js';

/** Words of one input looked up at most: enough for any command line, bounded for hostile input. */
const MATCHER_WORDS = 24;

/**
 * A sync "is this a known instance name?" check for the parser, built by looking up only the
 * words of this input (never the whole directory), plus the policy's aliases.
 */
export async function instanceMatcher(
  input: InvocationInput,
  deps: ResolveDeps,
): Promise<(token: string) => boolean> {
  const names = new Set<string>();
  for (const a of deps.policy.aliases()) names.add(a.name.toLowerCase()).add(a.uuid);
  const words = input.kind === 'text' ? input.text.split(/\s+/) : [];
  const candidates = [...new Set(words.filter((w) => w && !w.startsWith('-')))].slice(0, MATCHER_WORDS);
  // Only the cached list: parsing never waits on the hosting API.
  const { servers } = await listed(deps, 'cached');
  for (const s of servers ?? []) if (s.hostname) names.add(s.hostname.toLowerCase()).add(s.uuid);
  await Promise.all(
    candidates.map(async (word) => {
      const lower = word.toLowerCase();
      const known = isUuid(word)
        ? (await deps.store.hostnames.hostnameOf(lower)) !== null
        : (await deps.store.hostnames.uuidsOf(word)).length > 0;
      if (known) names.add(lower);
    }),
  );
  return (token) => names.has(token.toLowerCase());
}

/** Aliases and known hostnames starting with (or containing) the prefix, for autocomplete (≤ 25). */
export async function completeInstances(
  prefix: string,
  deps: ResolveDeps,
): Promise<{ name: string; value: string }[]> {
  const wanted = prefix.trim().toLowerCase();
  const seen = new Set<string>();
  const out: { name: string; value: string; rank: number }[] = [];
  const add = (label: string, uuid: string, kind: string) => {
    const lower = label.toLowerCase();
    const rank = lower.startsWith(wanted) ? 0 : lower.includes(wanted) || uuid.startsWith(wanted) ? 1 : -1;
    if (rank < 0 || seen.has(`${label}|${uuid}`)) return;
    seen.add(`${label}|${uuid}`);
    out.push({ name: shorten(`${label} (${kind} · ${uuid.slice(0, 8)})`, 100), value: uuid, rank });
  };
  for (const a of deps.policy.aliases()) add(a.name, a.uuid, 'alias');
  for (const h of await deps.store.hostnames.search(wanted, SUGGESTION_POOL))
    add(h.hostname, h.uuid, 'hostname');
  const { servers } = await listed(deps, 'cached-or-fetch');
  for (const s of servers ?? []) if (s.hostname) add(s.hostname, s.uuid, s.location || 'server');
  return out
    .sort((x, y) => x.rank - y.rank || x.name.localeCompare(y.name))
    .slice(0, 25)
    .map(({ name, value }) => ({ name, value }));
}
