// The schedule runner `vpsops serve` starts: every interval, the replica holding the runner lease
// (the core's lease helper; adopted by another replica when it lapses) lists the schedules of every
// tenant, and settles each one that is due as its tenant — claimed first, so exactly one replica
// runs it even while two believe they hold the lease. Its lease also tells `schedule` that a serve
// runs schedules on this store.
import { lease } from '../leases.js';
import type { Platform } from '../ports.js';
import type { Runtime } from '../context.js';
import { storeNow } from '../confirmation/store-clock.js';
import { SINGLE_TENANT } from '../tenant-port.js';
import { scheduleBook } from './schedule-book.js';
import { DEFAULT_GRACE_MS, runScheduled, type SchedulePoster } from './run-scheduled.js';
import { RUNNER_LEASE } from './unwrap.js';

/** Settings of startScheduleRunner. */
export interface ScheduleRunnerOptions {
  owner: string;
  posters: readonly SchedulePoster[];
  /** How often due schedules are looked for; the lease lasts three of these (default 5 s). */
  intervalMs?: number;
}

/** One pass: settles what is due if this process holds (or takes) the runner lease. */
export function createSchedulePass(
  rt: Runtime,
  options: ScheduleRunnerOptions,
  runner = runnerLease(rt, options),
) {
  const posterFor = (platform: Platform) => options.posters.find((p) => p.platform === platform);
  const graceMs = rt.config.schedules?.graceMs ?? DEFAULT_GRACE_MS;
  return async (): Promise<void> => {
    if (!(await runner.take())) return;
    const book = scheduleBook(rt.store);
    const all = await book.list();
    const now = await storeNow(rt);
    const due = all.filter((s) => s.runAt <= now).sort((a, b) => a.runAt - b.runAt);
    for (const schedule of due) {
      await (rt.tenants ?? SINGLE_TENANT)
        .run(schedule.tenant, () => runScheduled(rt, schedule, posterFor, graceMs))
        .catch((error: unknown) =>
          rt.logger.error({ err: error, schedule: schedule.id }, 'running a schedule failed'),
        );
    }
  };
}

function runnerLease(rt: Runtime, options: ScheduleRunnerOptions) {
  return lease(rt.store.leases, RUNNER_LEASE, options.owner, (options.intervalMs ?? 5_000) * 3);
}

/** Every interval, the replica holding the runner lease settles what is due; returns a stop function. */
export function startScheduleRunner(rt: Runtime, options: ScheduleRunnerOptions): () => void {
  const runner = runnerLease(rt, options);
  const pass = createSchedulePass(rt, options, runner);
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    pass()
      .catch((error: unknown) => rt.logger.warn({ err: error }, 'schedule pass failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, options.intervalMs ?? 5_000);
  timer.unref();
  tick();
  return () => {
    clearInterval(timer);
    void runner.release().catch(() => undefined);
  };
}
