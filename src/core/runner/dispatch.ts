// The typed-command entry into the pipeline: authorise (rate limit → parse → policy → resolve
// instance refs → defer, everything that could make the answer a private refusal, with the
// visibility now known) → confirm (preview + pending confirmation, which halts until the click) →
// run (the handler, its answer kept for the reply) → reply → close (audit). Denials and bad input
// are refusals; nothing escapes.
import { withSeenIdSuggestion } from '../instances/seen-id-hints.js';
import type { Message, Visibility } from '../../render/message.js';
import { closeRecord, openRecord, type OpenRecord } from '../audit/audit-record.js';
import { deferOnce } from './deferral.js';
import { notifyApprovers } from './approvers.js';
import type { PendingConfirmation } from '../store.js';
import {
  classifyFailure,
  logFailure,
  toRunResult,
  userErrorMessage,
  withOutcome,
} from '../replies/outcomes.js';
import type { Invocation, ResolvedInstance, Responder } from '../ports.js';
import { forgetIfGone, hintContext, resolveInstanceArgs } from '../instances/resolve-instance.js';
import { channelKey, createContext, type Runtime } from '../context.js';
import { readTimeoutMessage, ReadBudgetExceeded, slowReplyGuards } from '../replies/slow-replies.js';
import { hintFor } from '../audit/unknown-outcome.js';
import { HALT, PASS, refuse, runPipeline, type Refusal, type StepResult } from './pipeline.js';
import { needsConfirmation, startConfirmation, type Decision } from './preview.js';
import { DEFAULT_LOCALE } from '../../i18n/locale.js';
import { channelLocaleOnce } from '../channel-language.js';
import { bestEffort, inStoreTroubleScope, storeReport } from '../store-best-effort.js';
import { t } from '../../i18n/translate.js';
import { context } from '../../render/builders.js';
import { prefixWithin } from '../../render/shorten.js';
import { redactArgs } from '../audit/audit.js';
import { isPrivateReply } from '../replies/reply-privacy.js';
import type { CommandDefinition } from '../command.js';
import { parseInput, type Parsed } from '../parse/parse.js';
import { instanceMatcher } from '../instances/instance-names.js';
import { beforeAnyChange, StoreUnavailableError } from '../store-errors.js';
import type { ApiResponse } from './command-results.js';
import { authorised } from './authorise.js';
import { rateLimitRefusal } from './rate-limit.js';
import { followReply } from './direct-follow.js';

/** The channel binding when the store could not say in time. */
const UNREADABLE = 'unreadable' as const;

/** Visibility of a successful reply: ephemeral commands stay private (unless shared with --public). */
function replyVisibility(def: CommandDefinition, message: Message, values: Record<string, unknown>) {
  return isPrivateReply(def, values) ? 'ephemeral' : (message.visibility ?? 'channel');
}

/** What the steps learn along the way and need; `decision` is the answer once they pass. */
interface DispatchState {
  /** Reply visibility for failures (private until the command is known and allowed). */
  visibility: Visibility;
  defer: (visibility: Visibility) => Promise<void>;
  /** The parsed command, once the authorise step passed. */
  parsed?: Parsed;
  /** The command's risk once parsed (only reads give up waiting on a slow API). */
  risk?: CommandDefinition['risk'];
  /** While a preview reads live state (nothing is sent that changes anything). */
  previewing?: boolean;
  /** Resolved argument values, once known (to forget an instance the API says is gone). */
  values?: Record<string, unknown>;
  /** The command, once parsed (its hint says what to check when an outcome is unknown). */
  def?: CommandDefinition;
  decision?: Decision;
}

/** One of the typed command's own steps of the pipeline. */
type TypedStep = (
  rt: Runtime,
  inv: Invocation,
  audit: OpenRecord,
  state: DispatchState,
) => Promise<StepResult>;

