// The runner for Confirm / Cancel: checks the token, expiry, who may act (requester, or an admin
// for two-person actions), the typed confirmation, then consumes the token atomically, runs the
// handler once, edits the card to its final state, announces, hands off to the tracker, audits.
import { performance } from 'node:perf_hooks';
import type { Message } from '../render/message.js';
import { summariseCalls, type ApiCallEvent } from './api-calls.js';
import type { AuditRecord, ResolvedInstance } from './command.js';
import {
  announcement,
  cancelledCard,
  confirmedCard,
  expiredCard,
  failedCard,
  mention,
} from './confirm-card.js';
import { UserError } from './errors.js';
import { classifyFailure, toRunResult } from './outcomes.js';
import type { ActionEvent, Actor, MessageRef, Responder } from './ports.js';
import { createContext, sameActor, type Runtime } from './runtime.js';
import type { PendingConfirmation } from './store.js';

const norm = (text: string) => text.trim().toLowerCase();

/** Typed text must equal the expected text or a target (case-insensitive; trimmed); untyped input must name a target. */
export function confirmationMatches(pending: PendingConfirmation, input: string | undefined): boolean {
  const given = input === undefined ? '' : norm(input);
  const accepted = [
    ...(pending.typedConfirmation ? [pending.typedConfirmation] : []),
    ...pending.targets,
  ].map(norm);
  if (pending.typedConfirmation) return given !== '' && accepted.includes(given);
  return given === '' || accepted.includes(given);
}

/** Edits the card if we know it, else posts the state as a new message; returns the ref used. */
async function showFinal(
  responder: Responder,
  ref: MessageRef | undefined,
  message: Message,
): Promise<MessageRef | undefined> {
  if (ref) {
    await responder.update(ref, message);
    return ref;
  }
  return responder.reply(message, { visibility: 'channel' });
}

function firstInstanceLabel(args: Record<string, unknown>): string | null {
  const found = Object.values(args).find(
    (v): v is ResolvedInstance => typeof v === 'object' && v !== null && 'uuid' in v && 'label' in v,
  );
  return found?.label ?? null;
}

/** Who may act on this pending confirmation; throws the refusal. */
function checkActor(rt: Runtime, pending: PendingConfirmation, event: ActionEvent): void {
  const isRequester = sameActor(event.actor, pending.requester);
  const requester = mention(pending.requester);
  if (event.action === 'cancel') {
    if (!isRequester && !rt.policy.canApprove(event.actor)) {
      throw new UserError(
        'not-requester',
        `Only ${requester}, who asked for it, or an admin can cancel this.`,
      );
    }
    return;
  }
  if (pending.twoPerson) {
    if (isRequester) {
      throw new UserError(
        'needs-approver',
        `\`${pending.command}\` needs a second person: an admin other than you must confirm it.`,
      );
    }
    if (!rt.policy.canApprove(event.actor)) {
      throw new UserError(
        'needs-approver',
        `Only an admin other than ${requester} can approve \`${pending.command}\`.`,
      );
    }
    return;
  }
  if (!isRequester)
    throw new UserError('not-requester', `Only ${requester}, who asked for it, can confirm this.`);
}

/** Handles one Confirm / Cancel; refusals are replied privately and audited, never thrown. */
export async function actOnConfirmation(
  rt: Runtime,
  event: ActionEvent,
  responder: Responder,
): Promise<void> {
  const started = performance.now();
  const calls: ApiCallEvent[] = [];
  const record: AuditRecord = {
    time: rt.now().toISOString(),
    invocationId: event.id,
    platform: event.platform,
    userId: event.actor.userId,
    displayName: event.actor.displayName,
    channelId: event.channelId,
    command: '(confirmation)',
    args: {},
    decision: 'invalid',
    confirmation: 'refused',
    result: 'error',
    durationMs: 0,
  };
  try {
    await rt.apiCalls.scope(calls, () => act(rt, event, responder, record));
  } catch (error) {
    const failure = classifyFailure(error);
    if (failure.internal)
      rt.logger.error({ err: failure.internal.error, ref: failure.internal.ref }, 'confirmation failed');
    record.errorId = failure.errorId;
    record.result = 'error';
    await responder
      .reply(failure.message, { visibility: 'ephemeral' })
      .catch((e: unknown) => rt.logger.error({ err: e }, 'reply failed'));
  }
  const { apiStatus } = summariseCalls(calls);
  if (apiStatus !== undefined) record.apiStatus = apiStatus;
  record.durationMs = Math.round(performance.now() - started);
  await rt.audit
    .write(record)
    .catch((error: unknown) => rt.logger.error({ err: error }, 'audit write failed'));
}

