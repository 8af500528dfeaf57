// The tracker writes its progress and outcome lines in the card's language (FollowTarget.locale),
// keeps it across a restart (the stored operation), and is English when none is given.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors.js';
import type { FollowSpec } from '../../../src/core/command.js';
import type { MessageRef } from '../../../src/core/ports.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import type { Message } from '../../../src/render/message.js';
import type { Locale } from '../../../src/i18n/locale.js';
import {
  createOperationTracker,
  formatElapsed,
  type FinalOutcome,
  type RunningTracker,
} from '../../../src/tracking/index.js';
import { editRecorder } from '../../support/edit-recorder.js';
import { fakeHostingApi, instanceDetail } from '../../support/fake-api.js';

const UUID = '7995e990-c3bf-4e27-8ce2-89fd5783f9ea';
const REF: MessageRef = { platform: 'slack', channelId: 'C1', id: '1700000000.000100' };
const ASKER = { actor: { platform: 'slack', userId: 'U1', displayName: 'A' }, channelId: 'C1' } as const;
const STOP: FollowSpec = {
  kind: 'instance-status',
  instanceUuid: UUID,
  label: 'web-1',
  verb: 'stopping',
  doneStatuses: ['Stopped'],
};

const trackers: RunningTracker[] = [];
afterEach(() => {
  for (const tracker of trackers.splice(0)) tracker.stop();
});

const lines = (m: Message | undefined): string[] =>
  m ? m.blocks.map((b) => ('text' in b ? b.text : '')) : [];

/** Follows `spec` against an API answering `answers` in turn (the last one repeats), one second per poll. */
async function follow(
  spec: FollowSpec,
  answers: ({ status: string } | ApiError)[],
  locale?: Locale,
  timeoutMs = 60_000,
): Promise<{ updates: Message[]; outcome: FinalOutcome }> {
  const clock = { now: 0 };
  let call = 0;
  const api = fakeHostingApi({
    instances: {
      async detail(uuid: string) {
        clock.now += 1000;
        const answer = answers[Math.min(call++, answers.length - 1)];
        if (answer instanceof ApiError) throw answer;
        return instanceDetail({ uuid, hostname: 'web-1', ...answer });
      },
    },
  });
  let settle: (outcome: FinalOutcome) => void = () => undefined;
  const ended = new Promise<FinalOutcome>((resolve) => (settle = resolve));
  const tracker = createOperationTracker({
    api,
    store: createMemoryStore(),
    pollMinMs: 1,
    pollMaxMs: 1,
    editIntervalMs: 1,
    timeoutMs,
    now: () => clock.now,
    onDone: (_op, outcome) => settle(outcome),
  });
  trackers.push(tracker);
  const responder = editRecorder(REF);
  await tracker.follow(spec, { responder, ref: REF, ...ASKER, startedAt: 0, ...(locale ? { locale } : {}) });
  const outcome = await ended;
  return { updates: responder.updates, outcome };
}

describe('the tracker in the card’s language', () => {
  it('writes progress and the end in Indonesian, the status beside its translation', async () => {
    const { updates, outcome } = await follow(STOP, [{ status: 'Stopping' }, { status: 'Stopped' }], 'id');
    expect(lines(updates[0]).join('\n')).toContain(
      '⏳ web-1: menghentikan… 1 detik (status Sedang berhenti (Stopping))',
    );
    expect(outcome.line).toBe('✅ web-1 kini Berhenti (Stopped) — selesai dalam 2 detik');
    expect(updates.at(-1)?.summary).toBe('web-1 kini Berhenti (Stopped) — selesai dalam 2 detik');
  });

  it('keeps English when no language is given (unchanged wording)', async () => {
    const { updates, outcome } = await follow(STOP, [{ status: 'Stopping' }, { status: 'Stopped' }]);
    expect(lines(updates[0]).join('\n')).toContain('⏳ web-1: stopping… 1 s (status Stopping)');
    expect(outcome.line).toBe('✅ web-1 is Stopped — done in 2 s');
  });

  it('says a failure and a vanished instance in Indonesian', async () => {
    const failed = await follow(STOP, [{ status: 'Error' }], 'id');
    expect(failed.outcome.line).toBe(
      '❌ web-1: menghentikan gagal setelah 1 detik — statusnya Galat (Error)',
    );
    const gone = await follow(
      STOP,
      [{ status: 'Stopping' }, new ApiError('NOT_FOUND', 'instance.detail', { status: 404 })],
      'id',
    );
    expect(gone.outcome.line).toContain(
      'instans sudah tidak ada (status terakhir Sedang berhenti (Stopping))',
    );
  });

  it('says a timeout in Indonesian with the last API error in Indonesian', async () => {
    const { outcome } = await follow(
      STOP,
      [new ApiError('TIMEOUT', 'instance.detail', { detail: '127.0.0.1:1, ETIMEDOUT' })],
      'id',
      2500,
    );
    expect(outcome.result).toBe('timed-out');
    expect(outcome.line).toBe(
      '⚠️ web-1: berhenti diikuti setelah 3 detik — menghentikan belum selesai (tidak ada pemeriksaan status yang berhasil; pemeriksaan terakhir gagal: API hosting tidak menjawab tepat waktu (127.0.0.1:1, ETIMEDOUT))',
    );
  });

  it('names a deletion in Indonesian', async () => {
    const gone = new ApiError('NOT_FOUND', 'instance.detail', { status: 404 });
    const deleted = await follow({ ...STOP, kind: 'instance-gone', verb: 'terminating' }, [gone], 'id');
    expect(deleted.outcome.line).toBe('✅ web-1 terhapus — selesai dalam 1 detik');
  });

  it('formats elapsed time per locale', () => {
    expect(formatElapsed(125_000, 'id')).toBe('2 menit 5 detik');
    expect(formatElapsed(3_720_000, 'id')).toBe('1 jam 2 menit');
    expect(formatElapsed(3_720_000)).toBe('1 h 2 min');
  });
});
