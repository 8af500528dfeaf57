// Shared set-up for the API client contract suites: a fresh simulator per test and a client on it.
import { afterEach, beforeEach } from 'vitest';
import { createHostingApi } from '../../src/api/index.js';
import type { EndpointName, HostingApi } from '../../src/api/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { startSimulator } from '../../src/simulator/index.js';

/** The handle type of the simulator, whatever its module names it. */
export type Simulator = Awaited<ReturnType<typeof startSimulator>>;

/** A uuid that is well-formed but unknown to the simulator. */
export const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

/** Starts a simulator with short timings and a client on it. */
export async function startPair(
  clientOptions: Partial<Parameters<typeof createHostingApi>[0]> = {},
): Promise<{ sim: Simulator; api: HostingApi }> {
  const sim = await startSimulator({
    timing: { terminateMs: 60_000, restoreMs: 60_000, storageMs: 60_000, rollbackMs: 0 },
  });
  const api = createHostingApi({
    baseUrl: sim.url,
    apiKey: sim.apiKey,
    retryBaseDelayMs: 1,
    timeoutMs: 5_000,
    ...clientOptions,
  });
  return { sim, api };
}

/**
 * Gives every test in the calling file a fresh simulator and client (handed to `use`) and closes
 * the simulator afterwards, so the suites do not each repeat the same hooks.
 */
export function freshPairEachTest(use: (pair: { sim: Simulator; api: HostingApi }) => void): void {
  let sim: Simulator | undefined;
  beforeEach(async () => {
    const pair = await startPair();
    sim = pair.sim;
    use(pair);
  });
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
  });
}

/** A client on the same simulator with a wrong key. */
export function wrongKeyClient(sim: Simulator): HostingApi {
  return createHostingApi({ baseUrl: sim.url, apiKey: 'sim_wrong_key_000000000000', retryBaseDelayMs: 1 });
}

/** Re-exported so the contract suites import their helpers from one place. */
export { failure } from '../support/api-failure.js';

const I = SEED_IDS.instances;

/** A harmless-as-possible valid call per endpoint against the seeded estate. */
export const SEEDED_CALLS: Record<EndpointName, (api: HostingApi) => Promise<unknown>> = {
  'instance.detail': (api) => api.instances.detail(I.web1),
  'instance.stop': (api) => api.instances.stop(I.web2),
  'instance.delete': (api) => api.instances.delete(I.cache1, { removeIp: false, removeBlockStorage: false }),
  'instance.console': (api) => api.instances.consoleWebsocket(I.web1),
  'instance.rrd': (api) => api.instances.rrd(I.web1, 'hour'),
  'instance.noIp': (api) => api.instances.withoutPublicIp(SEED_IDS.locations.jakarta),
  'snapshot.delete': (api) => api.snapshots.delete(I.web1, SEED_IDS.snapshots.web1Daily),
  'snapshot.rollback': (api) => api.snapshots.rollback(I.web1, SEED_IDS.snapshots.web1PreDeploy),
  'backup.restore': (api) => api.backups.restore(I.web1, SEED_IDS.backups.web1Latest),
  'backup.delete': (api) => api.backups.delete(I.web1, SEED_IDS.backups.web1Previous),
  'backup.history': (api) => api.backups.history(I.web1),
  'firewall.ipsetCreate': (api) => api.firewall.createIpset(I.web1, { name: 'office' }),
  'ip.add': (api) => api.publicIps.add(I.db1),
  'ip.changeInstance': (api) => api.publicIps.changeInstance(SEED_IDS.publicIps.web2, I.db1),
  'network.vswitch': (api) => api.privateNetworks.setVswitch(I.web2, SEED_IDS.networks.backend.uuid),
  'network.details': (api) => api.privateNetworks.details(SEED_IDS.networks.backend.uuid),
  'network.graph': (api) => api.privateNetworks.graph(SEED_IDS.networks.backend.id),
  'storage.create': (api) => api.blockStorage.create({ name: 'data-1', location_id: 1, size: 20 }),
  'systems.list': (api) => api.systems.list(),
  'sshkey.unassigned': (api) => api.sshKeys.unassigned(SEED_IDS.vmIds.web1),
  'billing.paymentMethods': (api) => api.billing.paymentMethods(),
  'billing.reportSummary': (api) => api.billing.reportSummary(),
  'snapshot.list': (api) => api.snapshots.list(I.web1),
  'network.list': (api) => api.privateNetworks.list(),
  'instance.list': (api) => api.instances.list(),
  'billing.summary': (api) => api.billing.summary(),
  'instance.start': (api) => api.instances.start(I.worker1),
  'instance.restart': (api) => api.instances.restart(I.web1),
};
