// The typed-confirmation texts of open cards, kept in the shared EphemeralState under the card's
// token, so the Confirm click that opens the modal may reach any replica.
import type { EphemeralState } from '../../src/core/ephemeral-state.js';
import type { ConfirmActions } from '../../src/render/message.js';
import type { TypedSpec } from './modal.js';

const key = (token: string) => `slack:typed:${token}`;

/** Remembers the modal texts of a card that asks for typed confirmation, until shortly after it expires. */
export async function rememberTypedSpec(state: EphemeralState, actions: ConfirmActions): Promise<void> {
  if (!actions.typed) return;
  const spec: TypedSpec = { confirmLabel: actions.confirmLabel, cancelLabel: actions.cancelLabel, typed: actions.typed };
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
