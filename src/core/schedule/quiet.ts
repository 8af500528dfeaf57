// A scheduled destructive action (stop, restart, rollback, restore…) silences its server's alerts —
// not other servers' — from the run until the server is Running again plus 5 minutes, so planned
// work does not page. A mark per server in the short-lived shared state (tenant-scoped like the rest
// of it); the watch poll reads it, notes when it first sees the server Running, and ends it after.
import type { Actor, ResolvedInstance } from '../ports.js';
import type { BotStore } from '../store.js';
import type { ScheduledAction } from './schedule-book.js';

/** How long after the server is Running again its alerts stay quiet. */
export const QUIET_AFTER_RUNNING_MS = 5 * 60_000;
/** The longest a server stays quiet while it is not Running again (a stop left for good). */
export const QUIET_LONGEST_MS = 7 * 24 * 3_600_000;

interface QuietMark {
  scheduleId: string;
  command: string;
  by: Pick<Actor, 'platform' | 'userId' | 'displayName'>;
  since: number;
  /** When a poll first saw the server Running again. */
  runningAt?: number;
}

/** The quiet window a poll applies: who scheduled what, and until when (known once Running). */
export interface ScheduledQuiet {
  scheduleId: string;
  command: string;
  by: Pick<Actor, 'platform' | 'userId' | 'displayName'>;
  since: number;
  until: number;
}

const key = (uuid: string) => `schedule-quiet:${uuid}`;

function instancesIn(args: Record<string, unknown>): ResolvedInstance[] {
  return Object.values(args).filter(
    (v): v is ResolvedInstance => typeof v === 'object' && v !== null && 'uuid' in v && 'label' in v,
  );
}

/** Marks every server the scheduled action acts on as quiet from `now`. */
export async function quietForSchedule(
  store: Pick<BotStore, 'ephemeral'>,
  schedule: ScheduledAction,
  now: number,
): Promise<void> {
  const { platform, userId, displayName } = schedule.requester;
  const mark: QuietMark = {
    scheduleId: schedule.id,
    command: schedule.command,
    by: { platform, userId, displayName },
    since: now,
  };
  for (const instance of instancesIn(schedule.args))
    await store.ephemeral.set(key(instance.uuid), JSON.stringify(mark), QUIET_LONGEST_MS);
}

/**
 * Whether `uuid`'s alerts are quiet at `now` after a scheduled action; `running` is what the poll
 * saw. The first Running seen starts the last 5 minutes; past them the mark is dropped.
 */
export async function scheduledQuiet(
  store: Pick<BotStore, 'ephemeral'>,
  uuid: string,
  running: boolean,
  now: number,
): Promise<ScheduledQuiet | null> {
  const raw = await store.ephemeral.get(key(uuid));
  if (!raw) return null;
  const mark = JSON.parse(raw) as QuietMark;
  if (running && mark.runningAt === undefined) {
    mark.runningAt = now;
    await store.ephemeral.set(key(uuid), JSON.stringify(mark), QUIET_AFTER_RUNNING_MS);
  }
  const until =
    mark.runningAt !== undefined ? mark.runningAt + QUIET_AFTER_RUNNING_MS : mark.since + QUIET_LONGEST_MS;
  if (now >= until) {
    await store.ephemeral.delete(key(uuid));
    return null;
  }
  return { scheduleId: mark.scheduleId, command: mark.command, by: mark.by, since: mark.since, until };
}
