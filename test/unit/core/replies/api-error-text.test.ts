// A hosting-API error's sentence per locale: in English exactly what ApiError.chatText() says (the
// wording existing replies and tests rely on), in Indonesian from the catalogue; the third outcome
// (may or may not have happened), an interrupted call and a late click in Indonesian too.
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES, ApiError } from '../../../../src/api/errors.js';
import { apiErrorText } from '../../../../src/core/replies/api-error-text.js';
import { classifyFailure } from '../../../../src/core/replies/outcomes.js';
import { hintFor, interruptedCard, lateClickError } from '../../../../src/core/audit/unknown-outcome.js';
import { instanceStop } from '../../../../commands/instance.js';
import type { AuditRecord } from '../../../../src/core/command.js';
import type { PendingConfirmation } from '../../../../src/core/store.js';
import { auditUnavailable } from '../../../../src/core/confirmation/write-ahead.js';
import { renderText } from '../../../../src/render/text.js';

const plainText = (message: Parameters<typeof renderText>[0]): string => renderText(message);

const VARIANTS = [
  {},
  { status: 504 },
  { detail: '127.0.0.1:1, ECONNREFUSED' },
  { status: 409, apiMessage: 'Instance is busy.' },
  { status: 422, apiMessage: 'bad name' },
];

describe('the API error sentence', () => {
  it('is ApiError.chatText() word for word in English, for every code', () => {
    for (const code of API_ERROR_CODES)
      for (const options of VARIANTS) {
        const error = new ApiError(code, 'instance.stop', options);
        expect(apiErrorText(error, 'en')).toBe(error.chatText());
      }
  });

  it('is Indonesian in id, keeping the status and the API’s own words', () => {
    const error = new ApiError('CONFLICT', 'instance.stop', { status: 409, apiMessage: 'Instance is busy.' });
    expect(apiErrorText(error, 'id')).toBe(
      'Keadaan sumber daya ini tidak mengizinkannya (HTTP 409): “Instance is busy.”',
    );
    for (const code of API_ERROR_CODES)
      expect(apiErrorText(new ApiError(code, 'x'), 'id')).not.toBe(new ApiError(code, 'x').chatText());
  });

  it('heads an API error reply in Indonesian', () => {
    const failure = classifyFailure(
      new ApiError('UPSTREAM_ERROR', 'instance.list', { status: 500 }),
      {},
      undefined,
      'id',
    );
    expect(failure.message.summary).toBe('API hosting gagal (HTTP 500).');
  });
});

