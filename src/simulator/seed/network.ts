// Seeded public IPs, private networks and block storage volumes.
import { SEED_IDS } from '../seed-ids.js';
import { stableUuid } from '../prng.js';
import type { SimBlockStorage, SimNetwork, SimPublicIp } from '../records.js';
import { ago } from './instances.js';

const { instances: ids, locations } = SEED_IDS;

/** Public IPs of web-1, web-2 (Jakarta) and cache-1 (Singapore), from the 203.0.113.0/24 pool. */
export function seedPublicIps(): SimPublicIp[] {
  return [
    {
      uuid: SEED_IDS.publicIps.web1,
      address: '203.0.113.10',
      locationId: locations.jakarta,
      instanceUuid: ids.web1,
    },
    {
      uuid: SEED_IDS.publicIps.web2,
      address: '203.0.113.11',
      locationId: locations.jakarta,
      instanceUuid: ids.web2,
    },
    {
      uuid: SEED_IDS.publicIps.cache1,
      address: '203.0.113.12',
      locationId: locations.singapore,
      instanceUuid: ids.cache1,
    },
  ];
}

/** "backend" (Jakarta: web-1 + gateway db-1) and "edge" (Singapore: cache-1, no gateway). */
export function seedNetworks(now: Date): SimNetwork[] {
  return [
    {
      uuid: SEED_IDS.networks.backend.uuid,
      id: SEED_IDS.networks.backend.id,
      name: 'backend',
      tag: 107,
      vid: '107',
      locationId: locations.jakarta,
      status: 'Active',
      gatewayUuid: ids.db1,
      subnetPrefix: '10.20.0',
      members: [
        { instanceUuid: ids.db1, privateIp: '10.20.0.1' },
        { instanceUuid: ids.web1, privateIp: '10.20.0.11' },
      ],
      createdAt: new Date('2024-01-25T15:10:00Z'),
      updatedAt: ago(now, 240),
    },
    {
      uuid: SEED_IDS.networks.edge.uuid,
      id: SEED_IDS.networks.edge.id,
      name: 'edge',
      tag: 108,
      vid: '108',
      locationId: locations.singapore,
      status: 'Active',
      gatewayUuid: null,
      subnetPrefix: '10.30.0',
      members: [{ instanceUuid: ids.cache1, privateIp: '10.30.0.11' }],
      createdAt: new Date('2024-09-02T21:30:00Z'),
      updatedAt: ago(now, 700),
    },
  ];
}

/** Data volumes of web-1 and db-1, and one unattached archive volume in Singapore. */
export function seedBlockStorages(): SimBlockStorage[] {
  const volume = (
    name: string,
    sizeGb: number,
    locationId: number,
    instanceUuid: string | null,
  ): SimBlockStorage => ({
    uuid: stableUuid(`storage:${name}`),
    name,
    sizeGb,
    locationId,
    status: 'ready',
    instanceUuid,
    createdAt: new Date('2024-02-01T10:00:00Z'),
  });
  return [
    volume('web-1-data', 100, locations.jakarta, ids.web1),
    volume('db-1-data', 250, locations.jakarta, ids.db1),
    volume('archive', 500, locations.singapore, null),
  ];
}
