// One-shot mode (`vpsops exec "<command>" [--confirm <target>]`): dispatch a single command,
// print the reply as plain text and turn the outcome into an exit code. A destructive command
// only runs when --confirm names its target; the core checks the value, never this module.
import type { Actor, Dispatcher } from '../../src/core/ports.js';
import type { Message } from '../../src/render/message.js';
import { renderAnnouncement, renderConsole } from './render.js';
import { createConsoleResponder, type ResponderEvent } from './responder.js';
import { toActionEvent, toInvocation } from './translate.js';

/** Exit codes of `vpsops exec`, documented in --help. */
export const EXIT = { ok: 0, error: 1, usage: 2, needsConfirmation: 3 } as const;

/** Inputs of one exec run; streams are injected so tests need no child process. */
export interface ExecOptions {
  text: string;
  /** Hostname or uuid of the target, required to run destructive commands. */
  confirm?: string;
  actor: Actor;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  color?: boolean;
}

/** Runs one command and returns the process exit code (0 ok, 1 error, 2 usage, 3 needs --confirm). */
export async function runExec(dispatcher: Dispatcher, options: ExecOptions): Promise<number> {
  const invocation = toInvocation(options.text, options.actor);
  if (!invocation) {
    options.stderr.write('Nothing to run. Try: vpsops exec "help"\n');
    return EXIT.usage;
  }
  const color = options.color ?? false;
  const print = (message: Message): void => {
    const stream =
      message.outcome === 'error' || message.outcome === 'usage-error' ? options.stderr : options.stdout;
    stream.write(renderConsole(message, { color }));
  };
  const withConfirm = options.confirm !== undefined;
  const first = createConsoleResponder({
    // With --confirm the preview card is not printed: its final state follows as an update.
    reply: (message) => (withConfirm && message.actions ? undefined : print(message)),
    update: print,
    announce: (message) => options.stdout.write(renderAnnouncement(message, { color })),
  });
  await dispatcher.dispatch(invocation, first.responder);
  const pending = first.takePending()[0];
  if (!pending) return exitCode(first.events);
  if (options.confirm === undefined) {
    options.stderr.write(
      'Nothing was changed. To go ahead, run the same command again with --confirm <hostname-or-uuid> naming the target.\n',
    );
    return EXIT.needsConfirmation;
  }
  const second = createConsoleResponder({
    reply: print,
    update: print,
    announce: (message) => options.stdout.write(renderAnnouncement(message, { color })),
  });
  const event = toActionEvent(pending.actions.token, 'confirm', options.actor, options.confirm);
  await dispatcher.act(event, second.responder);
  return exitCode(second.events);
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
