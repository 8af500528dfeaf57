// One scheduled action at its time, on the replica that claimed it: reported missed when found past
// its grace; else a card is posted in its channel, the server checked again as at a Confirm (the
// policy still allows the requester, no other action holds it, no unknown outcome is pending, the
// preview's premise still holds — deleted, already so or busy: told and skipped), and the command
// run as the requester through the same confirmed run as a click (write-ahead audit, tracking).
import { randomUUID } from 'node:crypto';
import { openRecord, type OpenRecord } from '../audit/audit-record.js';
import { closeConfirmedRecord } from '../confirmation/outcome-record.js';
import { claimInstances } from '../confirmation/instance-lease.js';
import { unknownHoldRefusal } from '../confirmation/unknown-hold.js';
import { storeNow } from '../confirmation/store-clock.js';
import { isUserError } from '../errors.js';
import { classifyFailure } from '../replies/outcomes.js';
import { isApiError } from '../../api/errors.js';
import type { MessageRef, Platform, Responder } from '../ports.js';
import { createContext, type Runtime } from '../context.js';
import type { PendingConfirmation } from '../store.js';
import { runConfirmed } from '../runner/confirm-run.js';
import type { Message } from '../../render/message.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';
import { t } from '../../i18n/translate.js';
import { claimSchedule, type ScheduledAction } from './schedule-book.js';
import { missedCard, skippedCard, startingCard, withRunHeader } from './schedule-cards.js';
import { DEFAULT_QUIET_MS, endScheduledSilence, silenceScheduledRun } from './scheduled-silence.js';

/** Posts and edits in a channel on the bot's own (each chat adapter's channel poster). */
export interface SchedulePoster {
  readonly platform: Platform;
  post(channelId: string, message: Message): Promise<MessageRef>;
  update(ref: MessageRef, message: Message): Promise<void>;
}

/** How a claimed schedule ended, as counted by vpsops_schedules_total. */
export type ScheduleOutcome = 'run' | 'skipped' | 'missed';

/** The default grace of a run found late (VPSOPS_SCHEDULE_GRACE_MINUTES). */
export const DEFAULT_GRACE_MS = 10 * 60_000;

/** A responder over the channel poster whose every message keeps the "⏰ Scheduled by …" header (and the silence's line). */
function runResponder(
  poster: SchedulePoster,
  schedule: ScheduledAction,
  locale: Locale,
  quiet: () => string | undefined,
): Responder {
  const shown = (message: Message) => withRunHeader(message, schedule, locale, quiet());
  return {
    reply: (message) => poster.post(schedule.channelId, shown(message)),
    update: (ref, message) => poster.update(ref, shown(message)),
  };
}

/** The confirmation the schedule stands for, as the confirmed run reads it (already used: approved then). */
function asPending(
  schedule: ScheduledAction,
  invocationId: string,
  now: number,
  ref?: MessageRef,
): PendingConfirmation {
  return {
    token: `schedule:${schedule.id}`,
    command: schedule.command,
    args: schedule.args,
    auditArgs: schedule.auditArgs,
    requester: schedule.requester,
    platform: schedule.platform,
    channelId: schedule.channelId,
    invocationId,
    createdAt: schedule.createdAt,
    expiresAt: now,
    targets: schedule.targets,
    twoPerson: schedule.approvedBy !== undefined,
    status: 'used',
    ...(ref ? { cardRef: ref } : {}),
    ...(schedule.tenant ? { tenant: schedule.tenant } : {}),
  };
}

/** Why the run is skipped, in the reader's words: the check's refusal, the server gone, or the failure. */
function skipReason(error: unknown, schedule: ScheduledAction, locale: Locale): string {
  if (isUserError(error)) return error.message;
  if (isApiError(error) && error.status === 404)
    return t(locale, 'schedule.gone', { target: schedule.targets[0] ?? schedule.command });
  const failure = classifyFailure(error, {}, undefined, locale);
  return failure.message.summary ?? failure.message.title ?? failure.errorId;
}

