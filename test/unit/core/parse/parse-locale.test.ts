// The parser's refusals in the requester's language, against the real command list: Indonesian
// for "id", the English texts exactly as before otherwise; commands, flags and usage lines stay as typed.
import { describe, expect, it } from 'vitest';
import { allCommands } from '../../../../commands/index.js';
import { parseInput } from '../../../../src/core/parse/parse.js';
import type { ParseHints } from '../../../../src/core/parse/parse-args.js';
import { createRegistry } from '../../../../src/core/parse/registry.js';
import type { Locale } from '../../../../src/i18n/locale.js';

const registry = createRegistry(allCommands);

function refusal(text: string, locale?: Locale) {
  const hints: ParseHints = {
    hasBinding: false,
    looksLikeInstance: () => false,
    ...(locale ? { locale } : {}),
  };
  const result = parseInput({ kind: 'text', text }, registry, hints);
  if (result.ok) throw new Error(`expected a refusal for ${text}`);
  return { message: result.error.message, hint: result.error.hint };
}

describe('parse refusals per locale', () => {
  it('refuses a bad number in Indonesian, with the usage line as typed', () => {
    const { message, hint } = refusal('backup list web-1 --page two', 'id');
    expect(message).toBe('--page `two` tidak valid: harus bilangan bulat, mis. --page 2.');
    expect(hint).toBe('Cara pakai: backup list <instance> [--page <page>] [--limit <limit>]');
  });

  it('names a range, a missing argument, an unknown option and a duplicate in Indonesian', () => {
    expect(refusal('backup list web-1 --limit 500', 'id').message).toBe(
      '--limit `500` tidak valid: --limit maksimal 100.',
    );
    expect(refusal('instance no-ip', 'id').message).toMatch(/^<location-id> belum diisi\. Cara pakai: /);
    expect(refusal('instance delete web-1 --remove-ipp', 'id').message).toBe(
      'Opsi `--remove-ipp` tidak dikenal untuk `instance delete`. Maksud Anda `--remove-ip`?',
    );
    expect(refusal('backup list web-1 --page 1 --page 2', 'id').message).toBe('`--page` diberikan dua kali.');
    expect(refusal('backup list web-1 --page', 'id').message).toBe('`--page` perlu nilai, mis. `--page 2`.');
  });

  it('refuses unknown commands, a group without an action and an open quote in Indonesian', () => {
    expect(refusal('instanse show web-1', 'id').message).toMatch(/^Perintah `instanse show` tidak dikenal\./);
    const group = refusal('backup', 'id');
    expect(group.message).toBe('`backup` perlu tindakan: list, restore, delete.');
    expect(group.hint).toBe('Ketik `/vps help backup` untuk detailnya.');
    const quote = refusal('firewall ipset-create web-1 x --description "open', 'id');
    expect(quote.message).toBe('Tanda kutip " tidak ditutup dalam teks perintah.');
    expect(quote.hint).toBe('Tutup tanda kutipnya lalu coba lagi.');
  });

  it('keeps the English refusals word for word without a locale and for en', () => {
    for (const locale of [undefined, 'en'] as const) {
      expect(refusal('backup list web-1 --page two', locale).message).toBe(
        'Invalid --page `two`: expected a whole number, e.g. --page 2.',
      );
      expect(refusal('backup list web-1 --limit 500', locale).message).toBe(
        'Invalid --limit `500`: --limit must be 100 or less.',
      );
      expect(refusal('backup', locale).message).toBe('`backup` needs an action: list, restore, delete.');
      expect(refusal('firewall ipset-create web-1 x --description "open', locale).message).toBe(
        'Unclosed quote " in the command text.',
      );
    }
  });
});
