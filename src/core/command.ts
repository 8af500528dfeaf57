// A command is declared once: its argument specs drive text parsing, validation (zod), help,
// usage errors and Discord options. The runner — not the handler — enforces authorization,
// confirmation and audit, so a handler only ever runs with validated, authorized, confirmed input.
// Declarations only; the builders a command file calls (arg.*, defineCommand…) are in define-command.ts.
import type { z } from 'zod';
import type { HostingApi } from '../api/index.js';
import type { ChartInput, ChartOutput } from '../render/chart/chart-types.js';
import type { Button, Message } from '../render/message.js';
import type { AuditRecord } from './audit-types.js';
import type { Actor, ArgInfo, SeenIdKind, Risk, ResolvedInstance } from './ports.js';
import type { WatchService } from './watch-port.js';
import type { Locale } from '../i18n/locale.js';
import type { CatalogueText } from '../i18n/translate.js';
import type { PolicyRoles } from './policy/tenant-roles.js';
import type { StoryServices } from './story.js';

/** One declared argument. `T` is what the handler receives. */
export interface ArgSpec<T> {
  kind: ArgInfo['kind'];
  description: string;
  positional: boolean;
  required: boolean;
  choices?: readonly string[];
  /** For a uuid of a kind the bot remembers from API results: completion and "did you mean". */
  completes?: SeenIdKind;
  /** Validates the value after text tokens are converted (for 'instance': the raw reference). */
  schema: z.ZodType;
  /** Value used when the argument is omitted. */
  defaultValue?: T;
  /** Never written to audit records or logs. */
  secret?: boolean;
  /** The last positional: takes every remaining word, joined by spaces (a reason, a name). */
  rest?: boolean;
  /** Phantom marker carrying T for type inference. */
  readonly __type?: T;
}

/** Any command's argument specs. */
export type AnyArgs = Record<string, ArgSpec<unknown>>;

/** The handler-facing argument object derived from the specs. */
export type ArgsOf<A extends AnyArgs> = { [K in keyof A]: A[K] extends ArgSpec<infer T> ? T : never };

/** What a destructive command shows before anything happens, built from live state. */
export interface Preview {
  /** The card body: what exactly will happen ("this cannot be undone"). The runner adds buttons. */
  message: Message;
  /** Text the user must type back (the hostname) before Confirm counts. */
  typedConfirmation?: string;
  /** Values `exec --confirm <x>` may name to confirm: hostname and/or uuid of the target. */
  targets: string[];
}

/** A long operation the bot follows after a confirmed action (see the tracking module). */
export interface FollowSpec {
  /** What is being watched. */
  kind: 'instance-status' | 'instance-gone' | 'instance-ip';
  instanceUuid: string;
  /** Human label, e.g. "web-1". */
  label: string;
  /** Verb for progress lines, e.g. "stopping", "terminating". */
  verb: string;
  /** Statuses (case-insensitive) that mean done, for 'instance-status'. */
  doneStatuses?: string[];
  /** For 'instance-ip': done once the instance shows this address or this public-IP id. */
  ipAddress?: string;
  ipId?: string;
  /** Buttons the card offers once the operation is done (a rollback's Start); none while it runs. */
  whenDone?: Button[];
}

/** What a handler returns: a message, optionally an operation to follow to its end. */
export interface RunResult {
  message: Message;
  follow?: FollowSpec;
  /** One-line outcome for the audit record (no secrets). */
  auditSummary?: string;
}

/** One channel's chosen language, and who chose it when (for `language` alone). */
export interface ChannelLanguage {
  locale: Locale;
  setBy: string;
  at: number;
}

/** Where a channel's language comes from. */
export interface ChannelLocale {
  locale: Locale;
  /** 'channel': set with `language`; 'default': the deployment's VPSOPS_LOCALE (or English). */
  source: 'channel' | 'default';
  setting?: ChannelLanguage;
}

