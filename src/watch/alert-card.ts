// The alert as people see it: one card per incident (title, since when, latest value, a sparkline,
// who acknowledged or snoozed it, buttons), edited in place, and short notices around it.
import { contextWith, fields, message, person, text } from '../render/builders.js';
import { duration } from '../render/format.js';
import type { Button, Inline, Message } from '../render/message.js';
import { sparkline } from '../render/sparkline.js';
import type { AlertKind, OpenAlert, WatchRecord } from './types.js';
import { t } from '../i18n/translate.js';
import { backupAge } from './alert-context.js';

/** What an alert button asks for. */
export type AlertVerb = 'ack' | 'snooze';

/** The hidden command an Acknowledge / Snooze button runs (commands/alert.ts): ids and kinds only, no user text. */
export function alertCommand(verb: AlertVerb, watchId: string, kind: AlertKind): string {
  return `alert ${verb} ${watchId} ${kind}`;
}

const HEADLINES: Record<AlertKind, string> = {
  status: 'needs attention',
  cpu: 'CPU above threshold',
  memory: 'memory above threshold',
  unreachable: 'hosting API unreachable',
  gone: 'is gone (the API no longer knows it)',
  balance: 'running low',
};

/** "web-1: needs attention", or "web-1 is gone (the API no longer knows it)". */
function headline(watch: WatchRecord, kind: AlertKind): string {
  return kind === 'gone'
    ? `${watch.instance.label} ${HEADLINES.gone}`
    : `${watch.instance.label}: ${HEADLINES[kind]}`;
}

/** The open alert card, with Acknowledge / Snooze 1 h / Show while nobody acknowledged it. */
export function alertCard(watch: WatchRecord, alert: OpenAlert, now: number): Message {
  const title = headline(watch, alert.kind);
  const rows: [string, unknown][] = [
    ['Now', alert.detail || '—'],
    ['Open for', duration(now - alert.openedAt)],
  ];
  if (alert.values.length > 0) rows.push(['Trend', sparkline(alert.values)]);
  const backup = watch.billing ? undefined : backupAge(alert.lastBackupAt, now);
  if (backup) rows.push([t('en', 'field.lastBackup'), backup]);
  const notes: Inline[][] = [];
  const ack = ackedBy(alert);
  if (ack) notes.push(['Acknowledged by ', ack]);
  if (alert.snoozedUntil && alert.snoozedUntil > now) {
    const who = alert.snoozer ? person(alert.snoozer) : (alert.snoozedBy ?? 'someone');
    notes.push(['Snoozed by ', who, ` for ${duration(alert.snoozedUntil - now)}`]);
  }
  if (alert.change) notes.push([t('en', 'alertCard.lastChange', { change: alert.change })]);
  if (alert.runbook) notes.push([t('en', 'alertCard.runbook', { url: alert.runbook })]);
  notes.push(['Watched from here by ', person(watch.setBy)]);
  if (!watch.billing) notes.push([`uuid ${watch.instance.uuid}`]);
  const line = notes.flatMap((n, i) => (i === 0 ? n : [' · ', ...n]));
  const card = message(title, [fields(rows), contextWith(line)], {
    tone: alert.kind === 'cpu' || alert.kind === 'memory' ? 'warning' : 'danger',
    summary: alert.kind === 'gone' ? title : `${title} — ${alert.detail}`,
  });
  const buttons: Button[] = [];
  if (!alert.acknowledgedBy)
    buttons.push({
      label: 'Acknowledge',
      command: alertCommand('ack', watch.id, alert.kind),
      style: 'primary',
    });
  if (!alert.acknowledgedBy)
    buttons.push({ label: 'Snooze 1 h', command: alertCommand('snooze', watch.id, alert.kind) });
  if (alert.kind !== 'unreachable' && alert.kind !== 'gone' && alert.kind !== 'balance') {
    const { uuid } = watch.instance;
    buttons.push({ label: 'Show', command: `instance show ${uuid}` });
    // Secondary actions, in a row of their own: at most three primary buttons on a card.
    buttons.push(
      { label: t('en', 'alertCard.button.metrics'), command: `instance metrics ${uuid}`, more: true },
      { label: t('en', 'alertCard.button.silence'), command: `silence ${uuid} 1h`, more: true },
    );
  }
  if (buttons.length > 0) card.actions = buttons;
  return card;
}

/** Who acknowledged: the person when known by id, else the name older records kept. */
function ackedBy(alert: OpenAlert): Inline | undefined {
  return alert.acknowledger ? person(alert.acknowledger) : alert.acknowledgedBy;
}

/** The card once the condition cleared: no buttons, "recovered after 4 min". */
export function resolvedCard(watch: WatchRecord, alert: OpenAlert, now: number): Message {
  const title = `${watch.instance.label}: ${alert.kind === 'unreachable' ? 'hosting API reachable again' : 'recovered'}`;
  const lastSeen: Inline[] = [`Last seen: ${alert.detail || '—'}`];
  const ack = ackedBy(alert);
  if (ack) lastSeen.push(' · Acknowledged by ', ack);
  const first = `${HEADLINES[alert.kind]} — recovered after ${duration(now - alert.openedAt)}.`;
  return message(title, [text(first), contextWith(lastSeen)], { tone: 'success' });
}

/** The short notice posted when an alert resolves. */
export function recoveredNotice(watch: WatchRecord, alert: OpenAlert, now: number): Message {
  const what =
    alert.kind === 'unreachable' ? 'The hosting API is reachable again' : `${watch.instance.label} recovered`;
  return message(
    undefined,
    [text(`${what} (${HEADLINES[alert.kind]}) after ${duration(now - alert.openedAt)}.`)],
    {
      tone: 'success',
      summary: `${what} after ${duration(now - alert.openedAt)}`,
    },
  );
}

/** The reminder posted while an open alert is neither acknowledged nor snoozed. */
export function reminderNotice(watch: WatchRecord, alert: OpenAlert, now: number): Message {
  const line = `${watch.instance.label}: ${HEADLINES[alert.kind]} for ${duration(now - alert.openedAt)} and not acknowledged yet (${alert.detail}).`;
  return message(undefined, [text(line)], { tone: 'warning', summary: line });
}
