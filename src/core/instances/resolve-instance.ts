// Resolves instance references — uuid, policy alias, a hostname the bot has seen or the instance
// list (E3) shows, a unique hostname prefix, or the channel's bound instance — to {uuid, label},
// with close-name hints for unknown names and the candidates for ambiguous ones.
import { isApiError } from '../../api/errors.js';
import type { EstateServer } from './estate-list.js';
import { listed, SUGGESTION_POOL, type ResolveDeps } from './resolve-deps.js';
import type { CommandDefinition } from '../command.js';
import type { ResolvedInstance } from '../ports.js';
import {
  ambiguousName,
  ambiguousPrefix,
  noBoundInstance,
  sharedHostname,
  unknownName,
  unknownPrefix,
} from './ref-refusals.js';

import type { BotStore } from '../store.js';
import { closest } from '../parse/suggest.js';
import { bestEffort } from '../store-best-effort.js';
import { isUuid } from '../parse/uuid.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';

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

/** A hostname from the instance list: exact (case-insensitive), else a unique prefix; null when none matches. */
function fromList(text: string, servers: EstateServer[], locale: Locale): ResolvedInstance | null {
  const lower = text.toLowerCase();
  const named = servers.filter((s) => s.hostname !== '');
  const exact = named.filter((s) => s.hostname.toLowerCase() === lower);
  if (exact.length > 1) throw ambiguousName(text, 'instance.ref.sameHostname', exact, locale);
  if (exact.length === 1) return { uuid: exact[0]!.uuid, label: exact[0]!.hostname };
  const starting = named.filter((s) => s.hostname.toLowerCase().startsWith(lower));
  if (starting.length > 1) throw ambiguousName(text, 'instance.ref.startsHostnames', starting, locale);
  if (starting.length === 1) return { uuid: starting[0]!.uuid, label: starting[0]!.hostname };
  return null;
}

/** A name looked up in the instance list: the cached copy, then — on a miss — a fresh read. */
async function resolveFromList(
  text: string,
  deps: ResolveDeps,
  locale: Locale,
): Promise<{ found: ResolvedInstance | null; names: string[]; failed: boolean }> {
  let result = await listed(deps, 'cached-or-fetch');
  let found = result.servers ? fromList(text, result.servers, locale) : null;
  if (!found && result.servers) {
    result = await listed(deps, 'after-miss');
    found = result.servers ? fromList(text, result.servers, locale) : null;
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

/** Resolves one reference typed by a user; refusals in `locale`. */
export async function resolveInstanceRef(
  ref: string,
  deps: ResolveDeps,
  locale: Locale = DEFAULT_LOCALE,
): Promise<ResolvedInstance> {
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
  if (uuids.length > 1) throw sharedHostname(text, uuids, locale);
  if (isUuidPrefix(text)) return resolveUuidPrefix(text.toLowerCase(), deps, locale);
  const fromEstate = await resolveFromList(text, deps, locale);
  if (fromEstate.found) return fromEstate.found;
  const names = [
    ...deps.policy.aliases().map((a) => a.name),
    ...fromEstate.names,
    ...(await deps.store.hostnames.search(text.slice(0, 1), SUGGESTION_POOL)).map((h) => h.hostname),
  ];
  throw unknownName(text, closest(text, [...new Set(names)], 3), fromEstate.failed, locale);
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
async function resolveUuidPrefix(
  prefix: string,
  deps: ResolveDeps,
  locale: Locale,
): Promise<ResolvedInstance> {
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
  if (matches.length === 0) throw unknownPrefix(prefix, locale);
  throw ambiguousPrefix(prefix, matches, locale);
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
  locale: Locale = DEFAULT_LOCALE,
): Promise<Record<string, unknown>> {
  const out = { ...values };
  for (const [key, spec] of Object.entries(def.args)) {
    if (spec.kind !== 'instance') continue;
    const raw = out[key];
    if (typeof raw === 'string') out[key] = await resolveInstanceRef(raw, deps, locale);
    else if (omitted.includes(key)) {
      if (!binding) throw noBoundInstance(def, key, locale);
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
