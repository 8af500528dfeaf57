// Turns argument tokens (text) or typed options (Discord) into validated values: positional
// arguments in declaration order, --kebab-case flags, integers, booleans, then each spec's zod
// schema. Every problem is a UserError naming the argument and showing what to type.
import type { z } from 'zod';
import type { ArgSpec, CommandDefinition } from '../command.js';
import { UserError } from '../errors.js';
import type { Locale } from '../../i18n/locale.js';
import { t } from '../../i18n/translate.js';
import { argLabel, argUsage, kebab, nameKey } from './names.js';
import { argEntries, usageLine } from './registry.js';
import { closest } from './suggest.js';
import type { Token } from './tokenize.js';
import { shorten } from '../../render/shorten.js';

/** Parsed values by declared key; instance arguments still hold raw references here. */
export interface ParsedArgs {
  values: Record<string, unknown>;
  /** Instance arguments the user left out (filled from the channel binding later). */
  omittedInstances: string[];
}

/** What the parser may know about the channel to place positional tokens sensibly. */
export interface ParseHints {
  /** The channel has a bound instance, so an instance argument may be left out. */
  hasBinding: boolean;
  /** Whether a token names a known instance (alias, known hostname or known uuid). */
  looksLikeInstance(token: string): boolean;
  /** The requester's language for refusals (English when not given). */
  locale?: Locale;
}

type Raw = string | number | boolean;

