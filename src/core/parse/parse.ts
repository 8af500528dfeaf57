// Entry point of parsing: text or Discord options → the command and its validated arguments,
// or a UserError saying what was wrong and what to type. Never throws on any input.
import type { CommandDefinition } from '../command.js';
import { commandPath } from '../define-command.js';
import { isUserError, UserError } from '../errors.js';
import type { Locale } from '../../i18n/locale.js';
import { t } from '../../i18n/translate.js';
import { parseOptionArgs, parseTextArgs, type ParseHints, type ParsedArgs } from './parse-args.js';
import type { InvocationInput } from '../ports.js';
import type { Registry } from './registry.js';
import type { ScheduleRequest } from '../store.js';
import { resolvePath, stripPrefix } from './resolve-path.js';
import { closest } from './suggest.js';
import { tokenize, type Token } from './tokenize.js';

/** A successfully parsed invocation. */
export interface Parsed {
  def: CommandDefinition;
  path: string;
  args: ParsedArgs;
  /** `schedule in|at`: this command is to run at that time (set by schedule/unwrap.ts). */
  schedule?: ScheduleRequest;
}

/** Parse outcome: the command, or the error plus the command path when it was recognised. */
export type ParseResult = { ok: true; parsed: Parsed } | { ok: false; error: UserError; path?: string };

/** Text longer than this is refused outright (nobody types this much into a slash command). */
export const MAX_INPUT_LENGTH = 4000;

function fromOptions(
  input: Extract<InvocationInput, { kind: 'options' }>,
  registry: Registry,
  locale: Locale,
): CommandDefinition | UserError {
  const path =
    input.path
      .map((p) => p.trim().toLowerCase())
      .filter(Boolean)
      .join(' ') || 'help';
  const def = registry.byPath(path);
  if (def) return def;
  const [best] = closest(path, registry.paths(), 1);
  const suggestion = best ? t(locale, 'parse.didYouMean', { best }) : '';
  return new UserError('unknown-command', t(locale, 'parse.unknownCommand', { typed: path, suggestion }));
}

/** An unquoted `--help` or `-h` anywhere after the command. */
function askedForHelp(rest: Token[]): boolean {
  return rest.some((token) => !token.quoted && (token.text === '--help' || token.text === '-h'));
}

/** Parses an invocation's input against the registry. */
export function parseInput(input: InvocationInput, registry: Registry, hints: ParseHints): ParseResult {
  let path: string | undefined;
  const locale = hints.locale ?? 'en';
  try {
    if (input.kind === 'options') {
      const def = fromOptions(input, registry, locale);
      if (isUserError(def)) return { ok: false, error: def };
      path = commandPath(def);
      return { ok: true, parsed: { def, path, args: parseOptionArgs(def, input.options, locale) } };
    }
    if (input.text.length > MAX_INPUT_LENGTH) {
      return {
        ok: false,
        error: new UserError('usage', t(locale, 'parse.tooLong', { max: MAX_INPUT_LENGTH })),
      };
    }
    const tokens = tokenize(input.text);
    if (!tokens.ok) {
      const problem = t(locale, 'parse.unclosedQuote', { quote: tokens.quote });
      return { ok: false, error: new UserError('usage', problem, t(locale, 'parse.closeQuote')) };
    }
    const match = resolvePath(stripPrefix(tokens.tokens), registry, locale);
    if (isUserError(match)) return { ok: false, error: match };
    path = commandPath(match.def);
    const help = askedForHelp(match.rest) ? registry.byPath('help') : undefined;
    if (help) {
      // `instance stop --help` / `-h`: the command's usage, as `help instance stop` shows it.
      const topic = path.split(' ').map((text) => ({ text, quoted: false }));
      return { ok: true, parsed: { def: help, path: 'help', args: parseTextArgs(help, topic, hints) } };
    }
    return { ok: true, parsed: { def: match.def, path, args: parseTextArgs(match.def, match.rest, hints) } };
  } catch (error) {
    if (isUserError(error)) return path === undefined ? { ok: false, error } : { ok: false, error, path };
    const problem = new UserError('usage', t(locale, 'parse.notUnderstood'), t(locale, 'parse.typeHelp'));
    return path === undefined ? { ok: false, error: problem } : { ok: false, error: problem, path };
  }
}
