// The run step of a Confirm / Cancel: takes the token once (keyed by the click's id), then runs the
// handler once behind a write-ahead audit record, edits the card to its final state, announces,
// and hands the operation to the tracker.
import type { ApiResponse } from './command-results.js';
import type { Message, Visibility } from '../../render/message.js';
import type { AuditRecord, CommandDefinition, FollowSpec } from '../command.js';
import type { ResolvedInstance } from '../ports.js';
import { announcement, cancelledCard, confirmedCard, failedCard } from '../confirmation/confirm-card.js';
import { bestEffort, storeReport } from '../store-best-effort.js';
import { classifyFailure, logFailure, toRunResult } from '../replies/outcomes.js';
import { withSeenIdSuggestion } from '../instances/seen-id-hints.js';
import { forgetIfGone, hintContext, refreshInstanceLabels } from '../instances/resolve-instance.js';
import { isUuid } from '../parse/uuid.js';
import type { ActionEvent, Actor, MessageRef, Responder } from '../ports.js';
import { noteConfirmedAction } from '../audit/recent-actions.js';
import { createContext, type Runtime } from '../context.js';
import { takeOnce } from './take-once.js';
import { beforeAnyChange } from '../store-errors.js';
import type { PendingConfirmation } from '../store.js';
import { hintFor, lateClickError, unknownCard } from '../audit/unknown-outcome.js';
import { auditUnavailable, writeAhead } from '../confirmation/write-ahead.js';
import { holdAfterUnknown } from '../confirmation/unknown-hold.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';
import { channelLocale } from '../channel-language.js';
import { keepConfirmedSchedule } from '../schedule/keep-schedule.js';

/**
 * Edits the card if we know it, else posts the state as a new message; returns the ref used.
 * The fallback post keeps an ephemeral command's result private (console credentials).
 */
export async function showFinal(
  responder: Responder,
  ref: MessageRef | undefined,
  message: Message,
  visibility: Visibility = 'channel',
): Promise<MessageRef | undefined> {
  if (ref) {
    await responder.update(ref, message);
    return ref;
  }
  return responder.reply(message, { visibility });
}

function firstInstanceLabel(args: Record<string, unknown>): string | null {
  const found = Object.values(args).find(
    (v): v is ResolvedInstance => typeof v === 'object' && v !== null && 'uuid' in v && 'label' in v,
  );
  return found?.label ?? null;
}

/** What the announcement names: the first target, as a hostname when it is a uuid the bot has learned. */
async function announcedTarget(
  rt: Runtime,
  pending: PendingConfirmation,
  args: Record<string, unknown>,
): Promise<string | null> {
  const first = pending.targets[0] || firstInstanceLabel(args);
  if (first && isUuid(first))
    return (
      (await bestEffort(
        'hostname lookup',
        () => rt.store.hostnames.hostnameOf(first),
        null,
        storeReport(rt.logger),
      )) ?? first
    );
  return first;
}

/** Takes the token for this click and settles the card: cancelled, or confirmed and run. */
export async function takeAndRun(
  rt: Runtime,
  event: ActionEvent,
  responder: Responder,
  record: AuditRecord,
  pending: PendingConfirmation,
  def: CommandDefinition | undefined,
  at: Date,
): Promise<void> {
  const taken = await takeOnce(
    rt,
    pending,
    event,
    `${event.actor.platform}:${event.actor.userId}`,
    at.getTime(),
    event.action === 'confirm' ? 'confirmed' : 'cancelled',
  );
  if (!taken) {
    const settled = await beforeAnyChange(() => rt.store.pending.get(pending.token));
    throw lateClickError(settled ?? pending, event.locale ?? DEFAULT_LOCALE);
  }
  record.decision = 'allowed';
  record.confirmedBy = `${event.actor.platform}:${event.actor.userId}`;
  const card = pending.card ?? { blocks: [] };
  if (event.action === 'cancel' || !def) {
    record.confirmation = 'cancelled';
    record.result = 'cancelled';
    await showFinal(
      responder,
      pending.cardRef,
      cancelledCard(card, event.actor, at, event.locale ?? DEFAULT_LOCALE),
    );
    return;
  }
  record.confirmation = 'confirmed';
  const locale = event.locale ?? DEFAULT_LOCALE;
  const { schedule } = pending;
  if (schedule)
    return keepConfirmedSchedule(rt, { ...pending, schedule }, event.actor, at, responder, record, locale);
  await runConfirmed(rt, pending, def, event.actor, at, responder, record, locale);
}

