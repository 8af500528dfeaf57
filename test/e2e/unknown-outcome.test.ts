// Fault injection for every state-changing command against the simulator: the API does the work
// and then the connection resets, the answer is a 200 with HTML, or the answer never comes before
// the client's timeout. Each time: exactly one API request (no automatic retry), the audit says
// `unknown`, and the reply says it may have happened, what to check, and not to repeat it blindly.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EndpointName } from '../../src/api/endpoints.js';
import type { AuditRecord } from '../../src/core/command.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import type { Fault } from '../../src/simulator/types.js';
import { ACTORS, startHarness, type Harness, type Outcome } from '../support/command-harness.js';

const { instances, publicIps, networks, snapshots, backups } = SEED_IDS;

interface Case {
  text: string;
  endpoint: EndpointName;
  /** How it is confirmed: a typed text, a plain click, or not at all (change commands run at once). */
  confirm: string | true | false;
  /** The read command the reply must name (null: no read command can check it). */
  check: string | null;
  /** Followed to completion anyway. */
  follows: boolean;
}

const CASES: Case[] = [
  {
    text: 'instance stop web-1',
    endpoint: 'instance.stop',
    confirm: true,
    check: 'instance show web-1',
    follows: true,
  },
  {
    text: `instance delete ${instances.web2}`,
    endpoint: 'instance.delete',
    confirm: 'web-2',
    check: 'instance show web-2',
    follows: true,
  },
  {
    text: 'instance console web-1',
    endpoint: 'instance.console',
    confirm: false,
    check: 'instance show web-1',
    follows: false,
  },
  {
    text: `snapshot delete web-1 ${snapshots.web1Daily}`,
    endpoint: 'snapshot.delete',
    confirm: true,
    check: null,
    follows: false,
  },
  {
    text: `snapshot rollback web-1 ${snapshots.web1Daily}`,
    endpoint: 'snapshot.rollback',
    confirm: true,
    check: 'instance show web-1',
    follows: false,
  },
  {
    text: `backup restore web-1 ${backups.web1Latest}`,
    endpoint: 'backup.restore',
    confirm: true,
    check: 'instance show web-1',
    follows: false,
  },
  {
    text: `backup delete web-1 ${backups.web1Previous}`,
    endpoint: 'backup.delete',
    confirm: true,
    check: 'backup list web-1',
    follows: false,
  },
  {
    text: 'firewall ipset-create web-1 blocklist',
    endpoint: 'firewall.ipsetCreate',
    confirm: false,
    check: null,
    follows: false,
  },
  {
    text: `ip add ${instances.db1}`,
    endpoint: 'ip.add',
    confirm: true,
    check: 'instance show db-1',
    follows: false,
  },
  {
    text: `ip move ${publicIps.web1} ${instances.db1}`,
    endpoint: 'ip.changeInstance',
    confirm: true,
    check: 'instance show db-1',
    follows: true,
  },
  {
    text: `network attach ${instances.web2} ${networks.backend.uuid}`,
    endpoint: 'network.vswitch',
    confirm: true,
    check: `network show ${networks.backend.uuid}`,
    follows: false,
  },
  {
    text: 'storage create data-1 --size 50',
    endpoint: 'storage.create',
    confirm: true,
    check: null,
    follows: false,
  },
];

/**
 * `apiTimeoutMs`: the client's per-attempt timeout. Only the hang needs it short; the cases run five
 * at a time, so the reads before each change are given room (a read timing out would be a refusal).
 */
const FAULTS: {
  name: string;
  fault: (endpoint: EndpointName) => Fault;
  reason: RegExp;
  apiTimeoutMs: number;
}[] = [
  {
    name: 'connection reset after the request was received',
    fault: (endpoint) => ({ endpoint, kind: 'reset', applied: true }),
    reason: /could not be reached .*after the request was sent/,
    apiTimeoutMs: 5_000,
  },
  {
    name: '200 with an HTML body',
    fault: (endpoint) => ({ endpoint, kind: 'malformed', applied: true }),
    reason: /sent a response the bot cannot use \(HTTP 200\)/,
    apiTimeoutMs: 5_000,
  },
  {
    name: 'no answer before the client timeout',
    fault: (endpoint) => ({ endpoint, kind: 'hang', applied: true }),
    reason: /did not answer in time .*after the request was sent/,
    apiTimeoutMs: 1_000,
  },
];

/**
 * A harness of its own for the running test, closed when it ends (generous: under a loaded CI
 * machine closing a bot, its store and the simulator can take a while). Each case has its own
 * simulator and data dir, so the cases run side by side: most of their time is waiting on sockets
 * and the client timeout.
 */
