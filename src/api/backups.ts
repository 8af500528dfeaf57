// Backup endpoints (spec 4.2, endpoints 9–11). 9 and 10 are GETs that change state: never retried
// (ENDPOINTS marks them retrySafe: false); only the history listing is retried.
import type { HostingApi } from './hosting-api.js';
import { itemCall } from './item-call.js';
import { backupHistoryItemSchema } from './schemas/backup.js';
import { pagedSchema } from './schemas/page.js';
import { backupDeletedSchema, restoreSchema } from './schemas/results.js';
import type { Transport } from './transport.js';
import { requirePositiveInt } from './validate.js';

/** Builds `api.backups` on a transport. */
export function backupsApi(call: Transport): HostingApi['backups'] {
  return {
    restore: itemCall(call, 'backup.restore', 'backup_uuid', restoreSchema),
    delete: itemCall(call, 'backup.delete', 'backup_uuid', backupDeletedSchema),
    history: async (instanceUuid, opts = {}) => {
      const limit =
        opts.limit === undefined ? undefined : requirePositiveInt('backup.history', 'limit', opts.limit);
      const page =
        opts.page === undefined ? undefined : requirePositiveInt('backup.history', 'page', opts.page);
      return call(
        'backup.history',
        { params: { instance_uuid: instanceUuid }, query: { limit, page } },
        pagedSchema(backupHistoryItemSchema, { limit, page }),
      );
    },
  };
}
