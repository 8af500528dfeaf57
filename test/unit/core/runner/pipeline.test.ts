// The one runner pipeline (audit → authorise → confirm → run → close): a refusal is a value that
// stops the pipeline, is answered once and audited once; a halt skips the later steps; a thrown
// failure is answered by the entry and still closed once.
import { describe, expect, it } from 'vitest';
import { closeRecord, openRecord } from '../../../../src/core/audit/audit-record.js';
import type { AuditLog } from '../../../../src/core/audit/audit.js';
import type { AuditRecord } from '../../../../src/core/command.js';
import { UserError } from '../../../../src/core/errors.js';
import {
  HALT,
  PASS,
  refuse,
  runPipeline,
  type Refusal,
  type Step,
} from '../../../../src/core/runner/pipeline.js';
import { silentLogger } from '../../../../src/logger.js';

const EVENT = {
  id: 'inv-1',
  platform: 'console' as const,
  actor: { platform: 'console' as const, userId: 'u1', displayName: 'alice' },
  channelId: 'c1',
};

function harness(steps: { authorise: Step<string[]>; confirm: Step<string[]>; run: Step<string[]> }) {
  const written: AuditRecord[] = [];
  const audit: AuditLog = {
    write: async (record: AuditRecord) => void written.push({ ...record }),
    recent: async () => [],
    recentAcrossChannels: async () => [],
    unfinished: async () => [],
  } as unknown as AuditLog;
  const opened = openRecord(new Date(0), EVENT, 'instance stop');
  const answers: { refused: Refusal[]; failed: unknown[]; done: number } = {
    refused: [],
    failed: [],
    done: 0,
  };
  const ran: string[] = [];
  const run = () =>
    runPipeline({
      audit: opened,
      state: ran,
      ...steps,
      done: async () => void (answers.done += 1),
      refused: async (refusal) => void answers.refused.push(refusal),
      failed: async (error) => void answers.failed.push(error),
      close: async () => void (await closeRecord(opened, { audit, logger: silentLogger() })),
    });
  return { run, written, answers, ran };
}

const step =
  (name: string, result = PASS): Step<string[]> =>
  (ran) => {
    ran.push(name);
    return result;
  };

describe('runner pipeline', () => {
  it('stops at a denial, answers it once and writes one record saying denied', async () => {
    const denial = new UserError('denied', 'Not for you.');
    const { run, written, answers, ran } = harness({
      authorise: step('authorise', refuse(denial, true)),
      confirm: step('confirm'),
      run: step('run'),
    });
    await run();
    expect(ran).toEqual(['authorise']);
    expect(answers.refused).toEqual([{ error: denial, denied: true }]);
    expect(answers.done).toBe(0);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ decision: 'denied', errorId: 'denied', command: 'instance stop' });
  });

  it('stops at a refused confirmation without calling it a denial', async () => {
    const mismatch = new UserError('typed-mismatch', 'That does not match.');
    const { run, written, answers, ran } = harness({
      authorise: step('authorise'),
      confirm: step('confirm', refuse(mismatch)),
      run: step('run'),
    });
    await run();
    expect(ran).toEqual(['authorise', 'confirm']);
    expect(answers.refused).toHaveLength(1);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ decision: 'invalid', errorId: 'typed-mismatch' });
  });

  it('skips the run after a halt (a preview waits) and answers it as done', async () => {
    const { run, written, answers, ran } = harness({
      authorise: step('authorise'),
      confirm: step('confirm', HALT),
      run: step('run'),
    });
    await run();
    expect(ran).toEqual(['authorise', 'confirm']);
    expect(answers.done).toBe(1);
    expect(written).toHaveLength(1);
  });

  it('answers a thrown failure through the entry and still writes one record', async () => {
    const boom = new Error('api down');
    const { run, written, answers, ran } = harness({
      authorise: step('authorise'),
      confirm: step('confirm'),
      run: () => {
        throw boom;
      },
    });
    await run();
    expect(ran).toEqual(['authorise', 'confirm']);
    expect(answers.failed).toEqual([boom]);
    expect(answers.refused).toEqual([]);
    expect(written).toHaveLength(1);
  });
});
