// Acknowledge, Snooze 1 h and Show on an alert card. The core authorizes (acknowledge and snooze
// are `watch` changes; Show is `instance show`, a read) and audits; this module says what a token
// means, records who acknowledged or snoozed, and edits the card through the channel poster.
import { text, message } from '../render/builders.js';
import { duration } from '../render/format.js';
import { UserError, type ActionEvent, type ButtonHandler } from '../core/index.js';
import { alertCard, ALERT_TOKEN_PREFIX, parseAlertToken } from './alert-card.js';
import { acknowledge, snooze } from './alert-rules.js';
import type { ChannelPoster } from './ports.js';
import type { WatchBook } from './watch-book.js';

/** How long Snooze silences reminders. */
export const SNOOZE_MS = 60 * 60_000;

/** The ButtonHandler the core routes "al." tokens to. */
export function createAlertButtons(
  book: WatchBook,
  posterFor: (platform: ActionEvent['platform']) => ChannelPoster | undefined,
  now: () => number = Date.now,
  /** Told once an acknowledge is recorded (pages the acknowledge out). */
  onAcknowledged?: (watchId: string, kind: string) => Promise<void>,
): ButtonHandler {
  return {
    owns: (token) => token.startsWith(ALERT_TOKEN_PREFIX),
    async resolve(event) {
      const parsed = parseAlertToken(event.token);
      const watch = parsed ? await book.watches.get(parsed.watchId) : null;
      if (!parsed || !watch) {
        throw new UserError('unknown-token', 'This alert is no longer watched here — nothing was done.');
      }
      if (watch.platform !== event.platform || watch.channelId !== event.channelId) {
        throw new UserError('wrong-channel', 'This alert belongs to another channel — nothing was done.');
      }
      if (parsed.verb === 'show') return { kind: 'invoke', text: `instance show ${watch.instance.uuid}` };
      const { verb, kind } = parsed;
      return {
        kind: 'change',
        path: 'watch',
        risk: 'change',
        args: {
          instance: watch.instance.label,
          alert: kind,
          action: verb === 'ack' ? 'acknowledge' : 'snooze',
        },
        async run(actor) {
          const state = await book.alerts.get(watch.id);
          const by = `@${actor.displayName || actor.userId}`;
          const clicker = { platform: actor.platform, userId: actor.userId, displayName: actor.displayName };
          const at = now();
          const done =
            state !== null &&
            (verb === 'ack'
              ? acknowledge(state, kind, by, at, clicker)
              : snooze(state, kind, by, at, SNOOZE_MS, clicker));
          if (!state || !done) {
            throw new UserError(
              'nothing-to-do',
              `The ${kind} alert on ${watch.instance.label} is not open any more.`,
            );
          }
          await book.alerts.put(watch.id, state);
          if (verb === 'ack') await onAcknowledged?.(watch.id, kind);
          const alert = state.open[kind];
          const poster = posterFor(watch.platform);
          if (alert?.ref && poster) await poster.update(alert.ref, alertCard(watch, alert, at));
          const line =
            verb === 'ack'
              ? `Acknowledged the ${kind} alert on ${watch.instance.label}; no more reminders.`
              : `Snoozed the ${kind} alert on ${watch.instance.label} for ${duration(SNOOZE_MS)}.`;
          return { message: message(undefined, [text(line)], { tone: 'success' }), summary: line };
        },
      };
    },
  };
}
