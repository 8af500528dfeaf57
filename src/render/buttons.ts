// The buttons of a message, read and built one way: a pending confirmation's Confirm / Cancel pair
// (the "card") and buttons that run a command. Renderers, the core and tests share these.
import type { Button, Message, PendingAnswer, TypedPrompt } from './message.js';

/** A pending confirmation as its buttons show it. */
export interface PendingCard {
  token: string;
  confirmLabel: string;
  cancelLabel: string;
  style: 'danger' | 'primary';
  /** Present when the hostname must be typed to confirm. */
  typed?: TypedPrompt;
  expiresAt: number;
}

/** Confirm (or typed confirm) and Cancel buttons for a pending confirmation. */
export function confirmationButtons(card: PendingCard): Button[] {
  const confirm: PendingAnswer = card.typed
    ? { token: card.token, answer: 'typed-confirm', prompt: card.typed, expiresAt: card.expiresAt }
    : { token: card.token, answer: 'confirm', expiresAt: card.expiresAt };
  return [
    { label: card.confirmLabel, style: card.style, pending: confirm },
    { label: card.cancelLabel, pending: { token: card.token, answer: 'cancel', expiresAt: card.expiresAt } },
  ];
}

/** The pending confirmation a message asks for, if it has Confirm / Cancel buttons. */
export function pendingCard(message: Message | undefined): PendingCard | undefined {
  const buttons = message?.actions ?? [];
  const confirm = buttons.find((b) => b.pending && b.pending.answer !== 'cancel');
  if (!confirm?.pending) return undefined;
  const { token, prompt, expiresAt } = confirm.pending;
  const cancel = buttons.find((b) => b.pending?.answer === 'cancel' && b.pending.token === token);
  return {
    token,
    confirmLabel: confirm.label,
    cancelLabel: cancel?.label ?? 'Cancel',
    style: confirm.style === 'danger' ? 'danger' : 'primary',
    ...(prompt ? { typed: prompt } : {}),
    expiresAt,
  };
}

/** The buttons that run a command. */
export function commandButtons(message: Message): (Button & { command: string })[] {
  return (message.actions ?? []).filter((b): b is Button & { command: string } => b.command !== undefined);
}

/** A button or menu option that runs a command as if typed, or opens a link. */
export type Clickable = { label: string; style?: Button['style'] } & (
  { command: string; url?: never } | { url: string; command?: never }
);

/** The primary buttons that run a command or open a link (not the menu's, not Confirm / Cancel). */
export function primaryButtons(message: Message): Clickable[] {
  return asItems((message.actions ?? []).filter((b) => b.more !== true));
}

/** The message's menu (its `more` buttons), in order. */
export function menuItems(message: Message): Clickable[] {
  return asItems((message.actions ?? []).filter((b) => b.more === true));
}

function asItems(buttons: Button[]): Clickable[] {
  return buttons.flatMap((b): Clickable[] => {
    const style = b.style ? { style: b.style } : {};
    if (b.command !== undefined) return [{ label: b.label, command: b.command, ...style }];
    if (b.url !== undefined) return [{ label: b.label, url: b.url, ...style }];
    return [];
  });
}

/** The message without its buttons (final states, places that cannot click). */
export function withoutButtons(message: Message): Message {
  const { actions: _actions, ...rest } = message;
  return rest;
}
