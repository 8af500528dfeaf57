// The runner for invocations, in one pass: parse → authorize → resolve instance refs → defer (with
// the visibility now known) → (preview + pending confirmation | run) → reply → audit. Denials and
// bad input are results; nothing escapes.
import { withSeenIdSuggestion } from '../instances/seen-id-hints.js';
import type { Message, Visibility } from '../../render/message.js';
import { closeRecord, openRecord } from '../audit/audit-record.js';
import { redactArgs } from '../audit/audit.js';
import { isPrivateReply } from '../replies/reply-privacy.js';
import type { AuditRecord, CommandDefinition } from '../command.js';
import type { ResolvedInstance } from '../ports.js';
import { newToken, previewCard } from '../confirmation/confirm-card.js';
import { deferOnce } from './deferral.js';
import { classifyFailure, logFailure, toRunResult, userErrorMessage, withOutcome } from '../replies/outcomes.js';
import { parseInput, type Parsed } from '../parse/parse.js';
import type { Invocation, Responder } from '../ports.js';
import { forgetIfGone, hintContext, instanceMatcher, resolveInstanceArgs } from '../instances/resolve-instance.js';
import { channelKey, createContext, type Runtime } from '../context.js';
import { readTimeoutMessage, ReadBudgetExceeded, withSlowReplyGuards } from '../replies/slow-replies.js';
import type { PendingConfirmation } from '../store.js';
import { beforeAnyChange, StoreUnavailableError } from '../store-errors.js';
import { bestEffort, storeReport } from '../store-best-effort.js';
import { hintFor } from '../audit/unknown-outcome.js';
import type { ApiResponse } from './command-results.js';

/** The channel binding when the store could not say in time. */
const UNREADABLE = 'unreadable' as const;

/** Whether the runner must show a preview and wait for Confirm. */
export function needsConfirmation(def: CommandDefinition): boolean {
  return def.risk === 'destructive' || def.preview !== undefined;
}

/** Visibility of a successful reply: ephemeral commands stay private (unless shared with --public). */
function replyVisibility(def: CommandDefinition, message: Message, values: Record<string, unknown>) {
  return isPrivateReply(def, values) ? 'ephemeral' : (message.visibility ?? 'channel');
}

function rawCommand(inv: Invocation): string {
  if (inv.input.kind === 'options') return inv.input.path.join(' ').slice(0, 80);
  return inv.input.text.trim().split(/\s+/).slice(0, 3).join(' ').slice(0, 80);
}

/**
 * Handles one invocation end to end: calls responder.defer once (before any hosting-API call,
 * 'ephemeral' whenever the answer can only be private), responder.reply exactly once, and writes
 * one audit record.
 */
export async function dispatchInvocation(
  rt: Runtime,
  inv: Invocation,
  adapterResponder: Responder,
): Promise<void> {
  const audit = openRecord(rt.now(), inv, rawCommand(inv));
  const { record } = audit;
  const { responder, defer } = deferOnce(adapterResponder);
  const state: DecideState = { visibility: 'ephemeral', defer };
  let reply: Message;
  let visibility: Visibility;
  let card: PendingConfirmation | undefined;
  try {
    const outcome = await withSlowReplyGuards(
      rt.apiCalls.scope(audit.calls, () => decide(rt, inv, record, state)),
      {
        inv,
        responder,
        command: () => record.command,
        // A preview only reads, so it gives up at the same budget as a read.
        isRead: () => state.risk === 'read' || state.previewing === true,
        progressAfterMs: rt.config.replies.progressAfterMs,
        budgetMs: rt.config.replies.readBudgetMs,
        onProgressError: (error) => rt.logger.warn({ err: error }, 'progress note failed'),
      },
    );
    reply = outcome.message;
    visibility = outcome.visibility;
    card = outcome.card;
  } catch (error) {
    if (error instanceof ReadBudgetExceeded) return finishTimedOut(rt, audit, inv, state, responder, error);
    const hint = hintFor(state.def, state.values);
    const failure = classifyFailure(error, hintContext(record.command, state.values), hint);
    logFailure(rt.logger, failure, error, { invocationId: inv.id, command: record.command });
    await forgetIfGone(error, state.values ?? {}, rt.store).catch((e: unknown) =>
      rt.logger.warn({ err: e }, 'forgetting a gone instance failed'),
    );
    record.result = failure.unknown ? 'unknown' : 'error';
    record.errorId = failure.errorId;
    reply = await withSeenIdSuggestion(rt.store, failure.message, error, state.def, state.values);
    visibility = failure.expected ? 'ephemeral' : state.visibility;
  }
  try {
    const ref = await responder.reply(reply, { visibility });
    if (card) await rt.afterReply.cardPosted(card, ref, responder);
  } catch (error) {
    rt.logger.error({ err: error, command: record.command }, 'reply failed');
  }
  await closeRecord(audit, rt);
}

/** A read that outlived its budget: a clear answer now, whatever the API does later. */
async function finishTimedOut(
  rt: Runtime,
  audit: ReturnType<typeof openRecord>,
  inv: Invocation,
  state: DecideState,
  responder: Responder,
  error: ReadBudgetExceeded,
): Promise<void> {
  audit.record.result = 'error';
  audit.record.errorId = 'read-timeout';
  rt.logger.warn({ invocationId: inv.id, command: audit.record.command }, 'read gave up waiting for the API');
  await responder
    .reply(readTimeoutMessage(audit.record.command, error.budgetMs, state.previewing === true), {
      visibility: state.visibility,
    })
    .catch((e: unknown) => rt.logger.error({ err: e, command: audit.record.command }, 'reply failed'));
  await closeRecord(audit, rt);
}

