// `approve <token>` typed at the `vps> ` prompt: a second person approves a two-person request made
// in a console or by exec, typing the target's name as they would on its card. The core decides
// who may approve (never the requester) and edits the card; this module only asks and sends.
import {
  DEFAULT_LOCALE,
  t,
  type Actor,
  type Dispatcher,
  type Locale,
  type PendingTarget,
} from '../../src/core/index.js';
import { rerunLine } from './exec-common.js';
import { createConsoleResponder, type ResponderSink } from './responder.js';
import { CONSOLE_CHANNEL, toActionEvent } from './translate.js';

/** What the REPL lends the approval step. */
export interface ReplApproveDeps {
  dispatcher: Dispatcher;
  actor: Actor;
  sink: ResponderSink;
  pendingTarget: (token: string) => Promise<PendingTarget | null>;
  ask(question: string): Promise<string | null>;
  print(text: string): void;
  /** The console's language (VPSOPS_LOCALE or --locale); English when absent. */
  locale?: Locale | undefined;
}

/** Asks for the target's name, then sends the approval in the channel where it was requested. */
export async function approveInRepl(deps: ReplApproveDeps, token: string): Promise<void> {
  const locale = deps.locale ?? DEFAULT_LOCALE;
  const target = await deps.pendingTarget(token);
  if (!target) {
    deps.print(`${t(locale, 'exec.noPending', { token })}\n`);
    return;
  }
  if (target.platform !== undefined && target.platform !== 'console') {
    deps.print(`${t(locale, 'exec.otherPlatform', { platform: target.platform })}\n`);
    return;
  }
  const answer = (await deps.ask(t(locale, 'console.typeToApprove', { expected: target.expected }))) ?? '';
  if (answer.trim() === '') {
    deps.print(`${t(locale, 'console.notApproved')}\n`);
    return;
  }
  const channelId = target.channelId ?? CONSOLE_CHANNEL;
  const session = createConsoleResponder(deps.sink, channelId);
  await deps.dispatcher.act(
    toActionEvent(token, 'confirm', deps.actor, answer.trim(), channelId),
    session.responder,
  );
}

/** The requester's note instead of `Confirm? [y/N]`: who approves, and how. */
export function secondPersonNote(
  token: string,
  target: PendingTarget,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const line = rerunLine(`approve ${token}`, target.expected);
  return `${t(locale, 'console.secondPerson', { token, line })}\n`;
}
