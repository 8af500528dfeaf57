// Assembles the resource groups on one transport. Kept apart from index.ts so tests can build the
// client on a transport with a fake sleep and observe backoff delays without waiting for them.
import { backupsApi } from './backups.js';
import { billingApi } from './billing.js';
import { blockStorageApi } from './block-storage.js';
import { firewallApi } from './firewall.js';
import type { HostingApi } from './hosting-api.js';
import { instancesApi } from './instances.js';
import { privateNetworksApi } from './private-networks.js';
import { publicIpsApi } from './public-ips.js';
import { snapshotsApi } from './snapshots.js';
import { sshKeysApi } from './ssh-keys.js';
import { systemsApi } from './systems.js';
import type { Transport } from './transport.js';

/** The full HostingApi over a transport. */
export function hostingApiOn(call: Transport): HostingApi {
  return {
    instances: instancesApi(call),
    snapshots: snapshotsApi(call),
    backups: backupsApi(call),
    firewall: firewallApi(call),
    publicIps: publicIpsApi(call),
    privateNetworks: privateNetworksApi(call),
    blockStorage: blockStorageApi(call),
    systems: systemsApi(call),
    sshKeys: sshKeysApi(call),
    billing: billingApi(call),
  };
}
