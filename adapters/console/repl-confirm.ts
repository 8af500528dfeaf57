// The REPL's confirmation questions: a reply's pending cards are asked right away (`Confirm? [y/N]`
// or the typed name), the answer sent as confirm / cancel; a card that ends meanwhile ends its question.
import { DEFAULT_LOCALE, t } from '../../src/core/index.js';
import type { Actor, Dispatcher, Locale, MessageRef, PendingTarget } from '../../src/core/index.js';
import { pendingCard, type PendingCard } from '../../src/render/buttons.js';
import type { Message } from '../../src/render/message.js';
import { secondPersonNote } from './repl-approve.js';
import { typedQuestion } from './repl-words.js';
import { settledLine } from './settled-line.js';
import type { ConsoleResponder } from './responder.js';
import { CONSOLE_CHANNEL, isYes, toActionEvent } from './translate.js';

const MAX_TYPED_ATTEMPTS = 3;

/** What the REPL lends its questions. */
export interface ConfirmerDeps {
  dispatcher: Dispatcher;
  actor: Actor;
  locale?: Locale | undefined;
  /** Looks pending tokens up: two-person requests are not asked here, `approve <token>` answers them. */
  pendingTarget?: ((token: string) => Promise<PendingTarget | null>) | undefined;
  ask(question: string): Promise<string | null>;
  print(text: string): void;
  /** Takes back the question being asked (its card ended). */
  dropQuestion(): void;
  /** A fresh responder printing to the REPL. */
  session(): ConsoleResponder;
}

/** The REPL's questions. */
export interface Confirmer {
  /** Asks every card the session left pending, one after another. */
  confirmPending(session: ConsoleResponder): Promise<void>;
  /** A card was edited: a final edit ends its question. */
  endQuestion(message: Message, ref: MessageRef): void;
}

/** Runs `work`, printing the console's crash line instead of throwing. */
export async function guarded(print: (text: string) => void, locale: Locale | undefined, work: () => Promise<void>) {
  try {
    await work();
  } catch {
    print(`${t(locale ?? DEFAULT_LOCALE, 'console.crashed')}\n`);
  }
}

/** The questions of one REPL; `open` and `asking` are what its card edits end. */
export function createConfirmer(deps: ConfirmerDeps): Confirmer {
  const { ask, print, locale } = deps;
  // Cards with a question still to ask or being asked; a final edit (expired, cancelled,
  // confirmed elsewhere) ends the question instead of leaving a dead `Confirm? [y/N]` behind.
  const open = new Map<string, { ended: boolean }>();
  let asking: string | null = null;

  function endQuestion(message: Message, ref: MessageRef): void {
    const question = open.get(ref.id);
    if (!question || pendingCard(message)) return;
    question.ended = true;
    if (asking === ref.id) deps.dropQuestion();
  }

  async function confirmPending(session: ConsoleResponder): Promise<void> {
    const taken = session.takePending();
    for (const { ref } of taken) open.set(ref.id, { ended: false });
    for (const { actions, ref } of taken) {
      try {
        const target = await deps.pendingTarget?.(actions.token);
        if (target?.twoPerson) print(secondPersonNote(actions.token, target, locale));
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
        actions.typed ? typedQuestion(actions.typed, locale) : t(locale ?? DEFAULT_LOCALE, 'console.confirmYN'),
      );
      asking = null;
      if (!open.get(ref.id)?.ended && Date.now() < actions.expiresAt) return answer;
    }
    print(`${settledLine(actions.expiresAt, Date.now(), locale)}\n`);
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
    const typed = action === 'confirm' ? input : undefined;
    const event = toActionEvent(token, action, deps.actor, typed, CONSOLE_CHANNEL, locale);
    const session = deps.session();
    await guarded(print, locale, () => deps.dispatcher.act(event, session.responder));
    await confirmPending(session);
    return session.events.some((e) => e.kind === 'update' && e.ref?.id === ref.id);
  }

  return { confirmPending, endQuestion };
}
