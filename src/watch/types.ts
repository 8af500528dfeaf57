// The records behind watches and alerts. Watches (set by commands) and alert state (written only
// by the replica holding the watch's lease) live in separate store collections, so a command
// changing thresholds never races the poller's writes.
import type {
  ResolvedInstance,
  Actor,
  BalanceLimits,
  FleetScope,
  Locale,
  MessageRef,
  Platform,
} from '../core/index.js';
import type { AlertKind } from '../core/kit/index.js';

/** A change made through the bot, as the audit has it; shown in the reader's language (recent-change.ts). */
export interface RecentChange {
  command: string;
  /** Who asked for it (display name). */
  by: string;
  /** Who approved it, when that was a second person. */
  approver?: string;
  /** When it was confirmed, HH:MM:SS UTC. */
  at: string;
}

/** Store collection names (see COLLECTIONS in core/store.ts for the others). */
export const WATCH_COLLECTIONS = {
  watches: 'watches',
  alerts: 'alerts',
  silences: 'silences',
  /** Fleet watches (`watch --all` / `--location`): what to keep watched, by channel. */
  fleets: 'watch-fleets',
  /** Each channel's live status card (`status --live`): its ref and what it shows (live-cards.ts). */
  liveCards: 'live-cards',
} as const;

/** One instance watched from one channel. */
export interface WatchRecord {
  /** Short stable id (hash of platform, channel and instance uuid); carried by alert buttons. */
  id: string;
  /** Stamped by the tenant-scoped store in OAuth mode: the workspace / guild it belongs to. */
  tenant?: string;
  platform: Platform;
  channelId: string;
  instance: ResolvedInstance;
  /** Alert when CPU (percent) is above this in the three most recent samples. */
  cpuPercent?: number;
  /** Alert when memory use (percent of the instance's memory) is above this likewise. */
  memoryPercent?: number;
  setBy: Pick<Actor, 'platform' | 'userId' | 'displayName'>;
  setAt: number;
  /** `--page` / `--no-page`; absent: paged when a PagerDuty routing key is set. */
  page?: boolean;
  /** The balance watch (`watch billing`): polls E4 instead of an instance. */
  billing?: BalanceLimits;
  /** Id of the fleet watch (`--all` / `--location`) that made this watch; its sweeps add and drop it. */
  fleet?: string;
  /** The language of whoever set it, for what is told to them privately (older records: the channel's). */
  ownerLocale?: Locale;
}

/** A fleet watch of one channel: the servers in its scope each get a watch of their own. */
export interface FleetRecord {
  id: string;
  /** Stamped by the tenant-scoped store in OAuth mode. */
  tenant?: string;
  platform: Platform;
  channelId: string;
  scope: FleetScope;
  cpuPercent?: number;
  memoryPercent?: number;
  page?: boolean;
  setBy: Pick<Actor, 'platform' | 'userId' | 'displayName'>;
  setAt: number;
  /** The language of whoever set it; the server watches it makes carry it. */
  ownerLocale?: Locale;
}

/** An alert that is open (or resolved and kept until its card was edited). */
export interface OpenAlert {
  kind: AlertKind;
  openedAt: number;
  /** What the condition looks like now, e.g. "Error" or "CPU 93 %". */
  detail: string;
  /** Recent values for the sparkline (CPU / memory percent). */
  values: number[];
  updatedAt: number;
  ref?: MessageRef;
  acknowledgedBy?: string;
  /** Who acknowledged, by platform user id (shown as a mention); older records have only the name. */
  acknowledger?: Pick<Actor, 'platform' | 'userId' | 'displayName'>;
  acknowledgedAt?: number;
  snoozedUntil?: number;
  snoozedBy?: string;
  /** Who snoozed, by platform user id (shown as a mention). */
  snoozer?: Pick<Actor, 'platform' | 'userId' | 'displayName'>;
  /** When the last reminder was posted (re-notification while unacknowledged). */
  remindedAt?: number;
  /** Why this alert could not be posted, once its owner was told privately (told once per alert). */
  undelivered?: string;
  /** "API unreachable" already shown in this channel by another watch: kept, never shown. */
  silent?: boolean;
  /** Opened or changed while its server was silenced (the silence's key): recorded, not posted nor paged. */
  silenced?: string;
  /** The storm group (storm-groups.ts) this incident was placed in, once placed. */
  group?: string;
  /** The last confirmed change made through the bot on the server in the 24 h before it opened (recent-change.ts; a string in older state). */
  change?: RecentChange | string;
  /** A status alert about a server that is Stopped (not in Error): its card offers Start. */
  stopped?: boolean;
  /** The instance detail's last_backup_at as the latest poll read it (null: never backed up). */
  lastBackupAt?: string | null;
  /** The runbook the policy file names for the server's hostname (http(s) only). */
  runbook?: string;
}

/** The poller's state of one watch: consecutive failures and the open alerts by kind. */
export interface AlertState {
  watchId: string;
  failures: number;
  /** When the current run of failed polls began (the outage's start), while it lasts. */
  failingSince?: number;
  lastStatus?: string;
  lastPolledAt?: number;
  /** The hostname the latest poll read: alerts and `watches` name the server by it, even when the watch was set by uuid. */
  hostname?: string;
  /** The location the latest poll read (silences by location match it). */
  location?: string;
  open: Partial<Record<AlertKind, OpenAlert>>;
}

/** The alert state of a watch never polled yet. */
export function freshState(watchId: string): AlertState {
  return { watchId, failures: 0, open: {} };
}