describe('the third outcome in Indonesian', () => {
  const timeout = new ApiError('TIMEOUT', 'instance.stop', { outcomeUnknown: true, detail: 'ETIMEDOUT' });

  it('says the change may or may not have happened, what to check and not to repeat it', () => {
    const failure = classifyFailure(timeout, { path: 'instance stop', instance: 'web-1' }, undefined, 'id');
    const text = plainText(failure.message);
    expect(failure.message.title).toBe('Hasil tidak diketahui');
    expect(text).toContain(
      '`instance stop` mungkin sudah terjadi, mungkin juga belum: API hosting tidak menjawab',
    );
    expect(text).toContain('Periksa apa yang ditampilkan web-1 sekarang dengan `instance show web-1`.');
    expect(text).toContain('Jangan jalankan lagi begitu saja');
    expect(text).not.toMatch(/may or may not|Check |Do not run/);
  });

  it('keeps the English wording in English', () => {
    const failure = classifyFailure(timeout, { path: 'instance stop', instance: 'web-1' });
    expect(plainText(failure.message)).toContain(
      '`instance stop` may or may not have happened: the hosting API did not answer in time (ETIMEDOUT).',
    );
  });

  it('says what the command itself asks to check in the reader’s language, and English in English', () => {
    const hint = hintFor(instanceStop, {
      instance: { uuid: '7995e990-c3bf-4e27-8ce2-89fd5783f9ea', label: 'web-1' },
    });
    const failure = classifyFailure(timeout, { path: 'instance stop', instance: 'web-1' }, hint, 'id');
    expect(plainText(failure.message)).toContain(
      'Periksa apakah web-1 berstatus Stopped atau Stopping dengan `instance show web-1`.',
    );
    const english = classifyFailure(timeout, { path: 'instance stop', instance: 'web-1' }, hint);
    expect(plainText(english.message)).toContain(
      'Check whether web-1 is Stopped or Stopping with `instance show web-1`.',
    );
  });

  it('keeps what to check as a key in the record, so an interrupted card says it in the channel’s language', () => {
    const record: AuditRecord = {
      time: '2026-11-27T01:02:03.000Z',
      invocationId: 'i1',
      platform: 'slack',
      userId: 'U1',
      displayName: 'ana',
      channelId: 'C1',
      command: 'instance delete',
      args: {},
      decision: 'allowed',
      result: 'calling',
      durationMs: 0,
      verify: {
        check: { key: 'unknown.check.terminating', values: { instance: 'web-1' } },
        command: 'instance show web-1',
      },
    };
    expect(plainText(interruptedCard(record, 'id'))).toContain(
      'Periksa apakah web-1 berstatus Terminating atau sudah tidak ada dengan `instance show web-1`.',
    );
    expect(plainText(interruptedCard(record))).toContain(
      'Check whether web-1 is Terminating or gone with `instance show web-1`.',
    );
    // A record an older version wrote holds the sentence itself: shown as it was written.
    const older = { ...record, verify: { check: 'whether web-1 is Terminating or gone' } };
    expect(plainText(interruptedCard(older, 'id'))).toContain(
      'Periksa whether web-1 is Terminating or gone.',
    );
  });

  it('closes an interrupted call in the channel’s language', () => {
    const record: AuditRecord = {
      time: '2026-11-27T01:02:03.000Z',
      invocationId: 'i1',
      platform: 'slack',
      userId: 'U1',
      displayName: 'ana',
      channelId: 'C1',
      command: 'instance stop',
      args: {},
      decision: 'allowed',
      result: 'calling',
      durationMs: 0,
    };
    const card = interruptedCard(record, 'id');
    expect(card.title).toBe('Hasil tidak diketahui (terputus)');
    expect(plainText(card)).toContain('`instance stop` dikonfirmasi oleh @ana pukul 01:02:03 UTC');
    expect(plainText(interruptedCard(record))).toContain(
      '`instance stop` was confirmed by @ana at 01:02:03 UTC',
    );
  });

  it('answers a late click in the clicker’s language, the person still a mention', () => {
    const pending: PendingConfirmation = {
      token: 't',
      command: 'instance stop',
      args: {},
      auditArgs: {},
      requester: { platform: 'slack', userId: 'U1', displayName: 'ana' },
      platform: 'slack',
      channelId: 'C1',
      invocationId: 'i1',
      createdAt: 0,
      expiresAt: 0,
      targets: [],
      twoPerson: false,
      status: 'used',
      resolution: 'confirmed',
      usedBy: 'slack:U1',
      usedAt: Date.UTC(2026, 10, 27, 1, 2, 3),
    };
    const error = lateClickError(pending, 'id');
    expect(error.parts?.[0]).toBe('Sudah dikonfirmasi oleh ');
    expect(error.parts?.[2]).toBe(' pukul 01:02:03 UTC — tidak ada lagi yang dilakukan.');
    expect(lateClickError({ ...pending, resolution: 'expired' }, 'id').message).toMatch(
      /^Konfirmasi ini kedaluwarsa/,
    );
  });
});

describe('a click’s refusals in Indonesian', () => {
  it('says the audit log could not be written, in both languages', () => {
    expect(auditUnavailable('id').title).toBe('Tidak dilakukan');
    expect(auditUnavailable('id').summary).toMatch(/^Log audit tidak dapat ditulis/);
    expect(auditUnavailable().summary).toBe(
      'The audit log could not be written, so the hosting API was not called — nothing was done.',
    );
  });
});
