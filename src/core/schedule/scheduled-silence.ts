// Planned work does not page (issue 40): a scheduled stop, restart, rollback or restore silences
// its server's alerts — an ordinary silence of that one server, in `silences`, on the live card and
// in the story — from the run until the watch sees it Running again plus VPSOPS_SCHEDULE_QUIET_MINUTES
// (5); a stop stays silenced until someone starts it (7 days at most, the longest silence). Other
// servers still alert and page.
import type { CommandContext } from '../command.js';
import type { ResolvedInstance } from '../ports.js';
import type { Locale } from '../../i18n/locale.js';
import { t } from '../../i18n/translate.js';
import type { ScheduledAction } from './schedule-book.js';

/** The scheduled commands that take their server down for a while. */
const QUIETING = new Set(['instance stop', 'instance restart', 'snapshot rollback', 'backup restore']);

/** The default quiet after the server is Running again (VPSOPS_SCHEDULE_QUIET_MINUTES). */
export const DEFAULT_QUIET_MS = 5 * 60_000;

function instancesIn(args: Record<string, unknown>): ResolvedInstance[] {
  return Object.values(args).filter(
    (v): v is ResolvedInstance => typeof v === 'object' && v !== null && 'uuid' in v && 'label' in v,
  );
}

/** "5 min", "30 s": the quiet after Running, as the run's card says it. */
function span(ms: number, locale: Locale): string {
  return ms >= 60_000
    ? t(locale, 'schedule.quietMinutes', { n: Math.round(ms / 60_000) })
    : t(locale, 'schedule.quietSeconds', { n: Math.round(ms / 1000) });
}

/**
 * Silences the servers of a scheduled run that takes them down; returns the line its card shows
 * (absent: nothing silenced — not such a command, no watch of the server, or someone's silence
 * already on it). A store failure is logged by the caller and the run goes on: it pages as before.
 */
export async function silenceScheduledRun(
  ctx: CommandContext,
  schedule: ScheduledAction,
  quietMs: number,
  locale: Locale,
): Promise<string | undefined> {
  const silences = ctx.bot.watches?.silences;
  if (!QUIETING.has(schedule.command) || !silences?.untilRunning) return undefined;
  const who = schedule.requester.displayName || schedule.requester.userId;
  const reason = t(locale, 'schedule.quietReason', { command: schedule.command, who });
  const where = { platform: schedule.platform, channelId: schedule.channelId };
  const lines: string[] = [];
  for (const instance of instancesIn(schedule.args)) {
    const done = await silences.untilRunning(instance, schedule.requester, where, reason, quietMs, locale);
    if (!done) continue;
    const key = schedule.command === 'instance stop' ? 'schedule.quietStop' : 'schedule.quiet';
    lines.push(t(locale, key, { what: done.what, span: span(quietMs, locale) }));
    await ctx.bot.story
      .add(schedule.channelId, {
        at: ctx.now().getTime(),
        kind: 'silenced',
        subject: done.what,
        instance: instance.uuid,
        by: { userId: schedule.requester.userId, name: who },
        detail: t(locale, 'schedule.quietStory', { span: span(quietMs, locale), reason }),
      })
      .catch(() => undefined);
  }
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/** A run that failed, nothing done: the server never went down, so its silence ends now. */
export async function endScheduledSilence(ctx: CommandContext, schedule: ScheduledAction): Promise<void> {
  const silences = ctx.bot.watches?.silences;
  if (!silences) return;
  for (const instance of instancesIn(schedule.args))
    await silences.remove({ type: 'instance', ref: instance.uuid }, ctx.locale);
}
