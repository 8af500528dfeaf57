// The API client's input guards (src/api/validate.ts) against what a user can type: most bad values
// are refused by the core's parser first, in the user's language; a blank text that gets past it
// (none from typed commands since the parser trims text arguments) is refused by the client
// without a request, and the user reads that in their language too — never the log's English,
// never "the API rejected it".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../support/command-harness.js';
import { isApiError } from '../../../src/api/errors.js';
import { requireText } from '../../../src/api/validate.js';
import { apiErrorText } from '../../../src/core/replies/api-error-text.js';

// Arguments that reach a requireUuid / requirePositiveInt / requireNonNegativeInt / requireText
// call (or a path's *_uuid / *_id), each with a value that guard refuses.
const PARSER_REFUSES = [
  'sshkey unassigned 0',
  'os list --location 0',
  'instance no-ip 0',
  'instance list --page 0',
  'backup list web-1 --page 0',
  'backup list web-1 --limit 0',
  'billing methods --amount 0',
  'billing reports --page 0',
  'billing reports --limit 0',
  'network graph 0',
  'network show not-a-uuid',
  'network attach web-2 not-a-uuid',
  'ip move not-a-uuid web-2',
];

const GUARD_ENGLISH =
  /must be a UUID|must be a positive integer|must be a non-negative integer|must not be empty/;

describe('the API client’s input guards, as a user meets them', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ locale: 'id' });
  });
  afterAll(async () => {
    await h.close();
  });

  it.each(PARSER_REFUSES)('`%s` is refused by the parser, in Indonesian, before the client', async (text) => {
    const out = await h.run(text);
    expect({ text, outcome: out.message.outcome }).toEqual({ text, outcome: 'usage-error' });
    expect(out.text).not.toMatch(GUARD_ENGLISH);
  });

  it.each([
    ['instance list --search " "', 'instance.list'],
    ['firewall ipset-create web-1 " "', 'firewall.ipsetCreate'],
  ] as const)(
    '`%s`: a blank text is refused by the parser as empty, in Indonesian, nothing sent',
    async (text, endpoint) => {
      const before = h.sim.countRequests(endpoint);
      const out = await h.run(text);
      expect(out.message.outcome).toBe('usage-error');
      expect(out.text).toContain('tidak boleh kosong');
      expect(out.text).not.toMatch(GUARD_ENGLISH);
      expect(h.sim.countRequests(endpoint)).toBe(before);
    },
  );

  it('a blank text that reaches the client anyway is refused there, said in the reader’s language, never as the API’s refusal', () => {
    let refused: unknown;
    try {
      requireText('instance.list', 'search', ' ');
    } catch (error) {
      refused = error;
    }
    if (!isApiError(refused)) throw new Error('expected the client to refuse a blank text');
    expect(apiErrorText(refused, 'id')).toBe('Tidak dikirim ke API hosting: `search` tidak boleh kosong.');
    expect(apiErrorText(refused, 'en')).toBe('Not sent to the hosting API: `search` must not be empty.');
  });
});
