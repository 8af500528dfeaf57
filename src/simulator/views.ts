// Shapes internal records into the API's response objects (spec part 2).
import { humanDate, humanDateOrNull, humanDateWithComma } from './format.js';
import { monthlyEstimate, type SimInstance, type SimNetwork } from './records.js';
import { findTemplate, LOCATIONS, TIERS } from './seed/catalogue.js';
import type { SimulatorState } from './state.js';

/** Instance detail (2.1): cpu as the record holds it (number or string), prices in IDR, human dates. */
export function instanceDetail(
  instance: SimInstance,
  state: SimulatorState,
  now: Date,
): Record<string, unknown> {
  const template = findTemplate(instance.templateId);
  const ip = state.livePublicIpOf(instance.uuid);
  const network = state.liveNetworkOf(instance.uuid);
  return {
    uuid: instance.uuid,
    hostname: instance.hostname,
    username: instance.username,
    cpu: instance.cpu,
    is_cpu_dedicated: instance.isCpuDedicated,
    memory: instance.memory,
    storage: instance.storage,
    status: instance.status,
    os_name: template ? `${template.os.osName} ${template.version.version}` : 'Unknown',
    public_ip: ip ? { ip_id: ip.uuid, ip_address: ip.address } : null,
    rdns: ip ? `${ip.address.split('.').join('-')}.rdns.sim.local` : null,
    private_network: network?.name ?? null,
    location_id: instance.locationId,
    location: LOCATIONS.get(instance.locationId) ?? 'Unknown',
    tier_id: instance.tierId,
    tier: TIERS.get(instance.tierId) ?? 'Unknown',
    os: template
      ? {
          template_id: template.version.id,
          version: template.version.version,
          os_id: template.os.id,
          name: template.os.osName,
          image: template.os.image,
          min_cpu: template.version.minCpu,
          min_memory: template.version.minMemory,
          min_storage: template.version.minStorage,
        }
      : null,
    price_per_hour: instance.pricePerHour,
    estimated_monthly_price: monthlyEstimate(instance),
    cost: costThisMonth(instance, now),
    operation_flag: operationFlag(instance),
    created_at: humanDate(instance.createdAt),
    updated_at: humanDate(instance.updatedAt),
    last_started_at: humanDate(instance.lastStartedAt),
    last_backup_at: humanDateOrNull(instance.lastBackupAt),
  };
}

/** One server of the instance list (E3), in the published shape: flatter than the detail. */
export function instanceListItem(
  instance: SimInstance,
  state: SimulatorState,
  now: Date,
): Record<string, unknown> {
  return {
    uuid: instance.uuid,
    hostname: instance.hostname,
    ip_address: state.livePublicIpOf(instance.uuid)?.address ?? null,
    cpu: instance.cpu,
    memory: instance.memory,
    storage: instance.storage,
    status: instance.status,
    location: LOCATIONS.get(instance.locationId) ?? 'Unknown',
    tier: TIERS.get(instance.tierId) ?? 'Unknown',
    price_per_hour: instance.pricePerHour,
    estimated_monthly_cost: monthlyEstimate(instance),
    cost: costThisMonth(instance, now),
    operation_flag: operationFlag(instance),
    created_at: humanDateWithComma(instance.createdAt),
  };
}

/** 0 when Running or Stopped, else 1 (an operation under way, or an error). */
function operationFlag(instance: SimInstance): number {
  return ['Running', 'Stopped'].includes(instance.status) ? 0 : 1;
}

/** Hours billed since the start of the month (or creation) times the hourly price. */
export function costThisMonth(instance: SimInstance, now: Date): number {
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const from = Math.max(monthStart, instance.createdAt.getTime());
  const hours = Math.max(0, Math.floor((now.getTime() - from) / 3_600_000));
  return hours * instance.pricePerHour;
}

/** Private network detail (2.3); gateway fields are all null when there is no gateway instance. */
export function networkDetail(network: SimNetwork, state: SimulatorState): Record<string, unknown> {
  const gateway = network.gatewayUuid ? state.live.instances.get(network.gatewayUuid) : undefined;
  const gatewayIp = network.members.find((m) => m.instanceUuid === network.gatewayUuid)?.privateIp ?? null;
  return {
    uuid: network.uuid,
    name: network.name,
    tag: network.tag,
    vid: network.vid,
    location: { id: network.locationId, name: LOCATIONS.get(network.locationId) ?? 'Unknown' },
    total_active_instance: network.members.length,
    status: network.status,
    gateway: gateway
      ? { uuid: gateway.uuid, hostname: gateway.hostname, private_ip: gatewayIp }
      : { uuid: null, hostname: null, private_ip: null },
    created_at: humanDate(network.createdAt),
    last_update_at: humanDate(network.updatedAt),
  };
}

/** Topology graph (2.4): a switch node, one node per attached instance, an edge from switch to each. */
export function networkGraph(
  network: SimNetwork,
  state: SimulatorState,
): { nodes: unknown[]; edges: unknown[] } {
  const switchId = `vswitch-${network.id}`;
  const nodes: unknown[] = [
    {
      id: switchId,
      type: 'switch',
      position: { x: 400, y: 40 },
      data: { label: network.name, vid: network.vid, tag: network.tag, status: network.status },
      style: { width: 160, height: 48 },
      parent: '',
      draggable: false,
    },
  ];
  const edges: unknown[] = [];
  const spacing = 220;
  const left = 400 - ((network.members.length - 1) * spacing) / 2;
  network.members.forEach((member, i) => {
    const instance = state.live.instances.get(member.instanceUuid);
    const nodeId = `vm-${member.instanceUuid}`;
    nodes.push({
      id: nodeId,
      type: 'instance',
      position: { x: left + i * spacing, y: 220 },
      data: {
        label: instance?.hostname ?? member.instanceUuid,
        uuid: member.instanceUuid,
        private_ip: member.privateIp,
        status: instance?.status ?? 'Unknown',
        is_gateway: member.instanceUuid === network.gatewayUuid,
      },
      style: { width: 140, height: 40 },
      parent: switchId,
      draggable: true,
    });
    edges.push({
      id: `edge-${switchId}-${nodeId}`,
      source: switchId,
      target: nodeId,
      label: member.privateIp,
    });
  });
  return { nodes, edges };
}
