// "Show server" from any message: which of the servers a message's text names — by hostname, by
// uuid (or a unique prefix of 8 or more of its characters), or by public IPv4 address. Pure: the
// caller brings the estate (the instance list) and the text; nothing here calls the API.

/** A server as the finder needs it: what the text may name it by. */
export interface FindableServer {
  uuid: string;
  hostname?: string | null;
  ip_address?: string | null;
}

/** Cards shown at most for one message. */
export const FOUND_SERVERS_MAX = 5;

/** A uuid prefix shorter than this is too likely to be another word. */
const MIN_PREFIX = 8;

// Candidate words: runs of letters, digits, dots, dashes and underscores (hostnames, uuids, IPs).
const WORD = /[A-Za-z0-9][A-Za-z0-9._-]*[A-Za-z0-9]|[A-Za-z0-9]/g;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/;
const HEXISH = /^[0-9a-f-]+$/;

/** The server a word names, or undefined: an exact hostname, an IP, a uuid or a unique 8+ prefix. */
function serverFor<T extends FindableServer>(word: string, estate: readonly T[]): T | undefined {
  const lower = word.toLowerCase();
  const byName = estate.filter((s) => s.hostname && s.hostname.toLowerCase() === lower);
  if (byName.length === 1) return byName[0];
  if (IPV4.test(word)) return estate.find((s) => s.ip_address === word);
  if (lower.length < MIN_PREFIX || !HEXISH.test(lower)) return undefined;
  const byId = estate.filter((s) => s.uuid.toLowerCase().startsWith(lower));
  return byId.length === 1 ? byId[0] : undefined;
}

/**
 * The servers `text` names, in the order it names them, each once, at most FOUND_SERVERS_MAX. A
 * hostname two servers share names neither; so does a uuid prefix two servers start with.
 */
export function findServers<T extends FindableServer>(text: string, estate: readonly T[]): T[] {
  const found = new Map<string, T>();
  for (const match of text.matchAll(WORD)) {
    const server = serverFor(match[0], estate);
    if (server && !found.has(server.uuid)) found.set(server.uuid, server);
    if (found.size >= FOUND_SERVERS_MAX) break;
  }
  return [...found.values()];
}

/** The `(text) => servers` shape the "Show server" surfaces call, over one estate. */
export function serverFinder<T extends FindableServer>(estate: readonly T[]): (text: string) => T[] {
  return (text) => findServers(text, estate);
}
