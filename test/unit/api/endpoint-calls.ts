// One representative call per endpoint, so tests can sweep all 22 endpoints and the part-10 extensions by name.
import type { EndpointName, HostingApi } from '../../../src/api/index.js';

const A = '11111111-2222-4333-8444-555555555555';
const B = '66666666-7777-4888-9999-aaaaaaaaaaaa';

/** A call with valid arguments for each endpoint. */
export const CALLS: Record<EndpointName, (api: HostingApi) => Promise<unknown>> = {
  'instance.detail': (api) => api.instances.detail(A),
  'instance.stop': (api) => api.instances.stop(A),
  'instance.delete': (api) => api.instances.delete(A, { removeIp: true, removeBlockStorage: false }),
  'instance.console': (api) => api.instances.consoleWebsocket(A),
  'instance.rrd': (api) => api.instances.rrd(A, 'day'),
  'instance.noIp': (api) => api.instances.withoutPublicIp(1),
  'snapshot.delete': (api) => api.snapshots.delete(A, B),
  'snapshot.rollback': (api) => api.snapshots.rollback(A, B),
  'backup.restore': (api) => api.backups.restore(A, B),
  'backup.delete': (api) => api.backups.delete(A, B),
  'backup.history': (api) => api.backups.history(A, { limit: 5, page: 1 }),
  'firewall.ipsetCreate': (api) => api.firewall.createIpset(A, { name: 'office' }),
  'ip.add': (api) => api.publicIps.add(A),
  'ip.changeInstance': (api) => api.publicIps.changeInstance(A, B),
  'network.vswitch': (api) => api.privateNetworks.setVswitch(A, B),
  'network.details': (api) => api.privateNetworks.details(A),
  'network.graph': (api) => api.privateNetworks.graph(7),
  'storage.create': (api) => api.blockStorage.create({ name: 'data-1' }),
  'systems.list': (api) => api.systems.list(),
  'sshkey.unassigned': (api) => api.sshKeys.unassigned(101),
  'billing.paymentMethods': (api) => api.billing.paymentMethods(),
  'billing.reportSummary': (api) => api.billing.reportSummary(),
  'snapshot.list': (api) => api.snapshots.list(A),
  'network.list': (api) => api.privateNetworks.list(),
  'instance.list': (api) => api.instances.list({ limit: 100, page: 1 }),
  'billing.summary': (api) => api.billing.summary(),
  'instance.start': (api) => api.instances.start(A),
  'instance.restart': (api) => api.instances.restart(A),
};

/** Well-formed data for each endpoint, used as the "success" reply. */
export const GOOD_DATA: Record<EndpointName, unknown> = {
  'instance.detail': { uuid: A, hostname: 'web-1' },
  'instance.stop': { uuid: A, hostname: 'web-1' },
  'instance.delete': { uuid: A, hostname: 'web-1' },
  'instance.console': { url: 'wss://console.example/x', password: 'pw' },
  'instance.rrd': { cpu: [], memory: [], network: [], disk: [] },
  'instance.noIp': [{ id: A, hostname: 'db-1' }],
  'snapshot.delete': { vm_uuid: A, snap_uuid: B },
  'snapshot.rollback': { uuid: A },
  'backup.restore': { vm_uuid: A, backup_uuid: B },
  'backup.delete': { backup: B },
  'backup.history': { data: [], page: { total: 0, count: 0, per_page: 5, current_page: 1, total_pages: 1 } },
  'firewall.ipsetCreate': { vm_uuid: A, ipset: 'office' },
  'ip.add': { vm_uuid: A, ip_address: '203.0.113.9' },
  'ip.changeInstance': { ip_id: A, instance_id: B },
  'network.vswitch': { vm_uuid: A },
  'network.details': { uuid: A, name: 'backend' },
  'network.graph': { nodes: [], edges: [] },
  'storage.create': { block_storage_id: A },
  'systems.list': [],
  'sshkey.unassigned': [],
  'billing.paymentMethods': { bank: [], card: [], ritel: [], ewallet: [], qris: [] },
  'billing.reportSummary': {
    data: [],
    page: { total: 0, count: 0, per_page: 10, current_page: 1, total_pages: 1 },
  },
  'snapshot.list': [{ id: B, name: 'nightly' }],
  'network.list': [{ uuid: B, name: 'backend' }],
  'instance.list': {
    data: [{ uuid: A, hostname: 'web-1' }],
    page: { total: 1, count: 1, per_page: 100, current_page: 1, total_pages: 1 },
  },
  'billing.summary': { current_balance: 0, last_topup: [] },
  'instance.start': { uuid: A, hostname: 'web-1' },
  'instance.restart': { uuid: A, hostname: 'web-1' },
};

/** The sample uuids used above. */
export const SAMPLE_UUIDS = { A, B };
