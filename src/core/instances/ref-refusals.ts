// What resolving an instance reference answers when it cannot: an unknown name or uuid prefix, a
// name or prefix several instances share (with the candidates), no instance given and none bound —
// each a UserError in the asker's language.
import type { EstateServer } from './estate-list.js';
import type { CommandDefinition } from '../command.js';
import { UserError } from '../errors.js';
import { kebab } from '../parse/names.js';
import type { Locale } from '../../i18n/locale.js';
import { t } from '../../i18n/translate.js';
import { shorten } from '../../render/shorten.js';

/** Candidates shown for an ambiguous name at most. */
const CANDIDATES_SHOWN = 10;

/** Names safe to repeat verbatim in a hint (hints may be shown without escaping, e.g. embed footers). */
const HOSTNAME_LIKE = /^[A-Za-z0-9][\w.-]*$/;

/** One candidate of an ambiguous reference: "• web-1 — uuid 7995e990-… · Jakarta 1". */
const candidate = (hostname: string, uuid: string, location?: string | null): string =>
  `• ${hostname} — uuid ${uuid}${location ? ` · ${location}` : ''}`;

/** A name that is the hostname of (or starts the hostnames of) several listed servers. */
export function ambiguousName(
  text: string,
  how: 'instance.ref.sameHostname' | 'instance.ref.startsHostnames',
  servers: EstateServer[],
  locale: Locale,
): UserError {
  const sorted = [...servers].sort((a, b) => a.hostname.localeCompare(b.hostname, 'en', { numeric: true }));
  const lines = sorted.slice(0, CANDIDATES_SHOWN).map((s) => candidate(s.hostname, s.uuid, s.location));
  if (sorted.length > CANDIDATES_SHOWN)
    lines.push(t(locale, 'instance.ref.more', { count: sorted.length - CANDIDATES_SHOWN }));
  return new UserError(
    'ambiguous-instance',
    t(locale, how, { text, count: servers.length, lines: lines.join('\n') }),
    t(locale, 'instance.ref.ambiguousHint'),
  );
}

/** A learned hostname several instances carry. */
export function sharedHostname(text: string, uuids: string[], locale: Locale): UserError {
  return new UserError(
    'ambiguous-instance',
    t(locale, 'instance.ref.sameHostname', {
      text,
      count: uuids.length,
      lines: uuids.map((uuid) => candidate(text, uuid)).join('\n'),
    }),
    t(locale, 'instance.ref.sameHostnameHint'),
  );
}

/** A name nothing knows, with the closest known names (`near`) when there are any. */
export function unknownName(text: string, near: string[], listFailed: boolean, locale: Locale): UserError {
  const shown = shorten(text, 41);
  const names = near.map((n) => `\`${n}\``).join(', ');
  return new UserError(
    'unknown-instance',
    t(locale, 'instance.ref.unknown', {
      name: shown,
      suggestion: near.length ? t(locale, 'instance.ref.didYouMean', { names }) : '',
    }),
    t(locale, 'instance.ref.unknownHint', {
      named: HOSTNAME_LIKE.test(shown) ? 'yes' : 'no',
      name: shown,
      listFailed: listFailed ? 'yes' : 'no',
    }),
  );
}

/** A uuid prefix no known instance has. */
export function unknownPrefix(prefix: string, locale: Locale): UserError {
  return new UserError(
    'unknown-instance',
    t(locale, 'instance.ref.noPrefix', { prefix }),
    t(locale, 'instance.ref.noPrefixHint'),
  );
}

/** A uuid prefix several known instances share: [uuid, label] each. */
export function ambiguousPrefix(prefix: string, matches: [string, string][], locale: Locale): UserError {
  return new UserError(
    'ambiguous-instance',
    t(locale, 'instance.ref.startsIds', {
      prefix,
      count: matches.length,
      lines: matches.map(([uuid, label]) => candidate(label, uuid)).join('\n'),
    }),
    t(locale, 'instance.ref.morePrefix'),
  );
}

/** An instance argument left out where the channel has no bound instance. */
export function noBoundInstance(def: CommandDefinition, key: string, locale: Locale): UserError {
  const example = `${def.group ? `${def.group} ` : ''}${def.name} web-1`;
  return new UserError('no-bound-instance', t(locale, 'instance.ref.which', { arg: kebab(key), example }));
}
