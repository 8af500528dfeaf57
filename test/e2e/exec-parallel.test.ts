// Scripts and cron jobs run `vpsops exec` in parallel on one data dir: six at once all succeed (each
// waits its turn for the embedded store instead of being refused with exit 2), every run's audit
// record is kept, and the confirmed stop among them is confirmed and called exactly once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../src/core/audit-types.js';
import { childReaper } from '../support/cleanup.js';
import { createCliWorld } from '../support/console-cli.js';
import { CONSOLE_POLICY } from '../support/console-session.js';
import { startSimulatorProcess } from '../support/simulator-process.js';

const world = createCliWorld(CONSOLE_POLICY);
const children = childReaper();
afterAll(async () => {
  await children.reap();
  world.remove();
});

describe('parallel exec runs on one data dir', () => {
  it(
    'all succeed, six at once, and the one confirmation among them is taken once',
    { timeout: 120_000 },
    async () => {
      const api = { HOSTING_API_URL: await startSimulatorProcess(children, 'parallel-key-1234', []) };
      const env = { ...api, HOSTING_API_KEY: 'parallel-key-1234' };
      const dataDir = join(world.dir, 'shared-data');
      const reads = Array.from({ length: 5 }, () =>
        world.run(['exec', 'instance show web-1'], { dataDir, env }),
      );
      const stop = world.run(['exec', 'instance stop web-1', '--confirm', 'web-1'], { dataDir, env });
      const runs = await Promise.all([...reads, stop]);
      expect(
        runs.map((run) => run.code),
        runs.map((run) => run.stderr).join('\n'),
      ).toEqual([0, 0, 0, 0, 0, 0]);
      for (const run of runs.slice(0, 5)) expect(run.stdout).toMatch(/web-1/);

      const audit = readFileSync(join(dataDir, 'audit.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as AuditRecord);
      expect(audit.filter((r) => r.command === 'instance show')).toHaveLength(5);
      const stops = audit.filter((r) => r.command === 'instance stop');
      // One confirmed call, written ahead (`calling`) and closed (`ok`) once.
      const confirmed = stops.filter((r) => r.confirmation === 'confirmed');
      expect(confirmed.map((r) => r.result).sort()).toEqual(['calling', 'ok']);
      expect(new Set(confirmed.map((r) => r.callId)).size).toBe(1);
    },
  );
});
