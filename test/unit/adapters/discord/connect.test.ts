// The connect modal in every language: one short input, never prefilled, within Discord's limits.
import { describe, expect, it } from 'vitest';
import { connectModal, CONNECT_MODAL_ID, KEY_INPUT_ID } from '../../../../adapters/discord/connect.js';
import { DISCORD_LIMITS as L } from '../../../../adapters/discord/limits.js';
import { LOCALES } from '../../../../src/core/index.js';

describe('the connect modal', () => {
  it.each(LOCALES.flatMap((locale) => [[locale, null] as const, [locale, '…WXYZ'] as const]))(
    'fits Discord in %s (linked key %s) and carries no value',
    (locale, hint) => {
      const modal = connectModal(locale, hint);
      expect(modal.customId).toBe(CONNECT_MODAL_ID);
      expect(modal.title.length).toBeLessThanOrEqual(L.modalTitle);
      const [row] = modal.components;
      const input = row && 'components' in row ? row.components[0] : undefined;
      expect(input).toMatchObject({ customId: KEY_INPUT_ID, required: true, minLength: 8 });
      const fields = input as { label: string; placeholder?: string; value?: string };
      expect(fields.label.length).toBeLessThanOrEqual(L.textInputLabel);
      expect((fields.placeholder ?? '').length).toBeLessThanOrEqual(L.textInputPlaceholder);
      expect(fields.value).toBeUndefined();
      if (hint && fields.placeholder) expect(fields.placeholder).toContain(hint);
    },
  );
});
