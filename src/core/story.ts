// A channel's story: every alert event (card posted, grouped, recovered, acknowledged, silenced,
// paged — a storm group's page as the group's…), note and hand-off, appended per channel in the store beside the audit trail, so any
// replica — or a restarted one — tells the same timeline (src/timeline reads it with the audit).

/** What happened: the alert events src/watch records, plus the notes and hand-offs people add. */
export type StoryKind =
  | 'alert'
  | 'joined'
  | 'left'
  | 'recovered'
  | 'acknowledged'
  | 'snoozed'
  | 'silenced'
  | 'unsilenced'
  | 'paged'
  | 'page-acknowledged'
  | 'page-resolved'
  | 'group-paged'
  | 'group-page-acknowledged'
  | 'group-page-resolved'
  | 'renotified'
  | 'note'
  | 'handoff';

/** A person as the story names them: the platform's user id and the name shown then. */
export interface StoryPerson {
  userId: string;
  name: string;
}

/** One line of a channel's story. Texts are stored redacted, as plain words (never markup). */
export interface StoryEntry {
  /** When it happened (ms since the epoch). */
  at: number;
  kind: StoryKind;
  /** The server it is about, as shown (a hostname), or what a silence covers. */
  subject?: string;
  /** The server's uuid, for `timeline --server`. */
  instance?: string;
  /** Who did it (absent: the bot). */
  by?: StoryPerson;
  /** Whom a hand-off went to; for a note added from a message, that message's author (quoted). */
  to?: StoryPerson;
  /** The words of it: an alert's cause, why a server left its group, a note's text, a silence's end. */
  detail?: string;
  /** The tenant it happened in (OAuth mode; stamped by the tenant-scoped store). */
  tenant?: string;
}

/** How long a story is kept; older entries are dropped as new ones come. */
export const STORY_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** The most entries one channel keeps (the oldest go first). */
export const STORY_MAX_ENTRIES = 10_000;

/** Every channel's story, keyed by channel ("<platform>:<channelId>", channel-key.ts). */
export interface StoryLog {
  /** Appends one entry to the channel's story. */
  append(channel: string, entry: StoryEntry): Promise<void>;
  /** The channel's entries at or after `since` (ms), oldest first; past `limit`, the newest `limit`. */
  read(channel: string, since: number, limit: number): Promise<StoryEntry[]>;
  /** Every channel with a story (an uninstall drops a tenant's). */
  channels(): Promise<string[]>;
  /** Drops the channel's whole story. */
  drop(channel: string): Promise<void>;
}

/** Whether an entry is still kept at `now`. */
export function storyKept(entry: StoryEntry, now: number): boolean {
  return entry.at >= now - STORY_RETENTION_MS;
}

/** What commands read and add of their channel's story (`timeline`, `note`, `catchup`, `handoff`). */
export interface StoryServices {
  /** The channel's entries from `since` (ms), oldest first (the newest STORY_MAX_ENTRIES at most). */
  read(channelId: string, since: number): Promise<StoryEntry[]>;
  /** Adds an entry (a note, a hand-off) to the channel's story. */
  add(channelId: string, entry: StoryEntry): Promise<void>;
  /** The reader's time zone (IANA): their own where the platform tells it, else VPSOPS_TIMEZONE, else UTC. */
  timeZone(actor: { timeZone?: string }): string;
}
