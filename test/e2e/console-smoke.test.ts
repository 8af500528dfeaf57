// Every command through the real console REPL against the embedded simulator: one happy input
// (asserting the printed text and, for API commands, that its endpoint was called) and one
// failing input each. Rows share one session and run in order, like an operator's shift.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointName } from '../../src/api/endpoints.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { startConsoleSession, type ConsoleSession } from '../support/console-session.js';

const I = SEED_IDS.instances;
const NET = SEED_IDS.networks.backend.uuid;
const MISSING = '00000000-0000-4000-8000-000000000000';

interface Row {
  command: string;
  /** Lines typed (a command, then any confirmation answer). */
  happy: string[];
  shows: RegExp[];
  endpoint?: EndpointName;
  failing: string[];
  fails: RegExp;
}

const ROWS: Row[] = [
  {
    command: 'status (nothing bound)',
    happy: ['whoami'],
    shows: [/console:alice|alice/, /admin/],
    failing: ['status'],
    fails: /No instance bound/,
  },
  {
    command: 'instance show',
    happy: ['instance show web-1'],
    shows: [/web-1/, /Running/, /203\.0\.113\.10/],
    endpoint: 'instance.detail',
    failing: ['instance show nosuch'],
    fails: /Unknown instance `nosuch`/,
  },
  {
    command: 'instance console',
    happy: ['instance console web-1'],
    shows: [/wss:\/\//, /password/i],
    endpoint: 'instance.console',
    failing: [`instance console ${MISSING}`],
    fails: /HTTP 404/,
  },
  {
    command: 'instance metrics',
    happy: ['instance metrics web-1 --period hour'],
    shows: [/CPU/, /60 samples/, /saved to .*\.png/],
    endpoint: 'instance.rrd',
    failing: ['instance metrics web-1 --period decade'],
    fails: /choose one of hour/,
  },
  {
    command: 'instance no-ip',
    happy: ['instance no-ip 1'],
    shows: [/db-1/],
    endpoint: 'instance.noIp',
    failing: ['instance no-ip abc'],
    fails: /whole number/,
  },
  {
    command: 'snapshot delete',
    happy: [`snapshot delete web-1 ${SEED_IDS.snapshots.web1Daily}`, 'y'],
    shows: [/Confirm\? \[y\/N\]/, /Confirmed by @alice/],
    endpoint: 'snapshot.delete',
    failing: ['snapshot delete web-1 not-a-uuid'],
    fails: /must be a uuid/,
  },
  {
    command: 'snapshot rollback',
    happy: [`snapshot rollback web-1 ${SEED_IDS.snapshots.web1PreDeploy}`, 'y'],
    shows: [/rolled back/i, /Confirmed by @alice/],
    endpoint: 'snapshot.rollback',
    failing: [`snapshot rollback web-1 ${SEED_IDS.snapshots.web1Daily}`, 'y'],
    fails: /Snapshot not found/,
  },
  {
    command: 'backup list',
    happy: ['backup list web-1'],
    shows: [/Page 1 of 3/, /--page 2/],
    endpoint: 'backup.history',
    failing: ['backup list web-1 --page 0'],
    fails: /Invalid --page/,
  },
  {
    command: 'backup restore',
    happy: [`backup restore web-1 ${SEED_IDS.backups.web1Latest}`, 'y'],
    shows: [/Restore requested for web-1/],
    endpoint: 'backup.restore',
    failing: ['backup restore web-1 xyz'],
    fails: /must be a uuid/,
  },
  {
    command: 'backup delete',
    happy: [`backup delete web-1 ${SEED_IDS.backups.web1Previous}`, 'y'],
    shows: [/Backup deleted/],
    endpoint: 'backup.delete',
    failing: [`backup delete web-1 ${MISSING}`, 'y'],
    fails: /not found/i,
  },
  {
    command: 'firewall ipset-create',
    happy: ['firewall ipset-create web-1 office --description "Office IPs"'],
    shows: [/IPSet office created on web-1/, /Office IPs/],
    endpoint: 'firewall.ipsetCreate',
    failing: ['firewall ipset-create web-1'],
    fails: /Missing <name>/,
  },
  {
    command: 'ip add',
    happy: ['ip add worker-1', 'y'],
    shows: [/Public IP 203\.0\.113\.\d+ added to worker-1/],
    endpoint: 'ip.add',
    failing: ['ip add web-1'],
    fails: /already has public IP/,
  },
  {
    command: 'ip move',
    happy: [`ip move ${SEED_IDS.publicIps.web1} db-1`, 'y'],
    shows: [/Public IP moved to db-1/],
    endpoint: 'ip.changeInstance',
    failing: [`ip move ${SEED_IDS.publicIps.web2} cache-1`, 'y'],
    fails: /HTTP 409/,
  },
  {
    command: 'network detach',
    happy: [`network detach web-1 ${NET}`, 'y'],
    shows: [/web-1 detached from backend/],
    endpoint: 'network.vswitch',
    failing: [`network detach web-1 ${NET}`],
    fails: /not attached/,
  },
  {
    command: 'network attach',
    happy: [`network attach web-1 ${NET}`, 'y'],
    shows: [/web-1 attached to backend/],
    endpoint: 'network.vswitch',
    failing: [`network attach web-1 ${NET}`],
    fails: /already attached/,
  },
  {
    command: 'network show',
    happy: [`network show ${NET}`],
    shows: [/backend/, /Gateway\s+db-1/],
    endpoint: 'network.details',
    failing: [`network show ${MISSING}`],
    fails: /HTTP 404/,
  },
  {
    command: 'network graph',
    happy: [`network graph ${SEED_IDS.networks.backend.id}`],
    shows: [/switch/, /db-1/],
    endpoint: 'network.graph',
    failing: ['network graph 99'],
    fails: /HTTP 404/,
  },
  {
    command: 'storage create',
    happy: ['storage create logs --size 50', 'y'],
    shows: [/Block storage logs is being created/],
    endpoint: 'storage.create',
    failing: ['storage create'],
    fails: /Missing <name>/,
  },
  {
    command: 'os list',
    happy: ['os list'],
    shows: [/Ubuntu/, /Windows Server/],
    endpoint: 'systems.list',
    failing: ['os list --location x'],
    fails: /whole number/,
  },
  {
    command: 'sshkey unassigned',
    happy: [`sshkey unassigned ${SEED_IDS.vmIds.web1}`],
    shows: [/SSH keys not assigned to VM 101/],
    endpoint: 'sshkey.unassigned',
    failing: ['sshkey unassigned 0'],
    fails: /Invalid <vm-id>/,
  },
  {
    command: 'billing methods',
    happy: ['billing methods --amount 100000'],
    shows: [/QRIS/, /Bank transfer/],
    endpoint: 'billing.paymentMethods',
    failing: ['billing methods --amount -5'],
    fails: /Invalid --amount/,
  },
  {
    command: 'billing reports',
    happy: ['billing reports'],
    shows: [/Page 1 of 2/, /Not Settled/],
    endpoint: 'billing.reportSummary',
    failing: ['billing reports --page 99'],
    fails: /no page 99/,
  },
  {
    command: 'instance stop',
    happy: ['instance stop cache-1', 'y'],
    shows: [/Stop requested for cache-1/],
    endpoint: 'instance.stop',
    failing: ['instance stop'],
    fails: /Which instance\?/,
  },
  {
    command: 'instance delete',
    happy: ['instance delete web-2', 'web-2'],
    shows: [/Type web-2 to delete it/, /Delete requested for web-2/],
    endpoint: 'instance.delete',
    failing: ['instance delete web-2 --remove-everything'],
    fails: /--remove-everything/,
  },
  {
    command: 'help',
    happy: ['help'],
    shows: [/instance stop/, /billing reports/],
    failing: ['help nosuch'],
    fails: /no `nosuch` command/,
  },
  {
    command: 'use',
    happy: ['use web-1'],
    shows: [/now uses web-1/],
    failing: ['use nosuch'],
    fails: /Unknown instance `nosuch`/,
  },
  {
    command: 'status',
    happy: ['status'],
    shows: [/web-1/, /Uptime|State/],
    endpoint: 'instance.detail',
    failing: ['status now'],
    fails: /Unexpected extra argument/,
  },
  {
    command: 'whoami',
    happy: ['whoami'],
    shows: [/Destructive commands here\s+allowed/],
    failing: ['whoami extra'],
    fails: /Unexpected extra argument `extra`/,
  },
  {
    command: 'audit',
    happy: ['audit --limit 5'],
    shows: [/Audit/, /alice/],
    failing: ['audit --limit 500'],
    fails: /Invalid --limit/,
  },
];

describe('console smoke: every command, happy and failing', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    session = await startConsoleSession();
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
      const failing = await sendAll(row.failing);
      expect(failing).toMatch(row.fails);
    });
  }

  it('reached all 22 hosting-API endpoints and never printed undefined or NaN', () => {
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
