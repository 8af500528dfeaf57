// The runner for Confirm / Cancel: checks the token, expiry, who may act (requester, or an admin
// for two-person actions), the typed confirmation, then consumes the token atomically, runs the
// handler once, edits the card to its final state, announces, hands off to the tracker, audits.
import type { ApiResponse } from './command-results.js';
import type { Message, Visibility } from '../../render/message.js';
import { closeRecord, openRecord } from '../audit/audit-record.js';
import type { AuditRecord, CommandDefinition, FollowSpec } from '../command.js';
import type { ResolvedInstance } from '../ports.js';
import {
  announcement,
  cancelledCard,
  confirmedCard,
  expiredCard,
  failedCard,
  isTokenShaped,
} from '../confirmation/confirm-card.js';
import { checkActor, checkPlace, confirmable, confirmationMatches } from '../confirmation/confirm-checks.js';
import { isUserError, UserError } from '../errors.js';
import { claimInstances } from '../confirmation/instance-lease.js';
import { bestEffort, storeReport } from '../store-best-effort.js';
import { beforeAnyChange } from '../store-errors.js';
import { classifyFailure, logFailure, toRunResult } from '../replies/outcomes.js';
import { withSeenIdSuggestion } from '../instances/seen-id-hints.js';
import { forgetIfGone, hintContext, refreshInstanceLabels } from '../instances/resolve-instance.js';
import { isUuid } from '../parse/uuid.js';
import type { ActionEvent, Actor, MessageRef, Responder } from '../ports.js';
import { noteConfirmedAction } from '../audit/recent-actions.js';
import { createContext, type Runtime } from '../context.js';
import { isStoreUnavailable, StoreUnavailableError } from '../store-errors.js';
import { COLLECTIONS, type CallOutcome, type PendingConfirmation, type PendingResolution } from '../store.js';

/** How long a click whose take went unanswered keeps re-reading the token before answering "not done". */
const TAKE_RECHECK_MS = 8_000;
import { hintFor, lateClickError, unknownCard } from '../audit/unknown-outcome.js';
import { auditUnavailable, writeAhead } from '../confirmation/write-ahead.js';

/**
 * Edits the card if we know it, else posts the state as a new message; returns the ref used.
 * The fallback post keeps an ephemeral command's result private (console credentials).
 */
