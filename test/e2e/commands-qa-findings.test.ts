// Findings from a QA pass over the chat commands: refuse what is known to fail, say only what the
// API lets the bot know, consistent money/metrics formatting, and clearer wording.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { startHarness } from '../support/command-harness.js';
import type { Harness } from '../support/command-harness.js';

const { web1, web2, db1, cache1, worker1 } = SEED_IDS.instances;
const { web1Previous } = SEED_IDS.backups;
const { backend, edge } = SEED_IDS.networks;
const UNKNOWN_BACKUP = '00000000-0000-4000-8000-000000000001';

describe('QA findings in the chat commands', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  describe('previews refuse what the API would refuse', () => {
    it('refuses to attach an instance that is attached to another network, naming how to detach it', async () => {
      const out = await h.run(`network attach ${db1} ${edge.uuid}`);
      expect(out.token).toBeUndefined();
      expect(out.message.outcome).not.toBe('ok');
      expect(out.text).toContain('db-1 is attached to backend; detach it first with `network detach db-1');
      expect(h.sim.countRequests('network.vswitch')).toBe(0);
      expect(h.sim.state.networkOf(db1)?.uuid).toBe(backend.uuid);
    });

    it('refuses to restore a backup that is not anywhere in the history, without asking', async () => {
      const out = await h.run(`backup restore web-1 ${UNKNOWN_BACKUP}`);
      expect(out.token).toBeUndefined();
      expect(out.text).toContain(
        `web-1 has no backup ${UNKNOWN_BACKUP} (23 backups; see \`backup list web-1\`)`,
      );
      expect(out.text).not.toContain('50 newest');
      expect(h.sim.countRequests('backup.restore')).toBe(0);
      expect(h.sim.state.getInstance(web1)?.status).toBe('Running');
    });

    it('refuses to delete a backup twice, counting what is left', async () => {
      const first = await h.run(`backup delete web-1 ${web1Previous}`);
      await h.confirm(first.token!);
      const again = await h.run(`backup delete web-1 ${web1Previous}`);
      expect(again.token).toBeUndefined();
      expect(again.text).toContain(
        `web-1 has no backup ${web1Previous} (22 backups; see \`backup list web-1\`)`,
      );
      expect(h.sim.countRequests('backup.delete')).toBe(1);
      expect(h.sim.state.getBackups(web1)).toHaveLength(22);
    });
  });

  describe('public IPs', () => {
    it('says plainly that the API cannot look an IP up by id when previewing a move', async () => {
      const out = await h.run(`ip move ${SEED_IDS.publicIps.web1} ${db1}`);
      expect(out.text).toContain('offers no way to look up a public IP by its id');
      expect(out.text).not.toContain('The instance holding it now loses the address');
      expect(h.sim.countRequests('ip.changeInstance')).toBe(0);
      expect(h.sim.state.getPublicIp(SEED_IDS.publicIps.web1)?.instanceUuid).toBe(web1);
    });

    it('shows the public IP’s uuid in instance show, for ip move', async () => {
      const out = await h.run(`instance show ${cache1}`);
      expect(out.text).toContain('Public IP id');
      expect(out.text).toContain(SEED_IDS.publicIps.cache1);
      expect(h.sim.state.publicIpOf(cache1)?.uuid ?? SEED_IDS.publicIps.cache1).toBe(
        SEED_IDS.publicIps.cache1,
      );
    });
  });

  describe('block storage', () => {
    it('previews unset options as the provider’s unstated default and sizes with separators', async () => {
      const bare = await h.run('storage create scratch');
      expect(bare.text).toContain('provider default (not stated by the API)');
      expect(bare.text).not.toContain('service default');
      const sized = await h.run('storage create big --size 2000');
      expect(sized.text).toContain('2,000 GB');
      expect(h.sim.countRequests('storage.create')).toBe(0);
    });

    it('refuses an absurd size before anything is billed', async () => {
      const out = await h.run('storage create huge --size 50000');
      expect(out.token).toBeUndefined();
      expect(out.text).toContain('10,000 GB');
      expect(h.sim.countRequests('storage.create')).toBe(0);
      expect(h.sim.state.getBlockStorages().map((s) => s.name)).not.toContain('huge');
    });

    it('says honestly that the bot cannot tell when a new volume is ready', async () => {
      const preview = await h.run('storage create data-7 --size 30');
      const done = await h.confirm(preview.token!);
      expect(done.text).toContain('The hosting API offers no way to read block storage');
      expect(done.text).toContain('check the provider’s panel');
      expect(h.sim.state.getBlockStorages().map((s) => s.name)).toContain('data-7');
    });
  });

  it('shows payment fees and VAT in the configured currency, saying the API does not state it', async () => {
    const out = await h.run('billing methods --amount 100000');
    const table = out.message.blocks.find((b) => b.type === 'table');
    const rows = table?.type === 'table' ? table.rows : [];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row[3]).toMatch(/IDR|Rp/);
      expect(row[4]).toMatch(/IDR|Rp/);
    }
    expect(out.text).toContain(
      'the API does not state their currency, so vpsops assumes the configured one (IDR)',
    );
    expect(h.sim.countRequests('billing.paymentMethods')).toBe(1);
  });

  it('lines the metric sparklines up in one column, memory in one unit with one decimal', async () => {
    const out = await h.run('instance metrics web-1');
    const code = out.message.blocks.find((b) => b.type === 'code');
    const lines = code?.type === 'code' ? code.text.split('\n') : [];
    expect(lines).toHaveLength(6);
    const columns = lines.map((l) => l.search(/[▁▂▃▄▅▆▇█]/));
    expect(columns.every((c) => c > 0 && c === columns[0])).toBe(true);
    const memory = lines.find((l) => l.startsWith('Memory')) ?? '';
    expect(memory).toMatch(/\d+\.\d (\w+) of \d+\.\d \1 \(\d+\.\d%\) · peak \d+\.\d \1/);
    expect(h.sim.countRequests('instance.rrd')).toBe(1);
  });

  describe('wording', () => {
    it('says there is nothing to do when stopping a stopped instance', async () => {
      const out = await h.run(`instance stop ${worker1}`);
      expect(out.token).toBeUndefined();
      expect(out.message.title).toBe('Nothing to do');
      expect(out.text).toContain('worker-1 is already Stopped');
      expect(h.sim.countRequests('instance.stop')).toBe(0);
    });

    it('says how to start an instance after a rollback, since the API cannot', async () => {
      const out = await h.run(`snapshot rollback web-1 ${SEED_IDS.snapshots.web1Daily}`);
      expect(out.text).toContain(
        'the hosting API offers no start call, so start it from the provider’s panel',
      );
      expect(out.text).not.toContain('start it afterwards');
      await h.cancel(out.token!);
      expect(h.sim.state.getInstance(web1)?.status).toBe('Running');
    });

    it('refuses `use` with both an instance and --clear, keeping the binding', async () => {
      await h.run('use web-1');
      const out = await h.run(`use ${web2} --clear`);
      expect(out.text).toContain('Use either an instance or --clear');
      const now = await h.run('use');
      expect(now.text).toContain('bound to web-1');
    });

    it('says how many pages there are when asked for one past the end', async () => {
      const out = await h.run('backup list web-1 --page 99');
      expect(out.text).toContain('There is no page 99. There are 3 pages (23 backups).');
      expect(h.sim.countRequests('backup.history')).toBe(1);
    });

    it('suggests the closest action of a group in help', async () => {
      const out = await h.run('help instance foo');
      expect(out.text).toContain('Did you mean `instance show`?');
      const typo = await h.run('help instance stpo');
      expect(typo.text).toContain('Did you mean `instance stop`?');
    });
  });

  it('shows a Target column and one outcome word per action in the audit timeline', async () => {
    await h.run('instance show web-1');
    const stop = await h.run('instance stop web-1');
    await h.cancel(stop.token!);
    await h.run(`instance show ${worker1}`);
    await h.run('instance stop worker-1');
    const out = await h.run('audit --limit 10 --reads');
    const table = out.message.blocks.find((b) => b.type === 'table');
    expect(table?.type === 'table' ? table.columns : []).toContain('Target');
    const rows = table?.type === 'table' ? table.rows : [];
    const byCommand = (cmd: string) => rows.filter((r) => r[2] === cmd);
    const shows = byCommand('instance show');
    // worker-1 was typed as a uuid; the timeline names it by the hostname learned since.
    expect(shows.map((r) => r[3])).toEqual(['worker-1', 'web-1']);
    expect(shows.every((r) => r[4]?.startsWith('ok'))).toBe(true);
    const stops = byCommand('instance stop');
    expect(stops.map((r) => r[3])).toEqual(expect.arrayContaining(['web-1', 'worker-1']));
    expect(stops.map((r) => r[4]?.split(' · ')[0])).toEqual(expect.arrayContaining(['cancelled', 'invalid']));
    expect(h.sim.state.getInstance(web1)?.status).toBe('Running');
  });
});
