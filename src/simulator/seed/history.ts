// Seeded snapshots (two on web-1) and backup histories (23 daily backups on web-1, a few elsewhere).
import { SEED_IDS } from '../seed-ids.js';
import { stableUuid, unitNoise } from '../prng.js';
import type { SimBackup, SimBlockStorage, SimInstance, SimSnapshot } from '../records.js';
import { ago } from './instances.js';

/** The two web-1 snapshots: a nightly one and an older pre-deploy one. */
export function seedSnapshots(now: Date): SimSnapshot[] {
  const web1 = SEED_IDS.instances.web1;
  return [
    {
      uuid: SEED_IDS.snapshots.web1Daily,
      instanceUuid: web1,
      name: 'nightly',
      sizeGb: 18.4,
      createdAt: ago(now, 20),
    },
    {
      uuid: SEED_IDS.snapshots.web1PreDeploy,
      instanceUuid: web1,
      name: 'pre-deploy',
      sizeGb: 17.9,
      createdAt: ago(now, 146),
    },
  ];
}

const HISTORY_LENGTH: Record<string, number> = {
  [SEED_IDS.instances.web1]: 23,
  [SEED_IDS.instances.web2]: 3,
  [SEED_IDS.instances.db1]: 5,
  [SEED_IDS.instances.worker1]: 2,
  [SEED_IDS.instances.cache1]: 2,
};

/** Daily backups, newest first, the newest at each instance's last_backup_at. */
export function seedBackups(now: Date, instances: SimInstance[], storages: SimBlockStorage[]): SimBackup[] {
  const backups: SimBackup[] = [];
  for (const instance of instances) {
    const latest = instance.lastBackupAt;
    if (!latest) continue;
    const attached = storages
      .filter((s) => s.instanceUuid === instance.uuid)
      .map((s) => ({ id: s.uuid, name: s.name, size: s.sizeGb }));
    const count = HISTORY_LENGTH[instance.uuid] ?? 0;
    for (let i = 0; i < count; i += 1) {
      const sizeGb = Math.round((10 + unitNoise(`${instance.uuid}:backup:${i}`) * 6) * 10) / 10;
      backups.push({
        uuid: backupUuid(instance.uuid, i),
        instanceUuid: instance.uuid,
        schedule: 'daily',
        sizeGb,
        currentCost: Math.round(sizeGb * 120),
        estThisMonth: Math.round(sizeGb * 500),
        createdAt: new Date(latest.getTime() - i * 86_400_000),
        attachedStorage: attached,
      });
    }
  }
  return backups;
}

function backupUuid(instanceUuid: string, index: number): string {
  if (instanceUuid === SEED_IDS.instances.web1 && index === 0) return SEED_IDS.backups.web1Latest;
  if (instanceUuid === SEED_IDS.instances.web1 && index === 1) return SEED_IDS.backups.web1Previous;
  return stableUuid(`backup:${instanceUuid}:${index}`);
}
