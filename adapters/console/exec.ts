// One-shot mode (`vpsops exec "<command>" [--confirm <target>]`): dispatch a single command,
// print the reply as plain text and turn the outcome into an exit code. A destructive command
// only runs when --confirm names its target; the core has the final word on the value, this
// module only says early (and clearly) what it expected.
import { Writable } from 'node:stream';
import type { Actor, Dispatcher } from '../../src/core/ports.js';
import type { Message } from '../../src/render/message.js';
import { renderAnnouncement, renderConsole } from './render.js';
import { createConsoleResponder, type ResponderEvent } from './responder.js';
import { EXEC_CHANNEL, toActionEvent, toInvocation } from './translate.js';

/** Exit codes of `vpsops exec`, documented in --help. */
export const EXIT = { ok: 0, error: 1, usage: 2, needsConfirmation: 3, timedOut: 4 } as const;

/** How a followed operation ended (`--wait`). */
export type FollowResult = 'done' | 'failed' | 'timed-out';

/** `--wait`: whether the confirmed action handed an operation to the tracker, and its end. */
export interface ExecFollow {
  followed(): boolean;
  done(): Promise<FollowResult>;
}

/** What --confirm may name for one pending confirmation: `expected` first (hostname, volume name). */
export interface PendingTarget {
  expected: string;
  accepted: string[];
}

/** Inputs of one exec run; streams are injected so tests need no child process. */
export interface ExecOptions {
  text: string;
  /** Hostname or uuid of the target, required to run destructive commands. */
  confirm?: string;
  actor: Actor;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  color?: boolean;
  /** Looks up what --confirm must name for a pending token (from the bot's store). */
  pendingTarget?: (token: string) => Promise<PendingTarget | null>;
  /** `--wait`: follow the confirmed operation to its end (exit 0 done, 1 failed, 4 timed out). */
  follow?: ExecFollow;
  /** `--json`: print one JSON document instead of text. */
  json?: boolean;
}

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CONFIRM_INSIDE = /(?:^|\s)--confirm(?:=|\s+)("[^"]*"|'[^']*'|\S+)/;

/** Runs one command and returns the process exit code (0 ok, 1 error, 2 usage, 3 needs --confirm, 4 --wait timed out). */
export async function runExec(dispatcher: Dispatcher, options: ExecOptions): Promise<number> {
  if (!options.json) return runExecText(dispatcher, options).then((run) => run.code);
  const out = collector();
  const err = collector();
  const run = await runExecText(dispatcher, {
    ...options,
    stdout: out.stream,
    stderr: err.stream,
    color: false,
  });
  options.stdout.write(
    `${JSON.stringify(
      {
        command: options.text,
        exitCode: run.code,
        outcome: run.outcome,
        auditId: run.auditId ?? null,
        result: out.text().trim(),
        errors: err.text().trim(),
      },
      null,
      2,
    )}\n`,
  );
  return run.code;
}

/** One exec run's result, for the exit code and `--json`. */
interface ExecRun {
  code: number;
  outcome: string;
  /** The invocation id of the last audit record written (the confirmation's when there was one). */
  auditId?: string;
}

const OUTCOME_OF_CODE: Record<number, string> = {
  [EXIT.ok]: 'ok',
  [EXIT.error]: 'error',
  [EXIT.usage]: 'usage-error',
  [EXIT.needsConfirmation]: 'needs-confirmation',
  [EXIT.timedOut]: 'timed-out',
};

const run = (code: number, auditId?: string, outcome?: string): ExecRun => ({
  code,
  outcome: outcome ?? OUTCOME_OF_CODE[code] ?? 'error',
  ...(auditId ? { auditId } : {}),
});

