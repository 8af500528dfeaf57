import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { ACTORS, startHarness } from '../support/command-harness.js';
import type { Harness } from '../support/command-harness.js';

const { web1, web2, db1 } = SEED_IDS.instances;
const backend = SEED_IDS.networks.backend;

describe('firewall, ip and network commands', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('creates an IPSet with a quoted description without asking', async () => {
    const out = await h.run('firewall ipset-create web-1 office --description "Office IPs"');
    expect(out.token).toBeUndefined();
    expect(out.text).toContain('IPSet office created on web-1');
    expect(h.sim.state.getIpsets(web1)).toEqual([
      expect.objectContaining({ name: 'office', description: 'Office IPs' }),
    ]);
  });

  it('does not let a viewer create an IPSet', async () => {
    const out = await h.run('firewall ipset-create web-1 office', ACTORS.viewer);
    expect(out.message.outcome).toBe('error');
    expect(h.sim.countRequests('firewall.ipsetCreate')).toBe(0);
  });

  it('asks before adding a billed public IP, then assigns one', async () => {
    const preview = await h.run(`ip add ${db1}`);
    expect(preview.text).toContain('Public IPs are billed while assigned.');
    expect(h.sim.countRequests('ip.add')).toBe(0);
    const done = await h.confirm(preview.token!);
    expect(done.text).toMatch(/Public IP 203\.0\.113\.\d+ added to db-1/);
    expect(h.sim.state.publicIpOf(db1)).toBeDefined();
    expect(h.followed).toEqual([
      expect.objectContaining({
        kind: 'instance-ip',
        instanceUuid: db1,
        ipAddress: h.sim.state.publicIpOf(db1)?.address,
      }),
    ]);
  });

  it('refuses to add a public IP to an instance that already has one', async () => {
    const out = await h.run('ip add web-1');
    expect(out.token).toBeUndefined();
    expect(out.text).toContain('already has public IP 203.0.113.10');
    expect(h.sim.countRequests('ip.add')).toBe(0);
  });

  it('moves a public IP to another instance after confirmation', async () => {
    const preview = await h.run(`ip move ${SEED_IDS.publicIps.web1} ${db1}`);
    expect(preview.text).toContain('will be moved to db-1');
    expect(h.sim.countRequests('ip.changeInstance')).toBe(0);
    await h.confirm(preview.token!);
    expect(h.sim.state.getPublicIp(SEED_IDS.publicIps.web1)?.instanceUuid).toBe(db1);
    expect(h.followed).toEqual([
      expect.objectContaining({ kind: 'instance-ip', instanceUuid: db1, ipId: SEED_IDS.publicIps.web1 }),
    ]);
  });

  it('refuses to move an IP onto the instance that already holds it', async () => {
    const out = await h.run(`ip move ${SEED_IDS.publicIps.web1} web-1`);
    expect(out.text).toContain('already on web-1');
    expect(h.sim.countRequests('ip.changeInstance')).toBe(0);
  });

  it('attaches an instance to a private network only when it is not attached yet', async () => {
    const preview = await h.run(`network attach ${web2} ${backend.uuid}`);
    expect(preview.text).toContain('web-2 will be attached to private network backend');
    await h.confirm(preview.token!);
    expect(h.sim.countRequests('network.vswitch')).toBe(1);
    expect(h.sim.state.networkOf(web2)?.uuid).toBe(backend.uuid);

    const again = await h.run(`network attach ${web2} ${backend.uuid}`);
    expect(again.token).toBeUndefined();
    expect(again.text).toContain('already attached to backend');
    expect(h.sim.countRequests('network.vswitch')).toBe(1);
  });

  it('detaches an attached instance, and refuses to detach one that is not attached', async () => {
    const refused = await h.run(`network detach ${web2} ${backend.uuid}`);
    expect(refused.token).toBeUndefined();
    expect(refused.text).toContain('web-2 is not attached');

    const preview = await h.run(`network detach web-1 ${backend.uuid}`);
    expect(preview.text).toContain('web-1 will be detached from private network backend');
    await h.confirm(preview.token!);
    expect(h.sim.state.networkOf(web1)).toBeUndefined();
  });

  it('does not toggle the wrong way when the state changed between preview and confirm', async () => {
    const first = await h.run(`network detach web-1 ${backend.uuid}`);
    const second = await h.run(`network detach web-1 ${backend.uuid}`, ACTORS.operator2);
    await h.confirm(first.token!);
    const late = await h.confirm(second.token!, ACTORS.operator2);
    expect(late.text).toContain('not attached');
    expect(h.sim.countRequests('network.vswitch')).toBe(1);
    expect(h.sim.state.networkOf(web1)).toBeUndefined();
  });

  it('shows a private network with its gateway', async () => {
    const out = await h.run(`network show ${backend.uuid}`);
    expect(out.message.title).toBe('Private network backend');
    expect(out.text).toContain('Active');
    expect(out.text).toContain('db-1 (10.20.0.1)');
    expect(out.text).not.toMatch(/undefined|null|NaN/);
  });

  it('shows a network without a gateway as such', async () => {
    const out = await h.run(`network show ${SEED_IDS.networks.edge.uuid}`);
    expect(out.text).toMatch(/Gateway\s*:?\s*none/);
  });

  it('draws the network topology as a text tree', async () => {
    const out = await h.run(`network graph ${backend.id}`);
    expect(out.text).toContain('db-1');
    expect(out.text).toContain('web-1');
    expect(out.text).toMatch(/[├└]─/);
    expect(out.text).toMatch(/\d+ nodes · \d+ links/);
  });

  it('reports an unknown network id as not found', async () => {
    const out = await h.run('network graph 999');
    expect(out.message.outcome).toBe('error');
    expect(out.text.toLowerCase()).toContain('does not know');
  });
});
