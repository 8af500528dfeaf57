// Entry point of parsing: text or Discord options → the command and its validated arguments,
// or a UserError saying what was wrong and what to type. Never throws on any input.
import { commandPath, type CommandDefinition } from '../command.js';
import { isUserError, UserError } from '../errors.js';
import { parseOptionArgs, parseTextArgs, type ParseHints, type ParsedArgs } from './parse-args.js';
import type { InvocationInput } from '../ports.js';
import type { Registry } from './registry.js';
import { resolvePath, stripPrefix } from './resolve-path.js';
import { closest } from './suggest.js';
import { tokenize, type Token } from './tokenize.js';

export type { ParseHints, ParsedArgs } from './parse-args.js';

/** A successfully parsed invocation. */
export interface Parsed {
  def: CommandDefinition;
  path: string;
  args: ParsedArgs;
}

/** Parse outcome: the command, or the error plus the command path when it was recognised. */
export type ParseResult = { ok: true; parsed: Parsed } | { ok: false; error: UserError; path?: string };

/** Text longer than this is refused outright (nobody types this much into a slash command). */
export const MAX_INPUT_LENGTH = 4000;

function fromOptions(
  input: Extract<InvocationInput, { kind: 'options' }>,
  registry: Registry,
): CommandDefinition | UserError {
  const path =
    input.path
      .map((p) => p.trim().toLowerCase())
      .filter(Boolean)
      .join(' ') || 'help';
  const def = registry.byPath(path);
  if (def) return def;
  const [best] = closest(path, registry.paths(), 1);
  return new UserError(
    'unknown-command',
    `Unknown command \`${path}\`.${best ? ` Did you mean \`${best}\`?` : ''}`,
  );
}

/** An unquoted `--help` or `-h` anywhere after the command. */
function askedForHelp(rest: Token[]): boolean {
  return rest.some((token) => !token.quoted && (token.text === '--help' || token.text === '-h'));
}

/** Parses an invocation's input against the registry. */
export function parseInput(input: InvocationInput, registry: Registry, hints: ParseHints): ParseResult {
  let path: string | undefined;
  try {
    if (input.kind === 'options') {
      const def = fromOptions(input, registry);
      if (isUserError(def)) return { ok: false, error: def };
      path = commandPath(def);
      return { ok: true, parsed: { def, path, args: parseOptionArgs(def, input.options) } };
    }
    if (input.text.length > MAX_INPUT_LENGTH) {
      return {
        ok: false,
        error: new UserError('usage', `That command is too long (over ${MAX_INPUT_LENGTH} characters).`),
      };
    }
    const tokens = tokenize(input.text);
    if (!tokens.ok)
      return { ok: false, error: new UserError('usage', tokens.problem, 'Close the quote and try again.') };
    const match = resolvePath(stripPrefix(tokens.tokens), registry);
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
    const problem = new UserError(
      'usage',
      'That command could not be understood.',
      'Type `/vps help` to list commands.',
    );
    return path === undefined ? { ok: false, error: problem } : { ok: false, error: problem, path };
  }
}
