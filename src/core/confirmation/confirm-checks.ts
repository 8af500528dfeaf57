// The checks a Confirm / Cancel must pass before the token is consumed: right place, right person
// (requester, or an admin on two-person actions), still authorized now, and the typed text.
import type { CommandDefinition } from '../command.js';
import { person } from '../../render/builders.js';
import { UserError, userErrorNaming } from '../errors.js';
import type { ActionEvent } from '../ports.js';
import { sameActor, type Runtime } from '../context.js';
import type { PendingConfirmation } from '../store.js';
import { isUuid } from '../parse/uuid.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';
import { t } from '../../i18n/translate.js';
import type { MessageKey } from '../../i18n/catalogue.js';
import { inlineSentence } from '../audit/unknown-outcome.js';

/** Uuids compare case-insensitively; hostnames and typed text must match exactly (after trimming). */
function sameText(given: string, expected: string): boolean {
  const want = expected.trim();
  if (isUuid(given) && isUuid(want)) return given.toLowerCase() === want.toLowerCase();
  return given === want;
}

/** Whether typed text names one of the accepted texts; adapters check a dialog with it before closing it. */
export function typedTextMatches(input: string, accepted: readonly string[]): boolean {
  const given = input.trim();
  return given !== '' && accepted.some((expected) => sameText(given, expected));
}

/** Typed text must equal the expected text or a target (exact, trimmed; uuids in any case); untyped input must name a target. */
export function confirmationMatches(pending: PendingConfirmation, input: string | undefined): boolean {
  const given = input === undefined ? '' : input.trim();
  const accepted = [...(pending.typedConfirmation ? [pending.typedConfirmation] : []), ...pending.targets];
  const matches = typedTextMatches(given, accepted);
  if (pending.typedConfirmation) return given !== '' && matches;
  return given === '' || matches;
}

/** A confirmation is answered where it was asked: same platform and channel as its card. */
function placeRefusal(pending: PendingConfirmation, event: ActionEvent): UserError | undefined {
  if (event.platform !== pending.platform || event.channelId !== pending.channelId) {
    const locale = (event.locale ?? DEFAULT_LOCALE);
    return new UserError(
      'wrong-channel',
      t(locale, 'click.wrongChannel'),
      t(locale, 'click.wrongChannelHint'),
    );
  }
}

/** Who may act on this pending confirmation; the refusal when it is not `event.actor`. */
function actorRefusal(rt: Runtime, pending: PendingConfirmation, event: ActionEvent): UserError | undefined {
  const isRequester = sameActor(event.actor, pending.requester);
  const locale = (event.locale ?? DEFAULT_LOCALE);
  const naming = (key: MessageKey) =>
    inlineSentence(locale, key, person(pending.requester), { command: pending.command });
  if (event.action === 'cancel') {
    if (!isRequester && !rt.policy.canApprove(event.actor))
      return userErrorNaming('not-requester', naming('click.onlyRequesterOrAdminCancels'));
    return undefined;
  }
  if (pending.twoPerson) {
    if (isRequester)
      return new UserError(
        'needs-approver',
        t(locale, 'click.needsSecondPerson', { command: pending.command }),
      );
    if (!rt.policy.canApprove(event.actor))
      return userErrorNaming('needs-approver', naming('click.onlyOtherAdmin'));
    return undefined;
  }
  if (!isRequester) return userErrorNaming('not-requester', naming('click.onlyRequester'));
  return undefined;
}

/**
 * The command to run on Confirm, authorized again now rather than trusted from request time —
 * with the requester's current roles when they click (a Discord role may have been removed).
 */
function confirmable(rt: Runtime, pending: PendingConfirmation, event: ActionEvent): Answerable {
  const def = rt.registry.byPath(pending.command);
  const locale = (event.locale ?? DEFAULT_LOCALE);
  if (!def)
    return {
      ok: false,
      error: new UserError('unknown-token', t(locale, 'confirm.gone', { command: pending.command })),
    };
  const asker = sameActor(event.actor, pending.requester) ? event.actor : pending.requester;
  const command = { path: pending.command, risk: def.risk };
  const auth = rt.policy.authorize(asker, command, pending.channelId, locale);
  return auth.allowed ? { ok: true, def } : { ok: false, error: auth.error };
}

/** Whether a click may answer: the command to run on Confirm (none on Cancel), or the refusal. */
export type Answerable = { ok: true; def?: CommandDefinition } | { ok: false; error: UserError };

/** The checks a click passes before it may answer: place, person, and on Confirm the policy now. */
export function answerable(rt: Runtime, pending: PendingConfirmation, event: ActionEvent): Answerable {
  const refusal = placeRefusal(pending, event) ?? actorRefusal(rt, pending, event);
  if (refusal) return { ok: false, error: refusal };
  return event.action === 'confirm' ? confirmable(rt, pending, event) : { ok: true };
}

/** OAuth mode: the refusal when the card was asked in another tenant than this click's (else null). */
export function otherTenantError(
  rt: Pick<Runtime, 'tenants' | 'tenantPlace'>,
  pending: PendingConfirmation,
  locale: Locale = DEFAULT_LOCALE,
) {
  if (pending.tenant === rt.tenants?.current()) return null;
  const place = rt.tenantPlace?.(pending.platform) ?? 'workspace';
  return new UserError(
    'other-tenant',
    t(locale, 'tenant.otherTenant', { place }),
    t(locale, 'tenant.otherTenantHint'),
  );
}