/** Bot state commands may read or change (bindings, known hostnames, audit history). */
export interface BotServices {
  /** Channel binding for `use` and default instance. */
  bindInstance(channelId: string, instance: ResolvedInstance | null): Promise<void>;
  boundInstance(channelId: string): Promise<ResolvedInstance | null>;
  /** Remember uuid → hostname so hostnames can be used as references later. */
  rememberHostname(uuid: string, hostname: string): Promise<void>;
  /** Remember snapshot / backup / network / IP ids the API returned, for completion and "did you mean". */
  rememberIds?(kind: SeenIdKind, entries: { id: string; label?: string }[]): Promise<void>;
  /** The language of what everyone in this channel sees (`language`), and where it comes from. */
  channelLocale(channelId: string): Promise<ChannelLocale>;
  /** Sets (null: clears) this channel's language. */
  setChannelLocale(channelId: string, setting: ChannelLanguage | null): Promise<void>;
  /** The hostname the bot has learned for a uuid, for labelling records typed with a bare uuid. */
  hostnameOf(uuid: string): Promise<string | null>;
  /** Recent audit records of a channel, newest first. */
  recentAudit(channelId: string, limit: number): Promise<AuditRecord[]>;
  /** Recent audit records of every channel and platform, newest first (the command checks admin). */
  recentAuditAllChannels(limit: number): Promise<AuditRecord[]>;
  /** Commands the actor may run in this channel (for help). */
  allowedCommands(actor: Actor, channelId: string): CommandDefinition[];
  /** The actor's effective role name and where it came from (for whoami). */
  describeActor(
    actor: Actor,
    channelId: string,
  ): { role: string; source: string; canDestructiveHere: boolean };
  /** The roles `policy show` / `policy set` read and edit (policy/tenant-roles.ts). */
  policyRoles: PolicyRoles;
  /** What is on `actor`'s plate (src/core/plate), looking for watches and incidents in `channelIds`; private. */
  plate?(actor: Actor, channelIds: readonly string[]): Promise<Message>;
  /** Confirmations still waiting in this channel (not used, not expired), oldest first. */
  pendingHere?(channelId: string): Promise<WaitingConfirmation[]>;
  /** The channel's watches (issue 13); absent when the bot runs without a watch poller (exec). */
  watches?: WatchService;
  /** Check now: reads the server and lifts the holds left by unknown outcomes that it now shows; the answer line. */
  checkHeld?(instance: ResolvedInstance): Promise<string>;
  /** The channel's scheduled actions: list, and cancel one (requester or admin). */
  schedules?: ScheduleServices;
  /** Render a metrics chart PNG (issue 6); absent when charts are unavailable. */
  renderChart?(input: ChartInput): Promise<ChartOutput>;
  /** The channel's story: alert events, notes, hand-offs (timeline, catchup). */
  story: StoryServices;
}

/** One pending schedule as `schedules` lists it. */
export interface ScheduleView {
  id: string;
  /** When it runs, in the reader's zone, with the zone. */
  when: string;
  /** "instance stop web-1". */
  action: string;
  requester: Actor;
  approvedBy?: Actor;
}

/** How `unschedule` ended. */
export type UnscheduleResult =
  | { ok: true; schedule: ScheduleView }
  | { ok: false; reason: 'not-found' | 'not-allowed' | 'running'; requester?: Actor };

/** The services behind `schedules` / `unschedule`. */
export interface ScheduleServices {
  list(channelId: string, reader: Actor): Promise<ScheduleView[]>;
  cancel(channelId: string, id: string, by: Actor): Promise<UnscheduleResult>;
}

/** A confirmation still waiting, as `status` lists it. */
export interface WaitingConfirmation {
  command: string;
  /** What it acts on; the first is its label. */
  targets: string[];
  requester: Pick<Actor, 'userId' | 'displayName'>;
  expiresAt: number;
  /** An admin must confirm it. */
  twoPerson: boolean;
}

/** One audit line (JSON lines, append-only); defined with the code that writes it. */
export type { AuditRecord };

/** What to tell, and follow, when a state-changing call's outcome cannot be known. */
export interface UnknownOutcomeHint {
  /** What to look at, e.g. "whether web-1 is Stopped": a catalogue key, so each reader gets their language. */
  check: string | CatalogueText;
  /** The read command that shows it, e.g. "instance show web-1". */
  command?: string;
  /** Follow the operation anyway, so the card settles on what the API then shows. */
  follow?: FollowSpec;
}

/** Everything a handler may use. */
export interface CommandContext {
  api: HostingApi;
  actor: Actor;
  channelId: string;
  invocationId: string;
  currency: string;
  /** The language of the person the reply is for. */
  locale: Locale;
  now(): Date;
  bot: BotServices;
}

/** A command as its group's file declares it (commandGroup adds the group). */
export interface CommandFields<A extends AnyArgs = AnyArgs> {
  name: string;
  summary: string;
  /** Longer help text (optional). */
  description?: string;
  examples?: string[];
  args: A;
  risk: Risk;
  /** Past-tense phrase for the public channel notice, e.g. "stopped" → "@alice stopped web-1". */
  notice?: string;
  /** 'ephemeral' when the reply must only reach the requester (console credentials). */
  visibility?: 'ephemeral' | 'channel';
  /**
   * Run by buttons, not typed by people (alert Acknowledge / Snooze): parsed, authorised and
   * audited like any command, but left out of help, suggestions, completion and Discord registration.
   */
  hidden?: boolean;
  /** With visibility 'ephemeral': private by default, `--public` (an arg named `public`) shares it. */
  shareable?: boolean;
  /**
   * `schedule in|at`: its `when` and `command` arguments name another command to run later; the
   * runner authorises, previews and confirms that one instead (schedule/unwrap.ts), never this run().
   */
  schedules?: 'in' | 'at';
  /** Required for destructive commands (and change commands that cost money). */
  preview?(ctx: CommandContext, args: ArgsOf<A>): Promise<Preview>;
  /** Declared as a method (bivariant parameters), so any definition fits a CommandDefinition[]. */
  run(ctx: CommandContext, args: ArgsOf<A>): Promise<Message | RunResult>;
  /** For state-changing commands: what to check (and follow) when the outcome cannot be known. */
  ifUnknown?(args: ArgsOf<A>): UnknownOutcomeHint;
}

/** A declared command. */
export interface CommandDefinition<A extends AnyArgs = AnyArgs> extends CommandFields<A> {
  group: string;
}
