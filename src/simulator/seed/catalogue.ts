// Seeded reference data: locations, tiers, the operating-system catalogue and SSH keys.
import type { SimSshKey } from '../records.js';

/** Location id → name, as the service shows it. */
export const LOCATIONS: ReadonlyMap<number, string> = new Map([
  [1, 'Jakarta'],
  [2, 'Singapore'],
]);

/** Tier id → name. */
export const TIERS: ReadonlyMap<number, string> = new Map([
  [1, 'Basic'],
  [2, 'Standard'],
  [3, 'Performance'],
]);

/** One installable OS version (its id is the instance's template id); `locations` limits where it exists. */
export interface OsVersion {
  id: number;
  version: string;
  description: string;
  minCpu: number;
  /** MB */
  minMemory: number;
  /** GB */
  minStorage: number;
  locations: number[];
}

/** One operating system with its versions. */
export interface OsEntry {
  id: number;
  osName: string;
  image: string;
  username: string;
  versions: OsVersion[];
}

const BOTH = [1, 2];
const icon = (name: string): string => `https://assets.sim.local/os/${name}.svg`;

/** The OS catalogue; some versions only exist in one location, so the `location` filter matters. */
export const OS_CATALOGUE: readonly OsEntry[] = [
  {
    id: 1,
    osName: 'Ubuntu',
    image: icon('ubuntu'),
    username: 'ubuntu',
    versions: [
      {
        id: 11,
        version: '20.04',
        description: 'Ubuntu 20.04 LTS (Focal Fossa)',
        minCpu: 1,
        minMemory: 1024,
        minStorage: 20,
        locations: BOTH,
      },
      {
        id: 12,
        version: '22.04',
        description: 'Ubuntu 22.04 LTS (Jammy Jellyfish)',
        minCpu: 1,
        minMemory: 1024,
        minStorage: 20,
        locations: BOTH,
      },
      {
        id: 13,
        version: '24.04',
        description: 'Ubuntu 24.04 LTS (Noble Numbat)',
        minCpu: 1,
        minMemory: 2048,
        minStorage: 25,
        locations: [1],
      },
    ],
  },
  {
    id: 2,
    osName: 'Debian',
    image: icon('debian'),
    username: 'debian',
    versions: [
      {
        id: 21,
        version: '11',
        description: 'Debian 11 (Bullseye)',
        minCpu: 1,
        minMemory: 512,
        minStorage: 10,
        locations: BOTH,
      },
      {
        id: 22,
        version: '12',
        description: 'Debian 12 (Bookworm)',
        minCpu: 1,
        minMemory: 1024,
        minStorage: 20,
        locations: BOTH,
      },
    ],
  },
  {
    id: 3,
    osName: 'Rocky Linux',
    image: icon('rocky'),
    username: 'rocky',
    versions: [
      {
        id: 31,
        version: '8',
        description: 'Rocky Linux 8',
        minCpu: 1,
        minMemory: 1024,
        minStorage: 20,
        locations: [2],
      },
      {
        id: 32,
        version: '9',
        description: 'Rocky Linux 9',
        minCpu: 1,
        minMemory: 2048,
        minStorage: 20,
        locations: BOTH,
      },
    ],
  },
  {
    id: 4,
    osName: 'Windows Server',
    image: icon('windows'),
    username: 'Administrator',
    versions: [
      {
        id: 41,
        version: '2019',
        description: 'Windows Server 2019 Datacenter',
        minCpu: 2,
        minMemory: 4096,
        minStorage: 50,
        locations: [1],
      },
      {
        id: 42,
        version: '2022',
        description: 'Windows Server 2022 Datacenter',
        minCpu: 2,
        minMemory: 4096,
        minStorage: 60,
        locations: [1],
      },
    ],
  },
];

/** Finds the OS and version of a template id (every seeded instance uses a catalogue template). */
export function findTemplate(templateId: number): { os: OsEntry; version: OsVersion } | undefined {
  for (const os of OS_CATALOGUE) {
    const version = os.versions.find((v) => v.id === templateId);
    if (version) return { os, version };
  }
  return undefined;
}

/** Seeded SSH keys; VM ids follow SEED_IDS.vmIds (101 web-1 … 105 cache-1). */
export function seedSshKeys(): SimSshKey[] {
  return [
    { id: 11, title: 'alice@laptop', assignedVmIds: [101, 103] },
    { id: 12, title: 'bob@workstation', assignedVmIds: [101] },
    { id: 13, title: 'ci-deploy', assignedVmIds: [101, 102, 105] },
    { id: 14, title: 'ops-break-glass', assignedVmIds: [] },
    { id: 15, title: 'carol@desktop', assignedVmIds: [104] },
  ];
}
