// The ports between platform adapters and the shared command layer. Platform types stop at
// the adapter: everything here is neutral.
import type { Message, TypedPrompt, Visibility } from '../render/message.js';
import type { Locale } from '../i18n/locale.js';
import type { CatalogueText } from '../i18n/translate.js';
import type { PlateLookup } from './plate/plate-port.js';

/**
 * The platform an invocation comes from ('slack', 'discord', 'console', … — its id in src/app/adapters.ts);
 * part of every identity and audit record. A string, so a new platform needs no change to the core.
 */
export type Platform = string;

/** The person acting; identity is always the platform user id, never a display name. */
export interface Actor {
  platform: Platform;
  userId: string;
  displayName: string;
  /** Platform role ids (Discord member roles), fed into the policy as `discord-role:<id>`. */
  roles?: string[];
  /** The platform says this person administers the workspace / server (Discord: Administrator or Manage Server). */
  workspaceAdmin?: boolean;
  /** The role the tenant's own policy grants (no policy file), set by the tenancy; never from user input. */
  tenantRole?: { role: 'viewer' | 'operator' | 'admin' | null; source: CatalogueText };
  /**
   * Console and exec: the OS account (`uid:<n>`) is the person — names (VPSOPS_CONSOLE_USER, `--as`) are how
   * the policy knows them, so two names of one account are one person for two-person approvals.
   */
  account?: string;
  /** The person's own time zone (IANA), where the platform tells it (Slack's `tz`). */
  timeZone?: string;
}

/** Typed option values as Discord delivers them. */
export type OptionValue = string | number | boolean;

/** What the user asked for: raw text (Slack, console) or a resolved path with typed options (Discord). */
export type InvocationInput =
  | { kind: 'text'; text: string }
  | { kind: 'options'; path: string[]; options: Record<string, OptionValue | undefined> };

/** One slash command invocation, translated by an adapter. */
export interface Invocation {
  id: string;
  platform: Platform;
  actor: Actor;
  channelId: string;
  input: InvocationInput;
  /** The requester's answer language, read once from the platform’s tag by the adapter (as discord.js `BaseInteraction.locale`); absent: English. */
  locale?: Locale;
}

/** A button click or modal submit on a pending confirmation. */
export interface ActionEvent {
  id: string;
  platform: Platform;
  actor: Actor;
  channelId: string;
  token: string;
  action: 'confirm' | 'cancel';
  /** Typed confirmation text (hostname) from a modal or prompt. */
  input?: string;
  /** The channel message the button was on, when the platform names it: a click can beat the card's ref to the store. */
  clicked?: MessageRef;
  /** The clicking user's answer language, read once from the platform’s tag by the adapter; absent: English. */
  locale?: Locale;
}

/** Opaque handle to a message already posted, so it can be edited later. */
export interface MessageRef {
  platform: Platform;
  channelId: string;
  /** Platform message id / ts; adapters may stash whatever they need to edit it. */
  id: string;
  extra?: Record<string, string>;
}

/**
 * What every way the bot speaks shares (vercel/chat's Postable): a message it posted can be edited
 * in place later. Replies (Responder) and the bot speaking first (ChannelPoster) both extend it.
 */
export interface Postable {
  /** Edit a message posted earlier (a card → confirmed / cancelled / expired; an alert → recovered). */
  update(ref: MessageRef, message: Message): Promise<void>;
}

/** How the command layer talks back; built by the adapter for each invocation / action. */
export interface Responder extends Postable {
  /**
   * Acknowledge before the slow work, saying whether the answer will be private: called at most once,
   * after parsing and authorising; platforms with nothing to acknowledge may omit it.
   */
  defer?(visibility: Visibility): Promise<void>;
  /** Answered on receipt (Slack's 200): nothing shows until the reply, so slow commands get a note. */
  readonly acknowledged?: boolean;
  /** Post a reply; returns a ref so the card can be edited to its final state. */
  reply(message: Message, options?: { visibility?: Visibility }): Promise<MessageRef>;
  /** Post a short public line in the channel (audit notices), even if the conversation was ephemeral. */
  announce?(message: Message): Promise<void>;
  /**
   * How to read the channel's language (`language`, else VPSOPS_LOCALE), for notes the platform adds
   * where everyone sees them (Slack's last response_url edit); reads the store once when called, never throws.
   */
  useChannelLocale?(lookup: () => Promise<Locale>): void;
}

/** What a command looks like from outside, for help, completion and Discord registration. */
export interface CommandInfo {
  group: string;
  name: string;
  summary: string;
  risk: 'read' | 'change' | 'destructive';
  args: ArgInfo[];
}

/** One argument of a command, neutral enough to become a Discord option or a help line. */
export interface ArgInfo {
  name: string;
  kind: 'string' | 'integer' | 'boolean' | 'uuid' | 'instance' | 'choice';
  /** For a uuid the bot may have seen: which kind, so adapters offer the seen ids. */
  completes?: SeenIdKind;
  description: string;
  required: boolean;
  positional: boolean;
  choices?: string[];
}

