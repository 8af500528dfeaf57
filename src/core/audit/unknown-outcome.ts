// The third outcome besides success and failure: a state-changing call that may or may not have
// happened (reset or timeout after sending, 2xx with an unusable body, 5xx from a proxy, or the bot
// died mid-call). The reply says so plainly, says what to check and with which read command, and
// warns against repeating it blindly — never "failed, try again".
import type { ApiError } from '../../api/errors.js';
import { context, contextWith, person, text } from '../../render/builders.js';
import { clockTime } from '../../render/format.js';
import type { Inline, Message } from '../../render/message.js';
import type { AuditRecord, CommandDefinition, UnknownOutcomeHint } from '../command.js';
import { UserError, userErrorNaming } from '../errors.js';
import type { Actor } from '../ports.js';
import type { PendingConfirmation } from '../store.js';

/** The hint when a command declares none: look at the instance if there is one. */
export function defaultHint(path: string, instance?: string): UnknownOutcomeHint {
  return instance
    ? { check: `what ${instance} shows now`, command: `instance show ${instance}` }
    : { check: `whether \`${path}\` took effect (in the hosting provider’s panel)` };
}

/** The command's own hint for these arguments, if it declares one (a faulty hint is ignored). */
export function hintFor(
  def: CommandDefinition | undefined,
  values: Record<string, unknown> | undefined,
): UnknownOutcomeHint | undefined {
  if (!def?.ifUnknown || !values) return undefined;
  try {
    return def.ifUnknown(values);
  } catch {
    return undefined;
  }
}

function checkLine(hint: Pick<UnknownOutcomeHint, 'check' | 'command'>): string {
  return hint.command ? `Check ${hint.check} with \`${hint.command}\`.` : `Check ${hint.check}.`;
}

const DO_NOT_REPEAT = 'Do not run it again blindly: if it did happen, repeating it could do it twice.';

/** The reply for a call whose outcome cannot be known. */
export function unknownOutcomeMessage(error: ApiError, path: string, hint: UnknownOutcomeHint): Message {
  const line = `\`${path}\` may or may not have happened: ${lowerFirst(error.chatText())}`;
  return {
    title: 'Outcome unknown',
    tone: 'warning',
    blocks: [text(line), text(checkLine(hint)), context(DO_NOT_REPEAT)],
    summary: `Outcome unknown — \`${path}\` may have happened. ${checkLine(hint)}`,
    outcome: 'unknown',
  };
}

/** The card of a call left unanswered when the bot stopped (found at the next start). */
export function interruptedCard(record: AuditRecord): Message {
  // The record of a confirmation action is written under the person who clicked Confirm.
  const who = `@${record.displayName || record.userId}`;
  const at = `${record.time.slice(11, 19)} UTC`;
  const hint = record.verify ?? defaultHint(record.command);
  const line =
    `\`${record.command}\` was confirmed by ${who} at ${at}, but the bot stopped before the hosting ` +
    'API answered. It may or may not have happened.';
  return {
    title: 'Outcome unknown (interrupted)',
    tone: 'warning',
    blocks: [text(line), text(checkLine(hint)), context(DO_NOT_REPEAT)],
    summary: `Outcome unknown (interrupted) — \`${record.command}\` may have happened. ${checkLine(hint)}`,
    outcome: 'error',
  };
}

function lowerFirst(line: string): string {
  return line.length > 1 && /^[A-Z][a-z]/.test(line) ? line.charAt(0).toLowerCase() + line.slice(1) : line;
}

/** The unknown outcome on the confirmed card: "Confirmed by @x at HH:MM:SS UTC — outcome unknown." */
export function unknownCard(message: Message, by: Actor, at: Date): Message {
  return {
    ...message,
    blocks: [
      ...message.blocks,
      contextWith(['Confirmed by ', person(by), ` at ${clockTime(at)} UTC — outcome unknown.`]),
    ],
    outcome: 'unknown',
  };
}

/** Who used a confirmation, from its "<platform>:<userId>" key, as a mention (the requester's name when it was them). */
function usedBy(pending: PendingConfirmation): Inline {
  const requester = pending.requester;
  if (pending.usedBy === `${requester.platform}:${requester.userId}`) return person(requester);
  const at = pending.usedBy?.indexOf(':') ?? -1;
  if (!pending.usedBy || at < 0) return 'someone';
  const userId = pending.usedBy.slice(at + 1);
  return person({ platform: pending.usedBy.slice(0, at), userId, displayName: userId });
}

/** The precise answer to a click on a confirmation that is already settled. */
export function lateClickError(pending: PendingConfirmation): UserError {
  const when = pending.usedAt !== undefined ? ` at ${clockTime(new Date(pending.usedAt))} UTC` : '';
  switch (pending.resolution) {
    case 'expired':
      return new UserError(
        'expired',
        `This confirmation expired at ${clockTime(new Date(pending.expiresAt))} UTC — nothing was done.`,
        'Run the command again.',
      );
    case 'confirmed':
      return userErrorNaming('already-used', [
        'Already confirmed by ',
        usedBy(pending),
        `${when} — nothing more was done.`,
      ]);
    case 'cancelled':
      return userErrorNaming('already-used', [
        'Already cancelled by ',
        usedBy(pending),
        `${when} — nothing was done.`,
      ]);
    default:
      return new UserError('already-used', 'This action was already handled — nothing more was done.');
  }
}