interface Decision {
  message: Message;
  visibility: Visibility;
  /** The confirmation the reply shows as a card (handed to rt.afterReply once posted). */
  card?: PendingConfirmation;
}

/** What decide learns along the way (reply visibility for failures) and needs (the deferral). */
interface DecideState {
  visibility: Visibility;
  defer: (visibility: Visibility) => Promise<void>;
  /** The command's risk once parsed (only reads give up waiting on a slow API). */
  risk?: CommandDefinition['risk'];
  /** While a preview reads live state (nothing is sent that changes anything). */
  previewing?: boolean;
  /** Resolved argument values, once known (to forget an instance the API says is gone). */
  values?: Record<string, unknown>;
  /** The command, once parsed (its hint says what to check when an outcome is unknown). */
  def?: CommandDefinition;
}

async function decide(
  rt: Runtime,
  inv: Invocation,
  record: AuditRecord,
  state: DecideState,
): Promise<Decision> {
  // Lookups that only help parsing and labels must not hold up an answer while the store is out.
  const report = storeReport(rt.logger);
  const bindingKey = channelKey(inv.platform, inv.channelId);
  const binding = await bestEffort<ResolvedInstance | null | typeof UNREADABLE>(
    'channel binding',
    () => rt.store.bindings.get(bindingKey),
    UNREADABLE,
    report,
  );
  const parsed = parseInput(inv.input, rt.registry, {
    hasBinding: binding !== null,
    looksLikeInstance: await bestEffort(
      'instance names',
      () => instanceMatcher(inv.input, rt),
      () => false,
      report,
    ),
  });
  if (!parsed.ok) {
    if (parsed.path) record.command = parsed.path;
    record.errorId = parsed.error.id;
    const message = await withSeenIdSuggestion(rt.store, userErrorMessage(parsed.error), parsed.error);
    return { message, visibility: 'ephemeral' };
  }
  const { def, path, args } = parsed.parsed;
  record.command = path;
  state.risk = def.risk;
  record.args = redactArgs(def, args.values);
  const auth = rt.policy.authorize(inv.actor, { path, risk: def.risk }, inv.channelId);
  if (!auth.allowed) {
    record.decision = 'denied';
    record.errorId = auth.error.id;
    return { message: userErrorMessage(auth.error), visibility: 'ephemeral' };
  }
  if (binding === UNREADABLE && args.omittedInstances.length > 0)
    throw new StoreUnavailableError('the channel’s bound instance could not be read', false);
  const known = binding === UNREADABLE ? null : binding;
  const values = await beforeAnyChange(() =>
    resolveInstanceArgs(def, args.values, args.omittedInstances, known, rt),
  );
  record.args = redactArgs(def, values);
  state.values = values;
  state.def = def;
  record.decision = 'allowed';
  state.visibility = isPrivateReply(def, values) ? 'ephemeral' : 'channel';
  // Everything that could make the answer a private refusal is behind us: acknowledge now,
  // before the hosting API is asked anything.
  await state.defer(state.visibility);
  if (needsConfirmation(def)) return startConfirmation(rt, inv, { def, path, args }, values, record, state);
  const responses: ApiResponse[] = [];
  const hear = rt.onResult ? (response: ApiResponse) => void responses.push(response) : undefined;
  const ctx = createContext(rt, inv.actor, inv.channelId, inv.id, hear);
  record.confirmation = 'not-needed';
  const result = toRunResult(await def.run(ctx, values));
  record.result = 'ok';
  rt.onResult?.({ auditId: inv.id, command: path, risk: def.risk, args: record.args, responses });
  if (result.auditSummary) record.summary = result.auditSummary;
  return {
    message: withOutcome(result.message, result.message.outcome ?? 'ok'),
    visibility: replyVisibility(def, result.message, values),
  };
}

async function startConfirmation(
  rt: Runtime,
  inv: Invocation,
  parsed: Parsed,
  values: Record<string, unknown>,
  record: AuditRecord,
  state: DecideState,
): Promise<Decision> {
  const { def, path } = parsed;
  if (!def.preview) throw new Error(`${path}: destructive command without preview`);
  const ctx = createContext(rt, inv.actor, inv.channelId, inv.id);
  state.previewing = true;
  const preview = await def.preview(ctx, values);
  state.previewing = false;
  const now = rt.now();
  const pending: PendingConfirmation = {
    token: newToken(),
    command: path,
    args: values,
    auditArgs: record.args,
    requester: inv.actor,
    platform: inv.platform,
    channelId: inv.channelId,
    invocationId: inv.id,
    createdAt: now.getTime(),
    expiresAt: now.getTime() + rt.config.confirmTtlMs,
    targets: preview.targets,
    twoPerson: rt.policy.isTwoPerson(path),
    status: 'pending',
  };
  if (preview.typedConfirmation) pending.typedConfirmation = preview.typedConfirmation;
  const card = previewCard(preview, pending, def.risk === 'destructive');
  const { actions: _actions, ...bare } = card;
  pending.card = { ...bare, attachments: [] };
  // Until its card is shown, a pending confirmation is nobody's: an outage here changed nothing.
  await beforeAnyChange(() => rt.store.pending.put(pending));
  record.confirmation = 'pending';
  record.result = 'pending';
  return {
    message: card,
    visibility: def.visibility === 'ephemeral' ? 'ephemeral' : 'channel',
    card: pending,
  };
}