async function act(
  rt: Runtime,
  event: ActionEvent,
  responder: Responder,
  record: AuditRecord,
): Promise<void> {
  const pending = await rt.store.getPending(event.token);
  if (!pending) {
    throw new UserError(
      'unknown-token',
      'This confirmation is unknown (or too old to remember).',
      'Run the command again.',
    );
  }
  record.command = pending.command;
  record.args = pending.auditArgs;
  record.invocationId = pending.invocationId;
  if (pending.status === 'used')
    throw new UserError('already-used', 'This action was already handled — nothing more was done.');
  const at = rt.now();
  if (at.getTime() >= pending.expiresAt) {
    record.confirmation = 'expired';
    if (await rt.store.takePending(pending.token, 'expiry', at.getTime())) {
      await showFinal(responder, pending.cardRef, expiredCard(pending.card ?? { blocks: [] }));
    }
    throw new UserError('expired', 'This confirmation expired — nothing was done.', 'Run the command again.');
  }
  try {
    checkActor(rt, pending, event);
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
  const def = rt.registry.byPath(pending.command);
  const auth = rt.policy.authorize(
    pending.requester,
    { path: pending.command, risk: def?.risk ?? 'destructive' },
    pending.channelId,
  );
  if (!def || !auth.allowed) {
    record.decision = 'denied';
    throw def
      ? (auth as { error: UserError }).error
      : new UserError('unknown-token', `\`${pending.command}\` is no longer available.`);
  }
  const taken = await rt.store.takePending(
    pending.token,
    `${event.actor.platform}:${event.actor.userId}`,
    at.getTime(),
  );
  if (!taken) throw new UserError('already-used', 'This action was already handled — nothing more was done.');
  record.decision = 'allowed';
  record.confirmedBy = `${event.actor.platform}:${event.actor.userId}`;
  const card = pending.card ?? { blocks: [] };
  if (event.action === 'cancel') {
    record.confirmation = 'cancelled';
    record.result = 'cancelled';
    await showFinal(responder, pending.cardRef, cancelledCard(card, event.actor, at));
    return;
  }
  record.confirmation = 'confirmed';
  await runConfirmed(rt, pending, def, event.actor, at, responder, record);
}

async function runConfirmed(
  rt: Runtime,
  pending: PendingConfirmation,
  def: NonNullable<ReturnType<Runtime['registry']['byPath']>>,
  by: Actor,
  at: Date,
  responder: Responder,
  record: AuditRecord,
): Promise<void> {
  const ctx = createContext(rt, pending.requester, pending.channelId, pending.invocationId);
  let result;
  try {
    result = toRunResult(await def.run(ctx, pending.args as never));
  } catch (error) {
    const failure = classifyFailure(error);
    if (failure.internal)
      rt.logger.error(
        { err: failure.internal.error, ref: failure.internal.ref, command: pending.command },
        'command failed',
      );
    record.result = 'error';
    record.errorId = failure.errorId;
    await showFinal(responder, pending.cardRef, failedCard(failure.message, by, at));
    return;
  }
  record.result = 'ok';
  if (result.auditSummary) record.summary = result.auditSummary;
  const ref = await showFinal(responder, pending.cardRef, confirmedCard(result.message, pending, by, at));
  if (def.risk === 'destructive' && responder.announce) {
    await responder
      .announce(announcement(pending, by, at, pending.targets[0] || firstInstanceLabel(pending.args)))
      .catch((error: unknown) => rt.logger.warn({ err: error }, 'announce failed'));
  }
  if (result.follow && rt.tracker && ref) {
    rt.tracker.follow(result.follow, {
      responder,
      ref,
      actor: pending.requester,
      channelId: pending.channelId,
      startedAt: at.getTime(),
    });
  }
}