/** Parse → policy → instance refs → defer: everything that could make the answer a private refusal. */
const authoriseTyped: TypedStep = async (rt, inv, audit, state) => {
  const { record } = audit;
  // Lookups that only help parsing and labels must not hold up an answer while the store is out.
  const report = storeReport(rt.logger);
  // The console is one operator's own terminal: nothing shared to protect, so it is not counted.
  if (rt.config.rateLimits && inv.platform !== 'console') {
    const subject = { actor: inv.actor, tenant: rt.tenants?.current() };
    const at = rt.now().getTime();
    const limited = await rateLimitRefusal(
      rt.store.ephemeral,
      rt.config.rateLimits,
      subject,
      at,
      inv.locale ?? DEFAULT_LOCALE,
      report,
    );
    if (limited) return refuse(limited);
  }
  const bindingKey = channelKey(inv.platform, inv.channelId);
  // Two independent store reads, side by side: the deferral waits for the slower, not their sum.
  const [binding, looksLikeInstance] = await Promise.all([
    bestEffort<ResolvedInstance | null | typeof UNREADABLE>(
      'channel binding',
      () => rt.store.bindings.get(bindingKey),
      UNREADABLE,
      report,
    ),
    bestEffort(
      'instance names',
      () => instanceMatcher(inv.input, rt),
      () => false,
      report,
    ),
  ]);
  const parsed = parseInput(inv.input, rt.registry, {
    locale: inv.locale ?? DEFAULT_LOCALE,
    hasBinding: binding !== null,
    looksLikeInstance,
  });
  if (!parsed.ok) {
    if (parsed.path) record.command = parsed.path;
    return refuse(parsed.error);
  }
  const { def, path, args } = parsed.parsed;
  record.command = path;
  state.risk = def.risk;
  record.args = redactArgs(def, args.values);
  const auth = authorised(
    rt,
    inv.actor,
    { path, risk: def.risk },
    inv.channelId,
    inv.locale ?? DEFAULT_LOCALE,
  );
  if (!auth.ok) return auth;
  if (binding === UNREADABLE && args.omittedInstances.length > 0)
    throw new StoreUnavailableError('the channel’s bound instance could not be read', false);
  const known = binding === UNREADABLE ? null : binding;
  const values = await beforeAnyChange(() =>
    resolveInstanceArgs(def, args.values, args.omittedInstances, known, rt, inv.locale ?? DEFAULT_LOCALE),
  );
  record.args = redactArgs(def, values);
  state.values = values;
  state.def = def;
  state.parsed = parsed.parsed;
  record.decision = 'allowed';
  state.visibility = isPrivateReply(def, values) ? 'ephemeral' : 'channel';
  // Acknowledge now, before the hosting API is asked anything.
  await state.defer(state.visibility);
  return PASS;
};

/** Runs the handler and keeps its answer for the reply. */
const runTyped: TypedStep = async (rt, inv, audit, state) => {
  const { record } = audit;
  const { def, path } = state.parsed!;
  const values = state.values!;
  const responses: ApiResponse[] = [];
  const hear = rt.onResult ? (response: ApiResponse) => void responses.push(response) : undefined;
  const ctx = createContext(rt, inv.actor, inv.channelId, inv.id, inv.locale ?? DEFAULT_LOCALE, hear);
  const result = toRunResult(await def.run(ctx, values));
  record.result = 'ok';
  rt.onResult?.({ auditId: inv.id, command: path, risk: def.risk, args: record.args, responses });
  if (result.auditSummary) record.summary = result.auditSummary;
  state.decision = {
    message: withOutcome(result.message, result.message.outcome ?? 'ok'),
    visibility: replyVisibility(def, result.message, values),
    ...(result.follow ? { follow: result.follow } : {}),
  };
  return PASS;
};