/** The command layer as adapters see it. */
export interface Dispatcher {
  /** Runs one invocation in one pass: parse, authorise, `responder.defer`, run or preview, reply, audit. */
  dispatch(invocation: Invocation, responder: Responder): Promise<void>;
  act(event: ActionEvent, responder: Responder): Promise<void>;
  commands(): CommandInfo[];
  /** What pending `token`'s typed-confirmation dialog shows, from the core's record (any replica); null: none. */
  typedDialog(token: string): Promise<TypedDialog | null>;
  /** What answering pending `token` needs (console `approve`, exec --confirm); null: unknown or answered. */
  pendingTarget?(token: string): Promise<PendingTarget | null>;
  /**
   * A command request has just been received, before its acknowledgement (Slack's 200, its dispatch
   * comes later): serve's admission counts arrivals to tell a flood from a lone command.
   */
  arrived?(): void;
  /** How the dispatch will defer, told without the store: Discord acks with it when the deferral is late. */
  ackVisibility?(invocation: Invocation): Visibility;
}

/** What a pending confirmation may be answered with: `expected` first (hostname, volume name). */
export interface PendingTarget {
  expected: string;
  accepted: string[];
  /** Needs an admin other than the requester (`approve <token>`). */
  twoPerson?: boolean;
  /** Where it was asked: an approval must be answered there. */
  platform?: string;
  channelId?: string;
}

/** A typed-confirmation dialog: the prompt and the labels of its submit and close buttons. */
export interface TypedDialog {
  prompt: TypedPrompt;
  confirmLabel: string;
  cancelLabel: string;
}

/** One completion choice: the label shown and the value filled in. */
export interface Completion {
  name: string;
  value: string;
}

/** What an option completes to: an instance, or an id of a kind the bot has seen in API results. */
export type CompletionKind = 'instance' | SeenIdKind;

/** Ids remembered from list / show results, offered in completion and "did you mean". */
export type SeenIdKind = 'snapshot' | 'backup' | 'network' | 'ip';

/** Autocomplete (Discord) and tab completion (console): values the bot knows; changes nothing. */
export interface Completer {
  /** Up to 25 choices for `kind` matching `prefix`, best first. */
  complete(kind: CompletionKind, prefix: string, actor: Actor): Promise<Completion[]>;
}

/** Asked before a dialog opens on a Confirm / Approve click; changes nothing. */
export interface ConfirmGate {
  /** null when `event.actor` may confirm now (or the core will answer anyway); else the private refusal. */
  refusal(event: ActionEvent): Promise<Message | null>;
}

/** Who the policy makes an admin (a tenant's key may be linked by its admins); changes nothing. */
export interface RoleLookup {
  isAdmin(actor: Actor): boolean;
}

/** The read-only ports an adapter may use beside the Dispatcher. */
export interface AdapterLookups {
  completer: Completer;
  gate: ConfirmGate;
  roles?: RoleLookup;
  /** What is on a person's plate (src/core/plate: Slack's App Home). */
  plate?: PlateLookup<Actor>;
}

/** A platform adapter: transport only. */
export interface PlatformAdapter {
  readonly platform: Platform;
  start(dispatcher: Dispatcher, lookups?: AdapterLookups): Promise<void>;
  stop(): Promise<void>;
}

/** Posts and edits messages in a channel without an invocation to answer (alerts, notices). */
export interface ChannelPoster extends Postable {
  readonly platform: Platform;
  post(channelId: string, message: Message): Promise<MessageRef>;
  /** Posts under `ref` (Slack: its thread; Discord: a reply). Absent without threads (console). */
  reply?(ref: MessageRef, message: Message): Promise<MessageRef>;
  /** null when the bot can post in the channel, else why not (a delivery-failure code); absent: cannot ask. */
  checkChannel?(channelId: string): Promise<string | null>;
  /** Why a post or edit failed, as a DELIVERY_FAILURES code (default "other"). */
  failureReason?(error: unknown): string;
  /** The Retry-After of a post or edit refused for rate limits, in ms, when the platform said. */
  retryAfterMs?(error: unknown): number | undefined;
  /** Tells one person privately (a direct message) what they need to know about their watch. */
  tellPrivately?(userId: string, message: Message): Promise<void>;
  setPinned?(ref: MessageRef, pinned: boolean): Promise<void>; // the live status card's pin; absent: no pins
}

/** One channel as the bot speaks first in it: a post there, edited later. */
export interface Channel extends Postable {
  readonly id: string;
  post(message: Message): Promise<MessageRef>;
}

/** A chat platform's adapter (Slack, Discord, the console), outbound required: its ChannelPoster. */
export interface ChatAdapter extends PlatformAdapter, ChannelPoster {
  /** The bot speaking first in channel `id`: a post there, edited later. */
  channel(id: string): Channel;
  /** A Responder editing a card posted before (a restart, another replica's); null when it cannot be. */
  restore(ref: MessageRef): Responder | null;
}

/** How dangerous a command is: drives default-deny authorization and the confirmation step. */
export type Risk = 'read' | 'change' | 'destructive';

/** An instance argument after resolution (uuid, alias, known hostname or channel binding). */
export interface ResolvedInstance {
  uuid: string;
  /** What to call it in messages: hostname when known, else alias, else the uuid. */
  label: string;
}
