// Resolves instance references — uuid, policy alias, a hostname the bot has seen or the instance
// list (E3) shows, a unique hostname prefix, or the channel's bound instance — to {uuid, label},
// with close-name hints for unknown names and the candidates for ambiguous ones.
import { isApiError } from '../../api/errors.js';
import type { EstateServer } from './estate-list.js';
import { listed, SUGGESTION_POOL, type ResolveDeps } from './resolve-deps.js';
import type { CommandDefinition } from '../command.js';
import type { ResolvedInstance } from '../ports.js';
import { UserError } from '../errors.js';

export type { ResolveDeps } from './resolve-deps.js';
import { kebab } from '../parse/names.js';
import type { BotStore } from '../store.js';
import { closest } from '../parse/suggest.js';
import { bestEffort } from '../store-best-effort.js';
import { isUuid } from '../parse/uuid.js';

/** Names safe to repeat verbatim in a hint (hints may be shown without escaping, e.g. embed footers). */
const HOSTNAME_LIKE = /^[A-Za-z0-9][\w.-]*$/;

/** The learned hostname of a uuid the user gave (else the cached list's): only a label, so a store outage does not stop the command. */
async function labelOf(uuid: string, deps: ResolveDeps): Promise<string | null> {
  const learned = await bestEffort('hostname lookup', () => deps.store.hostnames.hostnameOf(uuid), null);
  if (learned) return learned;
  const { servers } = await bestEffort('instance list', () => listed(deps, 'cached'), {
    servers: null,
    failed: false,
  });
  return servers?.find((s) => s.uuid === uuid && s.hostname)?.hostname ?? null;
}

/** Candidates shown for an ambiguous name at most. */
const CANDIDATES_SHOWN = 10;

function ambiguous(text: string, how: string, servers: EstateServer[]): UserError {
  const sorted = [...servers].sort((a, b) => a.hostname.localeCompare(b.hostname, 'en', { numeric: true }));
  const lines = sorted
    .slice(0, CANDIDATES_SHOWN)
    .map((s) => `• ${s.hostname} — uuid ${s.uuid}${s.location ? ` · ${s.location}` : ''}`);
  if (sorted.length > CANDIDATES_SHOWN) lines.push(`• … and ${sorted.length - CANDIDATES_SHOWN} more`);
  return new UserError(
    'ambiguous-instance',
    `\`${text}\` ${how} ${servers.length} instances:\n${lines.join('\n')}`,
    'Type the whole hostname, the uuid (or its first 8 characters), or add an alias in the policy file.',
  );
}

/** A hostname from the instance list: exact (case-insensitive), else a unique prefix; null when none matches. */
function fromList(text: string, servers: EstateServer[]): ResolvedInstance | null {
  const lower = text.toLowerCase();
  const named = servers.filter((s) => s.hostname !== '');
  const exact = named.filter((s) => s.hostname.toLowerCase() === lower);
  if (exact.length > 1) throw ambiguous(text, 'is the hostname of', exact);
  if (exact.length === 1) return { uuid: exact[0]!.uuid, label: exact[0]!.hostname };
  const starting = named.filter((s) => s.hostname.toLowerCase().startsWith(lower));
  if (starting.length > 1) throw ambiguous(text, 'starts the hostnames of', starting);
  if (starting.length === 1) return { uuid: starting[0]!.uuid, label: starting[0]!.hostname };
  return null;
}

/** A name looked up in the instance list: the cached copy, then — on a miss — a fresh read. */
async function resolveFromList(
  text: string,
  deps: ResolveDeps,
): Promise<{ found: ResolvedInstance | null; names: string[]; failed: boolean }> {
  let result = await listed(deps, 'cached-or-fetch');
  let found = result.servers ? fromList(text, result.servers) : null;
  if (!found && result.servers) {
    result = await listed(deps, 'after-miss');
    found = result.servers ? fromList(text, result.servers) : null;
  }
  if (found) {
    // Learned, so labels and watches name it even when the list is later unavailable.
    const { uuid, label } = found;
    await bestEffort('learning a hostname', () => deps.store.hostnames.remember(uuid, label), undefined);
  }
  return {
    found,
    names: (result.servers ?? []).map((s) => s.hostname).filter(Boolean),
    failed: result.failed,
  };
}

