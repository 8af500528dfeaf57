// The Confirm / Cancel entry into the pipeline: authorise (the token is known, unused and unexpired;
// the click comes from the right place and person, and the policy still allows the command) →
// confirm (the typed text) → run (lease the instance, re-check the preview's premise, take the
// token once, run) → close (the audit record, after keeping the call's outcome in the store).
import { openRecord } from '../audit/audit-record.js';
import { closeConfirmedRecord } from '../confirmation/outcome-record.js';
import type { AuditRecord, CommandDefinition } from '../command.js';
import { answeredInAudit } from '../confirmation/audit-answer.js';
import { expiredCard, isTokenShaped } from '../confirmation/confirm-card.js';
import { storeNow } from '../confirmation/store-clock.js';
import { answerable, confirmationMatches, otherTenantError } from '../confirmation/confirm-checks.js';
import { isUserError, UserError } from '../errors.js';
import { claimInstances } from '../confirmation/instance-lease.js';
import { unknownHoldRefusal } from '../confirmation/unknown-hold.js';
import { beforeAnyChange } from '../store-errors.js';
import { classifyFailure, logFailure } from '../replies/outcomes.js';
import type { ActionEvent, Responder } from '../ports.js';
import { createContext, type Runtime } from '../context.js';
import { VOIDED_BY_STATE_CHECK, type PendingConfirmation } from '../store.js';
import { lateClickError } from '../audit/unknown-outcome.js';
import { HALT, PASS, refuse, runPipeline, type StepResult } from './pipeline.js';
import { showFinal, takeAndRun } from './confirm-run.js';
import { DEFAULT_LOCALE } from '../../i18n/locale.js';
import { channelLocaleOnce } from '../channel-language.js';
import { t } from '../../i18n/translate.js';

/** What the steps learn: the pending confirmation, and the command to run on Confirm. */
interface ClickState {
  pending?: PendingConfirmation;
  def?: CommandDefinition;
  at?: Date;
}

/** Handles one Confirm / Cancel; refusals are replied privately and audited, never thrown. */
export async function actOnConfirmation(
  rt: Runtime,
  event: ActionEvent,
  responder: Responder,
): Promise<void> {
  responder.useChannelLocale?.(
    channelLocaleOnce(rt.store, event.platform, event.channelId, rt.config.locale),
  );
  const audit = openRecord(rt.now(), event, '(confirmation)', { confirmation: 'refused' });
  const { record } = audit;
  const answer = async (error: unknown) => {
    const failure = classifyFailure(error, {}, undefined, event.locale ?? DEFAULT_LOCALE);
    logFailure(rt.logger, failure, error, { invocationId: event.id, command: record.command });
    record.errorId = failure.errorId;
    record.result = 'error';
    await responder
      .reply(failure.message, { visibility: 'ephemeral' })
      .catch((e: unknown) => rt.logger.error({ err: e }, 'reply failed'));
  };
  await runPipeline<ClickState>({
    audit,
    state: {},
    authorise: (s) => authorise(rt, event, responder, record, s),
    confirm: (s) => {
      if (event.action !== 'confirm' || confirmationMatches(s.pending!, event.input)) return PASS;
      const locale = event.locale ?? DEFAULT_LOCALE;
      const expected = s.pending!.typedConfirmation ?? s.pending!.targets[0] ?? t(locale, 'click.theTarget');
      return refuse(
        new UserError(
          'typed-mismatch',
          t(locale, 'click.typedMismatch', { expected }),
          t(locale, 'click.typedMismatchHint'),
        ),
      );
    },
    run: (s) => run(rt, event, responder, record, s),
    // Every store call that can fail here comes before the API call (those after it are best
    // effort), so a store outage always means nothing was done.
    around: (steps) => beforeAnyChange(() => rt.apiCalls.scope(audit.calls, steps)),
    refused: ({ error }) => answer(error),
    failed: answer,
    close: async () => {
      // Expired is counted by whoever takes the card (expirePending, or the expired branch of authorise).
      if (
        record.confirmation === 'confirmed' ||
        record.confirmation === 'cancelled' ||
        record.confirmation === 'refused'
      )
        rt.metrics.confirmation(record.confirmation);
      await closeConfirmedRecord(rt, audit);
    },
  });
}

