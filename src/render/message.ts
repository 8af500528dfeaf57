// Neutral chat message model: commands build these, each adapter renders them natively
// (Block Kit, embeds + components, plain text). Strings are plain text, never markup:
// renderers escape them, so user-provided text can never ping or inject links.
import { DEFAULT_LOCALE, type Locale } from '../i18n/locale.js';

/** Overall tone of a message; adapters map it to colours / emoji. */
export type Tone = 'info' | 'success' | 'warning' | 'danger' | 'error';

/** Who sees a reply: everyone in the channel, or only the requester. */
export type Visibility = 'channel' | 'ephemeral';

/** One labelled value, e.g. "Status: Running". */
export interface Field {
  label: string;
  value: string;
  /** Hint that the field is short enough to sit beside others. */
  inline?: boolean;
}

/**
 * A person the bot names ("confirmed by", "acknowledged by"): the platform user id, never taken from
 * user text. Adapters render it natively (<@U…> on Slack, <@id> on Discord, @name on the console).
 */
export interface PersonRef {
  /** A person, or a team the bot may notify (a Slack user group S…, a Discord role): the on-call target. */
  type: 'user' | 'team';
  /** The platform the id belongs to; other platforms show the display name. */
  platform: string;
  id: string;
  displayName: string;
  /** Notify them where they are named (approvers of a two-person request); on-call teams are unless `false` (a role merely listed). */
  notify?: boolean;
}

/** A piece of a line: plain text (escaped by renderers) or a person. */
export type Inline = string | PersonRef;

/** Building blocks of a message body, in display order. */
export type Block =
  | { type: 'text'; text: string }
  | { type: 'fields'; fields: Field[] }
  | { type: 'table'; columns: string[]; rows: string[][] }
  | { type: 'code'; text: string }
  /** `parts`, when present, is the same line with people in it; `text` is its plain form (@name). */
  | { type: 'context'; text: string; parts?: Inline[] }
  | { type: 'divider' };

/** A file to show with the message: a chart, or a text file (a timeline export). */
export interface Attachment {
  filename: string;
  contentType: 'image/png' | 'text/markdown' | 'text/csv';
  data: Uint8Array;
  /** Alt text / title for the image. */
  alt: string;
  /** Where a copy was saved on disk (console shows the path). */
  savedPath?: string;
}

/**
 * What the hostname prompt of a typed confirmation says (a modal on Slack / Discord, a prompt on
 * the console). Display text only: adapters that open a dialog later ask the core for it by token.
 */
export interface TypedPrompt {
  /** Modal / prompt title, e.g. "Confirm instance delete". */
  title: string;
  /** Label of the text input, e.g. "Type web-1 to confirm". */
  label: string;
  /** Placeholder shown in the input (the expected text; it is not secret). */
  placeholder?: string;
  /** Every text the core accepts, so a dialog can refuse a typo in place before closing. */
  accepts?: string[];
  /** The command word the confirmation runs, as typed ("delete"): the console asks "Type web-1 to delete it". */
  verb?: string;
}

/** A click answering a pending confirmation: the button carries only the token. */
export interface PendingAnswer {
  token: string;
  /** typed-confirm: the hostname is collected first (modal, prompt) and sent as ActionEvent.input. */
  answer: 'confirm' | 'typed-confirm' | 'cancel';
  /** With typed-confirm: what the prompt says. */
  prompt?: TypedPrompt;
  /** When the pending action expires (epoch ms), for "expires in 2 min" hints. */
  expiresAt: number;
}

/**
 * A button. A click either answers a pending confirmation (`pending`), runs `command` as if the
 * clicker typed it — parsed, authorised and audited like any command (alert cards: Acknowledge,
 * Snooze, Show) — or opens `url` in the browser and runs nothing (a runbook). Commands are short and
 * never carry user text or secrets.
 */
export type Button = {
  label: string;
  style?: 'primary' | 'danger';
  /**
   * A secondary action: an option of the message's menu (a Slack overflow menu, a Discord select
   * menu; text lines on the console) after the primary buttons — alert cards' Metrics, Silence 1 h,
   * Runbook. Only commands and links go in the menu.
   */
  more?: boolean;
} & (
  | { pending: PendingAnswer; command?: never; url?: never }
  | { command: string; pending?: never; url?: never }
  | { url: string; pending?: never; command?: never }
);

/**
 * How a renderer writes the few words it adds itself (a card's expiry and confirmation hint, what
 * did not fit): in the language of the person the message is rendered for, which the adapter knows
 * (a Discord interaction's locale, the console's VPSOPS_LOCALE). English when absent.
 */
export interface RenderOptions {
  locale?: Locale;
}

/** The language of a renderer's own words: the reader's when given, else the message's own, else English. */
export function renderLocale(message: Pick<Message, 'locale'>, options: RenderOptions): Locale {
  return options.locale ?? message.locale ?? DEFAULT_LOCALE;
}

/** A chat message in neutral form. */
export interface Message {
  title?: string;
  tone?: Tone;
  blocks: Block[];
  /** Buttons, in display order (renderers that cannot click show the message without them). */
  actions?: Button[];
  attachments?: Attachment[];
  /** Requested visibility; the runner may force ephemeral (secrets, usage errors). */
  visibility?: Visibility;
  /** Short one-line summary used as notification / fallback text. */
  summary?: string;
  /** How the request ended; set by the runner (exec exit codes, adapters' error styling). */
  outcome?: Outcome;
  /**
   * The language a channel message is written in, when the one who posts it knows (alerts: the
   * channel's); the renderer's own words follow it unless RenderOptions names the reader's.
   */
  locale?: Locale;
}

/**
 * ok, a usage error (bad typing), another failure, a preview waiting for confirmation, or a change
 * that may or may not have happened (must not be repeated blindly).
 */
export type Outcome = 'ok' | 'usage-error' | 'error' | 'needs-confirmation' | 'unknown';
