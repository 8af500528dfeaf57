// Backup endpoints (spec 4.2, endpoints 9–11). 9 and 10 are GETs that change state: never retried
// (ENDPOINTS marks them retrySafe: false); only the history listing is retried.
import type { HostingApi } from './hosting-api.js';
import { backupHistoryItemSchema } from './schemas/backup.js';
import { pagedSchema } from './schemas/page.js';
import { backupDeletedSchema, restoreSchema } from './schemas/results.js';
import type { Transport } from './transport.js';
import { requirePositiveInt } from './validate.js';

/** Builds `api.backups` on a transport. */
export function backupsApi(call: Transport): HostingApi['backups'] {
  return {
    restore: (instanceUuid, backupUuid) =>
      call(
        'backup.restore',
        { params: { instance_uuid: instanceUuid, backup_uuid: backupUuid } },
        restoreSchema,
      ),
    delete: (instanceUuid, backupUuid) =>
      call(
        'backup.delete',
        { params: { instance_uuid: instanceUuid, backup_uuid: backupUuid } },
        backupDeletedSchema,
      ),
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
