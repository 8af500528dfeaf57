// Showing one effect of a poll in the channel — post, edit, resolve, remind — within the server's
// silence, the channel's storm group and its one "API unreachable" claim; a card that cannot be
// delivered is told to the watch's owner.
import type { Locale } from '../core/index.js';
import { postAlertChart } from './cards/alert-chart.js';
import { alertCard, recoveredNotice, reminderNotice, resolvedCard } from './cards/alert-card.js';
import { endIncident, incidentCard, postIncidentCard } from './books/incident-card.js';
import { DEFAULT_RULES, type AlertEffect } from './rules/alert-rules.js';
import { deliver, Undelivered, undeliveredNotice } from './delivery/delivery.js';
import type { AlertState, OpenAlert, WatchRecord } from './types.js';
import type { Silence } from './rules/silences.js';
import { cardPosted, leaveGroup, recoveredInGroup, shownByGroup } from './grouped-alerts.js';
import type { GroupingDeps } from './group-show.js';
import { remindGroup, remindOnce, type ReminderDeps } from './reminders.js';
import { storyTeller, type StoryTeller } from './story-record.js';
import type { PollDeps } from './poll-deps.js';

/** What showing one effect uses: delivery with retries, reminders and grouping in the channel's language. */
interface Showing {
  deps: PollDeps;
  locale: Locale;
  send: <T>(attempt: () => Promise<T>) => Promise<T>;
  reminding: ReminderDeps;
  grouping: GroupingDeps | undefined;
  /** Tells what was shown to the channel's story (story-record.ts). */
  tell: StoryTeller;
}

/** Shows `effect` of the poll of `watch` (failures are logged, and an undelivered card told to its owner). */
export async function showEffect(
  deps: PollDeps,
  watch: WatchRecord,
  state: AlertState,
  effect: AlertEffect,
  now: number,
  silence: Silence | undefined,
  locale: Locale,
): Promise<void> {
  const showing = showingIn(deps, locale);
  const { grouping } = showing;
  try {
    if (await quiet(deps, watch, state, effect)) return;
    if (await silenced(deps, watch, state, effect, silence)) {
      // A silenced member leaves its storm: the storm recovers without waiting for it.
      const group = state.open[effect.kind]?.group;
      if (grouping && group !== undefined) await leaveGroup(grouping, watch, state, group, 'silenced', now);
      return;
    }
    if (effect.type === 'resolve') await showRecovery(showing, watch, effect, now);
    else await showOpen(showing, watch, state, effect, now);
  } catch (error) {
    deps.warn('watch: showing an alert failed', { err: error, watch: watch.id, kind: effect.kind });
    if (error instanceof Undelivered)
      await tellOwner(deps, watch, state.open[effect.kind], error, watch.ownerLocale ?? locale);
  }
}

function showingIn(deps: PollDeps, locale: Locale): Showing {
  const { poster } = deps;
  const send = <T>(attempt: () => Promise<T>): Promise<T> => deliver(deps, attempt);
  const tell = storyTeller(deps.store.story, deps.warn);
  const reminding: ReminderDeps = {
    state: deps.store.ephemeral,
    poster,
    send,
    // A storm groups one channel's alerts: its reminders, single or group, in that channel's language.
    settings: { ...deps.reminders, locale },
    renotifyMs: (deps.rules ?? DEFAULT_RULES).renotifyMs,
  };
  const grouping: GroupingDeps | undefined = deps.groups && {
    groups: deps.groups,
    state: deps.store.ephemeral,
    locale,
    poster,
    send,
    tell,
    // The group card is its opener's card: acknowledging that acknowledges the group.
    remindGroup: async (group, at) => {
      const opener = (await deps.book.alerts.get(group.opener.watchId))?.open[group.opener.kind];
      if (!opener?.acknowledgedBy) await remindGroup(reminding, group, at);
    },
    ...(deps.pager ? { pager: deps.pager } : {}),
    ...(deps.recentChange ? { recentChange: deps.recentChange } : {}),
  };
  return { deps, locale, send, reminding, grouping, tell };
}

/** A recovery: in its storm, or its own card resolved, its page resolved and one recovered notice. */
async function showRecovery(
  { deps, locale, send, grouping, tell }: Showing,
  watch: WatchRecord,
  effect: Extract<AlertEffect, { type: 'resolve' }>,
  now: number,
): Promise<void> {
  const { poster } = deps;
  if (grouping && (await recoveredInGroup(grouping, watch, effect.alert, now))) {
    await endIncident(deps.store.ephemeral, watch.id, effect.kind);
    return;
  }
  // Shown only on a group card that is gone now: nothing of its own to recover.
  if (grouping && (await groupOnly(deps, watch, effect.alert))) return;
  // Resolved in PagerDuty without waiting for the chat's pacing.
  await deps.pager?.recovered(watch.id, effect.kind);
  const ref = effect.alert.ref ?? (await incidentCard(deps.store.ephemeral, watch.id, effect.kind))?.ref;
  if (ref) await send(() => poster.update(ref, resolvedCard(watch, effect.alert, now, locale)));
  await send(() => poster.post(watch.channelId, recoveredNotice(watch, effect.alert, now, locale)));
  await tell(watch, 'recovered', now, { detail: effect.kind });
  await endIncident(deps.store.ephemeral, watch.id, effect.kind);
}

