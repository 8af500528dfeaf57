// What a schedule says in chat: the note on its preview ("not now: at 02:00 …"), the card once it is
// stored, the header of the card its run posts ("⏰ Scheduled by @ayu, approved by @bob"), and the
// lines of a run that was skipped or missed. Times are always said with their zone.
import { contextWith, person } from '../../render/builders.js';
import type { Inline, Message } from '../../render/message.js';
import { localizedLine } from '../../render/localized.js';
import { roughDuration } from '../../render/time-format.js';
import { t } from '../../i18n/translate.js';
import type { Locale } from '../../i18n/locale.js';
import type { Preview } from '../command.js';
import type { ScheduleRequest } from '../store.js';
import type { ScheduledAction } from './schedule-book.js';
import { formatInZone } from './when.js';

/** The preview of the command to schedule, saying that Confirm schedules it for its time. */
export function schedulePreview(
  preview: Preview,
  request: ScheduleRequest,
  now: number,
  locale: Locale,
): Preview {
  const when = formatInZone(request.runAt, request.zone);
  const note = t(locale, 'schedule.previewNote', { when, span: roughDuration(request.runAt - now, locale) });
  const title = preview.message.title ? `⏰ ${preview.message.title}` : undefined;
  return {
    ...preview,
    message: {
      ...preview.message,
      ...(title ? { title } : {}),
      blocks: [{ type: 'text', text: note }, ...preview.message.blocks],
    },
  };
}

/** "Scheduled by @ayu" or "Scheduled by @ayu, approved by @bob". */
export function scheduledByLine(schedule: ScheduledAction, locale: Locale): Inline[] {
  const requester = person(schedule.requester);
  return schedule.approvedBy
    ? localizedLine(locale, 'schedule.byApproved', { requester, approver: person(schedule.approvedBy) })
    : localizedLine(locale, 'schedule.by', { requester });
}

/** What the action is, as a line: "instance stop web-1". */
export function actionText(schedule: Pick<ScheduledAction, 'command' | 'targets'>): string {
  const target = schedule.targets[0];
  return target ? `${schedule.command} ${target}` : schedule.command;
}

/** The card once a schedule is stored: what, when (in its zone), its id and how to cancel it. */
export function scheduledCard(schedule: ScheduledAction, now: number, locale: Locale): Message {
  const when = formatInZone(schedule.runAt, schedule.zone);
  const title = t(locale, 'schedule.scheduledTitle', { action: actionText(schedule) });
  const by = scheduledByLine(schedule, locale);
  return {
    title,
    tone: 'info',
    blocks: [
      {
        type: 'text',
        text: t(locale, 'schedule.scheduledBody', {
          when,
          span: roughDuration(schedule.runAt - now, locale),
          id: schedule.id,
        }),
      },
      contextWith(by),
    ],
    summary: `${title} — ${when}`,
    outcome: 'ok',
  };
}

/** Puts "⏰ Scheduled by …:" above a message of the run (the card the run posts and edits), and the silence's line (`quiet`) under it. */
export function withRunHeader(
  message: Message,
  schedule: ScheduledAction,
  locale: Locale,
  quiet?: string,
): Message {
  const first = message.blocks[0];
  if (first?.type === 'context' && first.text.startsWith('⏰')) return message;
  const header = contextWith(['⏰ ', ...scheduledByLine(schedule, locale)]);
  const note = quiet ? [{ type: 'context' as const, text: quiet }] : [];
  return { ...message, blocks: [header, ...note, ...message.blocks] };
}

/** The card a run posts before it checks the server. */
export function startingCard(schedule: ScheduledAction, locale: Locale): Message {
  const title = t(locale, 'schedule.runningTitle', { action: actionText(schedule) });
  return withRunHeader(
    { title, tone: 'info', blocks: [{ type: 'text', text: t(locale, 'schedule.checking') }], summary: title },
    schedule,
    locale,
  );
}

/** Told and skipped: the server was deleted, is already so, or is busy. */
export function skippedCard(schedule: ScheduledAction, reason: string, locale: Locale): Message {
  const title = t(locale, 'schedule.skippedTitle', { action: actionText(schedule) });
  return withRunHeader(
    {
      title,
      tone: 'warning',
      blocks: [{ type: 'text', text: t(locale, 'schedule.skipped', { reason }) }],
      summary: `${title}: ${reason}`,
      outcome: 'error',
    },
    schedule,
    locale,
  );
}

/** A run found past its grace: reported, never run late. */
export function missedCard(schedule: ScheduledAction, now: number, locale: Locale): Message {
  const title = t(locale, 'schedule.missedTitle', { action: actionText(schedule) });
  const when = formatInZone(schedule.runAt, schedule.zone);
  return withRunHeader(
    {
      title,
      tone: 'warning',
      blocks: [
        {
          type: 'text',
          text: t(locale, 'schedule.missed', { when, late: roughDuration(now - schedule.runAt, locale) }),
        },
      ],
      summary: title,
      outcome: 'error',
    },
    schedule,
    locale,
  );
}
