import { describe, expect, it } from 'vitest';
import type { HostingApi } from '../../src/api/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { failure, freshPairEachTest, UNKNOWN_UUID, wrongKeyClient } from './api-support.js';
import type { Simulator } from './api-support.js';

const I = SEED_IDS.instances;
const { backend, edge } = SEED_IDS.networks;
let sim: Simulator;
let api: HostingApi;

freshPairEachTest((pair) => ({ sim, api } = pair));

describe('firewall ipset create (12)', () => {
  it('creates an IPSet and refuses a duplicate name', async () => {
    const created = await api.firewall.createIpset(I.web1, { name: 'office', description: 'HQ' });
    expect(created.vm_uuid).toBe(I.web1);
    expect(created.ipset.length).toBeGreaterThan(0);
    expect((await failure(api.firewall.createIpset(I.web1, { name: 'office' }))).code).toBe('CONFLICT');
  });

  it('rejects an empty name without sending a request', async () => {
    expect((await failure(api.firewall.createIpset(I.web1, { name: '' }))).code).toBe('INVALID_INPUT');
    expect(sim.countRequests('firewall.ipsetCreate')).toBe(0);
  });
});

describe('public IP add (13)', () => {
  it('assigns a public IP to an instance without one', async () => {
    const added = await api.publicIps.add(I.db1);
    expect(added).toMatchObject({ vm_uuid: I.db1 });
    expect(added.ip_address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect((await api.instances.detail(I.db1)).public_ip?.ip_address).toBe(added.ip_address);
  });

  it('refuses a second public IP as a conflict', async () => {
    const error = await failure(api.publicIps.add(I.web1));
    expect(error).toMatchObject({ code: 'CONFLICT', endpoint: 'ip.add' });
    expect(error.apiMessage).toBeTruthy();
  });
});

describe('public IP change instance (14)', () => {
  it('moves a public IP to an instance without one', async () => {
    const moved = await api.publicIps.changeInstance(SEED_IDS.publicIps.web2, I.db1);
    expect(moved).toMatchObject({ ip_id: SEED_IDS.publicIps.web2, instance_id: I.db1 });
    expect((await api.instances.detail(I.db1)).public_ip?.ip_id).toBe(SEED_IDS.publicIps.web2);
  });

  it('passes on the service refusing a move across locations as INVALID_INPUT with its message', async () => {
    const error = await failure(api.publicIps.changeInstance(SEED_IDS.publicIps.web2, I.worker1));
    expect(error).toMatchObject({ code: 'INVALID_INPUT', status: 422, endpoint: 'ip.changeInstance' });
    expect(error.apiMessage).toMatch(/Singapore/);
  });

  it('reports an unknown public IP as NOT_FOUND', async () => {
    expect((await failure(api.publicIps.changeInstance(UNKNOWN_UUID, I.worker1))).code).toBe('NOT_FOUND');
  });

  it('rejects a malformed target without sending a request', async () => {
    expect((await failure(api.publicIps.changeInstance(SEED_IDS.publicIps.web2, 'worker-1'))).code).toBe(
      'INVALID_INPUT',
    );
    expect(sim.countRequests('ip.changeInstance')).toBe(0);
  });
});

describe('vswitch attach/detach (15)', () => {
  it('attaches an instance to a private network, raising its active count', async () => {
    const before = await api.privateNetworks.details(backend.uuid);
    await expect(api.privateNetworks.setVswitch(I.web2, backend.uuid)).resolves.toMatchObject({
      vm_uuid: I.web2,
    });
    const after = await api.privateNetworks.details(backend.uuid);
    expect(after.total_active_instance).toBe((before.total_active_instance ?? 0) + 1);
  });

  it('reports an unknown network as NOT_FOUND', async () => {
    expect((await failure(api.privateNetworks.setVswitch(I.web2, UNKNOWN_UUID))).code).toBe('NOT_FOUND');
  });
});

describe('private network details (16)', () => {
  it('shows the gateway of a network that has one', async () => {
    const network = await api.privateNetworks.details(backend.uuid);
    expect(network).toMatchObject({ uuid: backend.uuid, status: 'Active' });
    expect(network.gateway?.hostname).toBe('db-1');
    expect(network.location?.id).toBe(1);
  });

  it('shows null gateway fields for a network without one', async () => {
    const network = await api.privateNetworks.details(edge.uuid);
    expect(network.gateway?.hostname ?? null).toBeNull();
    expect(network.gateway?.private_ip ?? null).toBeNull();
  });

  it('reports an unknown network as NOT_FOUND', async () => {
    expect((await failure(api.privateNetworks.details(UNKNOWN_UUID))).code).toBe('NOT_FOUND');
  });
});

describe('private network graph (17)', () => {
  it('returns nodes with positions and edges between them', async () => {
    const graph = await api.privateNetworks.graph(backend.id);
    expect(graph.nodes.length).toBeGreaterThan(1);
    expect(typeof graph.nodes[0]?.position?.x).toBe('number');
    const ids = new Set(graph.nodes.map((n) => n.id));
    for (const e of graph.edges) expect(ids.has(e.source) && ids.has(e.target)).toBe(true);
  });

  it('reports an unknown graph id as NOT_FOUND', async () => {
    expect((await failure(api.privateNetworks.graph(999))).code).toBe('NOT_FOUND');
  });

  it('reports a wrong key as UNAUTHORIZED', async () => {
    expect((await failure(wrongKeyClient(sim).privateNetworks.graph(backend.id))).code).toBe('UNAUTHORIZED');
  });
});
