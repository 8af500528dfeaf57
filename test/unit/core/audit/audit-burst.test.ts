// A burst of audit writes (20 commands finishing together) shares appends; every record still
// lands once, in the order written, and each write settles only once its own line is in the file.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_FILE, openAuditLog } from '../../../../src/store/embedded/file-audit-log.js';
import type { AuditRecord } from '../../../../src/core/command.js';

const record = (n: number): AuditRecord => ({
  time: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  invocationId: `inv-${n}`,
  platform: 'slack',
  userId: 'U1',
  displayName: 'alice',
  channelId: 'C1',
  command: 'instance show',
  args: {},
  decision: 'allowed',
  confirmation: 'not-needed',
  result: 'ok',
  durationMs: 1,
});

async function invocationIds(dir: string): Promise<string[]> {
  const text = await readFile(join(dir, AUDIT_FILE), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as AuditRecord).invocationId);
}

describe('audit log under a burst of writes', () => {
  it('writes every record once, in order, and settles each write after its line is on disk', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vpsops-audit-burst-'));
    try {
      const log = await openAuditLog(dir);
      const seenAtSettle: boolean[] = [];
      await Promise.all(
        Array.from({ length: 50 }, (_, n) =>
          log.write(record(n)).then(async () => {
            seenAtSettle[n] = (await invocationIds(dir)).includes(`inv-${n}`);
          }),
        ),
      );
      await log.write(record(50));
      expect(await invocationIds(dir)).toEqual(Array.from({ length: 51 }, (_, n) => `inv-${n}`));
      expect(seenAtSettle).toEqual(Array.from({ length: 50 }, () => true));
      await log.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
