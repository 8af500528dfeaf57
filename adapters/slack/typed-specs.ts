// The typed-confirmation texts of open cards, kept in the shared EphemeralState under the card's
// token, so the Confirm click that opens the modal may reach any replica.
import { typedTextMatches, type EphemeralState } from '../../src/core/index.js';
import { withDeadline } from '../../src/adapter-kit/deadline.js';
import type { Logger } from '../../src/logger.js';
import type { ConfirmActions } from '../../src/render/message.js';
import { SLACK_LIMITS as L } from './limits.js';
import type { TypedSpec } from './modal.js';

const key = (token: string) => `slack:typed:${token}`;

/** Remembers the modal texts of a card that asks for typed confirmation, until shortly after it expires. */
export async function rememberTypedSpec(state: EphemeralState, actions: ConfirmActions): Promise<void> {
  if (!actions.typed) return;
  const spec: TypedSpec = {
    confirmLabel: actions.confirmLabel,
    cancelLabel: actions.cancelLabel,
    typed: actions.typed,
  };
  const ttl = Math.max(60_000, actions.expiresAt - Date.now() + 60_000);
  await state.set(key(actions.token), JSON.stringify(spec), ttl);
}

/** The modal texts for a card token, when this (or another) replica rendered the card. */
export async function typedSpecFor(state: EphemeralState, token: string): Promise<TypedSpec | undefined> {
  const raw = await state.get(key(token));
  if (raw === null) return undefined;
  try {
    const spec = JSON.parse(raw) as Partial<TypedSpec>;
    const typed = spec.typed;
    if (typeof spec.confirmLabel !== 'string' || typeof spec.cancelLabel !== 'string') return undefined;
    if (typeof typed?.title !== 'string' || typeof typed.label !== 'string') return undefined;
    return spec as TypedSpec;
  } catch {
    return undefined;
  }
}

/** How long the modal check may wait for the shared state before leaving the decision to the core. */
const CHECK_BUDGET_MS = 1_000;

/**
 * The error to show inside the modal when the typed text is not one the card accepts; null when it
 * matches, or when this replica cannot tell in time (the core then checks it and answers privately).
 */
export async function typedMismatch(
  state: EphemeralState,
  token: string,
  typed: string,
  logger?: Logger,
): Promise<string | null> {
  try {
    const spec = await withDeadline(typedSpecFor(state, token), CHECK_BUDGET_MS, () => undefined);
    const accepts = spec?.typed.accepts;
    if (!Array.isArray(accepts) || accepts.length === 0 || !accepts.every((a) => typeof a === 'string'))
      return null;
    if (typedTextMatches(typed, accepts)) return null;
    const expected = spec?.typed.placeholder ?? accepts[0] ?? '';
    const exact = `That does not match — type ${expected} exactly to confirm. Nothing was done.`;
    // A cut name would invite typing the cut name: a long one is referred to, not repeated.
    return exact.length <= L.modalError
      ? exact
      : 'That does not match the name on the card. Nothing was done.';
  } catch (error) {
    logger?.warn({ err: error }, 'slack typed check could not read the card; the core decides');
    return null;
  }
}
