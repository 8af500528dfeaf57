// Re-notification: an open alert nobody acknowledged is told again every renotify period, single
// or group, mentioning the channel's on-call team when the policy file names one (`oncall:`). Each
// reminder is claimed in the shared store first (one counter per subject and period), so two
// replicas — or a lease handed over mid-poll — never both post it. Reminders go out last in the
// channel's pacer ("reminder" priority).
import { t, type EphemeralState, type Locale, type Platform } from '../core/index.js';
import { contextWith, message, team, text } from '../render/builders.js';
import { localizedLine } from '../render/localized.js';
import { duration } from '../render/time-format.js';
import type { Message } from '../render/message.js';
import { isPaced } from './ports.js';
import { type ChannelPoster } from '../core/index.js';
import { groupTraits } from './cards/group-card.js';
import { activeMembers, type StormGroup } from './rules/storm-groups.js';

/** Re-notify an unacknowledged alert this often by default (VPSOPS_ALERT_RENOTIFY_MINUTES). */
export const DEFAULT_RENOTIFY_MS = 30 * 60_000;

/** How reminders read and whom they mention. */
export interface ReminderSettings {
  locale: Locale;
  /** The on-call team (Slack user group S… or Discord role id) of a channel, from the policy file. */
  oncall?: (platform: Platform, channelId: string) => string | undefined;
}

/** The reminder with a line naming the channel's on-call team, when it has one: the only mention it makes. */
export function withOncall(
  reminder: Message,
  channel: { platform: Platform; channelId: string },
  settings: ReminderSettings,
): Message {
  const target = settings.oncall?.(channel.platform, channel.channelId);
  if (!target) return reminder;
  const who = team(channel.platform, target, t(settings.locale, 'alert.oncallName'));
  const line = localizedLine(settings.locale, 'alert.oncall', { team: who });
  return { ...reminder, blocks: [...reminder.blocks, contextWith(line)] };
}

/**
 * Claims the reminder of `subject` for the period `now` falls in (counted from `since`): true for
 * exactly one caller across replicas.
 */
export async function claimReminder(
  state: EphemeralState,
  subject: string,
  since: number,
  now: number,
  renotifyMs: number,
): Promise<boolean> {
  const period = Math.max(1, Math.round((now - since) / renotifyMs));
  return (await state.increment(`watch-remind:${subject}:${period}`, renotifyMs * 2)) === 1;
}

/** Posts a reminder after everything else waiting for the channel (the pacer's lowest priority). */
export function postReminder(poster: ChannelPoster, channelId: string, reminder: Message) {
  return isPaced(poster) ? poster.remind(channelId, reminder) : poster.post(channelId, reminder);
}

/** "12 servers of the storm (Jakarta 1 · status Error) still failing after 30 min, not acknowledged yet." */
export function groupReminder(group: StormGroup, now: number, locale: Locale): Message {
  const line = t(locale, 'alert.groupReminder', {
    count: activeMembers(group).length,
    traits: groupTraits(group, locale),
    span: duration(now - group.openedAt, locale),
  });
  return message(undefined, [text(line)], { tone: 'warning', summary: line });
}

/** What a reminder needs from the poll. */
export interface ReminderDeps {
  state: EphemeralState;
  poster: ChannelPoster;
  settings: ReminderSettings;
  renotifyMs: number;
  /** Delivers one post with retries (delivery.ts). */
  send<T>(attempt: () => Promise<T>): Promise<T>;
}

/** Reminds a channel of one open alert (its `subject`: watch, kind and opening), once per period across replicas. */
export async function remindOnce(
  deps: ReminderDeps,
  channel: { platform: Platform; channelId: string },
  subject: string,
  since: number,
  now: number,
  reminder: () => Message,
): Promise<void> {
  if (!(await claimReminder(deps.state, subject, since, now, deps.renotifyMs))) return;
  const shown = withOncall(reminder(), channel, deps.settings);
  await deps.send(() => postReminder(deps.poster, channel.channelId, shown));
}

/** A storm group still failing: one reminder for the whole group, whichever member's poll comes first. */
export function remindGroup(deps: ReminderDeps, group: StormGroup, now: number): Promise<void> {
  if (group.endedAt !== undefined) return Promise.resolve();
  return remindOnce(deps, group, group.id, group.openedAt, now, () =>
    groupReminder(group, now, deps.settings.locale),
  );
}
