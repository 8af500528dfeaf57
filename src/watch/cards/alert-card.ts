// The alert as people see it: one card per incident (title, since when, latest value, a sparkline,
// who acknowledged or snoozed it, buttons), edited in place, and short notices around it.
import { contextWith, fields, message, person, text } from '../../render/builders.js';
import { duration } from '../../render/time-format.js';
import type { Button, Inline, Message } from '../../render/message.js';
import { sparkline } from '../../render/sparkline.js';
import type { OpenAlert, WatchRecord } from '../types.js';
import { DEFAULT_LOCALE, t, type Locale } from '../../core/index.js';
import { type AlertKind } from '../../core/kit/index.js';
import { localizedLine } from '../../render/localized.js';
import { backupAge } from './alert-context.js';
import { changeText } from './recent-change.js';

/** What an alert button asks for. */
export type AlertVerb = 'ack' | 'snooze' | 'members';

/** The hidden command an Acknowledge / Snooze / Show members button runs (commands/alert.ts): ids and kinds only, no user text. */
export function alertCommand(verb: AlertVerb, watchId: string, kind: AlertKind): string {
  return `alert ${verb} ${watchId} ${kind}`;
}

/** What went wrong, in the channel's language: "needs attention", "CPU above threshold"… */
const headlineOf = (kind: AlertKind, locale: Locale): string => t(locale, `alert.kind.${kind}`);

/** "web-1: needs attention", or "web-1 is gone (the API no longer knows it)". */
function headline(watch: WatchRecord, kind: AlertKind, locale: Locale): string {
  return t(locale, kind === 'gone' ? 'alert.headlineGone' : 'alert.headline', {
    label: watch.instance.label,
    what: headlineOf(kind, locale),
  });
}

/**
 * The open alert card, with Acknowledge / Snooze 1 h / Show while nobody acknowledged it, and a menu
 * of Metrics, Silence 1 h and the policy's runbook link.
 */
export function alertCard(
  watch: WatchRecord,
  alert: OpenAlert,
  now: number,
  locale: Locale = DEFAULT_LOCALE,
): Message {
  const title = headline(watch, alert.kind, locale);
  const rows: [string, unknown][] = [
    [t(locale, 'alert.now'), alert.detail || '—'],
    [t(locale, 'alert.openFor'), duration(now - alert.openedAt, locale)],
  ];
  if (alert.values.length > 0) rows.push([t(locale, 'alert.trend'), sparkline(alert.values)]);
  const backup = watch.billing ? undefined : backupAge(alert.lastBackupAt, now, locale);
  if (backup) rows.push([t(locale, 'field.lastBackup'), backup]);
  const notes: Inline[][] = [];
  const ack = ackedBy(alert);
  if (ack) notes.push(localizedLine(locale, 'alert.acknowledgedBy', { who: ack }));
  if (alert.snoozedUntil && alert.snoozedUntil > now) {
    const who = alert.snoozer ? person(alert.snoozer) : (alert.snoozedBy ?? t(locale, 'alert.someone'));
    const span = duration(alert.snoozedUntil - now, locale);
    notes.push(localizedLine(locale, 'alert.snoozedBy', { who }, { span }));
  }
  if (alert.change)
    notes.push([t(locale, 'alertCard.lastChange', { change: changeText(alert.change, locale) })]);
  notes.push(localizedLine(locale, 'alert.watchedBy', { who: person(watch.setBy) }));
  if (!watch.billing) notes.push([`uuid ${watch.instance.uuid}`]);
  const line = notes.flatMap((n, i) => (i === 0 ? n : [' · ', ...n]));
  const card = message(title, [fields(rows), contextWith(line)], {
    tone: alert.kind === 'cpu' || alert.kind === 'memory' ? 'warning' : 'danger',
    summary: alert.kind === 'gone' ? title : `${title} — ${alert.detail}`,
  });
  const buttons: Button[] = [];
  if (!alert.acknowledgedBy)
    buttons.push({
      label: t(locale, 'alert.button.ack'),
      command: alertCommand('ack', watch.id, alert.kind),
      style: 'primary',
    });
  if (!alert.acknowledgedBy)
    buttons.push({
      label: t(locale, 'alert.button.snooze'),
      command: alertCommand('snooze', watch.id, alert.kind),
    });
  if (alert.kind !== 'unreachable' && alert.kind !== 'gone' && alert.kind !== 'balance') {
    const { uuid } = watch.instance;
    buttons.push({ label: t(locale, 'alert.button.show'), command: `instance show ${uuid}` });
    // A stopped server: Start (instance start, E5) heads the menu.
    if (alert.kind === 'status' && alert.stopped)
      buttons.push({ label: t(locale, 'start.button'), command: `instance start ${uuid}`, more: true });
    // Secondary actions go in the card's menu: at most three primary buttons on a card.
    buttons.push(
      { label: t(locale, 'alertCard.button.metrics'), command: `instance metrics ${uuid}`, more: true },
      { label: t(locale, 'alertCard.button.silence'), command: `silence ${uuid} 1h`, more: true },
    );
  }
  if (alert.runbook)
    buttons.push({ label: t(locale, 'alertCard.button.runbook'), url: alert.runbook, more: true });
  if (buttons.length > 0) card.actions = buttons;
  return card;
}

