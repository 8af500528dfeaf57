// Snapshot endpoints (spec 4.2, endpoints 7–8, which change state and are never retried) and the
// optional listing E1 (part 10).
import type { HostingApi } from './hosting-api.js';
import { snapshotListSchema } from './schemas/listings.js';
import { rollbackSchema, snapshotDeletedSchema } from './schemas/results.js';
import type { Transport } from './transport.js';

/** Builds `api.snapshots` on a transport. */
export function snapshotsApi(call: Transport): HostingApi['snapshots'] {
  return {
    delete: (instanceUuid, snapshotUuid) =>
      call(
        'snapshot.delete',
        { params: { instance_uuid: instanceUuid, snapshot_uuid: snapshotUuid } },
        snapshotDeletedSchema,
      ),
    rollback: (instanceUuid, snapshotUuid) =>
      call(
        'snapshot.rollback',
        { params: { instance_uuid: instanceUuid, snapshot_uuid: snapshotUuid } },
        rollbackSchema,
      ),
    list: (instanceUuid) =>
      call('snapshot.list', { params: { instance_uuid: instanceUuid } }, snapshotListSchema),
  };
}
