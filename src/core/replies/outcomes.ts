// The one error model, as messages: UserError → what was wrong and what to type; ApiError → its
// chat text plus what to do; anything else → "Something went wrong (ref …)" with details only in
// the log. Also normalises handler results.
import { isStoreUnavailable } from '../store-errors.js';
import { storeUnavailableMessage } from './store-outcome.js';
import { randomBytes } from 'node:crypto';
import { isApiError, type ApiError } from '../../api/errors.js';
import type { Logger } from '../../logger.js';
import { context, contextWith, text } from '../../render/builders.js';
import type { Message, Outcome } from '../../render/message.js';
import type { RunResult, UnknownOutcomeHint } from '../command.js';
import { apiHint, goneInstanceLine, type HintContext } from './api-hints.js';
import { apiErrorText } from './api-error-text.js';
import { CredentialsUnreadable, isUserError, type UserError, type UserErrorId } from '../errors.js';
import { defaultHint, unknownOutcomeMessage } from '../audit/unknown-outcome.js';
import { t } from '../../i18n/translate.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';

/** UserError ids that mean "you typed it wrong" (exec exit code 2). */
const USAGE_IDS: UserErrorId[] = [
  'unknown-command',
  'usage',
  'invalid-argument',
  'unknown-instance',
  'ambiguous-instance',
  'no-bound-instance',
];

/** A short random reference for log correlation ("ref 3f9a1c2b"). */
export function errorRef(): string {
  return randomBytes(4).toString('hex');
}

/** Message for an expected failure; its title in the reader's language. */
export function userErrorMessage(error: UserError, locale: Locale = DEFAULT_LOCALE): Message {
  const blocks = [error.parts ? contextWith(error.parts) : text(error.message)];
  if (error.hint) blocks.push(context(error.hint));
  return {
    title: t(locale, `error.title.${error.id}`),
    tone: USAGE_IDS.includes(error.id) ? 'warning' : 'error',
    blocks,
    summary: error.message,
    outcome: USAGE_IDS.includes(error.id) ? 'usage-error' : 'error',
    visibility: 'ephemeral',
    ...(error.actions ? { actions: error.actions } : {}),
  };
}

/** The tenant's stored key cannot be opened (another VPSOPS_ENCRYPTION_KEY): only the operator can fix it. */
function unreadableMessage(locale: Locale): Message {
  const line = t(locale, 'tenant.unreadable');
  return {
    title: t(locale, 'tenant.unreadableTitle'),
    tone: 'error',
    blocks: [text(line)],
    summary: line,
    outcome: 'error',
    visibility: 'ephemeral',
  };
}

/** Message for a failed hosting-API call. */
export function apiErrorMessage(
  error: ApiError,
  ctx: HintContext = {},
  locale: Locale = DEFAULT_LOCALE,
): Message {
  const retry =
    error.code === 'RATE_LIMITED' && error.retryAfterMs
      ? t(locale, 'error.api.retry', { seconds: String(Math.ceil(error.retryAfterMs / 1000)) })
      : '';
  const headline = goneInstanceLine(error, ctx, locale) ?? apiErrorText(error, locale);
  return {
    title: t(locale, 'error.api.title'),
    tone: 'error',
    blocks: [text(headline), context(`${apiHint(error, ctx, locale)}${retry}`)],
    summary: headline,
    outcome: 'error',
  };
}

/** Message for an unexpected failure; the details go to the log under the same ref. */
export function internalErrorMessage(ref: string, locale: Locale = DEFAULT_LOCALE): Message {
  const line = t(locale, 'error.internal.line', { ref });
  return {
    title: t(locale, 'error.internal.title'),
    tone: 'error',
    blocks: [text(line), context(t(locale, 'error.internal.detail'))],
    summary: line,
    outcome: 'error',
  };
}

/** A failure classified for reply and audit. */
export interface Failure {
  message: Message;
  /** Audit errorId: the UserError id, "api:<CODE>" or "internal:<ref>". */
  errorId: string;
  userError?: UserError;
  internal?: { ref: string; error: unknown };
  /** The call may or may not have happened (audit result `unknown`); holds what to check and follow. */
  unknown?: UnknownOutcomeHint;
  /** An expected failure (bad input, a refusal, an API 4xx): a command's reply goes to the requester only. */
  expected?: true;
}

/** Classifies any thrown value; `hint` says what to check when a change's outcome is unknown. */
export function classifyFailure(
  error: unknown,
  ctx: HintContext = {},
  hint?: UnknownOutcomeHint,
  locale: Locale = DEFAULT_LOCALE,
): Failure {
  if (isUserError(error))
    return { message: userErrorMessage(error, locale), errorId: error.id, userError: error, expected: true };
  if (isApiError(error) && error.outcomeUnknown) {
    const path = ctx.path ?? error.endpoint;
    const unknown = hint ?? defaultHint(path, ctx.instance, locale);
    const message = unknownOutcomeMessage(error, path, unknown, locale);
    return { message, errorId: `api:${error.code}`, unknown };
  }
  if (isApiError(error)) {
    const refused = error.status !== undefined && error.status >= 400 && error.status < 500;
    const failure: Failure = { message: apiErrorMessage(error, ctx, locale), errorId: `api:${error.code}` };
    return refused ? { ...failure, expected: true } : failure;
  }
  if (error instanceof CredentialsUnreadable)
    return { message: unreadableMessage(locale), errorId: 'tenant:unreadable', expected: true };
  if (isStoreUnavailable(error))
    return { message: storeUnavailableMessage(error, locale), errorId: `store:${error.code}` };
  const ref = errorRef();
  return { message: internalErrorMessage(ref, locale), errorId: `internal:${ref}`, internal: { ref, error } };
}

/** Who/what failed, for the log line (ids only — never arguments, which may hold secrets). */
export interface FailureLogContext {
  invocationId: string;
  command: string;
}

/**
 * Logs a failure so the log file is never empty after errors: API errors at warn (code, status,
 * endpoint), internal errors at error with the ref; user mistakes are not logged.
 */
export function logFailure(logger: Logger, failure: Failure, error: unknown, at: FailureLogContext): void {
  if (failure.internal) {
    logger.error({ ...at, err: failure.internal.error, ref: failure.internal.ref }, 'command failed');
  } else if (isStoreUnavailable(error)) {
    logger.warn({ ...at, code: error.code, err: error }, 'state store unavailable');
  } else if (isApiError(error)) {
    logger.warn(
      { ...at, code: error.code, status: error.status, endpoint: error.endpoint, detail: error.detail },
      error.outcomeUnknown
        ? `hosting API outcome unknown: ${error.code}`
        : `hosting API error: ${error.code}`,
    );
  }
}

/** Handlers may return a bare Message or a RunResult. */
export function toRunResult(value: Message | RunResult): RunResult {
  return 'message' in value && typeof value.message === 'object' && !('blocks' in value)
    ? value
    : { message: value as Message };
}

/** Copy of a message with the outcome set. */
export function withOutcome(message: Message, outcome: Outcome): Message {
  return { ...message, outcome };
}
