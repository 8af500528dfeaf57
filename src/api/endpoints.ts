// The 22 endpoints of the hosting API (../shared/spec/hosting-api.md part 4), one source of truth
// for the client, the simulator and the tests. `retrySafe` is false for every call that changes
// state — including endpoints 9 and 10, which are GETs that change state.

/** What the client and simulator need to know about one endpoint to call or serve it. */
export interface EndpointSpec {
  /** Spec number (1–22; the optional part-10 extensions E1–E6 are 101–106). */
  number: number;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path template relative to the base URL (which ends in /v1). */
  path: string;
  /** Whether an automatic retry is safe (reads with no side effect). */
  retrySafe: boolean;
}

/** A read: GET, with no side effect, so an automatic retry is safe. */
function read(number: number, path: string): EndpointSpec {
  return { number, method: 'GET', path, retrySafe: true };
}

/** A call that changes state (GETs 9 and 10 included): never retried automatically. */
function change(number: number, method: EndpointSpec['method'], path: string): EndpointSpec {
  return { number, method, path, retrySafe: false };
}

/** Every endpoint by name, so URLs, retry rules and request counts never drift apart. */
export const ENDPOINTS = {
  'instance.detail': read(1, '/instance/{instance_uuid}/detail'),
  'instance.stop': change(2, 'PATCH', '/instance/{instance_uuid}/stop'),
  'instance.delete': change(3, 'POST', '/instance/{instance_uuid}/delete'),
  'instance.console': change(4, 'POST', '/instance/{instance_uuid}/console-websocket'),
  'instance.rrd': read(5, '/instance/{instance_uuid}/rrd'),
  'instance.noIp': read(6, '/instance/options/no-ip'),
  'snapshot.delete': change(7, 'DELETE', '/instance/{instance_uuid}/snapshot/{snapshot_uuid}/delete'),
  'snapshot.rollback': change(8, 'PATCH', '/instance/{instance_uuid}/snapshot/{snapshot_uuid}/rollback'),
  'backup.restore': change(9, 'GET', '/instance/{instance_uuid}/backup/restore/{backup_uuid}'),
  'backup.delete': change(10, 'GET', '/instance/{instance_uuid}/backup/{backup_uuid}/delete'),
  'backup.history': read(11, '/instance/{instance_uuid}/backup/history'),
  'firewall.ipsetCreate': change(12, 'PATCH', '/instance/{instance_uuid}/firewall/ipset/create'),
  'ip.add': change(13, 'PATCH', '/instance/{instance_uuid}/ip/add'),
  'ip.changeInstance': change(14, 'PATCH', '/network/public/{ip_uuid}/change-instance'),
  'network.vswitch': change(15, 'PATCH', '/instance/{instance_uuid}/vswitch'),
  'network.details': read(16, '/network/vswitch/{vswitch_uuid}/details'),
  'network.graph': read(17, '/network/vswitch/{vswitch_id}/graph'),
  'storage.create': change(18, 'POST', '/storage/blocks/create'),
  'systems.list': read(19, '/systems'),
  'sshkey.unassigned': read(20, '/credential/ssh/unassigned'),
  'billing.paymentMethods': read(21, '/billing/v2/payment-methods'),
  'billing.reportSummary': read(22, '/billing/report/summary'),
  // Part 10 (optional): an API may answer 404/405 — "not offered here".
  'snapshot.list': read(101, '/instance/{instance_uuid}/snapshot/snapshots'),
  'network.list': read(102, '/network/vswitches'),
  'instance.list': read(103, '/instances'),
  'billing.summary': read(104, '/billing/summary'),
  // E5, E6: stop's siblings (no body), seen in the service's mobile client.
  'instance.start': change(105, 'PATCH', '/instance/{instance_uuid}/start'),
  'instance.restart': change(106, 'PATCH', '/instance/{instance_uuid}/restart'),
} satisfies Record<string, EndpointSpec>;

/** An endpoint's name, the key errors, audits and simulator counters use to say which call. */
export type EndpointName = keyof typeof ENDPOINTS;