/** The token names a live pending confirmation this click may answer. */
async function authorise(
  rt: Runtime,
  event: ActionEvent,
  responder: Responder,
  record: AuditRecord,
  state: ClickState,
): Promise<StepResult> {
  // A token like "constructor" is never looked up, and nothing but this confirmation is accepted.
  const pending = isTokenShaped(event.token)
    ? await beforeAnyChange(() => rt.store.pending.get(event.token))
    : undefined;
  if (!pending || pending.token !== event.token) {
    return refuse(
      new UserError(
        'unknown-token',
        t(event.locale ?? DEFAULT_LOCALE, 'click.unknownToken'),
        t(event.locale ?? DEFAULT_LOCALE, 'late.runAgain'),
      ),
    );
  }
  // Another tenant's card: refused before anything of it (command, arguments) is read or written.
  const foreign = otherTenantError(rt, pending, event.locale);
  if (foreign) return refuse(foreign);
  record.command = pending.command;
  record.args = pending.auditArgs;
  record.invocationId = pending.invocationId;
  if (pending.status === 'used') {
    // Voided after damage or data loss: the audit trail still knows a take that really happened.
    const voided = pending.usedBy === VOIDED_BY_STATE_CHECK;
    const settled = (voided ? await answeredInAudit(rt.audit, pending) : null) ?? pending;
    return refuse(lateClickError(settled, event.locale ?? DEFAULT_LOCALE));
  }
  // Pending in the store but answered in the audit trail: the store lost its state (old snapshot).
  const answered = await answeredInAudit(rt.audit, pending);
  if (answered) return refuse(lateClickError(answered, event.locale ?? DEFAULT_LOCALE));
  const at = new Date(await storeNow(rt));
  if (at.getTime() >= pending.expiresAt) {
    record.confirmation = 'expired';
    if (await rt.store.pending.take(pending.token, 'expiry', at.getTime(), 'expired')) {
      rt.metrics.confirmation('expired');
      await showFinal(
        responder,
        withClickedCard(pending, event).cardRef,
        expiredCard(pending.card ?? { blocks: [] }, event.locale ?? DEFAULT_LOCALE),
      );
    }
    return refuse(
      new UserError(
        'expired',
        t(event.locale ?? DEFAULT_LOCALE, 'click.expired'),
        t(event.locale ?? DEFAULT_LOCALE, 'late.runAgain'),
      ),
    );
  }
  const may = answerable(rt, pending, event);
  if (!may.ok) return refuse(may.error, true);
  Object.assign(state, { pending: withClickedCard(pending, event), at }, may.def ? { def: may.def } : {});
  return PASS;
}

/** Holds the server from here until the call returns (and its tracking is recorded). */
async function run(
  rt: Runtime,
  event: ActionEvent,
  responder: Responder,
  record: AuditRecord,
  state: ClickState,
): Promise<StepResult> {
  const { pending, def, at } = state as Required<ClickState>;
  const confirming = def !== undefined && event.action === 'confirm';
  const release = confirming
    ? await claimInstances(rt, def, pending, event.actor, event.locale ?? DEFAULT_LOCALE)
    : undefined;
  try {
    if (confirming) {
      // A card shown before an earlier attempt's outcome went unknown: not sent again meanwhile.
      const locale = event.locale ?? DEFAULT_LOCALE;
      const held = await beforeAnyChange(() =>
        unknownHoldRefusal(rt, def, pending.command, pending.args, locale),
      );
      if (held) throw held;
      const premise = await checkPremise(rt, def, pending, event);
      if (!premise.ok) return premise;
    }
    await takeAndRun(rt, event, responder, record, pending, confirming ? def : undefined, at);
    return HALT;
  } finally {
    await release?.();
  }
}

/** Re-reads the live state the preview was made from; refuses with what a preview says now when it no longer holds. */
async function checkPremise(
  rt: Runtime,
  def: CommandDefinition,
  pending: PendingConfirmation,
  event: ActionEvent,
): Promise<StepResult> {
  if (!def.preview) return PASS;
  const ctx = createContext(
    rt,
    pending.requester,
    pending.channelId,
    pending.invocationId,
    event.locale ?? DEFAULT_LOCALE,
  );
  try {
    await def.preview(ctx, pending.args);
    return PASS;
  } catch (error) {
    if (!isUserError(error)) throw error;
    return refuse(
      new UserError(
        error.id,
        t(event.locale ?? DEFAULT_LOCALE, 'click.stalePreview', { reason: error.message }),
        error.hint ?? t(event.locale ?? DEFAULT_LOCALE, 'click.stalePreviewHint'),
      ),
    );
  }
}

/**
 * The card's ref is stored once its post returns; a click that arrives first still names the
 * message it was on, so the card is edited rather than a second message posted.
 */
function withClickedCard(pending: PendingConfirmation, event: ActionEvent): PendingConfirmation {
  const clicked = event.clicked;
  if (pending.cardRef || !clicked) return pending;
  if (clicked.platform !== pending.requester.platform || clicked.channelId !== pending.channelId)
    return pending;
  return { ...pending, cardRef: clicked };
}