const show = (value: Raw) => {
  const text = String(value).replace(/`/g, "'");
  return shorten(text, 41);
};

function usageHint(def: CommandDefinition, locale: Locale): string {
  return t(locale, 'parse.usage', { usage: usageLine(def) });
}

/** Converts one raw value to the spec's type and validates it; a UserError on failure. */
export function convertArg(
  def: CommandDefinition,
  key: string,
  spec: ArgSpec<unknown>,
  raw: Raw,
  locale: Locale = 'en',
): unknown {
  const label = argLabel(key, spec);
  const invalid = (problem: string) => {
    const error = new UserError(
      'invalid-argument',
      t(locale, 'parse.invalid', { label, value: show(raw), problem }),
      usageHint(def, locale),
    );
    if (spec.completes) error.badId = { kind: spec.completes, given: String(raw) };
    return error;
  };
  let value: unknown = raw;
  if (spec.kind === 'integer' && typeof raw === 'string') {
    if (!/^[+-]?\d{1,15}$/.test(raw.trim()))
      throw invalid(t(locale, 'parse.expectedNumber', { example: spec.positional ? '2' : `${label} 2` }));
    value = Number(raw.trim());
  } else if (spec.kind === 'boolean' && typeof raw === 'string') {
    const lower = raw.toLowerCase();
    if (!['true', 'false', 'yes', 'no', '1', '0'].includes(lower))
      throw invalid(t(locale, 'parse.expectedBoolean'));
    value = ['true', 'yes', '1'].includes(lower);
  } else if (spec.kind !== 'integer' && spec.kind !== 'boolean' && typeof raw !== 'string') {
    value = String(raw);
  }
  if (spec.kind === 'choice' && spec.choices && typeof value === 'string') value = value.toLowerCase();
  const result = spec.schema.safeParse(value);
  if (result.success) return result.data;
  if (spec.choices) throw invalid(t(locale, 'parse.chooseOne', { choices: spec.choices.join(', ') }));
  const issue = result.error.issues[0];
  throw invalid(issue ? plainIssue(label, issue, locale) : t(locale, 'parse.notValid', { label }));
}

/** A zod issue as a plain sentence naming the argument ("--page must be 1 or more"). */
export function plainIssue(label: string, issue: z.core.$ZodIssue, locale: Locale = 'en'): string {
  if (issue.code === 'too_small') {
    const min = Number(issue.minimum);
    if (issue.origin === 'string')
      return min <= 1
        ? t(locale, 'parse.notEmpty', { label })
        : t(locale, 'parse.minChars', { label, n: min, count: String(min) });
    return t(locale, issue.inclusive === false ? 'parse.moreThan' : 'parse.atLeast', { label, limit: min });
  }
  if (issue.code === 'too_big') {
    const max = Number(issue.maximum);
    if (issue.origin === 'string') return t(locale, 'parse.maxChars', { label, n: max, count: String(max) });
    return t(locale, issue.inclusive === false ? 'parse.lessThan' : 'parse.atMost', { label, limit: max });
  }
  if (issue.code === 'invalid_type' && (issue.expected === 'number' || issue.expected === 'int'))
    return t(locale, 'parse.wholeNumber', { label });
  const text = issue.message.replace(/^Invalid (input|string): /i, '').replace(/\.$/, '');
  return /^must /.test(text) ? `${label} ${text}` : text;
}

function missing(def: CommandDefinition, key: string, spec: ArgSpec<unknown>, locale: Locale): UserError {
  const arg = argUsage(key, { ...spec, required: true });
  return new UserError('usage', t(locale, 'parse.missing', { arg, usage: usageHint(def, locale) }));
}

/** Fills defaults / optional values and checks required ones; instance args may be omitted. */
function finish(def: CommandDefinition, values: Record<string, unknown>, locale: Locale): ParsedArgs {
  const omittedInstances: string[] = [];
  for (const [key, spec] of argEntries(def)) {
    if (values[key] !== undefined) continue;
    if (spec.kind === 'instance' && spec.required) omittedInstances.push(key);
    else if (spec.defaultValue !== undefined) values[key] = spec.defaultValue;
    else if (spec.required) throw missing(def, key, spec, locale);
    else values[key] = undefined;
  }
  return { values, omittedInstances };
}

function findSpec(def: CommandDefinition, name: string): [string, ArgSpec<unknown>] | undefined {
  const wanted = nameKey(name);
  return argEntries(def).find(([key]) => nameKey(key) === wanted);
}

function unknownFlag(def: CommandDefinition, flag: string, locale: Locale): UserError {
  const names = argEntries(def).map(([k]) => `--${kebab(k)}`);
  const [best] = closest(`--${flag}`, names, 1);
  const command = usageLine(def).split(' <')[0]!.split(' [')[0]!;
  const suggestion = best ? t(locale, 'parse.didYouMean', { best }) : '';
  return new UserError(
    'usage',
    t(locale, 'parse.unknownOption', { flag: show(flag), command, suggestion }),
    usageHint(def, locale),
  );
}

/** The words past the last positional but one, as one token (for a `rest` argument). */
function joinRest(tokens: string[], count: number): string[] {
  if (tokens.length <= count) return tokens;
  return [...tokens.slice(0, count - 1), tokens.slice(count - 1).join(' ')];
}

/** Places positional tokens: in order, or — when the channel is bound — skipping the instance. */
function placePositionals(def: CommandDefinition, given: string[], hints: ParseHints): [string, string][] {
  const specs = argEntries(def).filter(([, s]) => s.positional);
  const tokens = specs.at(-1)?.[1].rest ? joinRest(given, specs.length) : given;
  if (tokens.length > specs.length) {
    const locale = hints.locale ?? 'en';
    throw new UserError(
      'usage',
      t(locale, 'parse.extra', { value: show(tokens[specs.length]!) }),
      usageHint(def, locale),
    );
  }
  const inOrder = tokens.map((t, i) => [specs[i]![0], t] as [string, string]);
  const instanceIndex = specs.findIndex(([, s]) => s.kind === 'instance' && s.required);
  const requiredCount = specs.filter(([, s]) => s.required).length;
  if (!hints.hasBinding || instanceIndex < 0 || tokens.length >= requiredCount || tokens.length === 0)
    return inOrder;
  const atInstance = tokens[instanceIndex];
  if (atInstance !== undefined && hints.looksLikeInstance(atInstance)) return inOrder;
  const others = specs.filter((_, i) => i !== instanceIndex);
  const skipping = tokens.map((t, i) => [others[i]![0], t] as [string, string]);
  const fits = skipping.every(
    ([key, t]) => def.args[key]!.schema.safeParse(def.args[key]!.kind === 'integer' ? Number(t) : t).success,
  );
  return fits ? skipping : inOrder;
}

/** Parses argument tokens of a text invocation. */
export function parseTextArgs(def: CommandDefinition, tokens: Token[], hints: ParseHints): ParsedArgs {
  const locale = hints.locale ?? 'en';
  const twice = (flag: string) =>
    new UserError('usage', t(locale, 'parse.twice', { flag }), usageHint(def, locale));
  const values: Record<string, unknown> = {};
  const positionals: string[] = [];
  let onlyPositionals = false;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (onlyPositionals || token.quoted || !token.text.startsWith('--')) {
      positionals.push(token.text);
      continue;
    }
    if (token.text === '--') {
      onlyPositionals = true;
      continue;
    }
    const body = token.text.slice(2);
    const eq = body.indexOf('=');
    const name = eq >= 0 ? body.slice(0, eq) : body;
    const found = findSpec(def, name);
    if (!found) throw unknownFlag(def, name, locale);
    const [key, spec] = found;
    if (values[key] !== undefined) throw twice(`--${kebab(key)}`);
    let raw: string;
    if (eq >= 0) raw = body.slice(eq + 1);
    else if (spec.kind === 'boolean') raw = 'true';
    else {
      const next = tokens[i + 1];
      if (!next || (!next.quoted && next.text.startsWith('--'))) {
        const example = spec.choices?.[0] ?? (spec.kind === 'integer' ? '2' : 'value');
        throw new UserError(
          'usage',
          t(locale, 'parse.needsValue', { flag: kebab(key), example }),
          usageHint(def, locale),
        );
      }
      raw = next.text;
      i += 1;
    }
    values[key] = convertArg(def, key, spec, raw, locale);
  }
  for (const [key, raw] of placePositionals(def, positionals, hints)) {
    if (values[key] !== undefined) throw twice(kebab(key));
    values[key] = convertArg(def, key, def.args[key]!, raw, locale);
  }
  return finish(def, values, locale);
}

/** Parses typed options (Discord); keys may be camelCase as declared, kebab-case or snake_case. */
export function parseOptionArgs(
  def: CommandDefinition,
  options: Record<string, Raw | undefined>,
  locale: Locale = 'en',
): ParsedArgs {
  const values: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(options)) {
    if (raw === undefined || raw === '') continue;
    const found = findSpec(def, name);
    if (!found) throw unknownFlag(def, name, locale);
    values[found[0]] = convertArg(
      def,
      found[0],
      found[1],
      typeof raw === 'string' ? raw.trim() : raw,
      locale,
    );
  }
  return finish(def, values, locale);
}
