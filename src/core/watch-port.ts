// The ports between the core and the watch module (src/watch implements them): the watch book
// behind `watch` / `watches` / `unwatch`, and the alert actions behind the hidden `alert ack` /
// `alert snooze` commands an alert card's buttons run.
import type { Locale } from '../i18n/locale.js';
import type { Actor, Platform, ResolvedInstance } from './ports.js';

/** What `watch` sets for one instance in one channel. */
export interface WatchSettings {
  instance: ResolvedInstance;
  cpuPercent?: number;
  memoryPercent?: number;
  /** `--page` / `--no-page`; absent: paged when a PagerDuty routing key is set. */
  page?: boolean;
  /** Set for the balance watch (`watch billing`), whose `instance` only names it. */
  billing?: BalanceLimits;
}

/** When the prepaid balance is worth an alert: below an amount (rupiah), or a runway under N days. */
export interface BalanceLimits {
  belowAmount?: number;
  runwayDays: number;
}

/** What `watch --all` / `watch --location <name>` covers: servers of the instance list (E3). */
export type FleetScope = { type: 'all' } | { type: 'location'; name: string };

/** What setting a fleet watch did. */
export interface FleetWatchOutcome {
  outcome: 'created' | 'changed';
  /** "every server", "location Jakarta 1" (the location as the API spells it). */
  what: string;
  /** The scope as stored (the location as the API spells it). */
  scope: FleetScope;
  /** The servers watched now, sorted by name. */
  servers: ResolvedInstance[];
}

/** Watches over a part of the estate, kept in step with the instance list by a periodic sweep. */
export interface FleetWatchService {
  /**
   * Throws UserError when the service offers no instance list or no server is in the location;
   * `locale`: the language of whoever sets it (refusals, `what`, and what is told to them privately).
   */
  set(
    platform: Platform,
    channelId: string,
    scope: FleetScope,
    settings: Omit<WatchSettings, 'instance' | 'billing'>,
    by: Actor,
    locale?: Locale,
  ): Promise<FleetWatchOutcome>;
  /**
   * Ends the fleet watch and the server watches it made (`all`: every server watch of the channel,
   * however set); null when there was nothing to remove.
   */
  remove(
    platform: Platform,
    channelId: string,
    scope: FleetScope,
    locale?: Locale,
  ): Promise<{ what: string; removed: number } | null>;
}

/** One watch as `watches` lists it. */
export interface WatchSummary extends WatchSettings {
  setBy: string;
  setAt: number;
  /** "OK (Running)", "not polled yet", "ALERT: Status Error · acknowledged by @bob"… */
  state: string;
}

/** The channel's watches, kept in the shared store. */
export interface WatchService {
  /** `locale`: the language of whoever sets it, for refusals and what is later told to them privately. */
  set(
    platform: Platform,
    channelId: string,
    settings: WatchSettings,
    by: Actor,
    locale?: Locale,
  ): Promise<'created' | 'changed'>;
  /** False when the instance was not watched from this channel. */
  remove(platform: Platform, channelId: string, instanceUuid: string): Promise<boolean>;
  /** The watches, with their state and names in the reader's `locale` (default English). */
  list(platform: Platform, channelId: string, locale?: Locale): Promise<WatchSummary[]>;
  /** Silences of watched servers (issue 24); absent where alerts are not posted. */
  silences?: SilenceService;
  /** `watch --all` / `--location`; absent where there is no API to list servers from. */
  fleet?: FleetWatchService;
  /** Acknowledge / Snooze behind the alert cards' buttons; absent where alerts are not posted. */
  alerts?: AlertActions;
  /**
   * What asks for attention in this channel now, one line each in `locale`: its open storms ("30
   * servers need attention — Jakarta 1 · status Error") and the open alerts no storm card shows.
   */
  openIncidents?(platform: Platform, channelId: string, locale?: Locale): Promise<string[]>;
  /** The channel's live status card (`status --live`); absent where the bot cannot post first. */
  live?: LiveCardService;
}

/** One live status card per channel: posted, pinned, kept current by one replica, unpinned by `off`. */
export interface LiveCardService {
  /** Posts and pins the card in `locale` ('unpinned': the platform refused the pin); 'kept': the channel has one. Throws UserError where it cannot. */
  start(platform: Platform, channelId: string, by: Actor, locale: Locale): Promise<'posted' | 'unpinned' | 'kept'>;
  /** Unpins the card and stops keeping it; false when the channel had none. */
  stop(platform: Platform, channelId: string): Promise<boolean>;
}

/** What `silence` / `unsilence` name: a watched server (uuid or hostname), a location, or everything. */
export type SilenceTargetRef =
  { type: 'instance'; ref: string } | { type: 'location'; name: string } | { type: 'all' };

/** One running silence as `silences` lists it. */
export interface SilenceSummary {
  /** "web-1", "location Jakarta 1", "all watched servers". */
  what: string;
  by: string;
  until: number;
  reason?: string;
}

/**
 * Silences shared by every replica; each method throws UserError for an unknown target. `locale`:
 * the reader's language, for refusals and `what` (default English).
 */
export interface SilenceService {
  /** Silences `target` for `duration` ("45m", "2h", "1d"; at most 7 days) from now, replacing a silence of the same target. */
  set(
    target: SilenceTargetRef,
    duration: string,
    by: Actor,
    where: { platform: Platform; channelId: string },
    reason?: string,
    locale?: Locale,
  ): Promise<SilenceSummary & { replaced: boolean }>;
  /** Ends the silence of `target`; what it was, or null when there was none. */
  remove(target: SilenceTargetRef, locale?: Locale): Promise<SilenceSummary | null>;
  /** The running silences; with `where`, only those set in that channel (its status card). */
  list(locale?: Locale, where?: { platform: Platform; channelId: string }): Promise<SilenceSummary[]>;
  /**
   * A scheduled action's silence of one watched server: from now until a poll sees it Running again
   * plus `afterRunningMs` (at most 7 days while it is not). Null, and nothing changed, when the server
   * is not watched or a silence someone set on it is still running.
   */
  untilRunning?(
    instance: ResolvedInstance,
    by: Actor,
    where: { platform: Platform; channelId: string },
    reason: string,
    afterRunningMs: number,
    locale?: Locale,
  ): Promise<SilenceSummary | null>;
}

/** Every kind of alert, the one list: what a card, a page and the `kind` label of vpsops_alerts_total are about. */
export const ALERT_KINDS = ['status', 'cpu', 'memory', 'unreachable', 'gone', 'balance'] as const;

/** What an alert is about. */
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Acknowledge / Snooze of one open alert, asked from the channel the watch posts in. */
export interface AlertActions {
  /**
   * Records who acknowledged (or snoozed) the alert and edits its card; resolves with the line to
   * answer. Throws UserError when the watch is unknown, belongs to another channel, or the alert
   * is not open any more.
   */
  act(
    verb: 'ack' | 'snooze',
    watchId: string,
    kind: AlertKind,
    by: Actor,
    where: { platform: Platform; channelId: string },
  ): Promise<{ line: string; instance: string }>;
  /**
   * Every server of the storm whose card this alert heads, for the asker only (the group card's
   * Show members). Throws UserError when it heads no open storm of this channel.
   */
  members?(
    watchId: string,
    kind: AlertKind,
    where: { platform: Platform; channelId: string },
  ): Promise<{ title: string; lines: string[] }>;
}
