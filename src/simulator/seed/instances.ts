// Seeded instances: web-1, web-2, db-1 (Jakarta), worker-1 (Stopped) and cache-1 (Singapore).
import { SEED_IDS } from '../seed-ids.js';
import type { SimInstance } from '../records.js';

const HOUR = 3_600_000;

const at = (iso: string): Date => new Date(iso);
/** `now` minus some hours, truncated to the minute so human dates are stable within a run. */
const ago = (now: Date, hours: number): Date =>
  new Date(Math.floor((now.getTime() - hours * HOUR) / 60_000) * 60_000);

/** The five seeded instances; web-1's last backup is over a day old, the others' are recent. */
export function seedInstances(now: Date): SimInstance[] {
  const { instances: ids, vmIds, locations } = SEED_IDS;
  return [
    {
      uuid: ids.web1,
      vmId: vmIds.web1,
      hostname: 'web-1',
      username: 'ubuntu',
      cpu: 2,
      isCpuDedicated: false,
      memory: '4 GB',
      storage: '80 GB',
      status: 'Running',
      templateId: 12,
      locationId: locations.jakarta,
      tierId: 2,
      pricePerHour: 1250,
      createdAt: at('2024-01-25T14:37:00Z'),
      updatedAt: ago(now, 52),
      lastStartedAt: ago(now, 240),
      lastBackupAt: ago(now, 30),
      stoppedAt: null,
    },
    {
      uuid: ids.web2,
      vmId: vmIds.web2,
      hostname: 'web-2',
      username: 'ubuntu',
      cpu: '2',
      isCpuDedicated: false,
      memory: '4 GB',
      storage: '80 GB',
      status: 'Running',
      templateId: 13,
      locationId: locations.jakarta,
      tierId: 2,
      pricePerHour: 1250,
      createdAt: at('2024-03-03T09:12:00Z'),
      updatedAt: ago(now, 75),
      lastStartedAt: ago(now, 190),
      lastBackupAt: ago(now, 3),
      stoppedAt: null,
    },
    {
      uuid: ids.db1,
      vmId: vmIds.db1,
      hostname: 'db-1',
      username: 'debian',
      cpu: '4',
      isCpuDedicated: true,
      memory: '8 GB',
      storage: '160 GB',
      status: 'Running',
      templateId: 22,
      locationId: locations.jakarta,
      tierId: 3,
      pricePerHour: 3200,
      createdAt: at('2024-01-25T15:02:00Z'),
      updatedAt: ago(now, 400),
      lastStartedAt: ago(now, 1100),
      lastBackupAt: ago(now, 2),
      stoppedAt: null,
    },
    {
      uuid: ids.worker1,
      vmId: vmIds.worker1,
      hostname: 'worker-1',
      username: 'rocky',
      cpu: '2',
      isCpuDedicated: false,
      memory: '2048 MB',
      storage: '40 GB',
      status: 'Stopped',
      templateId: 32,
      locationId: locations.singapore,
      tierId: 1,
      pricePerHour: 650,
      createdAt: at('2024-06-11T08:45:00Z'),
      updatedAt: ago(now, 48),
      lastStartedAt: ago(now, 300),
      lastBackupAt: ago(now, 5),
      stoppedAt: ago(now, 48),
    },
    {
      uuid: ids.cache1,
      vmId: vmIds.cache1,
      hostname: 'cache-1',
      username: 'debian',
      cpu: '1',
      isCpuDedicated: false,
      memory: '2 GB',
      storage: '40 GB',
      status: 'Running',
      templateId: 22,
      locationId: locations.singapore,
      tierId: 1,
      pricePerHour: 650,
      createdAt: at('2024-09-02T21:19:00Z'),
      updatedAt: ago(now, 20),
      lastStartedAt: ago(now, 700),
      lastBackupAt: ago(now, 4),
      stoppedAt: null,
    },
  ];
}

/** Shared with the other seed modules so every seeded time is relative to the same `now`. */
export { ago };
