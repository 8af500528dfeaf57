// The typed-name check a Slack modal runs before it is acknowledged: a typo gets an in-dialog error,
// the right name (or a uuid target, in any case) passes, and when the card's texts cannot be read the
// decision is left to the core rather than refusing.
import { describe, expect, it, vi } from 'vitest';
import { rememberTypedSpec, typedMismatch } from '../../../../adapters/slack/typed-specs.js';
import { createMemoryEphemeralState } from '../../../../src/adapter-kit/memory-ephemeral-state.js';
import type { EphemeralState } from '../../../../src/core/ephemeral-state.js';
import type { ConfirmActions } from '../../../../src/render/message.js';

const UUID = '7995e990-c3bf-4e27-8ce2-89fd5783f9ea';

function card(name: string): ConfirmActions {
  return {
    token: 'tok',
    confirmLabel: 'Delete',
    cancelLabel: 'Cancel',
    style: 'danger',
    expiresAt: Date.now() + 60_000,
    typed: { title: 'Confirm', label: `Type ${name} to confirm`, placeholder: name, accepts: [name, UUID] },
  };
}

describe('typedMismatch', () => {
  it('explains a typo and accepts the exact name or the uuid target', async () => {
    const state = createMemoryEphemeralState();
    await rememberTypedSpec(state, card('web-2'));
    expect(await typedMismatch(state, 'tok', 'web-1')).toBe(
      'That does not match — type web-2 exactly to confirm. Nothing was done.',
    );
    expect(await typedMismatch(state, 'tok', '')).toContain('does not match');
    expect(await typedMismatch(state, 'tok', ' web-2 ')).toBeNull();
    expect(await typedMismatch(state, 'tok', UUID.toUpperCase())).toBeNull();
  });

  it('refers to a long name instead of repeating a cut one', async () => {
    const state = createMemoryEphemeralState();
    const long = `db-${'x'.repeat(200)}`;
    await rememberTypedSpec(state, card(long));
    expect(await typedMismatch(state, 'tok', 'db-x')).toBe(
      'That does not match the name on the card. Nothing was done.',
    );
  });

  it('leaves the decision to the core when the card is unknown or the state does not answer', async () => {
    expect(await typedMismatch(createMemoryEphemeralState(), 'tok', 'web-1')).toBeNull();
    vi.useFakeTimers();
    try {
      const stuck: EphemeralState = {
        get: () => new Promise(() => undefined),
        set: async () => undefined,
        delete: async () => undefined,
        increment: async () => 1,
      };
      const answer = typedMismatch(stuck, 'tok', 'web-1');
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await answer).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