async function runExecText(dispatcher: Dispatcher, options: ExecOptions): Promise<ExecRun> {
  const inside = CONFIRM_INSIDE.exec(options.text);
  if (inside) {
    const command = options.text.replace(CONFIRM_INSIDE, '').trim();
    const target = (inside[1] ?? '').replace(/^["']|["']$/g, '');
    options.stderr.write(`put --confirm outside the quotes: ${rerunLine(command, target)}\n`);
    return run(EXIT.usage);
  }
  const invocation = toInvocation(options.text, options.actor, EXEC_CHANNEL);
  if (!invocation) {
    options.stderr.write('Nothing to run. Try: vpsops exec "help"\n');
    return run(EXIT.usage);
  }
  const color = options.color ?? false;
  const print = (message: Message): void => {
    const stream =
      message.outcome === 'error' || message.outcome === 'usage-error' ? options.stderr : options.stdout;
    stream.write(renderConsole(message, { color }));
  };
  const announce = (message: Message): void =>
    void options.stdout.write(renderAnnouncement(message, { color }));
  const withConfirm = options.confirm !== undefined;
  const first = createConsoleResponder(
    {
      // With --confirm the preview card is not printed: its final state follows as an update.
      // Without it there is nothing to click, so the "Awaiting confirmation" hint is left out.
      reply: (message) => {
        if (!message.actions) return print(message);
        if (!withConfirm) print(withoutActions(message));
      },
      update: print,
      announce,
    },
    EXEC_CHANNEL,
  );
  await dispatcher.dispatch(invocation, first.responder);
  const pending = first.takePending()[0];
  if (!pending) return run(exitCode(first.events), invocation.id);
  const target = (await options.pendingTarget?.(pending.actions.token)) ?? null;
  if (options.confirm === undefined) {
    options.stderr.write(
      `Nothing was changed. To do it, run: ${rerunLine(options.text, target?.expected ?? '<hostname-or-uuid>')}\n`,
    );
    return run(EXIT.needsConfirmation, invocation.id);
  }
  if (target && !names(target, options.confirm)) {
    const uuidToo = target.accepted.some((value) => UUID_SHAPE.test(value)) ? ' (or its uuid)' : '';
    options.stderr.write(
      `--confirm ${options.confirm} does not match: --confirm must name ${target.expected}${uuidToo}. Nothing was changed.\n`,
    );
    return run(EXIT.needsConfirmation, invocation.id);
  }
  // With --wait, progress edits (tone info) are not printed: the outcome edit is.
  const follow = options.follow;
  const printUpdate = (message: Message): void => {
    if (follow?.followed() && message.tone === 'info') return;
    print(message);
  };
  const second = createConsoleResponder({ reply: print, update: printUpdate, announce }, EXEC_CHANNEL);
  const event = toActionEvent(pending.actions.token, 'confirm', options.actor, options.confirm, EXEC_CHANNEL);
  await dispatcher.act(event, second.responder);
  const code = exitCode(second.events);
  if (code !== EXIT.ok || !follow?.followed()) return run(code, event.id);
  const result = await follow.done();
  const waited = { done: EXIT.ok, failed: EXIT.error, 'timed-out': EXIT.timedOut }[result];
  return run(waited, event.id, result);
}

/** A writable that keeps what is written (for --json). */
function collector(): { stream: NodeJS.WritableStream; text(): string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  return { stream, text: () => chunks.join('') };
}

/** `vpsops exec "instance stop web-1" --confirm web-1`, quoted so a shell takes it as one word. */
export function rerunLine(text: string, target: string): string {
  const quote = (word: string) =>
    word.includes('"') && !word.includes("'") ? `'${word}'` : `"${word.replace(/(["\\$`])/g, '\\$1')}"`;
  const confirm = /^[\w.:@-]+$/.test(target) ? target : quote(target);
  return `vpsops exec ${quote(text)} --confirm ${confirm}`;
}

function withoutActions(message: Message): Message {
  const card = { ...message };
  delete card.actions;
  return card;
}

function names(target: PendingTarget, given: string): boolean {
  const value = given.trim();
  if (value === '') return false;
  return [target.expected, ...target.accepted].some((want) =>
    UUID_SHAPE.test(want) && UUID_SHAPE.test(value)
      ? want.toLowerCase() === value.toLowerCase()
      : want === value,
  );
}

/** Worst outcome among the replies and card edits: error 1, usage 2, pending confirmation 3, else 0. */
export function exitCode(events: ResponderEvent[]): number {
  const shown = events.filter((event) => event.kind !== 'announce').map((event) => event.message);
  if (shown.length === 0) return EXIT.error;
  const outcomes = shown.map(outcomeOf);
  if (outcomes.includes('error')) return EXIT.error;
  if (outcomes.includes('usage-error')) return EXIT.usage;
  if (outcomes.includes('needs-confirmation')) return EXIT.needsConfirmation;
  return EXIT.ok;
}

function outcomeOf(message: Message): NonNullable<Message['outcome']> {
  if (message.outcome) return message.outcome;
  if (message.actions) return 'needs-confirmation';
  return message.tone === 'error' ? 'error' : 'ok';
}
