// Neutral chat message model: commands build these, each adapter renders them natively
// (Block Kit, embeds + components, plain text). Strings are plain text, never markup:
// renderers escape them, so user-provided text can never ping or inject links.

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
  type: 'user';
  /** The platform the id belongs to; other platforms show the display name. */
  platform: string;
  id: string;
  displayName: string;
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

/** A binary file to show with the message (charts). */
export interface Attachment {
  filename: string;
  contentType: 'image/png';
  data: Uint8Array;
  /** Alt text / title for the image. */
  alt: string;
  /** Where a copy was saved on disk (console shows the path). */
  savedPath?: string;
}

/**
 * Confirm / Cancel buttons of a pending destructive action. Buttons carry only `token`.
 * When `typed` is present the Confirm click must collect the typed text first
 * (modal on Slack/Discord, prompt on console) and send it as ActionEvent.input.
 */
export interface ConfirmActions {
  token: string;
  confirmLabel: string;
  cancelLabel: string;
  style: 'danger' | 'primary';
  typed?: {
    /** Modal / prompt title, e.g. "Delete web-1". */
    title: string;
    /** Label of the text input, e.g. "Type the hostname web-1 to confirm". */
    label: string;
    /** Placeholder shown in the input (the expected text; it is not secret). */
    placeholder?: string;
    /** Every text the core accepts, so a dialog can refuse a typo in place before closing. */
    accepts?: string[];
  };
  /** When the pending action expires (epoch ms), for "expires in 2 min" hints. */
  expiresAt: number;
}

/**
 * A plain button that sends `token` back through Dispatcher.act (alert cards: Acknowledge, Snooze,
 * Show). Tokens are short and carry no secrets; the core routes them by prefix.
 */
export interface MessageButton {
  label: string;
  token: string;
  style?: 'primary' | 'danger';
}

/** A chat message in neutral form. */
export interface Message {
  title?: string;
  tone?: Tone;
  blocks: Block[];
  actions?: ConfirmActions;
  /** Further buttons (alert cards); renderers that do not know them show the message without. */
  buttons?: MessageButton[];
  attachments?: Attachment[];
  /** Requested visibility; the runner may force ephemeral (secrets, usage errors). */
  visibility?: Visibility;
  /** Short one-line summary used as notification / fallback text. */
  summary?: string;
  /** How the request ended; set by the runner (exec exit codes, adapters' error styling). */
  outcome?: Outcome;
}

/**
 * ok, a usage error (bad typing), another failure, a preview waiting for confirmation, or a change
 * that may or may not have happened (must not be repeated blindly).
 */
export type Outcome = 'ok' | 'usage-error' | 'error' | 'needs-confirmation' | 'unknown';
