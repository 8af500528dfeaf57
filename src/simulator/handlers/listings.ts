// The optional part-10 listings the simulator offers, like the real service: E1 (an instance's
// snapshots) and E2 (every private network), in the published shapes.
import { LOCATIONS } from '../seed/catalogue.js';
import { humanDate } from '../format.js';
import { findInstance, type Handler } from './context.js';

/** E1: the instance's snapshots, newest first; the newest is the current state. */
const snapshotList: Handler = (ctx) => {
  const instance = findInstance(ctx);
  const items = ctx.state.live.snapshots
    .filter((s) => s.instanceUuid === instance.uuid)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((s, index) => ({
      id: s.uuid,
      name: s.name,
      description: '',
      status: 'Active',
      current_hourly_price: Math.round(s.sizeGb * 10),
      current_cost: 0,
      estimated_monthly: Math.round(s.sizeGb * 7300),
      is_current_state: index === 0,
      attached_storage: [],
      created_at: humanDate(s.createdAt),
    }));
  return { message: 'Success get snapshots', data: items };
};

/** E2: every private network; `id` (the graph's vswitch id) is added beside the published fields. */
const networkList: Handler = (ctx) => {
  const items = ctx.state.live.networks.map((n) => {
    const gateway = n.gatewayUuid ? ctx.state.live.instances.get(n.gatewayUuid) : undefined;
    return {
      uuid: n.uuid,
      id: n.id,
      name: n.name,
      tag: n.tag,
      location: LOCATIONS.get(n.locationId) ?? 'Unknown',
      network_ip: `${n.subnetPrefix}.0/24`,
      gateway: {
        uuid: gateway?.uuid ?? null,
        hostname: gateway?.hostname ?? null,
        private_ip: n.members.find((m) => m.instanceUuid === n.gatewayUuid)?.privateIp ?? null,
      },
      status: n.status,
      created_at: humanDate(n.createdAt),
    };
  });
  return { message: 'Success get vswitches', data: items };
};

/** Handlers of the part-10 listings. */
export const listingHandlers = {
  'snapshot.list': snapshotList,
  'network.list': networkList,
} satisfies Record<string, Handler>;