async function showFinal(
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

/** Handles one Confirm / Cancel; refusals are replied privately and audited, never thrown. */
export async function actOnConfirmation(
  rt: Runtime,
  event: ActionEvent,
  responder: Responder,
): Promise<void> {
  const audit = openRecord(rt.now(), event, '(confirmation)', { confirmation: 'refused' });
  const { record } = audit;
  try {
    // Every store call that can fail here comes before the API call (those after it are best
    // effort), so a store outage always means nothing was done.
    await beforeAnyChange(() => rt.apiCalls.scope(audit.calls, () => act(rt, event, responder, record)));
  } catch (error) {
    const failure = classifyFailure(error);
    logFailure(rt.logger, failure, error, { invocationId: event.id, command: record.command });
    record.errorId = failure.errorId;
    record.result = 'error';
    await responder
      .reply(failure.message, { visibility: 'ephemeral' })
      .catch((e: unknown) => rt.logger.error({ err: e }, 'reply failed'));
  }
  // Expired is counted by whoever takes the card (expirePending, or the expired branch of act).
  if (
    record.confirmation === 'confirmed' ||
    record.confirmation === 'cancelled' ||
    record.confirmation === 'refused'
  )
    rt.metrics.confirmation(record.confirmation);
  await closeConfirmedRecord(rt, audit);
}

/**
 * Writes the audit record; for a call that went ahead (a write-ahead `calling` record exists), its
 * outcome is first kept in the store, so should this audit write be lost, the interrupted-call
 * closer finds what happened instead of calling it unknown. Dropped once the audit has it.
 */
async function closeConfirmedRecord(rt: Runtime, audit: ReturnType<typeof openRecord>): Promise<void> {
  const { record } = audit;
  const outcomes = rt.store.collection<CallOutcome>(COLLECTIONS.callOutcomes);
  const callId = record.callId;
  const result = record.result === 'ok' || record.result === 'unknown' ? record.result : 'error';
  const kept =
    callId !== undefined &&
    (await outcomes
      .put(callId, {
        callId,
        result,
        ...(record.errorId ? { errorId: record.errorId } : {}),
        ...(record.summary ? { summary: record.summary } : {}),
      })
      .then(
        () => true,
        () => false,
      ));
  const written = await closeRecord(audit, rt);
  if (kept && written && callId) await outcomes.delete(callId).catch(() => undefined);
}

async function act(
  rt: Runtime,
  event: ActionEvent,
  responder: Responder,
  record: AuditRecord,
): Promise<void> {
  // A token like "constructor" is never looked up, and nothing but this confirmation is accepted.
  const pending = isTokenShaped(event.token)
    ? await beforeTheCall(rt.store.pending.get(event.token))
    : undefined;
  if (!pending || pending.token !== event.token) {
    throw new UserError(
      'unknown-token',
      'This confirmation is unknown (or too old to remember).',
      'Run the command again.',
    );
  }
  record.command = pending.command;
  record.args = pending.auditArgs;
  record.invocationId = pending.invocationId;
  if (pending.status === 'used') throw lateClickError(pending);
  const at = rt.now();
  if (at.getTime() >= pending.expiresAt) {
    record.confirmation = 'expired';
    if (await rt.store.pending.take(pending.token, 'expiry', at.getTime(), 'expired')) {
      rt.metrics.confirmation('expired');
      await showFinal(responder, pending.cardRef, expiredCard(pending.card ?? { blocks: [] }));
    }
    throw new UserError('expired', 'This confirmation expired — nothing was done.', 'Run the command again.');
  }
  let def: CommandDefinition | undefined;
  try {
    checkPlace(pending, event);
    checkActor(rt, pending, event);
    if (event.action === 'confirm') def = confirmable(rt, pending, event);
  } catch (error) {
    record.decision = 'denied';
    throw error;
  }
  if (event.action === 'confirm' && !confirmationMatches(pending, event.input)) {
    const expected = pending.typedConfirmation ?? pending.targets[0] ?? 'the target';
    throw new UserError(
      'typed-mismatch',
      `That does not match — type ${expected} exactly to confirm. Nothing was done.`,
      'You can try again until the confirmation expires.',
    );
  }
  // The server is held from here until the call returns (and its tracking is recorded).
  const release =
    def && event.action === 'confirm' ? await claimInstances(rt, def, pending, event.actor) : undefined;
  try {
    if (def && event.action === 'confirm') await checkPremise(rt, def, pending);
    await takeAndRun(rt, event, responder, record, pending, def, at);
  } finally {
    await release?.();
  }
}

/** Re-reads the live state the preview was made from; refuses with what a preview says now when it no longer holds. */
async function checkPremise(
  rt: Runtime,
  def: CommandDefinition,
  pending: PendingConfirmation,
): Promise<void> {
  if (!def.preview) return;
  const ctx = createContext(rt, pending.requester, pending.channelId, pending.invocationId);
  try {
    await def.preview(ctx, pending.args);
  } catch (error) {
    if (!isUserError(error)) throw error;
    throw new UserError(
      error.id,
      `This preview no longer holds: ${error.message} Nothing was done.`,
      error.hint ?? 'Run the command again for a fresh preview.',
    );
  }
}

async function takeAndRun(
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
    const settled = await beforeTheCall(rt.store.pending.get(pending.token));
    throw lateClickError(settled ?? pending);
  }
  record.decision = 'allowed';
  record.confirmedBy = `${event.actor.platform}:${event.actor.userId}`;
  const card = pending.card ?? { blocks: [] };
  if (event.action === 'cancel' || !def) {
    record.confirmation = 'cancelled';
    record.result = 'cancelled';
    await showFinal(responder, pending.cardRef, cancelledCard(card, event.actor, at));
    return;
  }
  record.confirmation = 'confirmed';
  await runConfirmed(rt, pending, def, event.actor, at, responder, record);
}

