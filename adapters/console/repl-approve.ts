// `approve <token>` typed at the `vps> ` prompt: a second person approves a two-person request made
// in a console or by exec, typing the target's name as they would on its card. The core decides
// who may approve (never the requester) and edits the card; this module only asks and sends.
import type { Actor, Dispatcher } from '../../src/core/index.js';
import { rerunLine, type PendingTarget } from './exec-common.js';
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
}

/** Asks for the target's name, then sends the approval in the channel where it was requested. */
export async function approveInRepl(deps: ReplApproveDeps, token: string): Promise<void> {
  const target = await deps.pendingTarget(token);
  if (!target) {
    deps.print(`No pending request has the token ${token} (it may have expired or been answered).\n`);
    return;
  }
  if (target.platform !== undefined && target.platform !== 'console') {
    deps.print(`That request was made on ${target.platform}; approve it on its card there.\n`);
    return;
  }
  const answer = (await deps.ask(`Type ${target.expected} to approve it (or press Enter to cancel): `)) ?? '';
  if (answer.trim() === '') {
    deps.print('Not approved — nothing was done. The request stays open until it expires.\n');
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
export function secondPersonNote(token: string, target: PendingTarget): string {
  return (
    `Nothing was changed yet: this needs a second person. An admin other than you approves it ` +
    `before it expires, typing \`approve ${token}\` in their console or running ` +
    `${rerunLine(`approve ${token}`, target.expected)}\n`
  );
}
