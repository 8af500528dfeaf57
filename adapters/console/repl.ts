// The interactive console: a readline loop (prompt `vps> `) that sends each line to the
// dispatcher, prints replies, asks for pending confirmations right away, completes with Tab and
// keeps a persisted history. Transport only: every decision is the core's.
import { DEFAULT_LOCALE, t } from '../../src/core/index.js';
import type { Actor, Completer, Dispatcher, Locale, MessageRef, Responder } from '../../src/core/index.js';
import { pendingCard, type PendingCard } from '../../src/render/buttons.js';
import type { Message } from '../../src/render/message.js';
import { completeLine, type Completion } from './completion.js';
import { APPROVE } from './exec-approve.js';
import { approveInRepl, secondPersonNote } from './repl-approve.js';
import { instanceWords, typedQuestion } from './repl-words.js';
import { createHistory } from './history.js';
import { consoleLines } from './repl-lines.js';
import { renderAnnouncement, renderConsole, terminalWidth } from './render.js';
import { createCardMemory } from './card-memory.js';
import { settledLine } from './settled-line.js';
import { createConsoleResponder, type ConsoleResponder, type ResponderSink } from './responder.js';
import { CONSOLE_CHANNEL, isExitLine, isYes, toActionEvent, toInvocation } from './translate.js';

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

const MAX_TYPED_ATTEMPTS = 3;

/** Starts the read–dispatch–print loop on the given streams. */
export function startConsoleRepl(options: ConsoleReplOptions): ConsoleRepl {
  const { dispatcher, actor, output } = options;
  // The dispatcher looks pending tokens up: two-person requests are not asked here, `approve <token>` answers them.
  const pendingTarget = dispatcher.pendingTarget?.bind(dispatcher);
  const color = options.color ?? false;
  const terminal = options.terminal ?? Boolean((output as { isTTY?: boolean }).isTTY);
  const prompt = options.prompt ?? 'vps> ';
  const history = createHistory(options.historyFile, options.historySize);
  const complete = (line: string): Promise<Completion> =>
    completeLine(line, dispatcher.commands(), async (kind, prefix) => {
      if (!options.completer) return [];
      const choices = await options.completer.complete(kind, prefix, actor);
      // Instances complete to a name; other ids only to the id itself (a snapshot name is not an id).
      return kind === 'instance' ? instanceWords(choices, prefix) : choices.map((c) => c.value);
    });
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
  const cards = createCardMemory();
  // Cards with a question still to ask or being asked; a final edit (expired, cancelled,
  // confirmed elsewhere) ends the question instead of leaving a dead `Confirm? [y/N]` behind.
  const open = new Map<string, { ended: boolean }>();
  let asking: string | null = null;
  function endQuestion(message: Message, ref: MessageRef): void {
    const question = open.get(ref.id);
    if (!question || pendingCard(message)) return;
    question.ended = true;
    if (asking === ref.id) lines.dropQuestion();
  }
  const localeOption = options.locale ? { locale: options.locale } : {};
  const show = (message: Message, ref: MessageRef, edit: boolean): void => {
    if (edit) endQuestion(message, ref);
    const width = terminalWidth(output);
    const plain = renderConsole(message, { color: false, width, ...localeOption });
    const text = edit ? cards.changed(ref.id, plain) : (cards.remember(ref.id, plain), plain);
    print(text === plain && color ? renderConsole(message, { color, width, ...localeOption }) : text);
  };
  const sink: ResponderSink = {
    reply: (message, ref) => show(message, ref, false),
    update: (message, ref) => show(message, ref, true),
    announce: (message) => print(renderAnnouncement(message, { color, ...localeOption })),
  };

  async function confirmPending(session: ConsoleResponder): Promise<void> {
    const taken = session.takePending();
    for (const { ref } of taken) open.set(ref.id, { ended: false });
    for (const { actions, ref } of taken) {
      try {
        const target = await pendingTarget?.(actions.token);
        if (target?.twoPerson) print(secondPersonNote(actions.token, target, options.locale));
        else await confirmOne(actions, ref);
      } finally {
        open.delete(ref.id);
      }
    }
  }

  /** The answer to a card's question, or null when the card ended (or expired) meanwhile. */
  async function answerFor(actions: PendingCard, ref: MessageRef): Promise<string | null | undefined> {
    if (!open.get(ref.id)?.ended && Date.now() < actions.expiresAt) {
      asking = ref.id;
      const answer = await ask(
        actions.typed
          ? typedQuestion(actions.typed, options.locale)
          : t(options.locale ?? DEFAULT_LOCALE, 'console.confirmYN'),
      );
      asking = null;
      if (!open.get(ref.id)?.ended && Date.now() < actions.expiresAt) return answer;
    }
    print(`${settledLine(actions.expiresAt, Date.now(), options.locale)}\n`);
    return undefined;
  }

  async function confirmOne(actions: PendingCard, ref: MessageRef): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const answer = await answerFor(actions, ref);
      // Ended or expired while asking: whatever was typed is not sent.
      if (answer === undefined) return;
      const confirmed = answer !== null && (actions.typed ? answer.trim() !== '' : isYes(answer));
      const typedInput = actions.typed ? (answer ?? '').trim() : undefined;
      const settled = await sendAction(actions.token, confirmed ? 'confirm' : 'cancel', ref, typedInput);
      // A mistyped hostname leaves the card pending: ask again rather than make them retype the command.
      if (!confirmed || !actions.typed || settled || Date.now() >= actions.expiresAt) return;
      if (attempt >= MAX_TYPED_ATTEMPTS) {
        await sendAction(actions.token, 'cancel', ref);
        return;
      }
    }
  }

  /** Sends confirm / cancel and prints the outcome; true when the card reached a final state. */
  async function sendAction(token: string, action: 'confirm' | 'cancel', ref: MessageRef, input?: string) {
    const event = toActionEvent(
      token,
      action,
      actor,
      action === 'confirm' ? input : undefined,
      CONSOLE_CHANNEL,
      options.locale,
    );
    const session = createConsoleResponder(sink);
    await guarded(() => dispatcher.act(event, session.responder));
    await confirmPending(session);
    return session.events.some((e) => e.kind === 'update' && e.ref?.id === ref.id);
  }

  async function guarded(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch {
      print(`${t(options.locale ?? DEFAULT_LOCALE, 'console.crashed')}\n`);
    }
  }

  async function loop(): Promise<void> {
    for (;;) {
      const line = await ask(prompt);
      if (line === null || isExitLine(line)) break;
      const invocation = toInvocation(line, actor, CONSOLE_CHANNEL, options.locale);
      if (!invocation) continue;
      history.add(line);
      const approval = pendingTarget ? APPROVE.exec(line) : null;
      if (approval && pendingTarget) {
        const approver = options.approver ?? actor;
        const { locale } = options;
        const deps = { dispatcher, actor: approver, sink, ask, print, pendingTarget, locale };
        await guarded(() => approveInRepl(deps, approval[1] ?? ''));
        continue;
      }
      const session = createConsoleResponder(sink);
      await guarded(() => dispatcher.dispatch(invocation, session.responder));
      await confirmPending(session);
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