/** A store read before the API call: whatever happened to it, nothing was done. */
async function beforeTheCall<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (isStoreUnavailable(error) && error.mayHaveApplied)
      throw new StoreUnavailableError(error.reason, false, error.code);
    throw error;
  }
}

/**
 * take(), keyed by the click's id. When the reply is lost (the store may have applied it), the
 * token is re-read until the store answers: taken by this click → carry on; still pending → take
 * again; otherwise the click did not win. The API has not been called yet, so a store that stays
 * silent means "not done", never "unknown".
 */
async function takeOnce(
  rt: Runtime,
  pending: PendingConfirmation,
  event: ActionEvent,
  usedBy: string,
  at: number,
  resolution: PendingResolution,
): Promise<PendingConfirmation | null> {
  const deadline = Date.now() + TAKE_RECHECK_MS;
  let lastError: StoreUnavailableError | undefined;
  for (let attempt = 0; ; attempt += 1) {
    try {
      if (lastError) {
        const now = await rt.store.pending.get(pending.token);
        if (now?.status === 'used') return now.takeId === event.id ? pending : null;
        if (!now) return null;
      }
      return await rt.store.pending.take(pending.token, usedBy, at, resolution, event.id);
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      if (!error.mayHaveApplied && !lastError) throw error;
      lastError = error;
      rt.logger.warn(
        { invocationId: event.id, err: error.reason },
        'confirmation take unanswered; re-reading the token',
      );
      if (Date.now() >= deadline) {
        throw new StoreUnavailableError(`${error.reason}; the confirmation was not run`, false, error.code);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 1000)));
    }
  }
}

async function runConfirmed(
  rt: Runtime,
  pending: PendingConfirmation,
  def: CommandDefinition,
  by: Actor,
  at: Date,
  responder: Responder,
  record: AuditRecord,
): Promise<void> {
  const responses: ApiResponse[] = [];
  const hear = rt.onResult ? (response: ApiResponse) => void responses.push(response) : undefined;
  const ctx = createContext(rt, pending.requester, pending.channelId, pending.invocationId, hear);
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
    const message = failedCard(auditUnavailable(), by, at);
    await showFinal(responder, pending.cardRef, message, visibility);
    return;
  }
  let result;
  try {
    result = toRunResult(await def.run(ctx, args));
  } catch (error) {
    const failure = classifyFailure(error, hintContext(pending.command, args), hint);
    logFailure(rt.logger, failure, error, { invocationId: pending.invocationId, command: pending.command });
    await forgetIfGone(error, args, rt.store).catch((e: unknown) =>
      rt.logger.warn({ err: e }, 'forgetting a gone instance failed'),
    );
    record.result = failure.unknown ? 'unknown' : 'error';
    record.errorId = failure.errorId;
    report();
    const explained = await withSeenIdSuggestion(rt.store, failure.message, error, def, args);
    const card = failure.unknown ? unknownCard(explained, by, at) : failedCard(explained, by, at);
    const ref = await showFinal(responder, pending.cardRef, card, visibility);
    // Where the command is followed, follow it anyway: the card settles on what the API then shows.
    await followOperation(rt, failure.unknown?.follow, { responder, ref, pending, at, card });
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
  const card = confirmedCard(result.message, pending, by, at);
  // The operation is recorded before the card says it started: should this process die right
  // after, another replica (or the next start) still finishes the card.
  if (pending.cardRef)
    await followOperation(rt, result.follow, { responder, ref: pending.cardRef, pending, at, card });
  const ref = await showFinal(responder, pending.cardRef, card, visibility);
  if (def.risk === 'destructive' && responder.announce) {
    const target = await announcedTarget(rt, pending, args);
    await responder
      .announce(announcement(pending, by, at, target, def.notice))
      .catch((error: unknown) => rt.logger.warn({ err: error }, 'announce failed'));
  }
  if (!pending.cardRef) await followOperation(rt, result.follow, { responder, ref, pending, at, card });
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
  });
}
