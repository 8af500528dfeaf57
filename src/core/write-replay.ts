// Writes the bot learned it must make but the store (or the audit trail on it) refused while it was
// down: a confirmed call's outcome, the release of a server's busy lock, the end of a followed
// operation. Kept in this process and replayed as soon as the store answers again, so what the bot
// learned is recorded rather than later mistaken for "unknown" or "still busy". A process that dies
// before the store is back loses them: the interrupted-call closer then says "unknown", as before.
import type { Logger } from '../logger.js';

/** Writes kept for replay, by key (a later keep under one key replaces the earlier write). */
export interface WriteReplay {
  /** Keeps `write` to retry until it succeeds (or `maxAgeMs` passes: then logged and dropped). */
  keep(key: string, write: () => Promise<void>): void;
  /** Whether a write under `key` is still waiting for the store. */
  has(key: string): boolean;
  /** Retries the kept writes in order; stops at the first that fails (the store is still down). */
  flush(): Promise<void>;
  stop(): void;
}

/** Settings of createWriteReplay. */
export interface WriteReplayOptions {
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** How often kept writes are retried (default 1 s). */
  intervalMs?: number;
  /** How long one is retried before it is given up (default 1 h). */
  maxAgeMs?: number;
  now?: () => number;
}

export function createWriteReplay(options: WriteReplayOptions): WriteReplay {
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? 60 * 60_000;
  const kept = new Map<string, { write: () => Promise<void>; since: number }>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  const disarm = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const pass = async (): Promise<void> => {
    for (const [key, entry] of [...kept]) {
      try {
        await entry.write();
        if (kept.get(key) === entry) kept.delete(key);
        options.logger.info({ write: key }, 'replayed a write the state store had refused while it was down');
      } catch (error) {
        if (now() - entry.since < maxAgeMs) return;
        kept.delete(key);
        options.logger.error({ write: key, err: error }, 'gave up replaying a write the state store refused');
      }
    }
  };
  const flush = (): Promise<void> =>
    (flushing ??= pass().finally(() => {
      flushing = undefined;
      if (kept.size === 0) disarm();
    }));
  return {
    keep(key, write) {
      const since = kept.get(key)?.since ?? now();
      kept.set(key, { write, since });
      options.logger.warn({ write: key }, 'the state store refused a write: kept to replay once it is back');
      timer ??= setInterval(() => void flush(), options.intervalMs ?? 1_000);
      timer.unref();
    },
    has: (key) => kept.has(key),
    flush,
    stop: disarm,
  };
}
