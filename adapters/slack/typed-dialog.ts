// The typed-confirmation modal's texts and its in-dialog check, asked of the core by the card's
// token (the core's pending record is the one source, so any replica — or a fresh one — can answer).
import type { Dispatcher } from '../../src/core/index.js';
import { DEFAULT_LOCALE, t, typedTextMatches, type Locale } from '../../src/core/index.js';
import { withDeadline } from '../../src/core/index.js';
import type { Logger } from '../../src/logger.js';
import { SLACK_LIMITS as L } from './limits.js';
import type { TypedSpec } from './modal.js';

/** The modal texts for a card token; undefined when the core does not know it in `budgetMs`. */
export async function typedSpecFor(
  dispatcher: Pick<Dispatcher, 'typedDialog'>,
  token: string,
  budgetMs: number,
  logger?: Logger,
): Promise<TypedSpec | undefined> {
  try {
    const dialog = await withDeadline(dispatcher.typedDialog(token), budgetMs, () => null);
    return dialog
      ? { confirmLabel: dialog.confirmLabel, cancelLabel: dialog.cancelLabel, typed: dialog.prompt }
      : undefined;
  } catch (error) {
    logger?.warn({ err: error }, 'slack typed dialog could not be read; the generic one is shown');
    return undefined;
  }
}

/** How long the modal check may wait for the core before leaving the decision to the confirmation. */
const CHECK_BUDGET_MS = 1_000;

/**
 * The error to show inside the modal, in `locale`, when the typed text is not one the card accepts; null when it
 * matches, or when this replica cannot tell in time (the core then checks it and answers privately).
 */
export async function typedMismatch(
  dispatcher: Pick<Dispatcher, 'typedDialog'>,
  token: string,
  typed: string,
  locale: Locale = DEFAULT_LOCALE,
  logger?: Logger,
): Promise<string | null> {
  const spec = await typedSpecFor(dispatcher, token, CHECK_BUDGET_MS, logger);
  const accepts = spec?.typed.accepts;
  if (!accepts || accepts.length === 0) return null;
  if (typedTextMatches(typed, accepts)) return null;
  const expected = spec.typed.placeholder ?? accepts[0] ?? '';
  const exact = t(locale, 'slack.typed.mismatch', { expected });
  // A cut name would invite typing the cut name: a long one is referred to, not repeated.
  return exact.length <= L.modalError ? exact : t(locale, 'slack.typed.mismatchLong');
}
