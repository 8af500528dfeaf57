// The typed-command entry into the pipeline: authorise (parse → policy → resolve instance refs →
// defer, with the visibility now known) → confirm (preview + pending confirmation, which halts
// until the click) → run → reply → close (audit). Denials and bad input are refusals; nothing escapes.
import { withSeenIdSuggestion } from '../instances/seen-id-hints.js';
import type { Message, Visibility } from '../../render/message.js';
import { closeRecord, openRecord } from '../audit/audit-record.js';
import { deferOnce } from './deferral.js';
import { notifyApprovers } from './approvers.js';
import type { PendingConfirmation } from '../store.js';
import { classifyFailure, logFailure, userErrorMessage } from '../replies/outcomes.js';
import type { Invocation, Responder } from '../ports.js';
import { forgetIfGone, hintContext } from '../instances/resolve-instance.js';
import type { Runtime } from '../context.js';
import { readTimeoutMessage, ReadBudgetExceeded, slowReplyGuards } from '../replies/slow-replies.js';
import { hintFor } from '../audit/unknown-outcome.js';
import { HALT, PASS, runPipeline, type Refusal } from './pipeline.js';
import { needsConfirmation, startConfirmation } from './preview.js';
import { localeFrom } from '../../i18n/locale.js';
import { channelLocaleOnce } from '../channel-language.js';
import { authoriseTyped, runTyped, type DispatchState } from './dispatch-steps.js';
import { inStoreTroubleScope } from '../store-best-effort.js';
import { t } from '../../i18n/translate.js';
import { context } from '../../render/builders.js';
import { prefixWithin } from '../../render/shorten.js';

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
  const locale = localeFrom(inv.locale);
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
        s.decision = await startConfirmation(
          rt,
          inv,
          parsed,
          s.values!,
          record,
          (on) => (s.previewing = on),
          s.schedule,
        );
        return HALT;
      },
      run: (s) => runTyped(rt, inv, audit, s),
      around: (steps) => guards.run(() => rt.apiCalls.scope(audit.calls, steps)),
      done: async () => {
        const { message, visibility, card } = state.decision!;
        const said =
          !card && storeFailed()
            ? { ...message, blocks: [...message.blocks, context(t(locale, 'store.confirmationsPaused'))] }
            : message;
        try {
          const ref = await responder.reply(said, { visibility });
          if (card) await rt.afterReply.cardPosted(card, ref, responder);
          if (card?.twoPerson) await tellApprovers(rt, inv, card, responder);
        } catch (error) {
          rt.logger.error({ err: error, command: record.command }, 'reply failed');
        }
      },
      refused: async ({ error, denied }: Refusal) => {
        const message = userErrorMessage(error, localeFrom(inv.locale));
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
  await notifyApprovers(card, inv, eligible, responder, localeFrom(inv.locale), rt.directMessage).catch(
    (error: unknown) => rt.logger.warn({ err: error, command: card.command }, 'telling the approvers failed'),
  );
}
