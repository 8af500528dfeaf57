// The confirmation card through its life: the preview with Confirm / Cancel, then its final state
// (confirmed by whom and when + result, failed, cancelled, expired), which stays in the channel.
import { randomBytes } from 'node:crypto';
import { contextWith, person, plainLine } from '../../render/builders.js';
import { clockTime } from '../../render/time-format.js';
import { confirmationButtons } from '../../render/buttons.js';
import type { Inline, Message, TypedPrompt } from '../../render/message.js';
import { shorten } from '../../render/shorten.js';
import type { Preview } from '../command.js';
import type { Actor, TypedDialog } from '../ports.js';
import { sameActor } from '../context.js';
import type { PendingConfirmation } from '../store.js';
import { isMessageKey, t } from '../../i18n/translate.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';
import { localizedLine } from '../../render/localized.js';

/** A short unguessable token: 16 random bytes → 22 base64url chars (custom_id "vps:confirm:<token>" = 34 chars). */
export function newToken(): string {
  return randomBytes(16).toString('base64url');
}

/** Whether text can be a token newToken made (22 base64url characters): anything else is unknown. */
export function isTokenShaped(text: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(text);
}

/** "@alice" for plain sentences such as refusals (display names are plain text; adapters escape them). */
export function mention(actor: Actor): string {
  return `@${actor.displayName || actor.userId}`;
}

/** The Confirm button names the action ("Stop web-1"), as the best chat-ops cards do. */
function confirmLabel(title: string | undefined, twoPerson: boolean, locale: Locale): string {
  if (twoPerson) return t(locale, 'card.approve');
  const action = (title ?? '').replace(/\?\s*$/, '').trim();
  return action.length > 0 && action.length <= 40 ? action : t(locale, 'card.confirm');
}

/** The hostname prompt of a pending action that wants it typed back. */
function typedPrompt(pending: PendingConfirmation, locale: Locale): TypedPrompt | undefined {
  const expected = pending.typedConfirmation;
  if (!expected) return undefined;
  return {
    // Adapters fit these to their own limits; the label keeps the whole name (never half an emoji).
    title: shorten(t(locale, 'card.typedTitle', { command: pending.command }), 45),
    label: t(locale, 'card.typedLabel', { name: expected }),
    placeholder: expected,
    accepts: [expected, ...pending.targets],
    verb: pending.command.split(' ').at(-1) ?? pending.command,
  };
}

/**
 * What the typed-confirmation dialog of a pending action shows, built from its stored record: the
 * one source adapters ask (by token) when a Confirm click opens a modal or a modal is checked.
 */
export function typedDialog(
  pending: PendingConfirmation,
  locale: Locale = DEFAULT_LOCALE,
): TypedDialog | null {
  const prompt = typedPrompt(pending, locale);
  if (!prompt) return null;
  return {
    prompt,
    confirmLabel: confirmLabel(pending.card?.title, pending.twoPerson, locale),
    cancelLabel: t(locale, 'card.cancel'),
  };
}

/** The preview card shown while the action waits for confirmation. */
export function previewCard(
  preview: Preview,
  pending: PendingConfirmation,
  destructive: boolean,
  locale: Locale = DEFAULT_LOCALE,
): Message {
  // Expiry is not repeated here: every renderer shows it from the buttons' expiresAt (Slack/Discord live).
  const requester = person(pending.requester);
  const notes: Inline[] = localizedLine(locale, 'card.requestedBy', { requester });
  if (pending.twoPerson) notes.push(...localizedLine(locale, 'card.needsApproval', { requester }));
  const typed = typedPrompt(pending, locale);
  const card: Message = {
    ...preview.message,
    tone: preview.message.tone ?? (destructive ? 'danger' : 'warning'),
    blocks: [...preview.message.blocks, contextWith(notes)],
    actions: confirmationButtons({
      token: pending.token,
      confirmLabel: confirmLabel(preview.message.title, pending.twoPerson, locale),
      cancelLabel: t(locale, 'card.cancel'),
      style: destructive ? 'danger' : 'primary',
      expiresAt: pending.expiresAt,
      ...(typed ? { typed } : {}),
    }),
    summary:
      preview.message.summary ??
      preview.message.title ??
      t(locale, 'card.summary', { command: pending.command }),
    outcome: 'needs-confirmation',
  };
  return card;
}

/** The card stripped of buttons, for final states. */
function settled(card: Message, tone: Message['tone'], line: Inline[]): Message {
  const { actions: _actions, attachments: _attachments, ...rest } = card;
  return {
    ...rest,
    tone,
    blocks: [...card.blocks, contextWith(line)],
    summary: `${card.summary ?? card.title ?? ''} — ${plainLine(line)}`,
  };
}

/** "Expired — nothing was done". */
export function expiredCard(card: Message, locale: Locale = DEFAULT_LOCALE): Message {
  return { ...settled(card, 'warning', [t(locale, 'card.expired')]), outcome: 'error' };
}

/** "Cancelled by @x at HH:MM:SS — nothing was done". */
export function cancelledCard(card: Message, by: Actor, at: Date, locale: Locale = DEFAULT_LOCALE): Message {
  const line = localizedLine(locale, 'card.cancelled', { who: person(by) }, { time: clockTime(at) });
  return {
    ...settled(card, 'info', line),
    outcome: 'ok',
  };
}

/** The result, with "Confirmed by @x at HH:MM:SS". */
export function confirmedCard(
  result: Message,
  pending: PendingConfirmation,
  by: Actor,
  at: Date,
  locale: Locale = DEFAULT_LOCALE,
): Message {
  const who = localizedLine(locale, 'card.confirmed', { who: person(by) }, { time: clockTime(at) });
  const asked: Inline[] = sameActor(pending.requester, by)
    ? []
    : localizedLine(locale, 'card.confirmedRequestedBy', { requester: person(pending.requester) });
  return {
    ...result,
    blocks: [...result.blocks, contextWith([...who, ...asked])],
    outcome: result.outcome ?? 'ok',
  };
}

/** The failure, with "Confirmed by @x at HH:MM:SS — failed". */
export function failedCard(failure: Message, by: Actor, at: Date, locale: Locale = DEFAULT_LOCALE): Message {
  const line = localizedLine(locale, 'card.failed', { who: person(by) }, { time: clockTime(at) });
  return {
    ...failure,
    blocks: [...failure.blocks, contextWith(line)],
    outcome: 'error',
  };
}

/** One public line after a destructive action: "@alice stopped web-1 (confirmed 03:12:09 UTC)", in the channel's language. */
export function announcement(
  pending: PendingConfirmation,
  by: Actor,
  at: Date,
  target: string | null,
  locale: Locale = DEFAULT_LOCALE,
): Message {
  const noticeKey = `notice.${pending.command}`;
  const what = !target
    ? t(locale, 'notice.ran', { command: pending.command })
    : isMessageKey(noticeKey)
      ? t(locale, noticeKey, { target })
      : t(locale, 'notice.ranOn', { command: pending.command, target });
  const self = sameActor(pending.requester, by);
  const line = localizedLine(
    locale,
    self ? 'notice.confirmed' : 'notice.approved',
    { who: person(pending.requester), approver: person(by) },
    { what, time: clockTime(at) },
  );
  return { blocks: [contextWith(line)], summary: plainLine(line), tone: 'info', outcome: 'ok' };
}
