// Extra seeded servers beyond the five fixed ones (`instances` option, `vpsops simulator --instances`),
// so the instance list (E3) can be tried over several pages: node-06, node-07, … — mostly Running,
// every tenth Stopped and node-07 in Error; two in three in Jakarta; every other one with a public IP
// from 198.51.100.0/24 (the fixed seed and `ip add` use 203.0.113.0/24).
import type { SimInstance, SimPublicIp } from '../records.js';
import { stableUuid } from '../prng.js';
import { SEED_IDS } from '../seed-ids.js';
import { ago } from './instances.js';

const PRICE_OF_TIER: Record<number, number> = { 1: 650, 2: 1250, 3: 3200 };

/** Servers number 6 to `total` (nothing when `total` ≤ 5), with their public IPs. */
export function seedFleet(total: number, now: Date): { instances: SimInstance[]; publicIps: SimPublicIp[] } {
  const instances: SimInstance[] = [];
  const publicIps: SimPublicIp[] = [];
  const width = Math.max(2, String(total).length);
  for (let n = 6; n <= total; n += 1) {
    const tierId = (n % 3) + 1;
    const locationId = n % 3 === 0 ? SEED_IDS.locations.singapore : SEED_IDS.locations.jakarta;
    const status = n === 7 ? 'Error' : n % 10 === 0 ? 'Stopped' : 'Running';
    const uuid = stableUuid(`fleet:${n}`);
    instances.push({
      uuid,
      vmId: 1000 + n,
      hostname: `node-${String(n).padStart(width, '0')}`,
      username: 'ubuntu',
      cpu: String(tierId * 2),
      isCpuDedicated: tierId === 3,
      memory: `${tierId * 2} GB`,
      storage: `${tierId * 40} GB`,
      status,
      templateId: 12,
      locationId,
      tierId,
      pricePerHour: PRICE_OF_TIER[tierId] ?? 650,
      createdAt: ago(now, 2000 + n * 24),
      updatedAt: ago(now, 24),
      lastStartedAt: ago(now, 300),
      lastBackupAt: ago(now, 6),
      stoppedAt: status === 'Stopped' ? ago(now, 24) : null,
    });
    if (n % 2 === 0 && publicIps.length < 250) {
      publicIps.push({
        uuid: stableUuid(`fleet-ip:${n}`),
        address: `198.51.100.${publicIps.length + 1}`,
        locationId,
        instanceUuid: uuid,
      });
    }
  }
  return { instances, publicIps };
}
