// The typed-name check a Slack modal runs before it is acknowledged: a typo gets an in-dialog error,
// the right name (or a uuid target, in any case) passes, and when the core cannot give the card's texts the
// decision is left to the core rather than refusing.
import { describe, expect, it, vi } from 'vitest';
import { typedMismatch } from '../../../../adapters/slack/typed-dialog.js';
import type { TypedDialog } from '../../../../src/core/ports.js';

const UUID = '7995e990-c3bf-4e27-8ce2-89fd5783f9ea';

/** The core's answer for the pending card "tok" whose hostname is `name`. */
function core(name: string) {
  const dialog: TypedDialog = {
    confirmLabel: 'Delete',
    cancelLabel: 'Cancel',
    prompt: { title: 'Confirm', label: `Type ${name} to confirm`, placeholder: name, accepts: [name, UUID] },
  };
  return { typedDialog: async (token: string) => (token === 'tok' ? dialog : null) };
}

describe('typedMismatch', () => {
  it('explains a typo and accepts the exact name or the uuid target', async () => {
    const state = core('web-2');
    expect(await typedMismatch(state, 'tok', 'web-1')).toBe(
      'That does not match — type web-2 exactly to confirm. Nothing was done.',
    );
    expect(await typedMismatch(state, 'tok', '')).toContain('does not match');
    expect(await typedMismatch(state, 'tok', ' web-2 ')).toBeNull();
    expect(await typedMismatch(state, 'tok', UUID.toUpperCase())).toBeNull();
  });

  it('refers to a long name instead of repeating a cut one', async () => {
    const long = `db-${'x'.repeat(200)}`;
    const state = core(long);
    expect(await typedMismatch(state, 'tok', 'db-x')).toBe(
      'That does not match the name on the card. Nothing was done.',
    );
  });

  it('refuses in the clicker’s language, the name as typed in any language', async () => {
    expect(await typedMismatch(core('web-2'), 'tok', 'web-1', 'id')).toBe(
      'Tidak cocok — ketik web-2 persis seperti itu untuk mengonfirmasi. Tidak ada yang dilakukan.',
    );
    expect(await typedMismatch(core(`db-${'x'.repeat(200)}`), 'tok', 'db-x', 'id')).toBe(
      'Tidak cocok dengan nama di kartu. Tidak ada yang dilakukan.',
    );
    expect(await typedMismatch(core('web-2'), 'tok', 'web-2', 'id')).toBeNull();
  });

  it('leaves the decision to the confirmation when the card is unknown or the core does not answer', async () => {
    expect(await typedMismatch(core('web-2'), 'other', 'web-1')).toBeNull();
    vi.useFakeTimers();
    try {
      const stuck = { typedDialog: () => new Promise<null>(() => undefined) };
      const answer = typedMismatch(stuck, 'tok', 'web-1');
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await answer).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
