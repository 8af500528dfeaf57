// The third outcome besides success and failure: a state-changing call that may or may not have
// happened (reset or timeout after sending, 2xx with an unusable body, 5xx from a proxy, or the bot
// died mid-call). The reply says so plainly, says what to check and with which read command, and
// warns against repeating it blindly — never "failed, try again".
import type { ApiError } from '../../api/errors.js';
import { context, contextWith, person, text } from '../../render/builders.js';
import { clockTime } from '../../render/time-format.js';
import type { Inline, Message } from '../../render/message.js';
import type { AuditRecord, CommandDefinition, UnknownOutcomeHint } from '../command.js';
import { UserError, userErrorNaming } from '../errors.js';
import type { Actor } from '../ports.js';
import { VOIDED_BY_STATE_CHECK, type PendingConfirmation } from '../store.js';
import type { MessageKey } from '../../i18n/catalogue.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';
import { t, textIn, type MessageValues } from '../../i18n/translate.js';
import { apiErrorClause } from '../replies/api-error-text.js';

/** The hint when a command declares none: look at the instance if there is one. */
export function defaultHint(
  path: string,
  instance?: string,
  locale: Locale = DEFAULT_LOCALE,
): UnknownOutcomeHint {
  return instance
    ? { check: t(locale, 'unknown.hintInstance', { instance }), command: `instance show ${instance}` }
    : { check: t(locale, 'unknown.hintPath', { path }) };
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

/** "Check whether web-1 is Stopped with `instance show web-1`." in `locale`. */
export function checkLine(hint: Pick<UnknownOutcomeHint, 'check' | 'command'>, locale: Locale): string {
  const check = textIn(locale, hint.check);
  return hint.command
    ? t(locale, 'unknown.checkWith', { check, command: hint.command })
    : t(locale, 'unknown.check', { check });
}

/** The reply for a call whose outcome cannot be known. */
export function unknownOutcomeMessage(
  error: ApiError,
  path: string,
  hint: UnknownOutcomeHint,
  locale: Locale = DEFAULT_LOCALE,
): Message {
  const check = checkLine(hint, locale);
  return {
    title: t(locale, 'unknown.title'),
    tone: 'warning',
    blocks: [
      text(t(locale, 'unknown.line', { path, said: apiErrorClause(error, locale) })),
      text(check),
      context(t(locale, 'unknown.doNotRepeat')),
    ],
    summary: t(locale, 'unknown.summary', { path, check }),
    outcome: 'unknown',
  };
}

/** The card of a call left unanswered when the bot stopped (found at the next start), in the channel's language. */
export function interruptedCard(record: AuditRecord, locale: Locale = DEFAULT_LOCALE): Message {
  // The record of a confirmation action is written under the person who clicked Confirm.
  const who = `@${record.displayName || record.userId}`;
  const path = record.command;
  const check = checkLine(record.verify ?? defaultHint(path, undefined, locale), locale);
  return {
    title: t(locale, 'unknown.titleInterrupted'),
    tone: 'warning',
    blocks: [
      text(t(locale, 'unknown.interrupted', { path, who, time: record.time.slice(11, 19) })),
      text(check),
      context(t(locale, 'unknown.doNotRepeat')),
    ],
    summary: t(locale, 'unknown.summaryInterrupted', { path, check }),
    outcome: 'error',
  };
}

// Stands for the person while the sentence is formatted; never in a catalogue text.
const SLOT = '\u0000who\u0000';

/** A catalogued sentence with one person in it, as inlines: the mention stays a mention. */
export function inlineSentence(
  locale: Locale,
  key: MessageKey,
  who: Inline,
  values: MessageValues = {},
): Inline[] {
  const [before = '', after = ''] = t(locale, key, { ...values, who: SLOT }).split(SLOT);
  return [before, who, after].filter((part) => part !== '');
}

/** The unknown outcome on the confirmed card: "Confirmed by @x at HH:MM:SS UTC — outcome unknown." */
export function unknownCard(message: Message, by: Actor, at: Date, locale: Locale = DEFAULT_LOCALE): Message {
  return {
    ...message,
    blocks: [
      ...message.blocks,
      contextWith(inlineSentence(locale, 'unknown.confirmedBy', person(by), { time: clockTime(at) })),
    ],
    outcome: 'unknown',
  };
}

/** Who used a confirmation, from its "<platform>:<userId>" key, as a mention (the requester's name when it was them). */
function usedBy(pending: PendingConfirmation, locale: Locale): Inline {
  const requester = pending.requester;
  if (pending.usedBy === `${requester.platform}:${requester.userId}`) return person(requester);
  const at = pending.usedBy?.indexOf(':') ?? -1;
  if (!pending.usedBy || at < 0) return t(locale, 'late.someone');
  const userId = pending.usedBy.slice(at + 1);
  return person({ platform: pending.usedBy.slice(0, at), userId, displayName: userId });
}

/** The precise answer to a click on a confirmation that is already settled, in the clicker's language. */
export function lateClickError(pending: PendingConfirmation, locale: Locale = DEFAULT_LOCALE): UserError {
  const time = pending.usedAt !== undefined ? clockTime(new Date(pending.usedAt)) : undefined;
  const values = time === undefined ? {} : { time };
  switch (pending.resolution) {
    case 'expired':
      return new UserError(
        'expired',
        t(locale, 'late.expired', { time: clockTime(new Date(pending.expiresAt)) }),
        t(locale, 'late.runAgain'),
      );
    case 'confirmed': {
      const key = time === undefined ? 'late.confirmed' : 'late.confirmedAt';
      return userErrorNaming('already-used', inlineSentence(locale, key, usedBy(pending, locale), values));
    }
    case 'cancelled': {
      const key = time === undefined ? 'late.cancelled' : 'late.cancelledAt';
      return userErrorNaming('already-used', inlineSentence(locale, key, usedBy(pending, locale), values));
    }
    default:
      // Voided by the store's state check (journal damage, Redis data loss): it never ran.
      if (pending.usedBy === VOIDED_BY_STATE_CHECK)
        return new UserError('state-lost', t(locale, 'late.lost'), t(locale, 'late.runAgain'));
      return new UserError('already-used', t(locale, 'late.handled'));
  }
}