async function harnessFor(
  context: { onTestFinished: (fn: () => Promise<void>, timeout?: number) => void },
  options?: Parameters<typeof startHarness>[0],
): Promise<Harness> {
  const h = await startHarness(options);
  context.onTestFinished(() => h.close(), 60_000);
  return h;
}

function auditRecords(dataDir: string): AuditRecord[] {
  return readFileSync(join(dataDir, 'audit.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AuditRecord);
}

async function runCase(h: Harness, c: Case): Promise<Outcome> {
  const first = await h.run(c.text, ACTORS.operator);
  if (c.confirm === false) return first;
  expect(first.token, `${c.text} should ask for confirmation`).toBeDefined();
  return h.confirm(first.token!, ACTORS.operator, c.confirm === true ? undefined : c.confirm);
}

describe('a state-changing call whose outcome cannot be known', () => {
  for (const { name, fault, reason, apiTimeoutMs } of FAULTS) {
    describe.concurrent(name, () => {
      for (const c of CASES) {
        it(`${c.text}: one request, audited unknown, "may have happened" with what to check`, async (context) => {
          const h = await harnessFor(context, { apiTimeoutMs });
          h.sim.faults.inject(fault(c.endpoint));
          const out = await runCase(h, c);

          expect(h.sim.countRequests(c.endpoint)).toBe(1);
          expect(out.message.title).toBe('Outcome unknown');
          expect(out.text).toContain(`may or may not have happened`);
          expect(out.text).toMatch(reason);
          expect(out.text).toContain('Do not run it again blindly');
          expect(out.text).not.toMatch(/try again/i);
          if (c.check) expect(out.text).toContain(`\`${c.check}\``);
          if (c.confirm !== false) {
            expect(out.message.actions).toBeUndefined();
            expect(out.text).toMatch(/Confirmed by @oscar at \d\d:\d\d:\d\d UTC — outcome unknown\./);
          }

          const records = auditRecords(h.dataDir).filter(
            (r) => r.command === c.text.split(' ').slice(0, 2).join(' '),
          );
          const last = records.at(-1)!;
          expect(last.result).toBe('unknown');
          expect(last.errorId).toMatch(/^api:(NETWORK|TIMEOUT|UPSTREAM_INVALID)$/);
          if (c.confirm !== false) {
            const calling = records.find((r) => r.result === 'calling');
            expect(calling?.callId).toBeDefined();
            expect(last.callId).toBe(calling?.callId);
          }
          expect(h.followed.length).toBe(c.follows ? 1 : 0);
          // Nothing retried it later either.
          await new Promise((resolve) => setTimeout(resolve, 100));
          expect(h.sim.countRequests(c.endpoint)).toBe(1);
        });
      }
    });
  }
});

describe.concurrent('what is not an unknown outcome', () => {
  it('a refusal the API explains (409 with its message) is a plain failure', async (context) => {
    const h = await harnessFor(context);
    h.sim.faults.inject({
      endpoint: 'instance.stop',
      kind: 'status',
      status: 409,
      message: 'Instance is busy.',
    });
    const preview = await h.run('instance stop web-1', ACTORS.operator);
    const out = await h.confirm(preview.token!, ACTORS.operator);
    expect(out.message.title).toBe('Hosting API error');
    expect(out.text).toContain('Instance is busy.');
    expect(auditRecords(h.dataDir).at(-1)?.result).toBe('error');
  });

  it('a 502 from a gateway in front of the API leaves the outcome unknown', async (context) => {
    const h = await harnessFor(context);
    h.sim.faults.inject({ endpoint: 'backup.delete', kind: 'status', status: 502 });
    const preview = await h.run(`backup delete web-1 ${backups.web1Previous}`, ACTORS.operator);
    const out = await h.confirm(preview.token!, ACTORS.operator);
    expect(out.message.title).toBe('Outcome unknown');
    expect(out.text).toContain('`backup list web-1`');
    expect(h.sim.countRequests('backup.delete')).toBe(1);
  });

  it('a read answered with HTML is an ordinary error, retried as reads are', async (context) => {
    const h = await harnessFor(context);
    h.sim.faults.inject({ endpoint: 'instance.detail', kind: 'malformed', times: 1 });
    const out = await h.run('instance show web-1', ACTORS.viewer);
    expect(out.message.title).toBe('Hosting API error');
    expect(out.text).not.toContain('may or may not have happened');
  });
});
