// The optional part-10 listings the simulator offers, like the real service: E1 (an instance's
// snapshots), E2 (every private network) and E3 (every server, paged), in the published shapes.
import { SimError } from '../http-io.js';
import { paginate } from '../pagination.js';
import type { SimInstance } from '../records.js';
import { LOCATIONS } from '../seed/catalogue.js';
import { humanDate } from '../format.js';
import { costThisMonth, instanceListItem } from '../views.js';
import { findInstance, type Handler, type HandlerContext } from './context.js';

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

const SORTS = ['created_at', 'cost'];

/** The `statuses` filter, lower-cased: comma-separated, repeated, or as `statuses[]`. */
function statusFilter(query: URLSearchParams): Set<string> {
  const values = [...query.getAll('statuses'), ...query.getAll('statuses[]')];
  return new Set(
    values
      .flatMap((v) => v.split(','))
      .map((s) => s.trim().toLowerCase())
      .filter((s) => s !== ''),
  );
}

/** Newest first by default and for `created_at`; the highest cost this month first for `cost`. */
function sorted(items: SimInstance[], ctx: HandlerContext): SimInstance[] {
  const sort = ctx.query.get('sort') ?? '';
  if (sort !== '' && !SORTS.includes(sort)) throw new SimError(422, 'The selected sort is invalid.');
  const now = ctx.now();
  return sort === 'cost'
    ? items.sort((a, b) => costThisMonth(b, now) - costThisMonth(a, now))
    : items.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** E3: every server, filtered by hostname (`search`) and status (`statuses`), sorted and paged. */
const instanceList: Handler = (ctx) => {
  const search = (ctx.query.get('search') ?? '').trim().toLowerCase();
  const statuses = statusFilter(ctx.query);
  const matching = [...ctx.state.live.instances.values()].filter(
    (i) =>
      i.hostname.toLowerCase().includes(search) &&
      (statuses.size === 0 || statuses.has(i.status.toLowerCase())),
  );
  const now = ctx.now();
  const { data, page } = paginate(sorted(matching, ctx), ctx.query);
  const active = matching.filter((i) => !['Running', 'Stopped'].includes(i.status)).length;
  return {
    message: 'Virtual machines list',
    data: { data: data.map((i) => instanceListItem(i, ctx.state, now)), active_operation: active, page },
  };
};

/** Handlers of the part-10 listings. */
export const listingHandlers = {
  'snapshot.list': snapshotList,
  'network.list': networkList,
  'instance.list': instanceList,
} satisfies Record<string, Handler>;
