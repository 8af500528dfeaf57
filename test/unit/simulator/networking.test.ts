import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_IDS, startSimulator, type SimulatorHandle } from '../../../src/simulator/index.js';
import { simulatorCall } from '../../support/simulator-client.js';

const { web1, web2, db1, worker1, cache1 } = SEED_IDS.instances;
const { backend, edge } = SEED_IDS.networks;
let sim: SimulatorHandle;

beforeEach(async () => {
  sim = await startSimulator();
});
afterEach(async () => {
  await sim.close();
});

const call = (path: string, method = 'GET', form?: Record<string, string>) =>
  simulatorCall(sim, path, method, form);
const detail = async (uuid: string) => (await call(`/instance/${uuid}/detail`)).body.data;

describe('simulator public IPs', () => {
  it('adds a public IP from 203.0.113.0/24 to an instance that has none', async () => {
    const res = await call(`/instance/${db1}/ip/add`, 'PATCH');
    expect(res.body.data.vm_uuid).toBe(db1);
    expect(res.body.data.ip_address).toMatch(/^203\.0\.113\.\d+$/);
    expect((await detail(db1)).public_ip.ip_address).toBe(res.body.data.ip_address);
    expect((await call('/instance/options/no-ip?location_id=1')).body.data).toEqual([]);
  });

  it('refuses to add a second public IP', async () => {
    const res = await call(`/instance/${web1}/ip/add`, 'PATCH');
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('203.0.113.10');
  });

  it('moves a public IP to another instance in the same location', async () => {
    const ip = SEED_IDS.publicIps.web1;
    const res = await call(`/network/public/${ip}/change-instance`, 'PATCH', { instance_id: db1 });
    expect(res.body.data).toEqual({ ip_id: ip, instance_id: db1 });
    expect((await detail(db1)).public_ip).toEqual({ ip_id: ip, ip_address: '203.0.113.10' });
    expect((await detail(web1)).public_ip).toBeNull();
    expect(sim.state.getPublicIp(ip)?.instanceUuid).toBe(db1);
  });

  it('refuses to move an IP onto an instance that already has one, or to another location', async () => {
    const ip = SEED_IDS.publicIps.web1;
    expect((await call(`/network/public/${ip}/change-instance`, 'PATCH', { instance_id: web2 })).status).toBe(
      409,
    );
    const elsewhere = await call(`/network/public/${ip}/change-instance`, 'PATCH', { instance_id: worker1 });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.message).toContain('Singapore');
  });

  it('answers 404 for an unknown IP or target and 422 without instance_id', async () => {
    const ip = SEED_IDS.publicIps.web1;
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await call(`/network/public/${unknown}/change-instance`, 'PATCH', { instance_id: db1 })).status,
    ).toBe(404);
    expect(
      (await call(`/network/public/${ip}/change-instance`, 'PATCH', { instance_id: unknown })).status,
    ).toBe(404);
    expect((await call(`/network/public/${ip}/change-instance`, 'PATCH', {})).status).toBe(422);
  });
});

describe('simulator private networks', () => {
  it('describes the backend network with db-1 as gateway and the edge network without one', async () => {
    const backendDetail = (await call(`/network/vswitch/${backend.uuid}/details`)).body.data;
    expect(backendDetail).toMatchObject({
      name: 'backend',
      status: 'Active',
      location: { id: 1, name: 'Jakarta' },
      total_active_instance: 2,
      gateway: { uuid: db1, hostname: 'db-1', private_ip: '10.20.0.1' },
    });
    expect(backendDetail.created_at).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4} \d{2}:\d{2}$/);
    const edgeDetail = (await call(`/network/vswitch/${edge.uuid}/details`)).body.data;
    expect(edgeDetail.gateway).toEqual({ uuid: null, hostname: null, private_ip: null });
  });

  it('attaches an instance on the first vswitch call and detaches it on the second', async () => {
    const attach = await call(`/instance/${web2}/vswitch`, 'PATCH', { vswitch: backend.uuid });
    expect(attach.body.data).toEqual({ vm_uuid: web2 });
    expect((await detail(web2)).private_network).toBe('backend');
    expect((await call(`/network/vswitch/${backend.uuid}/details`)).body.data.total_active_instance).toBe(3);

    await call(`/instance/${web2}/vswitch`, 'PATCH', { vswitch: backend.uuid });
    expect((await detail(web2)).private_network).toBeNull();
    expect(sim.state.getNetwork(backend.uuid)?.members).toHaveLength(2);
  });

  it('refuses to detach the gateway, attach across locations, or attach to a second network', async () => {
    expect((await call(`/instance/${db1}/vswitch`, 'PATCH', { vswitch: backend.uuid })).status).toBe(409);
    expect((await call(`/instance/${worker1}/vswitch`, 'PATCH', { vswitch: backend.uuid })).status).toBe(422);
    expect((await call(`/instance/${cache1}/vswitch`, 'PATCH', { vswitch: backend.uuid })).status).toBe(409);
  });

  it('answers 422 without a vswitch field and 404 for an unknown network', async () => {
    expect((await call(`/instance/${web2}/vswitch`, 'PATCH', {})).status).toBe(422);
    const unknown = await call(`/instance/${web2}/vswitch`, 'PATCH', {
      vswitch: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
  });

  it('draws the graph by integer id: a switch node, one node and edge per attached instance', async () => {
    const graph = (await call(`/network/vswitch/${backend.id}/graph`)).body.data;
    expect(graph.nodes.map((n: { type: string }) => n.type)).toEqual(['switch', 'instance', 'instance']);
    expect(graph.nodes[1]).toMatchObject({ position: { x: expect.any(Number), y: expect.any(Number) } });
    expect(graph.edges).toHaveLength(2);
    expect(graph.edges[0].source).toBe(graph.nodes[0].id);
    expect((await call('/network/vswitch/999/graph')).status).toBe(404);
    expect((await call('/network/vswitch/abc/graph')).status).toBe(404);
  });
});

describe('simulator firewall IPSets', () => {
  it('creates an IPSet, returns its generated id and stores it', async () => {
    const res = await call(`/instance/${web1}/firewall/ipset/create`, 'PATCH', {
      name: 'office',
      description: 'HQ',
    });
    expect(res.body.data.vm_uuid).toBe(web1);
    expect(res.body.data.ipset).toMatch(/^[0-9a-f-]{36}$/);
    expect(sim.state.getIpsets(web1)).toEqual([
      { uuid: res.body.data.ipset, instanceUuid: web1, name: 'office', description: 'HQ' },
    ]);
  });

  it('rejects a missing or invalid name and a duplicate', async () => {
    expect((await call(`/instance/${web1}/firewall/ipset/create`, 'PATCH', {})).status).toBe(422);
    expect((await call(`/instance/${web1}/firewall/ipset/create`, 'PATCH', { name: 'a b' })).status).toBe(
      422,
    );
    await call(`/instance/${web1}/firewall/ipset/create`, 'PATCH', { name: 'office' });
    expect((await call(`/instance/${web1}/firewall/ipset/create`, 'PATCH', { name: 'office' })).status).toBe(
      409,
    );
  });
});
