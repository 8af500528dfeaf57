// The behaviour every AuditLog must have (the audit.jsonl file and the Redis stream): newest first
// per channel, write-ahead `calling` records hidden once their outcome is written and listed by
// unfinished() until then, and the redactor applied to everything written.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Redactor } from '../../src/api/redact.js';
import type { AuditLog } from '../../src/core/audit/audit.js';
import type { AuditRecord } from '../../src/core/command.js';

/** What a test file provides: a fresh, empty audit log, and how to dispose of it. */
export type OpenAudit = (options: {
  redact: Redactor;
}) => Promise<{ log: AuditLog; cleanup(): Promise<void> }>;

const T0 = Date.parse('2026-11-23T10:00:00.000Z');

/** An audit record at T0 + n seconds; `extra` wins. */
export function auditRecordFor(n: number, channelId = 'C1', extra: Partial<AuditRecord> = {}): AuditRecord {
  return {
    time: new Date(T0 + n * 1000).toISOString(),
    invocationId: `inv-${n}`,
    platform: 'slack',
    userId: 'U1',
    displayName: 'Ada',
    channelId,
    command: 'instance stop',
    args: { instance: 'web-1' },
    decision: 'allowed',
    result: 'ok',
    durationMs: n,
    ...extra,
  };
}

/** Registers the audit contract for one implementation. */
export function describeAuditContract(name: string, open: OpenAudit): void {
  describe(`AuditLog contract: ${name}`, () => {
    let log: AuditLog;
    let cleanup: () => Promise<void> = async () => {};
    beforeEach(async () => {
      const opened = await open({ redact: (text) => text.replaceAll('sk-live-123456', '[redacted]') });
      log = opened.log;
      cleanup = opened.cleanup;
    });
    afterEach(async () => {
      await log.close();
      await cleanup();
    });

    it('reads back one channel’s records, newest first, optionally one platform, within the limit', async () => {
      await log.write(auditRecordFor(1));
      await log.write(auditRecordFor(2, 'C2'));
      await log.write(auditRecordFor(3, 'C1', { platform: 'discord' }));
      await log.write(auditRecordFor(4));
      expect((await log.recent('C1', 10)).map((r) => r.invocationId)).toEqual(['inv-4', 'inv-3', 'inv-1']);
      expect((await log.recent('C1', 10, 'slack')).map((r) => r.invocationId)).toEqual(['inv-4', 'inv-1']);
      expect((await log.recent('C1', 1)).map((r) => r.invocationId)).toEqual(['inv-4']);
      expect(await log.recent('C2', 10)).toEqual([auditRecordFor(2, 'C2')]);
      expect(await log.recent('none', 10)).toEqual([]);
    });

    it('finds the record that answered an invocation’s confirmation, and nothing for one never answered', async () => {
      await log.write(
        auditRecordFor(1, 'C1', { invocationId: 'inv-a', confirmation: 'pending', result: 'ok' }),
      );
      await log.write(
        auditRecordFor(2, 'C1', { invocationId: 'inv-a', confirmation: 'refused', result: 'error' }),
      );
      await log.write(
        auditRecordFor(3, 'C1', { invocationId: 'inv-b', confirmation: 'pending', result: 'ok' }),
      );
      await log.write(
        auditRecordFor(4, 'C1', {
          invocationId: 'inv-a',
          confirmation: 'confirmed',
          result: 'calling',
          callId: 'c-1',
        }),
      );
      expect(await log.answered('inv-a')).toMatchObject({ confirmation: 'confirmed', callId: 'c-1' });
      expect(await log.answered('inv-b')).toBeUndefined();
      await log.write(
        auditRecordFor(5, 'C1', { invocationId: 'inv-b', confirmation: 'cancelled', result: 'cancelled' }),
      );
      expect(await log.answered('inv-b')).toMatchObject({ confirmation: 'cancelled' });
    });

    it('reads back every channel and platform, newest first, within the limit', async () => {
      await log.write(auditRecordFor(1));
      await log.write(auditRecordFor(2, 'C2'));
      await log.write(auditRecordFor(3, 'C1', { platform: 'discord' }));
      await log.write(auditRecordFor(4, 'C3', { result: 'calling', callId: 'call-x' }));
      await log.write(auditRecordFor(5, 'C3', { callId: 'call-x' }));
      expect((await log.recentAcrossChannels(10)).map((r) => r.invocationId)).toEqual([
        'inv-5',
        'inv-3',
        'inv-2',
        'inv-1',
      ]);
      expect((await log.recentAcrossChannels(2)).map((r) => r.invocationId)).toEqual(['inv-5', 'inv-3']);
    });

    it('lists a write-ahead call until its outcome is written, then only the outcome', async () => {
      await log.write(auditRecordFor(1, 'C1', { result: 'calling', callId: 'call-a', replica: 'r1' }));
      await log.write(auditRecordFor(2, 'C1', { result: 'calling', callId: 'call-b', replica: 'r1' }));
      await log.write(auditRecordFor(3, 'C1', { result: 'calling', callId: 'call-c', replica: 'r2' }));
      expect((await log.unfinished(T0 + 10_000)).map((r) => r.callId)).toEqual([
        'call-a',
        'call-b',
        'call-c',
      ]);
      expect((await log.unfinished(T0 + 2_500)).map((r) => r.callId)).toEqual(['call-a', 'call-b']);
      await log.write(auditRecordFor(4, 'C1', { result: 'ok', callId: 'call-b' }));
      await log.write(auditRecordFor(5, 'C1', { result: 'unknown', callId: 'call-a', interrupted: true }));
      expect((await log.unfinished(T0 + 10_000)).map((r) => r.callId)).toEqual(['call-c']);
      const shown = await log.recent('C1', 10);
      expect(shown.map((r) => `${r.callId}:${r.result}`)).toEqual([
        'call-a:unknown',
        'call-b:ok',
        'call-c:calling',
      ]);
    });

    it('writes nothing the redactor catches', async () => {
      await log.write(auditRecordFor(1, 'C1', { summary: 'API said: bad key sk-live-123456' }));
      const [record] = await log.recent('C1', 1);
      expect(record?.summary).toBe('API said: bad key [redacted]');
      expect(JSON.stringify(await log.recent('C1', 10))).not.toContain('sk-live-123456');
    });
  });
}
