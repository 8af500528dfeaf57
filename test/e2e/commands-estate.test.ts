// `instance list` (E3) and `billing balance` (E4) through the runner against the simulator with 230
// servers (three pages of 100): every server once, sorted, counted by status; filters; one page;
// bad input; and a service that does not offer the endpoints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { startHarness, type Harness, type Outcome } from '../support/command-harness.js';

const SERVERS = 230;

/** The table's rows (the first table of the reply). */
function rows(out: Outcome): string[][] {
  const table = out.message.blocks.find((b) => b.type === 'table');
  return table?.type === 'table' ? table.rows : [];
}

describe('instance list and billing balance (optional endpoints E3, E4)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ simulator: { instances: SERVERS } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('lists every server once, across every page, sorted by hostname, with counts by status', async () => {
    const before = h.sim.countRequests('instance.list');
    const out = await h.run('instance list');
    expect(out.message.outcome).toBe('ok');
    expect(h.sim.countRequests('instance.list') - before).toBe(3);
    const hostnames = rows(out).map((r) => r[0]);
    const expected = h.sim.state
      .listInstances()
      .map((i) => i.hostname)
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    expect(hostnames).toEqual(expected);
    expect(out.text).toContain(`${SERVERS} servers · 205 Running · 24 Stopped · 1 Error`);
    const web1 = rows(out).find((r) => r[0] === 'web-1');
    expect(web1).toEqual(['web-1', 'Running', 'Jakarta', '203.0.113.10', 'Standard', 'IDR 912,500']);
    expect(out.text).not.toMatch(/undefined|null|NaN/);
  });

  it('filters by status (several, any case), by hostname and by location', async () => {
    const broken = await h.run('instance list --status stopped,ERROR');
    const wanted = h.sim.state.listInstances().filter((i) => ['Stopped', 'Error'].includes(i.status));
    expect(
      rows(broken)
        .map((r) => r[0])
        .sort(),
    ).toEqual(wanted.map((i) => i.hostname).sort());
    expect(broken.text).toContain('25 servers · 24 Stopped · 1 Error');
    expect(broken.text).toContain('Filtered: --status Stopped,Error');

    const web = await h.run('instance list --search WEB');
    expect(rows(web).map((r) => r[0])).toEqual(['web-1', 'web-2']);

    const singapore = await h.run('instance list --location singapore --search node-1');
    expect(rows(singapore).length).toBeGreaterThan(0);
    for (const row of rows(singapore)) {
      expect(row[0]).toContain('node-1');
      expect(row[2]).toBe('Singapore');
    }
  });

  it('--page reads one page and says how to reach the next', async () => {
    const before = h.sim.countRequests('instance.list');
    const out = await h.run('instance list --page 2');
    expect(h.sim.countRequests('instance.list') - before).toBe(1);
    expect(rows(out)).toHaveLength(100);
    expect(out.text).toContain(`Page 2 of 3 · ${SERVERS} servers · next: /vps instance list --page 3`);
    const past = await h.run('instance list --page 9');
    expect(past.text).toContain('There is no page 9. There are 3 pages');
  });

  it('refuses an unknown status, naming the valid ones, and a page that is not 1 or more, asking nothing', async () => {
    const before = h.sim.countRequests('instance.list');
    const status = await h.run('instance list --status Runing');
    expect(status.message.outcome).toBe('usage-error');
    expect(status.text).toContain('Unknown status `Runing`. Valid statuses: Running, Stopped,');
    for (const page of ['0', 'two', '-1']) {
      const out = await h.run(`instance list --page ${page}`);
      expect(out.message.outcome).toBe('usage-error');
      expect(out.text).toContain('--page');
    }
    expect(h.sim.countRequests('instance.list')).toBe(before);
  });

  it('billing balance shows the balance, the month, the last top-up and the runway with its sum', async () => {
    const out = await h.run('billing balance');
    expect(out.message.outcome).toBe('ok');
    const amount = h.sim.state.live.balance.amount.toLocaleString('en-US');
    expect(out.text).toContain(`Current balance        IDR ${amount}`);
    expect(out.text).toMatch(/Last top-up\s+IDR [\d,]+ · \d{4}-\d{2}-\d{2} \(9 d ago\)/);
    expect(out.text).toMatch(/Runway\s+\d+\.\d days \(until about \d{4}-\d{2}-\d{2}\)/);
    expect(out.text).toContain('Runway = balance ÷ (this month’s cost so far ÷ days elapsed this month)');
    expect(out.text).toMatch(/Here: IDR [\d,]+ ÷ \(IDR [\d,]+ ÷ \d+\.\d days = IDR [\d,]+ a day\)/);
  });

  it('billing balance says when the balance is used up', async () => {
    const amount = h.sim.state.live.balance.amount;
    h.sim.state.setBalance(1_000);
    try {
      const out = await h.run('billing balance');
      expect(out.text).toContain('0 days: the balance is used up');
      expect(out.message.tone).toBe('danger');
    } finally {
      h.sim.state.setBalance(amount);
    }
  });

  it('a 405 from either endpoint is "not offered" too', async () => {
    h.sim.faults.inject({ endpoint: 'instance.list', kind: 'status', status: 405, times: 1 });
    h.sim.faults.inject({ endpoint: 'billing.summary', kind: 'status', status: 405, times: 1 });
    expect((await h.run('instance list')).text).toContain('does not offer an instance list');
    expect((await h.run('billing balance')).text).toContain('does not offer a balance summary');
  });
});

describe('a hosting service without E3 and E4', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ simulator: { notOffered: ['instance.list', 'billing.summary'] } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('instance list and billing balance say so (an error), and other commands keep working by uuid', async () => {
    const list = await h.run('instance list');
    expect(list.message.outcome).toBe('error');
    expect(list.text).toContain('The hosting service does not offer an instance list.');
    expect(list.text).not.toMatch(/Something went wrong|HTTP 404/);
    const balance = await h.run('billing balance');
    expect(balance.message.outcome).toBe('error');
    expect(balance.text).toContain('The hosting service does not offer a balance summary.');
    expect(h.sim.countRequests('instance.list')).toBe(1);
    expect(h.sim.countRequests('billing.summary')).toBe(1);
    const show = await h.run(`instance show ${SEED_IDS.instances.web2}`);
    expect(show.message.outcome).toBe('ok');
    expect(show.text).toContain('web-2');
  });
});

describe('an estate longer than 50 pages', { timeout: 60_000 }, () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ simulator: { instances: 5_050 } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('reads 50 pages of 100 and says the list was cut and how to narrow it', async () => {
    const out = await h.run('instance list');
    expect(h.sim.countRequests('instance.list')).toBe(50);
    expect(rows(out)).toHaveLength(5_000);
    expect(out.message.tone).toBe('warning');
    expect(out.text).toContain('Only the first 50 of 51 pages were read.');
    expect(out.text).toContain('--status, --search or --location, or read one page with --page N');
  });
});
