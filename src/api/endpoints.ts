// The 22 endpoints of the hosting API (../shared/spec/hosting-api.md part 4), one source of truth
// for the client, the simulator and the tests. `retrySafe` is false for every call that changes
// state — including endpoints 9 and 10, which are GETs that change state.

/** What the client and simulator need to know about one endpoint to call or serve it. */
export interface EndpointSpec {
  /** Spec number (1–22; the optional part-10 extensions E1 and E2 are 101 and 102). */
  number: number;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path template relative to the base URL (which ends in /v1). */
  path: string;
  /** Whether an automatic retry is safe (reads with no side effect). */
  retrySafe: boolean;
}

/** Every endpoint by name, so URLs, retry rules and request counts never drift apart. */
export const ENDPOINTS = {
  'instance.detail': { number: 1, method: 'GET', path: '/instance/{instance_uuid}/detail', retrySafe: true },
  'instance.stop': { number: 2, method: 'PATCH', path: '/instance/{instance_uuid}/stop', retrySafe: false },
  'instance.delete': {
    number: 3,
    method: 'POST',
    path: '/instance/{instance_uuid}/delete',
    retrySafe: false,
  },
  'instance.console': {
    number: 4,
    method: 'POST',
    path: '/instance/{instance_uuid}/console-websocket',
    retrySafe: false,
  },
  'instance.rrd': { number: 5, method: 'GET', path: '/instance/{instance_uuid}/rrd', retrySafe: true },
  'instance.noIp': { number: 6, method: 'GET', path: '/instance/options/no-ip', retrySafe: true },
  'snapshot.delete': {
    number: 7,
    method: 'DELETE',
    path: '/instance/{instance_uuid}/snapshot/{snapshot_uuid}/delete',
    retrySafe: false,
  },
  'snapshot.rollback': {
    number: 8,
    method: 'PATCH',
    path: '/instance/{instance_uuid}/snapshot/{snapshot_uuid}/rollback',
    retrySafe: false,
  },
  'backup.restore': {
    number: 9,
    method: 'GET',
    path: '/instance/{instance_uuid}/backup/restore/{backup_uuid}',
    retrySafe: false,
  },
  'backup.delete': {
    number: 10,
    method: 'GET',
    path: '/instance/{instance_uuid}/backup/{backup_uuid}/delete',
    retrySafe: false,
  },
  'backup.history': {
    number: 11,
    method: 'GET',
    path: '/instance/{instance_uuid}/backup/history',
    retrySafe: true,
  },
  'firewall.ipsetCreate': {
    number: 12,
    method: 'PATCH',
    path: '/instance/{instance_uuid}/firewall/ipset/create',
    retrySafe: false,
  },
  'ip.add': { number: 13, method: 'PATCH', path: '/instance/{instance_uuid}/ip/add', retrySafe: false },
  'ip.changeInstance': {
    number: 14,
    method: 'PATCH',
    path: '/network/public/{ip_uuid}/change-instance',
    retrySafe: false,
  },
  'network.vswitch': {
    number: 15,
    method: 'PATCH',
    path: '/instance/{instance_uuid}/vswitch',
    retrySafe: false,
  },
  'network.details': {
    number: 16,
    method: 'GET',
    path: '/network/vswitch/{vswitch_uuid}/details',
    retrySafe: true,
  },
  'network.graph': {
    number: 17,
    method: 'GET',
    path: '/network/vswitch/{vswitch_id}/graph',
    retrySafe: true,
  },
  'storage.create': { number: 18, method: 'POST', path: '/storage/blocks/create', retrySafe: false },
  'systems.list': { number: 19, method: 'GET', path: '/systems', retrySafe: true },
  'sshkey.unassigned': { number: 20, method: 'GET', path: '/credential/ssh/unassigned', retrySafe: true },
  'billing.paymentMethods': {
    number: 21,
    method: 'GET',
    path: '/billing/v2/payment-methods',
    retrySafe: true,
  },
  'billing.reportSummary': { number: 22, method: 'GET', path: '/billing/report/summary', retrySafe: true },
  // Part 10 (optional): an API may answer 404/405 — "not offered here".
  'snapshot.list': {
    number: 101,
    method: 'GET',
    path: '/instance/{instance_uuid}/snapshot/snapshots',
    retrySafe: true,
  },
  'network.list': { number: 102, method: 'GET', path: '/network/vswitches', retrySafe: true },
} as const satisfies Record<string, EndpointSpec>;

/** An endpoint's name, the key errors, audits and simulator counters use to say which call. */
export type EndpointName = keyof typeof ENDPOINTS;
