// A serve process started on a cut journal says the data loss where an operator looks (issue 44
// item 18): an error line in the log, /readyz?verbose, and vpsops_store_faults_total{fault="data_loss"}.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { openEmbeddedStore } from '../../src/store/embedded/embedded-store.js';
import { JOURNAL_FILE } from '../../src/store/embedded/journal-file.js';
import { pendingFor } from '../contract/store-contract.js';
import { FakeSlack } from '../support/fake-slack.js';
import { startServeReplica, type ServeReplica } from '../support/serve-replica.js';

const dir = mkdtempSync(join(tmpdir(), 'vpsops-journal-damage-'));
let sim: SimulatorHandle;
let slack: FakeSlack;
let serving: ServeReplica | undefined;

beforeAll(async () => {
  sim = await startSimulator();
  slack = await new FakeSlack().start();
});

afterAll(async () => {
  await serving?.stop();
  await slack.close();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

async function get(port: number, path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: res.status, body: await res.text() };
}

describe('serve on a cut journal', { timeout: 60_000 }, () => {
  it('logs the data loss, and shows it in /readyz?verbose and the metric', async () => {
    // The replica's data dir (startServeReplica's layout), holding six previews, then cut in half.
    const dataDir = join(dir, 'data-cut');
    mkdirSync(dataDir, { recursive: true });
    const store = await openEmbeddedStore(dataDir);
    for (let i = 1; i <= 6; i += 1) await store.pending.put(pendingFor(`t${i}`, Date.now()));
    await store.close();
    const lines = readFileSync(join(dataDir, JOURNAL_FILE), 'utf8').split('\n').filter(Boolean);
    writeFileSync(join(dataDir, JOURNAL_FILE), lines.slice(0, 4).join('\n') + '\n');

    const replica = (serving = await startServeReplica('cut', dir, {
      HOSTING_API_URL: sim.url,
      HOSTING_API_KEY: sim.apiKey,
      SLACK_BOT_TOKEN: slack.botToken,
      SLACK_SIGNING_SECRET: 'journal-damage-secret',
      SLACK_API_URL: slack.apiUrl,
      LOG_LEVEL: 'info',
    }));
    const logged = replica
      .stderr()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged.find((l) => /data loss/.test(String(l.msg)))).toMatchObject({ level: 50, missingLines: 3 });
    const ready = await get(replica.port, '/readyz?verbose');
    expect(ready.body).toMatch(/^ready\nstore: DATA LOSS seen 1 time\(s\) since start/);
    expect((await get(replica.port, '/readyz')).body).toBe('ready\n');
    expect((await get(replica.port, '/metrics')).body).toMatch(
      /vpsops_store_faults_total\{fault="data_loss"\} 1/,
    );
  });
});
