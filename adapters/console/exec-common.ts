// What `vpsops exec` and its `approve` step share: options, results and the checks on
// what --confirm names.
import {
  type CommandResult,
  type Actor,
  type Dispatcher,
  type Locale,
  type PendingTarget,
  isUuid,
} from '../../src/core/index.js';
import type { Message } from '../../src/render/message.js';
import { EXIT } from '../../src/adapter-kit/exit-codes.js';
import { renderAnnouncement, renderConsole } from './render.js';
import { createConsoleResponder, type ResponderEvent } from './responder.js';
import { toActionEvent } from './translate.js';
import { pendingCard } from '../../src/render/buttons.js';

/** How a followed operation ended (`--wait`). */
export type FollowResult = 'done' | 'failed' | 'timed-out';

/** `--wait`: whether the confirmed action handed an operation to the tracker, and its end. */
export interface ExecFollow {
  followed(): boolean;
  done(): Promise<FollowResult>;
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
  /** `--wait`: follow the confirmed operation to its end (exit 0 done, 1 failed, 4 timed out). */
  follow?: ExecFollow;
  /** `--json`: print one JSON document instead of text. */
  json?: boolean;
  /** The last command result the core reported (its API answers), for `--json`'s `data`. */
  lastResult?: () => CommandResult | undefined;
  /** The answers' language (VPSOPS_LOCALE or --locale); English when absent. */
  locale?: Locale;
}

/** One exec run's result, for the exit code and `--json`. */
export interface ExecRun {
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
  [EXIT.unknown]: 'unknown',
};

/** An ExecRun from an exit code (outcome named after it unless given). */
export const run = (code: number, auditId?: string, outcome?: string): ExecRun => ({
  code,
  outcome: outcome ?? OUTCOME_OF_CODE[code] ?? 'error',
  ...(auditId ? { auditId } : {}),
});

/** The exit of a confirmed step; with --wait, how the followed operation ended. */
export async function finish(
  code: number,
  auditId: string,
  follow: ExecFollow | undefined,
): Promise<ExecRun> {
  if (code !== EXIT.ok || !follow?.followed()) return run(code, auditId);
  const result = await follow.done();
  return run({ done: EXIT.ok, failed: EXIT.error, 'timed-out': EXIT.timedOut }[result], auditId, result);
}

/** `vpsops exec "instance stop web-1" --confirm web-1`, quoted so a shell takes it as one word. */
export function rerunLine(text: string, target: string): string {
  const quote = (word: string) =>
    word.includes('"') && !word.includes("'") ? `'${word}'` : `"${word.replace(/(["\\$`])/g, '\\$1')}"`;
  const confirm = /^[\w.:@-]+$/.test(target) ? target : quote(target);
  return `vpsops exec ${quote(text)} --confirm ${confirm}`;
}

/** Whether --confirm names the pending target (uuids compared case-insensitively). */
export function names(target: PendingTarget, given: string): boolean {
  const value = given.trim();
  if (value === '') return false;
  return [target.expected, ...target.accepted].some((want) =>
    isUuid(want) && isUuid(value) ? want.toLowerCase() === value.toLowerCase() : want === value,
  );
}

/**
 * Worst outcome among the replies and card edits: outcome unknown 5 (before error: a retry loop
 * must not repeat it), error 1, usage 2, pending confirmation 3, else 0.
 */
export function exitCode(events: ResponderEvent[]): number {
  const shown = events.filter((event) => event.kind !== 'announce').map((event) => event.message);
  if (shown.length === 0) return EXIT.error;
  const outcomes = shown.map(outcomeOf);
  if (outcomes.includes('unknown')) return EXIT.unknown;
  if (outcomes.includes('error')) return EXIT.error;
  if (outcomes.includes('usage-error')) return EXIT.usage;
  if (outcomes.includes('needs-confirmation')) return EXIT.needsConfirmation;
  return EXIT.ok;
}

function outcomeOf(message: Message): NonNullable<Message['outcome']> {
  if (message.outcome) return message.outcome;
  if (pendingCard(message)) return 'needs-confirmation';
  return message.tone === 'error' ? 'error' : 'ok';
}

/** Prints a reply: failures (error, usage error) to stderr, everything else to stdout. */
export function printer(options: ExecOptions): (message: Message) => void {
  const color = options.color ?? false;
  return (message) => {
    const failed =
      message.outcome === 'error' || message.outcome === 'usage-error' || message.outcome === 'unknown';
    (failed ? options.stderr : options.stdout).write(
      renderConsole(message, { color, ...(options.locale ? { locale: options.locale } : {}) }),
    );
  };
}

/**
 * Clicks Confirm on `token` with what --confirm named and turns the outcome into the exit code; with
 * --wait, progress edits (tone info) are not printed, the outcome edit is.
 */
export async function confirmAndFinish(
  dispatcher: Dispatcher,
  options: ExecOptions & { confirm: string },
  token: string,
  channelId: string,
): Promise<ExecRun> {
  const print = printer(options);
  const follow = options.follow;
  const responder = createConsoleResponder(
    {
      reply: print,
      update: (message) => (follow?.followed() && message.tone === 'info' ? undefined : print(message)),
      announce: (message) =>
        void options.stdout.write(
          renderAnnouncement(message, {
            color: options.color ?? false,
            ...(options.locale ? { locale: options.locale } : {}),
          }),
        ),
    },
    channelId,
  );
  const event = toActionEvent(token, 'confirm', options.actor, options.confirm, channelId, options.locale);
  await dispatcher.act(event, responder.responder);
  return finish(exitCode(responder.events), event.id, follow);
}
