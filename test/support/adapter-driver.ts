// The one interface the adapter contract suite (test/contract/adapter-contract.ts) drives Slack,
// Discord and the console through: run a command as someone, click Confirm/Cancel, type a name
// back, and read what reached the channel and what reached one person only. Each implementation
// works on the platform's public surface (signed requests / gateway interactions into the real
// adapter, the console's input and output streams) and reads back what the fake platform received.
import type { SimulatorHandle } from '../../src/simulator/index.js';

/** The people in every driver's policy: an operator (the requester), a second operator and a viewer. */
export type Who = 'requester' | 'other' | 'viewer';

/** A command as the contract states it: its path and its options in order, by their Discord names. */
export interface ContractCommand {
  path: string[];
  args?: [name: string, value: string][];
}

/**
 * Who saw a post: the channel, or only the person it answered. On the console there is one
 * terminal and it belongs to the requester, so every reply is 'private' there.
 */
export type Audience = 'channel' | 'private';

/** The bot's first answer to a command. */
export interface Answer {
  audience: Audience;
  text: string;
  /** The preview card, when the answer has Confirm / Cancel. */
  card?: Card;
}

/** A preview card with Confirm / Cancel (or typed confirmation); drivers keep the platform details. */
export interface Card {
  readonly id: string;
  /** Confirm opens a "type the name" step instead of acting at once. */
  readonly typed: boolean;
}

/** How a driver starts. */
export interface DriverOptions {
  /** VPSOPS_CONFIRM_TTL_SECONDS (the expiry case uses 1). */
  confirmTtlSeconds?: number;
}

/** One adapter, driven from outside. */
export interface AdapterDriver {
  readonly platform: 'slack' | 'discord' | 'console';
  /** False for the console: one terminal, nobody else to keep a private answer from. */
  readonly separatesPrivate: boolean;
  /** The hosting-API simulator behind the bot (request counts, fault injection, state). */
  readonly sim: SimulatorHandle;
  /** The bot's own credentials: the hosting API key and the platform's token and signing secret. */
  readonly credentials: readonly string[];
  /** The name the bot shows for a person ("confirmed by @…"). */
  displayName(who: Who): string;
  /** Sends a command as `who` (default the requester); resolves with the bot's first answer. */
  run(command: ContractCommand, who?: Who): Promise<Answer>;
  /** Clicks Confirm (or answers y); resolves once the bot has acknowledged it. */
  confirm(card: Card, who?: Who): Promise<void>;
  /** Clicks Cancel (or answers n). */
  cancel(card: Card, who?: Who): Promise<void>;
  /** Types the confirmation text for a typed card (opening its dialog first when the platform has one). */
  typeName(card: Card, typed: string, who?: Who): Promise<void>;
  /** The buttons the card offers now: both while pending, none once settled or expired. */
  cardActions(card: Card): ('confirm' | 'cancel')[];
  /** The card's text as it stands now (after edits). */
  cardText(card: Card): string;
  /** Every payload the channel could see (messages, edits, uploads, in-channel responses), as text. */
  channelText(): string;
  /** Every payload only `who` could see (ephemeral messages, modals, their terminal), as text. */
  privateText(who: Who): string;
  /** The audit trail as text. */
  auditText(): Promise<string>;
  /** Every log line the bot wrote (a real redacting logger at trace level). */
  logText(): string;
  close(): Promise<void>;
}

/** Starts a fresh driver: its own simulator, data dir, bot and fake platform. */
export type StartDriver = (options?: DriverOptions) => Promise<AdapterDriver>;

/** The command text Slack and the console take: the path, then the option values in order. */
export function commandLine(command: ContractCommand): string {
  return [...command.path, ...(command.args ?? []).map(([, value]) => value)].join(' ');
}

/** A secret as it could appear in a payload: plain, base64, base64url and URL-encoded. */
export function secretForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  return [
    secret,
    bytes.toString('base64'),
    bytes.toString('base64url'),
    encodeURIComponent(secret),
    JSON.stringify(secret).slice(1, -1),
  ];
}
