// Each channel's story in the table store: one record per entry, keyed so a channel's entries sort
// by time ("<channel>\0<at, zero-padded>\0<random>"), journaled by the embedded store like any
// record. Entries past the retention, or past a channel's cap, are dropped once a minute at most.
import { randomBytes } from 'node:crypto';
import { STORY_MAX_ENTRIES, storyKept, type StoryEntry, type StoryLog } from '../../core/kit/index.js';

/** The part of the tables the story needs. */
export interface StoryTables {
  table(name: string): Map<string, unknown>;
  write(name: string, key: string, value: unknown): Promise<void>;
}

const TABLE = 'story';
const SEP = '\u0000';
const PRUNE_EVERY_MS = 60_000;

const keyOf = (channel: string, at: number) =>
  `${channel}${SEP}${String(Math.max(0, Math.floor(at))).padStart(15, '0')}${SEP}${randomBytes(4).toString('hex')}`;

/** The story log over `tables` on the clock `now`. */
export function createTableStory(tables: StoryTables, now: () => number): StoryLog {
  let lastPrune = 0;
  const rows = () => tables.table(TABLE) as Map<string, StoryEntry>;
  const prune = async (at: number) => {
    if (at - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = at;
    const perChannel = new Map<string, string[]>();
    for (const [key, entry] of rows()) {
      if (!storyKept(entry, at)) {
        await tables.write(TABLE, key, null);
        continue;
      }
      const channel = key.slice(0, key.indexOf(SEP));
      const keys = perChannel.get(channel) ?? [];
      keys.push(key);
      perChannel.set(channel, keys);
    }
    for (const keys of perChannel.values()) {
      const excess = keys.sort().slice(0, Math.max(0, keys.length - STORY_MAX_ENTRIES));
      for (const key of excess) await tables.write(TABLE, key, null);
    }
  };
  return {
    async append(channel, entry) {
      await prune(now());
      await tables.write(TABLE, keyOf(channel, entry.at), structuredClone(entry));
    },
    async read(channel, since, limit) {
      const start = keyOf(channel, since).slice(0, -8);
      const found: [string, StoryEntry][] = [];
      for (const [key, entry] of rows()) {
        if (key.startsWith(`${channel}${SEP}`) && key >= start && storyKept(entry, now()))
          found.push([key, entry]);
      }
      found.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return found.slice(Math.max(0, found.length - limit)).map(([, entry]) => structuredClone(entry));
    },
    async channels() {
      return [...new Set([...rows().keys()].map((key) => key.slice(0, key.indexOf(SEP))))];
    },
    async drop(channel) {
      for (const key of [...rows().keys()])
        if (key.startsWith(`${channel}${SEP}`)) await tables.write(TABLE, key, null);
    },
  };
}