function rawCommand(inv: Invocation): string {
  if (inv.input.kind === 'options') return prefixWithin(inv.input.path.join(' '), 80);
  return prefixWithin(inv.input.text.trim().split(/\s+/).slice(0, 3).join(' '), 80);
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
  adapterResponder.useChannelLocale?.(
    channelLocaleOnce(rt.store, inv.platform, inv.channelId, rt.config.locale),
  );
  const { responder, defer } = deferOnce(adapterResponder);
  const guards = slowReplyGuards({
    inv,
    responder,
    command: () => record.command,
    // A preview only reads, so it gives up at the same budget as a read.
    isRead: () => state.risk === 'read' || state.previewing === true,
    progressAfterMs: rt.config.replies.progressAfterMs,
    budgetMs: rt.config.replies.readBudgetMs,
    onProgressError: (error) => rt.logger.warn({ err: error }, 'progress note failed'),
  });
  // The deferral may wait for serve's admission: that wait is not the API being slow.
  const state: DispatchState = { visibility: 'ephemeral', defer: (v) => guards.outside(() => defer(v)) };
  const locale = inv.locale ?? DEFAULT_LOCALE;
  const reply = async (message: Message, visibility: Visibility) =>
    responder
      .reply(message, { visibility })
      .catch((error: unknown) => rt.logger.error({ err: error, command: record.command }, 'reply failed'));
  // A read that needs no shared state still answers while the store is out, once, with a note.
  await inStoreTroubleScope((storeFailed) =>
    runPipeline({
      audit,
      state,
      authorise: (s) => authoriseTyped(rt, inv, audit, s),
      confirm: async (s) => {
        const parsed = s.parsed!;
        if (!needsConfirmation(parsed.def)) {
          record.confirmation = 'not-needed';
          return PASS;
        }
        s.decision = await startConfirmation(rt, inv, parsed, s.values!, record, (on) => (s.previewing = on));
        return HALT;
      },
      run: (s) => runTyped(rt, inv, audit, s),
      around: (steps) => guards.run(() => rt.apiCalls.scope(audit.calls, steps)),
      done: async () => {
        const { message, visibility, card, follow } = state.decision!;
        const said =
          !card && storeFailed()
            ? { ...message, blocks: [...message.blocks, context(t(locale, 'store.confirmationsPaused'))] }
            : message;
        try {
          const ref = await responder.reply(said, { visibility });
          if (card) await rt.afterReply.cardPosted(card, ref, responder);
          if (follow) await followReply(rt, inv, follow, { responder, ref, card: said });
          if (card?.twoPerson) await tellApprovers(rt, inv, card, responder);
        } catch (error) {
          rt.logger.error({ err: error, command: record.command }, 'reply failed');
        }
      },
      refused: async ({ error, denied }: Refusal) => {
        const message = userErrorMessage(error, inv.locale ?? DEFAULT_LOCALE);
        await reply(
          denied ? message : await withSeenIdSuggestion(rt.store, message, error, locale),
          'ephemeral',
        );
      },
      failed: async (error) => {
        if (error instanceof ReadBudgetExceeded) {
          // A read that outlived its budget: a clear answer now, whatever the API does later.
          record.result = 'error';
          record.errorId = 'read-timeout';
          rt.logger.warn(
            { invocationId: inv.id, command: record.command },
            'read gave up waiting for the API',
          );
          await reply(
            readTimeoutMessage(record.command, error.budgetMs, state.previewing === true, locale),
            state.visibility,
          );
          return;
        }
        const hint = hintFor(state.def, state.values);
        const failure = classifyFailure(error, hintContext(record.command, state.values), hint, locale);
        logFailure(rt.logger, failure, error, { invocationId: inv.id, command: record.command });
        await forgetIfGone(error, state.values ?? {}, rt.store).catch((e: unknown) =>
          rt.logger.warn({ err: e }, 'forgetting a gone instance failed'),
        );
        record.result = failure.unknown ? 'unknown' : 'error';
        record.errorId = failure.errorId;
        const message = await withSeenIdSuggestion(
          rt.store,
          failure.message,
          error,
          locale,
          state.def,
          state.values,
        );
        await reply(message, failure.expected ? 'ephemeral' : state.visibility);
      },
      close: async () => {
        await closeRecord(audit, rt);
      },
    }),
  );
}

/** The approvers of a posted two-person card hear of it; the card works whether or not they do. */
async function tellApprovers(
  rt: Runtime,
  inv: Invocation,
  card: PendingConfirmation,
  responder: Responder,
): Promise<void> {
  const eligible = rt.policy.approvers(inv.platform);
  await notifyApprovers(card, inv, eligible, responder, inv.locale ?? DEFAULT_LOCALE, rt.directMessage).catch(
    (error: unknown) => rt.logger.warn({ err: error, command: card.command }, 'telling the approvers failed'),
  );
}