/** Who acknowledged: the person when known by id, else the name older records kept. */
function ackedBy(alert: OpenAlert): Inline | undefined {
  return alert.acknowledger ? person(alert.acknowledger) : alert.acknowledgedBy;
}

/** The card once the condition cleared (or the watch was removed): no buttons, "recovered after 4 min". */
export function resolvedCard(
  watch: WatchRecord,
  alert: OpenAlert,
  now: number,
  locale: Locale = DEFAULT_LOCALE,
  /** Closed because the watch was removed, not because it recovered. */
  closed?: 'unwatched',
): Message {
  const titleKey = closed
    ? 'alert.unwatchedTitle'
    : alert.kind === 'unreachable'
      ? 'alert.reachableTitle'
      : 'alert.recoveredTitle';
  const title = t(locale, titleKey, { label: watch.instance.label });
  const lastSeen: Inline[] = [t(locale, 'alert.lastSeen', { detail: alert.detail || '—' })];
  const ack = ackedBy(alert);
  if (ack) lastSeen.push(' · ', ...localizedLine(locale, 'alert.acknowledgedBy', { who: ack }));
  const first = t(locale, closed ? 'alert.unwatchedAfter' : 'alert.recoveredAfter', {
    what: headlineOf(alert.kind, locale),
    span: duration(now - alert.openedAt, locale),
  });
  return message(title, [text(first), contextWith(lastSeen)], { tone: closed ? 'info' : 'success' });
}

/** The short notice posted when an alert resolves. */
export function recoveredNotice(
  watch: WatchRecord,
  alert: OpenAlert,
  now: number,
  locale: Locale = DEFAULT_LOCALE,
): Message {
  const what = t(locale, alert.kind === 'unreachable' ? 'alert.reachableAgain' : 'alert.recovered', {
    label: watch.instance.label,
  });
  const span = duration(now - alert.openedAt, locale);
  return message(
    undefined,
    [text(t(locale, 'alert.recoveredNotice', { what, kind: headlineOf(alert.kind, locale), span }))],
    { tone: 'success', summary: t(locale, 'alert.recoveredSummary', { what, span }) },
  );
}

/** The reminder posted while an open alert is neither acknowledged nor snoozed. */
export function reminderNotice(
  watch: WatchRecord,
  alert: OpenAlert,
  now: number,
  locale: Locale = DEFAULT_LOCALE,
): Message {
  const line = t(locale, 'alert.reminder', {
    label: watch.instance.label,
    what: headlineOf(alert.kind, locale),
    span: duration(now - alert.openedAt, locale),
    detail: alert.detail,
  });
  return message(undefined, [text(line)], { tone: 'warning', summary: line });
}

/** The delay notice, once per episode, in the channel's language. */
export function delayNotice(locale: Locale = DEFAULT_LOCALE): Message {
  const line = t(locale, 'pacing.delayed');
  return message(undefined, [text(line)], { tone: 'warning', summary: line });
}
