// Endpoints 12–17: firewall IPSets, public IPs, private network attachment, details and graph.
import { randomUUID } from 'node:crypto';
import { SimError } from '../http-io.js';
import type { SimInstance, SimNetwork } from '../records.js';
import { LOCATIONS } from '../seed/catalogue.js';
import { isUuid, requireField } from '../validate.js';
import { networkDetail, networkGraph } from '../views.js';
import { findInstance, touch, type Handler, type HandlerContext } from './context.js';

const IPSET_NAME = /^[A-Za-z0-9_-]{1,32}$/;
const PUBLIC_POOL = '203.0.113';

function requireNotTerminating(instance: SimInstance): void {
  if (instance.status === 'Terminating')
    throw new SimError(409, `Instance ${instance.hostname} is terminating.`);
}

/** 12: stores an IPSet on the instance and returns its generated uuid as `ipset`. */
const ipsetCreate: Handler = (ctx) => {
  const instance = findInstance(ctx);
  requireNotTerminating(instance);
  const name = requireField(ctx.form, 'name');
  if (!IPSET_NAME.test(name)) {
    throw new SimError(
      422,
      'The name may only contain letters, digits, "-" and "_" (at most 32 characters).',
    );
  }
  if (ctx.state.live.ipsets.some((s) => s.instanceUuid === instance.uuid && s.name === name)) {
    throw new SimError(409, `An IPSet named ${name} already exists on ${instance.hostname}.`);
  }
  const ipset = {
    uuid: randomUUID(),
    instanceUuid: instance.uuid,
    name,
    description: ctx.form.description ?? '',
  };
  ctx.state.live.ipsets.push(ipset);
  return { message: 'IPSet created successfully', data: { vm_uuid: instance.uuid, ipset: ipset.uuid } };
};

/** 13: assigns the next free 203.0.113.x address to an instance that has no public IP. */
const ipAdd: Handler = (ctx) => {
  const instance = findInstance(ctx);
  requireNotTerminating(instance);
  const current = ctx.state.livePublicIpOf(instance.uuid);
  if (current)
    throw new SimError(409, `Instance ${instance.hostname} already has public IP ${current.address}.`);
  const used = new Set([...ctx.state.live.publicIps.values()].map((ip) => ip.address));
  let address: string | undefined;
  for (let host = 10; host < 255 && !address; host += 1) {
    if (!used.has(`${PUBLIC_POOL}.${host}`)) address = `${PUBLIC_POOL}.${host}`;
  }
  if (!address) throw new SimError(409, 'No public IP address is available.');
  const ip = { uuid: randomUUID(), address, locationId: instance.locationId, instanceUuid: instance.uuid };
  ctx.state.live.publicIps.set(ip.uuid, ip);
  touch(ctx, instance);
  return { message: 'Public IP added successfully', data: { vm_uuid: instance.uuid, ip_address: address } };
};

/** 14: moves a public IP to another instance in the same location that has none. */
const changeInstance: Handler = (ctx) => {
  const ipUuid = ctx.params.ip_uuid ?? '';
  const ip = isUuid(ipUuid) ? ctx.state.live.publicIps.get(ipUuid.toLowerCase()) : undefined;
  if (!ip) throw new SimError(404, 'Public IP not found.');
  const targetUuid = requireField(ctx.form, 'instance_id');
  if (!isUuid(targetUuid)) throw new SimError(422, 'The instance_id must be a valid UUID.');
  const target = findInstance(ctx, targetUuid);
  requireNotTerminating(target);
  const held = ctx.state.livePublicIpOf(target.uuid);
  if (held) throw new SimError(409, `Instance ${target.hostname} already has public IP ${held.address}.`);
  if (target.locationId !== ip.locationId) {
    const where = (id: number): string => LOCATIONS.get(id) ?? `location ${id}`;
    throw new SimError(
      422,
      `Public IP ${ip.address} is in ${where(ip.locationId)}; ${target.hostname} is in ${where(target.locationId)}.`,
    );
  }
  ip.instanceUuid = target.uuid;
  touch(ctx, target);
  return { message: 'Public IP moved successfully', data: { ip_id: ip.uuid, instance_id: target.uuid } };
};

/**
 * 15: toggles attachment. Attached to that network → detached; otherwise attached (same location,
 * not attached elsewhere). The gateway instance cannot be detached.
 */
const vswitch: Handler = (ctx) => {
  const instance = findInstance(ctx);
  requireNotTerminating(instance);
  const networkUuid = requireField(ctx.form, 'vswitch');
  if (!isUuid(networkUuid)) throw new SimError(422, 'The vswitch must be a valid UUID.');
  const network = ctx.state.live.networks.find((n) => n.uuid === networkUuid.toLowerCase());
  if (!network) throw new SimError(404, 'Private network not found.');
  const now = ctx.now();
  if (network.members.some((m) => m.instanceUuid === instance.uuid)) {
    if (network.gatewayUuid === instance.uuid) {
      throw new SimError(
        409,
        `${instance.hostname} is the gateway of ${network.name} and cannot be detached.`,
      );
    }
    network.members = network.members.filter((m) => m.instanceUuid !== instance.uuid);
    network.updatedAt = now;
    touch(ctx, instance);
    return {
      message: `Instance detached from private network ${network.name}`,
      data: { vm_uuid: instance.uuid },
    };
  }
  const other = ctx.state.liveNetworkOf(instance.uuid);
  if (other) throw new SimError(409, `${instance.hostname} is attached to ${other.name}; detach it first.`);
  if (network.locationId !== instance.locationId) {
    throw new SimError(
      422,
      `Private network ${network.name} is not in the location of ${instance.hostname}.`,
    );
  }
  network.members.push({ instanceUuid: instance.uuid, privateIp: nextPrivateIp(network) });
  network.updatedAt = now;
  touch(ctx, instance);
  return {
    message: `Instance attached to private network ${network.name}`,
    data: { vm_uuid: instance.uuid },
  };
};

function nextPrivateIp(network: SimNetwork): string {
  const used = new Set(network.members.map((m) => m.privateIp));
  for (let host = 11; host < 255; host += 1) {
    const candidate = `${network.subnetPrefix}.${host}`;
    if (!used.has(candidate)) return candidate;
  }
  throw new SimError(409, `Private network ${network.name} has no free address.`);
}

function findNetwork(ctx: HandlerContext): SimNetwork {
  const uuid = ctx.params.vswitch_uuid ?? '';
  const network = isUuid(uuid)
    ? ctx.state.live.networks.find((n) => n.uuid === uuid.toLowerCase())
    : undefined;
  if (!network) throw new SimError(404, 'Private network not found.');
  return network;
}

/** 16: private network detail by uuid. */
const details: Handler = (ctx) => ({
  message: 'Success get private network detail',
  data: networkDetail(findNetwork(ctx), ctx.state),
});

/** 17: topology graph by integer id (a non-integer id is a 404, like an unmatched route). */
const graph: Handler = (ctx) => {
  const raw = ctx.params.vswitch_id ?? '';
  const network = /^\d+$/.test(raw) ? ctx.state.live.networks.find((n) => n.id === Number(raw)) : undefined;
  if (!network) throw new SimError(404, 'Private network not found.');
  return { message: 'Success get private network graph', data: networkGraph(network, ctx.state) };
};

/** Handlers of the networking group. */
export const networkingHandlers = {
  'firewall.ipsetCreate': ipsetCreate,
  'ip.add': ipAdd,
  'ip.changeInstance': changeInstance,
  'network.vswitch': vswitch,
  'network.details': details,
  'network.graph': graph,
} satisfies Record<string, Handler>;
