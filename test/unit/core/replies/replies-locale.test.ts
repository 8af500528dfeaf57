// The core's own replies in the requester's language: the hint under an API error, the slow-read
// answers and the state-store outage, in Indonesian for "id" and word for word as before in English.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/api/errors.js';
import { apiErrorMessage } from '../../../../src/core/replies/outcomes.js';
import { readTimeoutMessage, stillWorkingMessage } from '../../../../src/core/replies/slow-replies.js';
import { storeUnavailableMessage } from '../../../../src/core/replies/store-outcome.js';
import { StoreUnavailableError } from '../../../../src/core/store-errors.js';
import { renderText } from '../../../../src/render/text.js';

const BACKUP = 'c1d2e3f4-0000-4000-8000-000000000001';

describe('the core’s replies per locale', () => {
  it('says which id a 404 was about, in Indonesian, with the command to type as typed', () => {
    const error = new ApiError('NOT_FOUND', 'backup.delete', { status: 404, ids: { backup_uuid: BACKUP } });
    const id = renderText(apiErrorMessage(error, { instance: 'web-1' }, 'id'));
    expect(id).toContain(
      'API hosting tidak mengenal cadangan (c1d2e3f4…) di web-1 itu. `backup list web-1` menampilkan cadangan yang ada.',
    );
    const en = renderText(apiErrorMessage(error, { instance: 'web-1' }));
    expect(en).toContain(
      'The hosting API does not know that backup (c1d2e3f4…) on web-1. `backup list web-1` shows the backups that exist.',
    );
  });

  it('gives the conflict and rate-limit hints in Indonesian', () => {
    const conflict = new ApiError('CONFLICT', 'instance.stop', { status: 409 });
    expect(renderText(apiErrorMessage(conflict, { instance: 'web-1' }, 'id'))).toContain(
      'Periksa keadaan terkini dengan `instance show web-1` lalu coba lagi saat memungkinkan.',
    );
    const limited = new ApiError('RATE_LIMITED', 'instance.detail', { status: 429 });
    expect(renderText(apiErrorMessage(limited, {}, 'id'))).toContain('Tunggu sebentar lalu coba lagi.');
  });

  it('answers a slow read in Indonesian, and in English as before', () => {
    const id = readTimeoutMessage('instance show web-1', 8000, true, 'id');
    expect(id.title).toBe('API hosting tidak menjawab tepat waktu');
    expect(renderText(id)).toContain(
      '`instance show web-1` tidak mendapat jawaban dari API hosting dalam 8 detik, jadi bot berhenti menunggu. Bot hanya membaca untuk pratinjau',
    );
    expect(stillWorkingMessage('backup list web-1', 'id').summary).toBe('Masih diproses…');
    const en = readTimeoutMessage('instance show web-1', 8000);
    expect(en.summary).toBe('No answer within 8 s');
    expect(renderText(en)).toContain('It only reads, so nothing was changed.');
  });

  it('says the state store is down in Indonesian, and whether anything may have changed', () => {
    const unknown = storeUnavailableMessage(new StoreUnavailableError('timeout', true), 'id');
    expect(unknown.title).toBe('Penyimpanan status tidak terjangkau');
    expect(renderText(unknown)).toContain('tidak diketahui apakah permintaan itu berlaku');
    const unsafe = storeUnavailableMessage(
      new StoreUnavailableError('no persistence', false, 'STORE_UNSAFE'),
      'id',
    );
    expect(unsafe.title).toBe('Penyimpanan status gagal menulis');
    const en = storeUnavailableMessage(new StoreUnavailableError('down', false));
    expect(en.title).toBe('State store unreachable');
  });
});
