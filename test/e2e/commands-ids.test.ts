// Every id a command needs can be found from chat: `instance show` names the ids other commands take.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { startHarness, type Harness } from '../support/command-harness.js';

const { web1, worker1 } = SEED_IDS.instances;

describe('ids in chat', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('instance show lists the uuid, location id, public IP id and the network’s uuid and graph id', async () => {
    const { backend } = SEED_IDS.networks;
    const out = await h.run(`instance show ${web1}`);
    expect(out.text).toContain(
      `uuid ${web1} · Location id ${SEED_IDS.locations.jakarta} · Public IP id ${SEED_IDS.publicIps.web1}` +
        ` · Network uuid ${backend.uuid} · Graph id ${backend.id}`,
    );
  });

  it('instance show still answers, without the network ids, when the API cannot list networks', async () => {
    h.sim.faults.inject({ endpoint: 'network.list', kind: 'status', status: 404, times: 1 });
    const out = await h.run(`instance show ${web1}`);
    expect(out.message.outcome).toBe('ok');
    expect(out.text).toContain(`Public IP id ${SEED_IDS.publicIps.web1}`);
    expect(out.text).not.toContain('Network uuid');
  });

  it('instance show of an instance without a public IP still names its location id', async () => {
    const out = await h.run(`instance show ${worker1}`);
    expect(out.text).toContain(`uuid ${worker1} · Location id ${SEED_IDS.locations.singapore}`);
    expect(out.text).not.toContain('Public IP id');
  });
});

describe('listings of ids (optional endpoints E1, E2)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('snapshot list shows the instance’s snapshot uuids, the current one marked', async () => {
    const out = await h.run('snapshot list web-1');
    expect(out.message.outcome).toBe('ok');
    expect(out.text).toContain('Snapshots of web-1');
    expect(out.text).toMatch(new RegExp(`nightly \\(current\\)\\s+\\|?\\s*${SEED_IDS.snapshots.web1Daily}`));
    expect(out.text).toContain(SEED_IDS.snapshots.web1PreDeploy);
    expect(h.sim.countRequests('snapshot.list')).toBe(1);
  });

  it('snapshot list of an instance without snapshots says so', async () => {
    const out = await h.run(`snapshot list ${worker1}`);
    expect(out.text).toContain('worker-1 has no snapshots.');
  });

  it('network list shows each network’s uuid and graph id', async () => {
    const out = await h.run('network list');
    const { backend, edge } = SEED_IDS.networks;
    expect(out.text).toMatch(new RegExp(`backend\\s+\\|?\\s*${backend.uuid}\\s+\\|?\\s*${backend.id}\\b`));
    expect(out.text).toMatch(new RegExp(`edge\\s+\\|?\\s*${edge.uuid}\\s+\\|?\\s*${edge.id}\\b`));
  });

  it('says plainly when the API does not offer a listing (404)', async () => {
    h.sim.faults.inject({ endpoint: 'snapshot.list', kind: 'status', status: 404, times: 1 });
    h.sim.faults.inject({ endpoint: 'network.list', kind: 'status', status: 404, times: 1 });
    const snapshots = await h.run('snapshot list web-1');
    expect(snapshots.text).toContain('This hosting API cannot list snapshots');
    expect(snapshots.text).not.toMatch(/Unknown instance|not found/i);
    const networks = await h.run('network list');
    expect(networks.text).toContain('This hosting API cannot list private networks');
  });

  it('a listing of an unknown instance is an unknown instance, not "cannot list"', async () => {
    const out = await h.run('snapshot list 00000000-0000-4000-8000-00000000abcd');
    expect(out.text).not.toContain('cannot list');
    expect(h.sim.countRequests('snapshot.list')).toBe(3);
  });
});
