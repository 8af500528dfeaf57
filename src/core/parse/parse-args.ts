// Turns argument tokens (text) or typed options (Discord) into validated values: positional
// arguments in declaration order, --kebab-case flags, integers, booleans, then each spec's zod
// schema. Every problem is a UserError naming the argument and showing what to type.
import type { z } from 'zod';
import type { ArgSpec, CommandDefinition } from '../command.js';
import { UserError } from '../errors.js';
import { argLabel, argUsage, kebab, nameKey } from './names.js';
import { argEntries, usageLine } from './registry.js';
import { closest } from './suggest.js';
import type { Token } from './tokenize.js';

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
}

type Raw = string | number | boolean;

const show = (value: Raw) => {
  const text = String(value).replace(/`/g, "'");
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

function usageHint(def: CommandDefinition): string {
  return `Usage: ${usageLine(def)}`;
}

/** Converts one raw value to the spec's type and validates it; a UserError on failure. */
export function convertArg(def: CommandDefinition, key: string, spec: ArgSpec<unknown>, raw: Raw): unknown {
  const label = argLabel(key, spec);
  const invalid = (problem: string) => {
    const error = new UserError(
      'invalid-argument',
      `Invalid ${label} \`${show(raw)}\`: ${problem}.`,
      usageHint(def),
    );
    if (spec.completes) error.badId = { kind: spec.completes, given: String(raw) };
    return error;
  };
  let value: unknown = raw;
  if (spec.kind === 'integer' && typeof raw === 'string') {
    if (!/^[+-]?\d{1,15}$/.test(raw.trim()))
      throw invalid(`expected a whole number, e.g. ${spec.positional ? '2' : `${label} 2`}`);
    value = Number(raw.trim());
  } else if (spec.kind === 'boolean' && typeof raw === 'string') {
    const lower = raw.toLowerCase();
    if (!['true', 'false', 'yes', 'no', '1', '0'].includes(lower)) throw invalid('expected true or false');
    value = ['true', 'yes', '1'].includes(lower);
  } else if (spec.kind !== 'integer' && spec.kind !== 'boolean' && typeof raw !== 'string') {
    value = String(raw);
  }
  if (spec.kind === 'choice' && spec.choices && typeof value === 'string') value = value.toLowerCase();
  const result = spec.schema.safeParse(value);
  if (result.success) return result.data;
  if (spec.choices) throw invalid(`choose one of ${spec.choices.join(', ')}`);
  const issue = result.error.issues[0];
  throw invalid(issue ? plainIssue(label, issue) : `${label} is not valid`);
}

/** A zod issue as a plain sentence naming the argument ("--page must be 1 or more"). */
export function plainIssue(label: string, issue: z.core.$ZodIssue): string {
  const chars = (n: number) => `${n} character${n === 1 ? '' : 's'}`;
  if (issue.code === 'too_small') {
    const min = Number(issue.minimum);
    if (issue.origin === 'string')
      return min <= 1 ? `${label} must not be empty` : `${label} must be at least ${chars(min)}`;
    return issue.inclusive === false
      ? `${label} must be more than ${min}`
      : `${label} must be ${min} or more`;
  }
  if (issue.code === 'too_big') {
    const max = Number(issue.maximum);
    if (issue.origin === 'string') return `${label} must be at most ${chars(max)}`;
    return issue.inclusive === false
      ? `${label} must be less than ${max}`
      : `${label} must be ${max} or less`;
  }
  if (issue.code === 'invalid_type' && (issue.expected === 'number' || issue.expected === 'int'))
    return `${label} must be a whole number`;
  const text = issue.message.replace(/^Invalid (input|string): /i, '').replace(/\.$/, '');
  return /^must /.test(text) ? `${label} ${text}` : text;
}

function missing(def: CommandDefinition, key: string, spec: ArgSpec<unknown>): UserError {
  return new UserError('usage', `Missing ${argUsage(key, { ...spec, required: true })}. ${usageHint(def)}`);
}

/** Fills defaults / optional values and checks required ones; instance args may be omitted. */
function finish(def: CommandDefinition, values: Record<string, unknown>): ParsedArgs {
  const omittedInstances: string[] = [];
  for (const [key, spec] of argEntries(def)) {
    if (values[key] !== undefined) continue;
    if (spec.kind === 'instance' && spec.required) omittedInstances.push(key);
    else if (spec.defaultValue !== undefined) values[key] = spec.defaultValue;
    else if (spec.required) throw missing(def, key, spec);
    else values[key] = undefined;
  }
  return { values, omittedInstances };
}

function findSpec(def: CommandDefinition, name: string): [string, ArgSpec<unknown>] | undefined {
  const wanted = nameKey(name);
  return argEntries(def).find(([key]) => nameKey(key) === wanted);
}

function unknownFlag(def: CommandDefinition, flag: string): UserError {
  const names = argEntries(def).map(([k]) => `--${kebab(k)}`);
  const [best] = closest(`--${flag}`, names, 1);
  return new UserError(
    'usage',
    `Unknown option \`--${show(flag)}\` for \`${usageLine(def).split(' <')[0]!.split(' [')[0]}\`.${best ? ` Did you mean \`${best}\`?` : ''}`,
    usageHint(def),
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
    throw new UserError(
      'usage',
      `Unexpected extra argument \`${show(tokens[specs.length]!)}\`.`,
      usageHint(def),
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
    if (!found) throw unknownFlag(def, name);
    const [key, spec] = found;
    if (values[key] !== undefined)
      throw new UserError('usage', `\`--${kebab(key)}\` is given twice.`, usageHint(def));
    let raw: string;
    if (eq >= 0) raw = body.slice(eq + 1);
    else if (spec.kind === 'boolean') raw = 'true';
    else {
      const next = tokens[i + 1];
      if (!next || (!next.quoted && next.text.startsWith('--'))) {
        throw new UserError(
          'usage',
          `\`--${kebab(key)}\` needs a value, e.g. \`--${kebab(key)} ${spec.choices?.[0] ?? (spec.kind === 'integer' ? '2' : 'value')}\`.`,
          usageHint(def),
        );
      }
      raw = next.text;
      i += 1;
    }
    values[key] = convertArg(def, key, spec, raw);
  }
  for (const [key, raw] of placePositionals(def, positionals, hints)) {
    if (values[key] !== undefined)
      throw new UserError('usage', `\`${kebab(key)}\` is given twice.`, usageHint(def));
    values[key] = convertArg(def, key, def.args[key]!, raw);
  }
  return finish(def, values);
}

/** Parses typed options (Discord); keys may be camelCase as declared, kebab-case or snake_case. */
export function parseOptionArgs(
  def: CommandDefinition,
  options: Record<string, Raw | undefined>,
): ParsedArgs {
  const values: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(options)) {
    if (raw === undefined || raw === '') continue;
    const found = findSpec(def, name);
    if (!found) throw unknownFlag(def, name);
    values[found[0]] = convertArg(def, found[0], found[1], typeof raw === 'string' ? raw.trim() : raw);
  }
  return finish(def, values);
}
