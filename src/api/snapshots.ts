// Snapshot endpoints (spec 4.2, endpoints 7–8). Both change state: never retried.
import type { HostingApi } from './hosting-api.js';
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
  };
}