/** Runs a confirmed action (a click's, or a schedule's at its time) and settles its card. */
export async function runConfirmed(
  rt: Runtime,
  pending: PendingConfirmation,
  def: CommandDefinition,
  by: Actor,
  at: Date,
  responder: Responder,
  record: AuditRecord,
  locale: Locale,
): Promise<void> {
  const responses: ApiResponse[] = [];
  const hear = rt.onResult ? (response: ApiResponse) => void responses.push(response) : undefined;
  const ctx = createContext(rt, pending.requester, pending.channelId, pending.invocationId, locale, hear);
  // What was asked and what came back, for scripts; told however the call ends.
  const report = () =>
    rt.onResult?.({
      auditId: record.invocationId,
      command: pending.command,
      risk: def.risk,
      args: record.args,
      responses,
    });
  // A uuid typed before the bot knew the instance becomes its hostname if learned since (preview).
  const args = await bestEffort(
    'label refresh',
    () => refreshInstanceLabels(def, pending.args, rt.store),
    pending.args,
    storeReport(rt.logger),
  );
  const hint = hintFor(def, args);
  const visibility = def.visibility === 'ephemeral' ? 'ephemeral' : 'channel';
  if (!(await writeAhead(rt, record, pending, hint))) {
    record.result = 'error';
    record.errorId = 'audit-unavailable';
    const message = failedCard(auditUnavailable(locale), by, at, locale);
    await showFinal(responder, pending.cardRef, message, visibility);
    return;
  }
  let result;
  try {
    result = toRunResult(await def.run(ctx, args));
  } catch (error) {
    const failure = classifyFailure(error, hintContext(pending.command, args), hint, locale);
    logFailure(rt.logger, failure, error, { invocationId: pending.invocationId, command: pending.command });
    await forgetIfGone(error, args, rt.store).catch((e: unknown) =>
      rt.logger.warn({ err: e }, 'forgetting a gone instance failed'),
    );
    record.result = failure.unknown ? 'unknown' : 'error';
    record.errorId = failure.errorId;
    report();
    // Until the bot learns what happened, that action on that server is not sent again.
    if (failure.unknown) await holdAfterUnknown(rt, def, pending.command, args, by, hint);
    const explained = await withSeenIdSuggestion(rt.store, failure.message, error, locale, def, args);
    const card = failure.unknown
      ? unknownCard(explained, by, at, locale)
      : failedCard(explained, by, at, locale);
    const ref = await showFinal(responder, pending.cardRef, card, visibility);
    // Where the command is followed, follow it anyway: the card settles on what the API then shows.
    await followOperation(rt, failure.unknown?.follow, { responder, ref, pending, at, card, locale });
    return;
  }
  record.result = 'ok';
  if (result.auditSummary) record.summary = result.auditSummary;
  report();
  if (def.risk === 'destructive')
    await bestEffort(
      'noting the confirmed action',
      () => noteConfirmedAction(rt.store, pending.command, args),
      undefined,
      storeReport(rt.logger),
    );
  const card = confirmedCard(result.message, pending, by, at, locale);
  // The operation is recorded before the card says it started: should this process die right
  // after, another replica (or the next start) still finishes the card.
  if (pending.cardRef)
    await followOperation(rt, result.follow, { responder, ref: pending.cardRef, pending, at, card, locale });
  const ref = await showFinal(responder, pending.cardRef, card, visibility);
  if (def.risk === 'destructive' && responder.announce) {
    const target = await announcedTarget(rt, pending, args);
    const channel = await publicLocale(rt, pending);
    await responder
      .announce(announcement(pending, by, at, target, channel))
      .catch((error: unknown) => rt.logger.warn({ err: error }, 'announce failed'));
  }
  if (!pending.cardRef)
    await followOperation(rt, result.follow, { responder, ref, pending, at, card, locale });
}

/** The channel's language for its public notice; the default when the store cannot say. */
function publicLocale(rt: Runtime, pending: PendingConfirmation): Promise<Locale> {
  const fallback = rt.config.locale ?? DEFAULT_LOCALE;
  return bestEffort(
    'reading the channel language',
    async () => (await channelLocale(rt.store, pending.platform, pending.channelId, fallback)).locale,
    fallback,
    storeReport(rt.logger),
  );
}

/** Hands a confirmed operation to the tracker (when there is one, and a card to edit); settles once it is recorded. */
async function followOperation(
  rt: Runtime,
  follow: FollowSpec | undefined,
  on: {
    responder: Responder;
    ref: MessageRef | undefined;
    pending: PendingConfirmation;
    at: Date;
    card: Message;
    /** The card's language. */
    locale: Locale;
  },
): Promise<void> {
  if (!follow || !on.ref) return;
  // The tracker adds its progress and outcome lines under the confirmed card, which stays the record.
  await rt.tracker.follow(follow, {
    responder: on.responder,
    ref: on.ref,
    actor: on.pending.requester,
    channelId: on.pending.channelId,
    startedAt: on.at.getTime(),
    card: on.card,
    locale: on.locale,
  });
}