/** Claims `due` and settles it (run, skipped or missed); null when another replica claimed it. */
export async function runScheduled(
  rt: Runtime,
  due: ScheduledAction,
  posterFor: (platform: Platform) => SchedulePoster | undefined,
  graceMs = DEFAULT_GRACE_MS,
): Promise<ScheduleOutcome | null> {
  const schedule = await claimSchedule(rt.store, due);
  if (!schedule) return null;
  const now = await storeNow(rt);
  const locale = schedule.locale ?? rt.config.locale ?? DEFAULT_LOCALE;
  const poster = posterFor(schedule.platform);
  const invocationId = randomUUID();
  const event = {
    id: invocationId,
    platform: schedule.platform,
    actor: schedule.requester,
    channelId: schedule.channelId,
  };
  const audit = openRecord(new Date(now), event, schedule.command, {
    args: schedule.auditArgs,
    decision: 'allowed',
    confirmation: 'confirmed',
    confirmedBy: `schedule:${schedule.id}`,
  });
  const outcome = await settle(rt, schedule, now, poster, locale, audit, graceMs);
  await closeConfirmedRecord(rt, audit);
  rt.metrics.schedule?.(outcome);
  return outcome;
}

async function settle(
  rt: Runtime,
  schedule: ScheduledAction,
  now: number,
  poster: SchedulePoster | undefined,
  locale: Locale,
  audit: OpenRecord,
  graceMs: number,
): Promise<ScheduleOutcome> {
  const { record } = audit;
  const post = async (message: Message) =>
    poster?.post(schedule.channelId, message).catch((error: unknown) => {
      rt.logger.warn({ err: error, schedule: schedule.id }, 'posting a schedule’s card failed');
      return undefined;
    });
  if (now - schedule.runAt > graceMs) {
    record.result = 'cancelled';
    record.errorId = 'schedule-missed';
    await post(missedCard(schedule, now, locale));
    return 'missed';
  }
  const def = rt.registry.byPath(schedule.command);
  const ref = await post(startingCard(schedule, locale));
  const skip = async (reason: string): Promise<ScheduleOutcome> => {
    record.result = 'cancelled';
    record.errorId = 'schedule-skipped';
    record.summary = reason;
    const card = skippedCard(schedule, reason, locale);
    if (ref && poster) await poster.update(ref, card).catch(() => post(card));
    else await post(card);
    return 'skipped';
  };
  if (!def) return skip(t(locale, 'confirm.gone', { command: schedule.command }));
  const auth = rt.policy.authorize(
    schedule.requester,
    { path: schedule.command, risk: def.risk },
    schedule.channelId,
    locale,
  );
  if (!auth.allowed) return skip(auth.error.message);
  const invocationId = record.invocationId;
  const pending = asPending(schedule, invocationId, now, ref);
  const ctx = createContext(rt, schedule.requester, schedule.channelId, invocationId, locale);
  let release: (() => Promise<void>) | undefined;
  try {
    release = await claimInstances(rt, def, pending, schedule.requester, locale);
    const held = await unknownHoldRefusal(rt, def, schedule.command, schedule.args, locale);
    if (held) throw held;
    if (def.preview) await rt.apiCalls.scope(audit.calls, () => def.preview!(ctx, schedule.args));
  } catch (error) {
    await release?.();
    return skip(skipReason(error, schedule, locale));
  }
  // Planned work does not page: the server's alerts are silenced until it is Running again + 5 min.
  const quiet = await silenceScheduledRun(
    ctx,
    schedule,
    rt.config.schedules?.quietMs ?? DEFAULT_QUIET_MS,
    locale,
  ).catch(
    (error: unknown) =>
      void rt.logger.warn({ err: error, schedule: schedule.id }, 'silencing the scheduled server failed'),
  );
  // A run that failed (nothing done; its record says so before its card) keeps no silence.
  const failed = () => record.result === 'error';
  try {
    const responder = poster
      ? runResponder(poster, schedule, locale, () => (failed() ? undefined : quiet))
      : {
          reply: async () => ({ platform: schedule.platform, channelId: schedule.channelId, id: '' }),
          update: async () => undefined,
        };
    const by = schedule.approvedBy ?? schedule.requester;
    await rt.apiCalls.scope(audit.calls, () =>
      runConfirmed(rt, pending, def, by, new Date(now), responder, record, locale),
    );
    if (quiet && failed())
      await endScheduledSilence(ctx, schedule).catch(
        (error: unknown) =>
          void rt.logger.warn({ err: error, schedule: schedule.id }, 'ending a failed run’s silence failed'),
      );
  } finally {
    await release();
  }
  return 'run';
}
