// Snapshot endpoints (spec 4.2, endpoints 7–8, which change state and are never retried) and the
// optional listing E1 (part 10).
import type { HostingApi } from './hosting-api.js';
import { itemCall } from './item-call.js';
import { snapshotListSchema } from './schemas/listings.js';
import { rollbackSchema, snapshotDeletedSchema } from './schemas/results.js';
import type { Transport } from './transport.js';

/** Builds `api.snapshots` on a transport. */
export function snapshotsApi(call: Transport): HostingApi['snapshots'] {
  return {
    delete: itemCall(call, 'snapshot.delete', 'snapshot_uuid', snapshotDeletedSchema),
    rollback: itemCall(call, 'snapshot.rollback', 'snapshot_uuid', rollbackSchema),
    list: (instanceUuid) =>
      call('snapshot.list', { params: { instance_uuid: instanceUuid } }, snapshotListSchema),
  };
}
