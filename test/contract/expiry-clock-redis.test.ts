// Expiry across replicas decides on one clock, Redis's: a replica whose clock is minutes fast and
// could take the sweeper lease expires nothing and says why, and a replica within the tolerance
// expires a card when Redis's clock says so, not its own.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLog } from '../../src/core/audit/audit.js';
import { openAuditLog } from '../../src/store/embedded/file-audit-log.js';
import { createExpirySweep, SWEEPER_LEASE } from '../../src/core/confirmation/expiry.js';
import { NO_METRICS } from '../../src/core/metrics-port.js';
import type { BotStore } from '../../src/core/store.js';
import { createLogger } from '../../src/logger.js';
import { openRedisStore } from '../../src/store/redis/redis-store.js';
import { recordingResponder } from '../support/core-fakes.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';
import { pendingFor } from './store-contract.js';

let server: TestRedisServer;
beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await server?.stop();
});

/** A replica's sweeper whose clock is `offsetMs` off the real one, and the log lines it wrote. */
function replica(store: BotStore, audit: AuditLog, offsetMs: number) {
  const out = new PassThrough();
  const lines: { level: number; msg: string }[] = [];
  out.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as never);
  });
  const responder = recordingResponder();
  const owner = `replica${offsetMs}`;
  const sweep = createExpirySweep(
    {
      store,
      audit,
      now: () => new Date(Date.now() + offsetMs),
      logger: createLogger({ level: 'info', destination: out }),
      metrics: NO_METRICS,
    },
    { owner, responderFor: () => responder },
  );
  return { sweep, lines, responder, owner };
}

describe('expiry sweeper on a shared Redis', () => {
  it('expires on Redis’s clock and refuses to sweep from a replica whose clock is 2 minutes fast', async () => {
    const prefix = 'clock:';
    const store = await openRedisStore({ url: server.url, prefix });
    const dir = await mkdtemp(join(tmpdir(), 'vpsops-clock-'));
    const audit = await openAuditLog(dir);
    try {
      const at = Date.now();
      const card = { platform: 'slack' as const, channelId: 'C1', id: 'card-1' };
      await store.pending.put(pendingFor('fresh', at, { expiresAt: at + 120_000, cardRef: card }));
      await store.pending.put(pendingFor('soon', at, { expiresAt: at + 10_000, cardRef: card }));
      await store.pending.put(pendingFor('past', at - 130_000, { expiresAt: at - 1_000, cardRef: card }));

      const fast = replica(store, audit, 150_000);
      await fast.sweep();
      expect(await store.leases.holder(SWEEPER_LEASE)).toBeNull();
      for (const token of ['fresh', 'soon', 'past'])
        expect((await store.pending.get(token))?.status).toBe('pending');
      expect(fast.responder.updates).toEqual([]);
      const loud = fast.lines.filter((line) => line.level >= 50);
      expect(loud).toHaveLength(1);
      expect(loud[0]!.msg).toMatch(/clock is 150 s off the store's/);

      // 20 s fast is within the tolerance: it sweeps, and only what Redis's clock says is due.
      const near = replica(store, audit, 20_000);
      await near.sweep();
      expect(await store.leases.holder(SWEEPER_LEASE)).toBe(near.owner);
      expect((await store.pending.get('past'))?.resolution).toBe('expired');
      expect((await store.pending.get('soon'))?.status).toBe('pending');
      expect((await store.pending.get('fresh'))?.status).toBe('pending');
      expect(near.lines.filter((line) => line.level >= 50)).toEqual([]);
    } finally {
      await audit.close();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
