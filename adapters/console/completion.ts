// Tab completion for the REPL: command paths, --flags, choice values, known instance names and the
// snapshot / backup / network / IP ids the bot has seen, all read from the dispatcher's command
// list so nothing here knows any particular command.
import type { ArgInfo, CommandInfo, CompletionKind } from '../../src/core/index.js';

/** Readline's completion result: candidate tokens and the partial token they replace. */
export type Completion = [string[], string];

/** Looks up values of a kind (instance names, seen ids) starting with a prefix. */
export type ValueLookup = (kind: CompletionKind, prefix: string) => Promise<string[]>;

const PREFIX = /^(\s*\/?vps\s+)/i;
const LEAVE_WORDS = ['exit', 'quit'];

/** `removeIp` → `--remove-ip`, the spelling the text parser accepts. */
export function flagName(arg: Pick<ArgInfo, 'name'>): string {
  return `--${arg.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/_/g, '-')}`;
}

/** Completes the last token of `line` against the commands, instance names and seen ids. */
export async function completeLine(
  line: string,
  commands: CommandInfo[],
  lookup: ValueLookup,
): Promise<Completion> {
  const body = line.replace(PREFIX, '');
  const tokens = body.trimStart().split(/\s+/);
  const current = tokens.pop() ?? '';
  const candidates = await candidatesFor(tokens, current, commands, lookup);
  const hits = [...new Set(candidates)].filter((c) => c.startsWith(current)).sort();
  // A single match is a finished word: add the space so the next Tab completes the next word.
  return [hits.length === 1 ? [`${hits[0] ?? ''} `] : hits, current];
}

async function candidatesFor(
  done: string[],
  current: string,
  commands: CommandInfo[],
  lookup: ValueLookup,
): Promise<string[]> {
  const groups = commands.filter((c) => c.group !== '').map((c) => c.group);
  const botCommands = commands.filter((c) => c.group === '').map((c) => c.name);
  const [first, second] = done;
  if (first === undefined) return [...groups, ...botCommands, ...LEAVE_WORDS];
  if (first === 'help') {
    if (done.length === 1) return [...groups, ...botCommands];
    if (done.length === 2) return actionsOf(commands, second ?? '');
    return [];
  }
  const bot = commands.find((c) => c.group === '' && c.name === first);
  if (bot) return argCandidates(bot, done.slice(1), current, lookup);
  if (second === undefined) return actionsOf(commands, first);
  const command = commands.find((c) => c.group === first && c.name === second);
  return command ? argCandidates(command, done.slice(2), current, lookup) : [];
}

function actionsOf(commands: CommandInfo[], group: string): string[] {
  return commands.filter((c) => c.group === group && group !== '').map((c) => c.name);
}

async function argCandidates(
  command: CommandInfo,
  done: string[],
  current: string,
  lookup: ValueLookup,
): Promise<string[]> {
  const flags = command.args.filter((a) => !a.positional);
  if (current.startsWith('-')) return flags.map(flagName);
  const previous = done.at(-1);
  const valueOf = previous ? flags.find((a) => flagName(a) === previous && a.kind !== 'boolean') : undefined;
  if (valueOf) return valuesFor(valueOf, current, lookup);
  const positional = command.args.filter((a) => a.positional);
  const arg = positional[countPositional(done, flags)];
  return arg ? valuesFor(arg, current, lookup) : [];
}

function countPositional(done: string[], flags: ArgInfo[]): number {
  let count = 0;
  for (let i = 0; i < done.length; i += 1) {
    const token = done[i] ?? '';
    if (!token.startsWith('--')) {
      count += 1;
      continue;
    }
    const flag = flags.find((a) => flagName(a) === token);
    if (flag && flag.kind !== 'boolean' && !token.includes('=')) i += 1;
  }
  return count;
}

async function valuesFor(arg: ArgInfo, current: string, lookup: ValueLookup): Promise<string[]> {
  if (arg.choices) return arg.choices;
  if (arg.kind === 'instance') return lookup('instance', current);
  if (arg.completes) return lookup(arg.completes, current);
  return [];
}
