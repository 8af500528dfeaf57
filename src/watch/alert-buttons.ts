// What Acknowledge and Snooze 1 h do, behind the hidden `alert ack` / `alert snooze` commands their
// buttons run (the runner has authorised the clicker and audits the call): check the alert belongs
// to the channel and is still open, record who acknowledged or snoozed it, and edit its card.
// On a storm group card the buttons run the same commands, naming the watch whose incident opened
// the group; a click on an incident heading a group of several goes to actOnGroup below.
// Acknowledging a group acknowledges every failing member, sends PagerDuty `acknowledge` once for
// the group's page (incident-pages.ts claims it, so two clicks or two replicas send one) and shows
// who acknowledged on the card.
import { duration } from '../render/time-format.js';
import type { Message } from '../render/message.js';
import {
  DEFAULT_LOCALE,
  t,
  UserError,
  type Actor,
  type AlertActions,
  type Locale,
  type Platform,
} from '../core/index.js';
import { type AlertKind } from '../core/kit/index.js';
import { alertCard } from './cards/alert-card.js';
import { acknowledge, snooze } from './rules/alert-rules.js';
import { activeMembers, serverCount } from './rules/storm-groups.js';
import type { ChannelPoster } from '../core/index.js';
import type { WatchBook } from './books/watch-book.js';
import type { GroupBook, GroupClicker, SharedGroup } from './books/group-book.js';
import { renderGroup } from './group-show.js';
import { groupThreadTexts, groupTraits } from './cards/group-card.js';

/** Thread-sized chunks of hostnames Show members answers with. */
const MEMBER_CHUNKS = 2;

/** How long Snooze silences reminders. */
export const SNOOZE_MS = 60 * 60_000;

/** The alert actions of the WatchService. */
export function createAlertActions(
  book: WatchBook,
  posterFor: (platform: Platform) => ChannelPoster | undefined,
  now: () => number = Date.now,
  /** Told once an acknowledge is recorded (pages the acknowledge out). */
  onAcknowledged?: (watchId: string, kind: string) => Promise<void>,
  /** The channels' storm groups: a click on a group card acts on every member. */
  groups?: GroupBook,
  /** The channel's language, for the edited card and the answer. */
  localeOf: (channel: { platform: Platform; channelId: string }) => Promise<Locale> = async () =>
    DEFAULT_LOCALE,
): AlertActions {
  return {
    async members(watchId, kind, where) {
      const locale = await localeOf(where);
      const group = await groups?.openedBy(where, { watchId, kind });
      if (!group) throw new UserError('nothing-to-do', t(locale, 'alertGroup.over'));
      // Two chunks fit one Discord message (6,000 characters) and one Slack reply; `watches` has the rest.
      const chunks = groupThreadTexts(group, { locale });
      const lines = chunks.slice(0, MEMBER_CHUNKS);
      const unlisted = chunks.slice(MEMBER_CHUNKS).reduce((n, c) => n + c.split('\n').length, 0);
      if (unlisted > 0)
        lines.push(
          t(locale, 'alertGroup.more', { count: unlisted, rest: t(locale, 'alertGroup.restInWatches') }),
        );
      return { title: t(locale, 'alertGroup.membersTitle', { traits: groupTraits(group, locale) }), lines };
    },
    async act(verb, watchId, kind, actor, where) {
      const locale = await localeOf(where);
      const watch = await book.watches.get(watchId);
      if (!watch) throw new UserError('unknown-token', t(locale, 'alertButtons.unwatched'));
      if (watch.platform !== where.platform || watch.channelId !== where.channelId) {
        throw new UserError('wrong-channel', t(locale, 'alertButtons.otherChannel'));
      }
      const group = await groups?.openedBy(where, { watchId, kind });
      if (groups && group) {
        const deps = {
          book,
          groups,
          render: (g: SharedGroup) => renderGroup(g, now(), locale),
          poster: posterFor(watch.platform),
          locale,
          ...(onAcknowledged ? { pageAcknowledged: onAcknowledged } : {}),
        };
        return actOnGroup(deps, verb, group, actor, now(), SNOOZE_MS);
      }
      const state = await book.alerts.get(watch.id);
      const by = `@${actor.displayName || actor.userId}`;
      const clicker = { platform: actor.platform, userId: actor.userId, displayName: actor.displayName };
      const at = now();
      const done =
        state !== null &&
        (verb === 'ack'
          ? acknowledge(state, kind, by, at, clicker)
          : snooze(state, kind, by, at, SNOOZE_MS, clicker));
      const named = { kind, label: watch.instance.label };
      if (!state || !done) throw new UserError('nothing-to-do', t(locale, 'alertButtons.notOpen', named));
      await book.alerts.put(watch.id, state);
      if (verb === 'ack') await onAcknowledged?.(watch.id, kind);
      const alert = state.open[kind];
      const poster = posterFor(watch.platform);
      if (alert?.ref && poster) await poster.update(alert.ref, alertCard(watch, alert, at, locale));
      const line =
        verb === 'ack'
          ? t(locale, 'alertButtons.acked', named)
          : t(locale, 'alertButtons.snoozed', { ...named, span: duration(SNOOZE_MS, locale) });
      return { line, instance: watch.instance.label };
    },
  };
}

