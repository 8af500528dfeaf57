import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { ACTORS, startHarness } from '../support/command-harness.js';
import type { Harness } from '../support/command-harness.js';
import { pendingCard } from '../../src/render/buttons.js';

const { web1, web2, db1, worker1 } = SEED_IDS.instances;
const NO_GARBAGE = /undefined|null|NaN|\[object/;

describe('instance commands', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  describe('instance show', () => {
    it('says a server the API no longer knows (404) no longer exists', async () => {
      await h.run(`instance show ${SEED_IDS.instances.web2}`); // the bot learns its hostname
      h.sim.faults.inject({ endpoint: 'instance.detail', kind: 'status', status: 404, times: 1 });
      const out = await h.run('instance show web-2');
      expect(out.message.outcome).toBe('error');
      expect(out.text).toContain('web-2 no longer exists');
    });

    it('shows web-1 with status, public IP, price and a stale-backup flag', async () => {
      const out = await h.run('instance show web-1');
      expect(out.message.title).toBe('web-1');
      expect(out.message.tone).toBe('success');
      expect(out.text).toContain('Running');
      expect(out.text).toMatch(/203\.0\.113\.\d+/);
      expect(out.text).toContain('IDR');
      expect(out.text).toContain('older than a day');
      expect(out.text).toContain(web1);
      expect(out.text).not.toMatch(NO_GARBAGE);
    });

    it('shows a stopped instance with a warning tone and a dash for its missing public IP', async () => {
      const out = await h.run(`instance show ${worker1}`);
      expect(out.message.title).toBe('worker-1');
      expect(out.message.tone).toBe('warning');
      expect(out.text).toMatch(/Public IP\s*:?\s*—/);
      expect(out.text).not.toMatch(NO_GARBAGE);
    });

    it('remembers the hostname so later commands can use it', async () => {
      await h.run(`instance show ${web2}`);
      const out = await h.run('instance show web-2');
      expect(out.message.title).toBe('web-2');
    });

    it('reports an unknown instance uuid as the hosting API’s not-found answer', async () => {
      const out = await h.run('instance show 00000000-0000-4000-8000-000000000000');
      expect(out.message.outcome).toBe('error');
      expect(out.text.toLowerCase()).toContain('does not know');
    });
  });

  describe('instance stop', () => {
    it('previews from live state and stops nothing until confirmed', async () => {
      const preview = await h.run('instance stop web-1');
      expect(preview.token).toBeDefined();
      expect(preview.message.outcome).toBe('needs-confirmation');
      expect(preview.text).toContain('Stop web-1?');
      expect(preview.text).toContain('Running');
      expect(h.sim.countRequests('instance.stop')).toBe(0);
      expect(h.sim.state.getInstance(web1)?.status).toBe('Running');

      const done = await h.confirm(preview.token!);
      expect(done.text).toContain('Stop requested for web-1');
      expect(h.sim.countRequests('instance.stop')).toBe(1);
      expect(h.sim.state.getInstance(web1)?.status).toBe('Stopped');
      expect(h.followed).toEqual([
        expect.objectContaining({ kind: 'instance-status', instanceUuid: web1, doneStatuses: ['Stopped'] }),
      ]);
    });

    it('refuses to stop an instance that is already stopped', async () => {
      const out = await h.run(`instance stop ${worker1}`);
      expect(out.token).toBeUndefined();
      expect(out.text).toContain('already Stopped');
      expect(h.sim.countRequests('instance.stop')).toBe(0);
    });

    it('leaves the instance running when the stop is cancelled', async () => {
      const preview = await h.run('instance stop web-1');
      await h.cancel(preview.token!);
      expect(h.sim.countRequests('instance.stop')).toBe(0);
      expect(h.sim.state.getInstance(web1)?.status).toBe('Running');
    });

    it('denies a viewer before any preview is built', async () => {
      const out = await h.run('instance stop web-1', ACTORS.viewer);
      expect(out.token).toBeUndefined();
      expect(out.message.outcome).toBe('error');
      expect(h.sim.countRequests('instance.detail')).toBe(0);
    });
  });

  describe('instance delete', () => {
    it('leaves the instance untouched when the hostname is typed wrong, and deletes on the right one', async () => {
      const preview = await h.run(`instance delete ${web2} --remove-ip`);
      expect(pendingCard(preview.message)?.typed).toBeDefined();
      expect(preview.text).toMatch(/Public IP 203\.0\.113\.\d+ will be released/);
      expect(preview.text).toContain('block storage is kept');
      expect(preview.text).toContain('This cannot be undone.');

      await h.confirm(preview.token!, undefined, 'web-1');
      expect(h.sim.countRequests('instance.delete')).toBe(0);
      expect(h.sim.state.getInstance(web2)?.status).toBe('Running');

      const done = await h.confirm(preview.token!, undefined, 'web-2');
      expect(done.text).toContain('Delete requested for web-2');
      expect(h.sim.countRequests('instance.delete')).toBe(1);
      expect(h.sim.state.getInstance(web2)?.status).toBe('Terminating');
      expect(h.followed).toEqual([
        expect.objectContaining({ kind: 'instance-gone', instanceUuid: web2, verb: 'terminating' }),
      ]);
    });

    it('says the public IP is kept when --remove-ip is not given', async () => {
      const preview = await h.run(`instance delete ${web2}`);
      expect(preview.text).toMatch(/Public IP 203\.0\.113\.\d+ is kept/);
    });
  });

  describe('instance console', () => {
    it('gives the credentials only to the requester and keeps the password out of the audit', async () => {
      const out = await h.run('instance console web-1');
      const reply = out.said.find((s) => s.kind === 'reply');
      expect(reply?.visibility ?? reply?.message.visibility).toBe('ephemeral');
      const password = /password: (\S+)/.exec(out.text)?.[1];
      expect(password).toBeDefined();
      expect(out.text).toContain('wss://');

      const audit = await h.run('audit');
      expect(audit.text).toContain('instance console');
      expect(audit.text).not.toContain(password!);
    });

    it('refuses console access to a viewer', async () => {
      const out = await h.run('instance console web-1', ACTORS.viewer);
      expect(out.message.outcome).toBe('error');
      expect(h.sim.countRequests('instance.console')).toBe(0);
    });
  });

  describe('instance metrics', () => {
    it('summarises the last hour with a sparkline per metric and the sample count', async () => {
      const out = await h.run('instance metrics web-1');
      expect(out.text).toContain('last hour');
      expect(out.text).toMatch(/CPU.*avg \d+\.\d%.*max \d+\.\d%/);
      expect(out.text).toMatch(/[▁▂▃▄▅▆▇█]{5,}/);
      expect(out.text).toMatch(/Period: hour · \d+ samples/);
      expect(out.text).not.toMatch(NO_GARBAGE);
      expect(out.message.attachments).toBeUndefined();
    });

    it('attaches the chart when a chart renderer is available', async () => {
      await h.close();
      const periods: string[] = [];
      h = await startHarness({
        charts: async (input) => {
          periods.push(input.periode);
          return { png: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), width: 800, height: 600 };
        },
      });
      const out = await h.run('instance metrics web-1 --period day');
      expect(periods).toEqual(['day']);
      expect(out.message.attachments).toHaveLength(1);
      expect(out.message.attachments?.[0]?.contentType).toBe('image/png');
      expect(out.text).toContain('last 24 hours');
    });

    it('rejects a period the API does not know, listing the choices', async () => {
      const out = await h.run('instance metrics web-1 --period fortnight');
      expect(out.message.outcome).toBe('usage-error');
      expect(out.text).toContain('hour');
      expect(h.sim.countRequests('instance.rrd')).toBe(0);
    });
  });

  describe('instance no-ip', () => {
    it('lists instances without a public IP and remembers their hostnames', async () => {
      const out = await h.run('instance no-ip 1');
      expect(out.text).toContain('db-1');
      expect(out.text).toContain(db1);
      expect(out.text).not.toContain('web-1');
      const show = await h.run('instance show db-1');
      expect(show.message.title).toBe('db-1');
    });

    it('rejects a location that is not a number', async () => {
      const out = await h.run('instance no-ip jakarta');
      expect(out.message.outcome).toBe('usage-error');
      expect(h.sim.countRequests('instance.noIp')).toBe(0);
    });
  });
});
