// Where a schedule is stored: at the Confirm of its preview (the confirmation authorises exactly this
// one future run; a two-person approver is kept as its approver), or at once for a change that
// needs no confirmation. The card then says what runs when, in the asker's zone, and its id.
import type { Message } from '../../render/message.js';
import type { AuditRecord } from '../command.js';
import type { Actor, Invocation, ResolvedInstance, Responder } from '../ports.js';
import type { Runtime } from '../context.js';
import type { PendingConfirmation, ScheduleRequest } from '../store.js';
import { storeNow } from '../confirmation/store-clock.js';
import { confirmedCard } from '../confirmation/confirm-card.js';
import { beforeAnyChange } from '../store-errors.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';
import { newScheduleId, scheduleBook, type ScheduledAction } from './schedule-book.js';
import { scheduledCard } from './schedule-cards.js';
import { formatInZone } from './when.js';

/** What a schedule is made from: a confirmed pending confirmation, or a typed change. */
type ScheduleSource = Pick<
  PendingConfirmation,
  'command' | 'args' | 'auditArgs' | 'targets' | 'requester' | 'platform' | 'channelId' | 'invocationId'
> & { schedule: ScheduleRequest };

/** Stores the schedule; resolves with it and the card that says so. */
async function keep(
  rt: Runtime,
  source: ScheduleSource,
  approvedBy: Actor | undefined,
  locale: Locale,
  record: AuditRecord,
): Promise<Message> {
  const now = await storeNow(rt);
  const schedule: ScheduledAction = {
    id: newScheduleId(),
    command: source.command,
    args: source.args,
    auditArgs: source.auditArgs,
    targets: source.targets,
    requester: source.requester,
    platform: source.platform,
    channelId: source.channelId,
    runAt: source.schedule.runAt,
    zone: source.schedule.zone,
    createdAt: now,
    invocationId: source.invocationId,
    locale,
    ...(approvedBy ? { approvedBy } : {}),
  };
  await beforeAnyChange(() => scheduleBook(rt.store).put(schedule.id, schedule));
  record.result = 'ok';
  record.summary = `scheduled ${schedule.id} for ${formatInZone(schedule.runAt, schedule.zone)}`;
  return scheduledCard(schedule, now, locale);
}

/** Confirm of a schedule's preview: stored, and the card settled as "scheduled", confirmed by whom. */
export async function keepConfirmedSchedule(
  rt: Runtime,
  pending: PendingConfirmation & { schedule: ScheduleRequest },
  by: Actor,
  at: Date,
  responder: Responder,
  record: AuditRecord,
  locale: Locale,
): Promise<void> {
  const card = await keep(rt, pending, pending.twoPerson ? by : undefined, locale, record);
  const settled = confirmedCard(card, pending, by, at, locale);
  if (pending.cardRef) await responder.update(pending.cardRef, settled);
  else await responder.reply(settled, { visibility: 'channel' });
}

/** A typed change that needs no confirmation: stored at once; the answer to post in the channel. */
export async function keepTypedSchedule(
  rt: Runtime,
  inv: Invocation,
  command: string,
  values: Record<string, unknown>,
  record: AuditRecord,
  schedule: ScheduleRequest,
): Promise<{ message: Message; visibility: 'channel' }> {
  const targets = Object.values(values).flatMap((v) =>
    typeof v === 'object' && v !== null && 'uuid' in v && 'label' in v ? [(v as ResolvedInstance).label] : [],
  );
  const source: ScheduleSource = {
    command,
    args: values,
    auditArgs: record.args,
    targets,
    requester: inv.actor,
    platform: inv.platform,
    channelId: inv.channelId,
    invocationId: inv.id,
    schedule,
  };
  return {
    message: await keep(rt, source, undefined, inv.locale ?? DEFAULT_LOCALE, record),
    visibility: 'channel',
  };
}