/** Resolves one reference typed by a user. */
export async function resolveInstanceRef(ref: string, deps: ResolveDeps): Promise<ResolvedInstance> {
  const text = ref.trim();
  if (isUuid(text)) {
    const uuid = text.toLowerCase();
    const alias = deps.policy.aliases().find((a) => a.uuid === uuid)?.name;
    return { uuid, label: (await labelOf(uuid, deps)) ?? alias ?? uuid };
  }
  const aliased = deps.policy.alias(text);
  if (aliased) return { uuid: aliased, label: (await labelOf(aliased, deps)) ?? text };
  const uuids = await deps.store.hostnames.uuidsOf(text);
  if (uuids.length === 1)
    return { uuid: uuids[0]!, label: (await deps.store.hostnames.hostnameOf(uuids[0]!)) ?? text };
  if (uuids.length > 1) {
    throw new UserError(
      'ambiguous-instance',
      `\`${text}\` is the hostname of ${uuids.length} instances:\n${uuids.map((uuid) => `• ${text} — uuid ${uuid}`).join('\n')}`,
      `Use the uuid (or its first 8 characters), or add an alias in the policy file. \`instance show <uuid>\` shows each one's IP and location.`,
    );
  }
  if (isUuidPrefix(text)) return resolveUuidPrefix(text.toLowerCase(), deps);
  const fromEstate = await resolveFromList(text, deps);
  if (fromEstate.found) return fromEstate.found;
  const names = [
    ...deps.policy.aliases().map((a) => a.name),
    ...fromEstate.names,
    ...(await deps.store.hostnames.search(text.slice(0, 1), SUGGESTION_POOL)).map((h) => h.hostname),
  ];
  const near = closest(text, [...new Set(names)], 3);
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  throw new UserError(
    'unknown-instance',
    `Unknown instance \`${shown}\`.${near.length ? ` Did you mean ${near.map((n) => `\`${n}\``).join(', ')}?` : ''}`,
    `I haven't seen ${HOSTNAME_LIKE.test(shown) ? `an instance called ${shown}` : 'an instance by that name'}.` +
      (fromEstate.failed ? ' The instance list could not be read just now.' : '') +
      ` Use its uuid, add an alias in the policy file, or list instances without a public IP with \`instance no-ip <location-id>\`.`,
  );
}

/** The shape of a uuid, to check a prefix of one position by position. */
const UUID_SHAPE = '00000000-0000-0000-0000-000000000000';

/** At least 8 characters of a uuid (hex, dashes where a uuid has them), short of the whole uuid. */
function isUuidPrefix(text: string): boolean {
  if (text.length < 8 || text.length >= UUID_SHAPE.length) return false;
  return [...text].every((c, i) => (UUID_SHAPE[i] === '-' ? c === '-' : /^[0-9a-f]$/i.test(c)));
}

/** Known instances scanned for a uuid prefix (the hostname port has no uuid-prefix lookup). */
const UUID_PREFIX_POOL = 5_000;