/** What a click on a group card needs. */
export interface GroupActionDeps {
  book: WatchBook;
  groups: GroupBook;
  /** The group card rendered as the channel sees it (grouped-alerts.ts). */
  render(group: SharedGroup): Message;
  poster: ChannelPoster | undefined;
  /** Sends PagerDuty `acknowledge` for one incident's page (idempotent). */
  pageAcknowledged?: (watchId: string, kind: string) => Promise<void>;
  /** The channel's language for the answer (default English). */
  locale?: Locale;
}

/** Acknowledges or snoozes every failing member of `group`; the line to answer. */
export async function actOnGroup(
  deps: GroupActionDeps,
  verb: 'ack' | 'snooze',
  group: SharedGroup,
  actor: Actor,
  at: number,
  snoozeMs: number,
): Promise<{ line: string; instance: string }> {
  const channel = { platform: group.platform, channelId: group.channelId };
  const clicker: GroupClicker = {
    platform: actor.platform,
    userId: actor.userId,
    displayName: actor.displayName,
  };
  const marked = await deps.groups.mark(channel, group.id, (g) => {
    if (g.acknowledger) return false;
    if (verb === 'ack') g.acknowledger = clicker;
    else {
      g.snoozedUntil = at + snoozeMs;
      g.snoozer = clicker;
    }
    return true;
  });
  const locale = deps.locale ?? 'en';
  // Ended meanwhile (its last member recovered), or someone acknowledged it first.
  if (!marked.group) throw new UserError('nothing-to-do', t(locale, 'alertGroup.over'));
  if (!marked.changed) throw new UserError('nothing-to-do', t(locale, 'alertGroup.alreadyAcked'));
  const current = marked.group;
  const by = `@${actor.displayName || actor.userId}`;
  for (const member of activeMembers(current)) {
    const state = await deps.book.alerts.get(member.watchId);
    const kind = member.kind as AlertKind;
    const done =
      state !== null &&
      (verb === 'ack'
        ? acknowledge(state, kind, by, at, clicker)
        : snooze(state, kind, by, at, snoozeMs, clicker));
    if (state && done) await deps.book.alerts.put(member.watchId, state);
  }
  if (verb === 'ack' && current.pagedBy)
    await deps.pageAcknowledged?.(current.pagedBy.watchId, current.pagedBy.kind);
  if (current.ref && deps.poster) await deps.poster.update(current.ref, deps.render(current));
  const count = serverCount(activeMembers(current));
  const traits = groupTraits(current, locale);
  const line =
    verb === 'ack'
      ? t(locale, 'alertGroup.acked', { count, traits })
      : t(locale, 'alertGroup.snoozed', { count, traits, span: duration(snoozeMs, locale) });
  return { line, instance: traits };
}
