// The interactive console: a readline loop (prompt `vps> `) that sends each line to the
// dispatcher, prints replies, asks for pending confirmations right away, completes with Tab and
// keeps a persisted history. Transport only: every decision is the core's.
import type { Actor, Completer, Dispatcher, Locale, MessageRef, Responder } from '../../src/core/index.js';
import type { Message } from '../../src/render/message.js';
import { completeLine, type Completion } from './completion.js';
import { APPROVE } from './exec-approve.js';
import { approveInRepl } from './repl-approve.js';
import { createConfirmer, guarded } from './repl-confirm.js';
import { instanceWords } from './repl-words.js';
import { createHistory } from './history.js';
import { consoleLines } from './repl-lines.js';
import { renderAnnouncement, renderConsole, terminalWidth } from './render.js';
import { createCardMemory } from './card-memory.js';
import { createConsoleResponder, type ResponderSink } from './responder.js';
import { CONSOLE_CHANNEL, isExitLine, toInvocation } from './translate.js';

/** Everything the REPL needs; streams are injected so tests drive it with PassThrough. */
export interface ConsoleReplOptions {
  dispatcher: Dispatcher;
  /** Values for Tab completion (instances, seen ids); without it only commands and flags complete. */
  completer?: Completer;
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  actor: Actor;
  /** Who `approve <token>` approves as (the OS user or the configured one); defaults to `actor`. */
  approver?: Actor;
  /** File the command history is persisted to (e.g. `<dataDir>/console_history`). */
  historyFile?: string;
  historySize?: number;
  /** ANSI colours; default off. */
  color?: boolean;
  /** Raw-mode line editing (Tab, arrows); default: whether output is a TTY. */
  terminal?: boolean;
  prompt?: string;
  /** The answers' language (VPSOPS_LOCALE or --locale); English when absent. */
  locale?: Locale;
}

/** A running REPL. */
export interface ConsoleRepl {
  /** Resolves when the user leaves (exit, quit, Ctrl-D, end of input) or close() is called. */
  closed: Promise<void>;
  close(): void;
  /** The Tab completion used by readline, exposed for tests. */
  complete(line: string): Promise<Completion>;
  /** A responder printing here, for card edits of operations resumed after a restart. */
  responder(): Responder;
}

/** Tab completion: commands and flags, and values from the completer when there is one. */
function completionFor(options: ConsoleReplOptions) {
  const { dispatcher, completer, actor } = options;
  return (line: string): Promise<Completion> =>
    completeLine(line, dispatcher.commands(), async (kind, prefix) => {
      if (!completer) return [];
      const choices = await completer.complete(kind, prefix, actor);
      // Instances complete to a name; other ids only to the id itself (a snapshot name is not an id).
      return kind === 'instance' ? instanceWords(choices, prefix) : choices.map((c) => c.value);
    });
}

/** Prints replies and edits: an edit of a card shown before prints only what changed. */
function printingSink(
  options: ConsoleReplOptions,
  print: (text: string) => void,
  onEdit: (message: Message, ref: MessageRef) => void,
): ResponderSink {
  const { output } = options;
  const color = options.color ?? false;
  const cards = createCardMemory();
  const localeOption = options.locale ? { locale: options.locale } : {};
  const show = (message: Message, ref: MessageRef, edit: boolean): void => {
    if (edit) onEdit(message, ref);
    const width = terminalWidth(output);
    const plain = renderConsole(message, { color: false, width, ...localeOption });
    const text = edit ? cards.changed(ref.id, plain) : (cards.remember(ref.id, plain), plain);
    print(text === plain && color ? renderConsole(message, { color, width, ...localeOption }) : text);
  };
  return {
    reply: (message, ref) => show(message, ref, false),
    update: (message, ref) => show(message, ref, true),
    announce: (message) => print(renderAnnouncement(message, { color, ...localeOption })),
  };
}

/** Starts the read–dispatch–print loop on the given streams. */
export function startConsoleRepl(options: ConsoleReplOptions): ConsoleRepl {
  const { dispatcher, actor, output, locale } = options;
  // The dispatcher looks pending tokens up: two-person requests are not asked here, `approve <token>` answers them.
  const pendingTarget = dispatcher.pendingTarget?.bind(dispatcher);
  const terminal = options.terminal ?? Boolean((output as { isTTY?: boolean }).isTTY);
  const prompt = options.prompt ?? 'vps> ';
  const history = createHistory(options.historyFile, options.historySize);
  const complete = completionFor(options);
  const lines = consoleLines({
    input: options.input,
    output,
    terminal,
    prompt,
    history: history.newestFirst(),
    ...(options.historySize !== undefined ? { historySize: options.historySize } : {}),
    complete,
  });
  const { ask, print } = lines;
  const questions = createConfirmer({
    dispatcher,
    actor,
    locale,
    pendingTarget,
    ask,
    print,
    dropQuestion: () => lines.dropQuestion(),
    session: () => createConsoleResponder(sink),
  });
  const sink = printingSink(options, print, questions.endQuestion);

  async function loop(): Promise<void> {
    for (;;) {
      const line = await ask(prompt);
      if (line === null || isExitLine(line)) break;
      const invocation = toInvocation(line, actor, CONSOLE_CHANNEL, locale);
      if (!invocation) continue;
      history.add(line);
      const approval = pendingTarget ? APPROVE.exec(line) : null;
      if (approval && pendingTarget) {
        const deps = { dispatcher, actor: options.approver ?? actor, sink, ask, print, pendingTarget, locale };
        await guarded(print, locale, () => approveInRepl(deps, approval[1] ?? ''));
        continue;
      }
      const session = createConsoleResponder(sink);
      await guarded(print, locale, () => dispatcher.dispatch(invocation, session.responder));
      await questions.confirmPending(session);
    }
  }

  const closed = loop().finally(() => {
    if (!lines.ended()) lines.close();
    output.write('\n');
  });
  return {
    closed,
    close: () => lines.close(),
    complete,
    responder: () => createConsoleResponder(sink).responder,
  };
}