/** A uuid prefix: the one known instance (or alias) whose uuid starts with it, or a precise refusal. */
async function resolveUuidPrefix(prefix: string, deps: ResolveDeps): Promise<ResolvedInstance> {
  const known = new Map<string, string>();
  for (const a of deps.policy.aliases()) if (a.uuid.startsWith(prefix)) known.set(a.uuid, a.name);
  for (const h of await deps.store.hostnames.search('', UUID_PREFIX_POOL))
    if (h.uuid.startsWith(prefix)) known.set(h.uuid, h.hostname);
  if (![...known.keys()].some((uuid) => uuid.startsWith(prefix))) {
    const { servers } = await listed(deps, 'cached-or-fetch');
    for (const s of servers ?? []) if (s.uuid.startsWith(prefix)) known.set(s.uuid, s.hostname || s.uuid);
  }
  const matches = [...known];
  if (matches.length === 1) {
    const [uuid, label] = matches[0]!;
    return { uuid, label };
  }
  if (matches.length === 0) {
    throw new UserError(
      'unknown-instance',
      `No instance with id starting \`${prefix}\` that I know of.`,
      'Use the full uuid, or a hostname the bot has seen.',
    );
  }
  throw new UserError(
    'ambiguous-instance',
    `\`${prefix}\` starts the ids of ${matches.length} instances:\n${matches.map(([uuid, label]) => `• ${label} — uuid ${uuid}`).join('\n')}`,
    'Type more of the uuid.',
  );
}

/** Instance references ({uuid,label}) among resolved argument values. */
export function resolvedInstances(values: Record<string, unknown>): ResolvedInstance[] {
  return Object.values(values).filter(isResolved);
}

/**
 * When instance.detail answered NOT_FOUND, the instance no longer exists: forget its hostname so
 * completion and hostname lookups stop offering it. Only meaningful for a single instance argument.
 */
export async function forgetIfGone(
  error: unknown,
  values: Record<string, unknown>,
  store: Pick<BotStore, 'hostnames'>,
): Promise<void> {
  if (!isApiError(error) || error.code !== 'NOT_FOUND' || error.endpoint !== 'instance.detail') return;
  const instances = resolvedInstances(values);
  if (instances.length !== 1) return;
  await store.hostnames.forget(instances[0]!.uuid);
}

/** Replaces raw instance references in parsed values; omitted ones come from the channel binding. */
export async function resolveInstanceArgs(
  def: CommandDefinition,
  values: Record<string, unknown>,
  omitted: readonly string[],
  binding: ResolvedInstance | null,
  deps: ResolveDeps,
): Promise<Record<string, unknown>> {
  const out = { ...values };
  for (const [key, spec] of Object.entries(def.args)) {
    if (spec.kind !== 'instance') continue;
    const raw = out[key];
    if (typeof raw === 'string') out[key] = await resolveInstanceRef(raw, deps);
    else if (omitted.includes(key)) {
      if (!binding) {
        throw new UserError(
          'no-bound-instance',
          `Which instance? Give <${kebab(key)}>, e.g. \`${def.group ? `${def.group} ` : ''}${def.name} web-1\`, or bind one to this channel with \`use web-1\`.`,
        );
      }
      out[key] = binding;
    }
  }
  return out;
}

/**
 * Instance arguments with their labels brought up to date: a hostname the bot learned after the
 * command was typed (e.g. by the preview's live fetch) replaces a bare uuid or an alias.
 */
export async function refreshInstanceLabels(
  def: CommandDefinition,
  values: Record<string, unknown>,
  store: Pick<BotStore, 'hostnames'>,
): Promise<Record<string, unknown>> {
  const out = { ...values };
  for (const [key, spec] of Object.entries(def.args)) {
    const current = out[key];
    if (spec.kind !== 'instance' || !isResolved(current)) continue;
    const hostname = await store.hostnames.hostnameOf(current.uuid);
    if (hostname && hostname !== current.label) out[key] = { ...current, label: hostname };
  }
  return out;
}

function isResolved(value: unknown): value is ResolvedInstance {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ResolvedInstance).uuid === 'string' &&
    typeof (value as ResolvedInstance).label === 'string'
  );
}

/** What an error hint may name: the command path and its (single) instance's label. */
export function hintContext(
  path: string,
  values: Record<string, unknown> | undefined,
): { path: string; instance?: string } {
  const instances = resolvedInstances(values ?? {});
  return instances.length === 1 ? { path, instance: instances[0]!.label } : { path };
}
