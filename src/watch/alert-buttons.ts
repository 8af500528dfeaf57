// What Acknowledge and Snooze 1 h do, behind the hidden `alert ack` / `alert snooze` commands their
// buttons run (the runner has authorised the clicker and audits the call): check the alert belongs
// to the channel and is still open, record who acknowledged or snoozed it, and edit its card.
import { duration } from '../render/time-format.js';
import {
  DEFAULT_LOCALE,
  t,
  UserError,
  type AlertActions,
  type Locale,
  type Platform,
} from '../core/index.js';
import { alertCard } from './alert-card.js';
import { acknowledge, snooze } from './alert-rules.js';
import type { ChannelPoster } from '../core/index.js';
import type { WatchBook } from './watch-book.js';
import type { GroupBook, SharedGroup } from './group-book.js';
import { actOnGroup } from './group-actions.js';
import { renderGroup } from './group-show.js';
import { groupThreadTexts, groupTraits } from './group-card.js';

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
