// `schedule in|at <when> <command…>` at request time: the time read in the requester's zone, the
// inner command parsed like any typed one, refused when it changes nothing or when no `vpsops serve`
// runs schedules on this store. The runner then authorises, previews and confirms the inner command
// exactly as if it were typed now, carrying the ScheduleRequest to its Confirm.
import { UserError } from '../errors.js';
import { parseInput, type Parsed, type ParseResult } from '../parse/parse.js';
import type { ParseHints } from '../parse/parse-args.js';
import { instanceMatcher } from '../instances/instance-names.js';
import { storeNow } from '../confirmation/store-clock.js';
import type { Actor } from '../ports.js';
import type { Runtime } from '../context.js';
import type { ScheduleRequest } from '../store.js';
import { bestEffort, storeReport } from '../store-best-effort.js';
import { beforeAnyChange } from '../store-errors.js';
import { t } from '../../i18n/translate.js';
import { formatInZone, resolveWhen } from './when.js';
import { zoneOf } from './zone.js';

/** The lease of the replica running schedules; held only by `vpsops serve`, so its holder says one runs. */
export const RUNNER_LEASE = 'schedules:runner';

/** The inner command of a `schedule` and when it runs, or the refusal. */
export interface Unwrapped {
  parsed: Parsed;
  request: ScheduleRequest;
}

/** Reads `schedule in|at`'s arguments into the command to schedule and its time. */
export async function unwrapSchedule(
  rt: Runtime,
  actor: Actor,
  outer: Parsed,
  hints: ParseHints,
): Promise<Unwrapped | UserError> {
  const locale = hints.locale ?? 'en';
  const { when, command } = outer.args.values as { when: string; command: string };
  const zone = zoneOf(rt.config, actor);
  const now = await storeNow(rt);
  const at = resolveWhen(outer.def.schedules ?? 'in', when, now, zone);
  if (!at.ok)
    return new UserError(
      'invalid-argument',
      t(locale, at.problem, { when, now: formatInZone(now, zone) }),
      t(locale, 'schedule.timeHint'),
    );
  const input = { kind: 'text' as const, text: command };
  const looksLikeInstance = await bestEffort(
    'instance names',
    () => instanceMatcher(input, rt),
    () => false,
    storeReport(rt.logger),
  );
  const inner = parseInput(input, rt.registry, { ...hints, looksLikeInstance });
  if (!inner.ok) return inner.error;
  const { def, path } = inner.parsed;
  if (def.risk === 'read' || def.schedules || def.hidden || path === 'unschedule')
    return new UserError(
      'invalid-argument',
      t(locale, 'schedule.onlyChanges', { command: path }),
      t(locale, 'schedule.onlyChangesHint'),
    );
  if (!(await rt.store.leases.holder(RUNNER_LEASE)))
    return new UserError(
      'no-schedule-runner',
      t(locale, 'schedule.noRunner'),
      t(locale, 'schedule.noRunnerHint'),
    );
  return { parsed: inner.parsed, request: { runAt: at.runAt, zone } };
}

/**
 * A typed command's parse with `schedule in|at` read: the command to schedule (carrying its time),
 * or the refusal under the `schedule` path; any other parse as it was.
 */
export async function withSchedule(
  rt: Runtime,
  actor: Actor,
  outer: ParseResult,
  hints: ParseHints,
): Promise<ParseResult> {
  if (!outer.ok || !outer.parsed.def.schedules) return outer;
  const inner = await beforeAnyChange(() => unwrapSchedule(rt, actor, outer.parsed, hints));
  if (inner instanceof UserError) return { ok: false, error: inner, path: outer.parsed.path };
  return { ok: true, parsed: { ...inner.parsed, schedule: inner.request } };
}

/** The audit arguments of a scheduled command name its time (ISO 8601, UTC). */
export function scheduledArgs(
  args: Record<string, unknown>,
  schedule?: ScheduleRequest,
): Record<string, unknown> {
  return schedule ? { ...args, scheduledFor: new Date(schedule.runAt).toISOString() } : args;
}
