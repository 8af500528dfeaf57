// Every command through the real console REPL against the embedded simulator: one happy input
// (asserting the printed text and, for API commands, that its endpoint was called) and one
// failing input each. Rows share one session and run in order, like an operator's shift; a row
// whose change is followed waits for its closing line (one destructive operation per server).
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointName } from '../../src/api/endpoints.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { ROWS } from '../fixtures/console-smoke-rows.js';
import { startConsoleSession, type ConsoleSession } from '../support/console-session.js';

const I = SEED_IDS.instances;

describe('console smoke: every command, happy and failing', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    // Followed changes are polled every 100 ms, not the product's 2 s, and a server starts in
    // 50 ms, not the simulator's 1 s: the rows wait on their closing lines, not on timers.
    session = await startConsoleSession({
      env: { VPSOPS_TRACK_POLL_MIN_MS: '100' },
      timing: { startMs: 50 },
    });
  });
  afterAll(async () => {
    await session?.close();
  });

  const sendAll = async (lines: string[]) => {
    let text = '';
    for (const line of lines) text += await session.send(line);
    return text;
  };

  for (const row of ROWS) {
    it(`${row.command}: prints the result of a good input and a clear error for a bad one`, async () => {
      const sim = session.app.simulator!;
      const before = row.endpoint ? sim.countRequests(row.endpoint) : 0;
      const happy = await sendAll(row.happy);
      for (const pattern of row.shows) expect(happy).toMatch(pattern);
      expect(happy).not.toMatch(/Something went wrong/);
      if (row.endpoint) expect(sim.countRequests(row.endpoint)).toBeGreaterThan(before);
      if (row.followedTo) await session.waitFor(row.followedTo);
      const failing = await sendAll(row.failing);
      expect(failing).toMatch(row.fails);
    });
  }

  it('reached every hosting-API endpoint (the 22 and E1–E6) and never printed undefined or NaN', () => {
    const sim = session.app.simulator!;
    const missed = (Object.keys(ENDPOINTS) as EndpointName[]).filter((name) => sim.countRequests(name) === 0);
    expect(missed).toEqual([]);
    expect(session.transcript()).not.toMatch(/\bundefined\b|\bNaN\b|\[object Object\]/);
  });

  it('left the changes visible in the simulator', () => {
    const state = session.app.simulator!.state;
    expect(state.getSnapshots(I.web1).map((s) => s.uuid)).not.toContain(SEED_IDS.snapshots.web1Daily);
    expect(state.getBackups(I.web1).map((b) => b.uuid)).not.toContain(SEED_IDS.backups.web1Previous);
    expect(state.getInstance(I.cache1)?.status).toBe('Stopped');
    expect(state.getBlockStorages().map((b) => b.name)).toContain('logs');
    const chart = /saved to (\S+\.png)/.exec(session.transcript())?.[1];
    expect(chart && existsSync(chart)).toBe(true);
  });
});