/** An open incident shown: joined to its storm, or its own card posted (paged, charted) or edited, or a reminder. */
async function showOpen(
  { deps, locale, send, reminding, grouping, tell }: Showing,
  watch: WatchRecord,
  state: AlertState,
  effect: Exclude<AlertEffect, { type: 'resolve' }>,
  now: number,
): Promise<void> {
  const { poster } = deps;
  const alert = state.open[effect.kind];
  if (!alert) return;
  // Its silence is over: from now on it is shown (a member that left its storm is an incident of its own).
  delete alert.silenced;
  if (grouping && (await shownByGroup(grouping, watch, state, effect, alert, now))) return;
  // Paged whether or not the chat post below gets through.
  if (effect.type === 'open' || !alert.ref) await deps.pager?.opened(watch, alert);
  const { ref } = alert;
  if (effect.type === 'remind') {
    // Shown anew in this very poll (its silence ended): nothing to remind of yet.
    if (now - alert.openedAt < reminding.renotifyMs) return;
    const subject = `${watch.id}:${alert.kind}:${alert.openedAt}`;
    await remindOnce(reminding, watch, subject, alert.openedAt, now, () => {
      void tell(watch, 'renotified', now, { detail: alert.kind });
      return reminderNotice(watch, alert, now, locale);
    });
  } else if (ref) {
    await send(() => poster.update(ref, alertCard(watch, alert, now, locale)));
  } else {
    // Not posted yet (new, or its first delivery failed): counted once it reaches the channel.
    const posted = await postIncidentCard(
      deps.store.ephemeral,
      watch.id,
      alert,
      () => send(() => poster.post(watch.channelId, alertCard(watch, alert, now, locale))),
      (ref) => send(() => poster.update(ref, alertCard(watch, alert, now, locale))),
    );
    if (posted) deps.metrics.alertOpened(effect.kind);
    if (posted) await tell(watch, 'alert', now, { detail: alert.detail });
    if (posted) await postAlertChart({ ...deps, send }, watch, alert, locale);
    if (posted && grouping) await cardPosted(grouping, watch, alert, now);
  }
}

/**
 * A silenced server's incident is recorded (marked with the silence) but neither posted nor paged;
 * one that never reached the channel recovers without a word.
 */
async function silenced(
  deps: PollDeps,
  watch: WatchRecord,
  state: AlertState,
  effect: AlertEffect,
  silence: Silence | undefined,
): Promise<boolean> {
  if (effect.type === 'resolve') {
    if (!effect.alert.silenced || effect.alert.ref) return false;
    if (await incidentCard(deps.store.ephemeral, watch.id, effect.kind)) return false;
    await endIncident(deps.store.ephemeral, watch.id, effect.kind);
    return true;
  }
  const alert = state.open[effect.kind];
  if (!silence || !alert) return false;
  alert.silenced = silence.key;
  return true;
}

/** True (and the incident ended) when the alert was only ever shown on a group card, never on its own. */
async function groupOnly(deps: PollDeps, watch: WatchRecord, alert: OpenAlert): Promise<boolean> {
  if (alert.group === undefined || alert.ref) return false;
  if (await incidentCard(deps.store.ephemeral, watch.id, alert.kind)) return false;
  // A page it sent on its own (its card never got through) is resolved all the same.
  await deps.pager?.recovered(watch.id, alert.kind);
  await endIncident(deps.store.ephemeral, watch.id, alert.kind);
  return true;
}

/** Tells the person who set the watch, once per alert, that it could not be posted. */
async function tellOwner(
  deps: PollDeps,
  watch: WatchRecord,
  alert: OpenAlert | undefined,
  failure: Undelivered,
  locale: Locale,
): Promise<void> {
  if (!alert || alert.undelivered || !deps.poster.tellPrivately) return;
  alert.undelivered = failure.reason;
  try {
    await deps.poster.tellPrivately(
      watch.setBy.userId,
      undeliveredNotice(watch, alert, failure.reason, locale),
    );
  } catch (error) {
    deps.warn('watch: telling the watch owner failed', { err: error, watch: watch.id });
  }
}

/** How long one channel's "API unreachable" claim lasts without being renewed by its watch. */
const OUTAGE_CLAIM_MS = 60 * 60_000;

/**
 * The hosting API is one for every watch: a channel hears about an outage once. The first watch of
 * the channel to open "unreachable" claims it (a counter in the shared store); the others keep a
 * silent alert. The claimer's recovery gives the claim back.
 */
async function quiet(
  deps: PollDeps,
  watch: WatchRecord,
  state: AlertState,
  effect: AlertEffect,
): Promise<boolean> {
  if (effect.kind !== 'unreachable') return false;
  const claim = `watch-outage:${watch.platform}:${watch.channelId}`;
  if (effect.type === 'resolve') {
    if (!effect.alert.silent) await deps.store.ephemeral.delete(claim);
    return effect.alert.silent === true;
  }
  const alert = state.open.unreachable;
  if (effect.type === 'open' && alert) {
    alert.silent = (await deps.store.ephemeral.increment(claim, OUTAGE_CLAIM_MS)) > 1;
  }
  return alert?.silent === true;
}
