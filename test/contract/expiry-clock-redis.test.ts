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
import { createApiCallRecorder } from '../../src/core/audit/api-calls.js';
import { createCoreWithState } from '../support/core-with-state.js';
import {
  actors,
  fakeApi,
  fakeCommands,
  POLICY,
  recordingResponder,
  tempConfig,
} from '../support/core-fakes.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';
import { pendingFor } from './store-contract.js';
import { pendingCard } from '../../src/render/buttons.js';

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

describe('confirmation expiry on a shared Redis, across replicas', () => {
  it('a replica 2 minutes fast writes the expiry and checks a click on Redis’s clock', async () => {
    const env = {
      REDIS_URL: server.url,
      VPSOPS_REDIS_PREFIX: 'clock-cards:',
      VPSOPS_REDIS_UNSAFE_PERSISTENCE: '1',
      VPSOPS_CONFIRM_TTL_SECONDS: '60',
    };
    const apiCalls = createApiCallRecorder();
    const api = fakeApi(apiCalls.onCall);
    const deps = { api: api.api, commands: fakeCommands(), apiCalls, learnAliases: false };
    const configs = [tempConfig(POLICY, env), tempConfig(POLICY, env)];
    const good = await createCoreWithState(configs[0]!.config, deps);
    const fast = await createCoreWithState(configs[1]!.config, {
      ...deps,
      now: () => new Date(Date.now() + 120_000),
    });
    let seq = 0;
    const post = async (bot: typeof good) => {
      const responder = recordingResponder();
      const invocation = {
        id: `clock-${(seq += 1)}`,
        platform: 'slack' as const,
        actor: actors.alice,
        channelId: 'C1',
      };
      await bot.dispatcher.dispatch(
        { ...invocation, input: { kind: 'text', text: 'instance stop prod-web' } },
        responder,
      );
      return pendingCard(responder.replies.at(-1)!.message)!.token;
    };
    const click = async (bot: typeof good, token: string) => {
      const responder = recordingResponder();
      const event = {
        id: `click-${(seq += 1)}`,
        platform: 'slack' as const,
        actor: actors.alice,
        channelId: 'C1',
      };
      await bot.dispatcher.act({ ...event, token, action: 'confirm' }, responder);
      return responder;
    };
    try {
      // Its card's expiry is a minute from now on Redis's clock, not three.
      const before = Date.now();
      const written = await good.store.pending.get(await post(fast));
      expect(written!.expiresAt).toBeGreaterThanOrEqual(before + 60_000 - 5_000);
      expect(written!.expiresAt).toBeLessThanOrEqual(Date.now() + 60_000 + 5_000);

      // A card another replica posted a moment ago is still live when the fast replica takes the click.
      const token = await post(good);
      await click(fast, token);
      expect((await good.store.pending.get(token))?.resolution).toBe('confirmed');
      expect(api.count('instance.stop')).toBe(1);
    } finally {
      await good.close();
      await fast.close();
      for (const { dir } of configs) await rm(dir, { recursive: true, force: true });
    }
  });
});
