// Instance endpoints (spec 4.1, endpoints 1–6) and the optional E3 (list), E5 (start), E6 (restart) of part 10.
import { z } from 'zod';
import { formBoolean } from './form.js';
import type { HostingApi } from './hosting-api.js';
import { consoleSchema, instanceRefSchema } from './schemas/results.js';
import { instanceDetailSchema, instanceOptionSchema } from './schemas/instance.js';
import { instanceListItemSchema } from './schemas/listings.js';
import { pagedSchema } from './schemas/page.js';
import { PERIODES, rrdSeriesSchema } from './schemas/rrd.js';
import type { Transport } from './transport.js';
import { invalidInput, requirePositiveInt, requireText } from './validate.js';

/** The orders E3 accepts (`sort`). */
export const INSTANCE_LIST_SORTS = ['created_at', 'cost'] as const;

/** Builds `api.instances` on a transport. */
export function instancesApi(call: Transport): HostingApi['instances'] {
  return {
    detail: (uuid) => call('instance.detail', { params: { instance_uuid: uuid } }, instanceDetailSchema),
    stop: (uuid) => call('instance.stop', { params: { instance_uuid: uuid } }, instanceRefSchema),
    start: (uuid) => call('instance.start', { params: { instance_uuid: uuid } }, instanceRefSchema),
    restart: (uuid) => call('instance.restart', { params: { instance_uuid: uuid } }, instanceRefSchema),
    delete: async (uuid, opts) => {
      if (typeof opts?.removeIp !== 'boolean' || typeof opts.removeBlockStorage !== 'boolean') {
        throw invalidInput('instance.delete', 'removeIp and removeBlockStorage must be booleans');
      }
      const form = {
        _method: 'DELETE',
        remove_ip: formBoolean(opts.removeIp),
        remove_block_storage: formBoolean(opts.removeBlockStorage),
      };
      return call('instance.delete', { params: { instance_uuid: uuid }, form }, instanceRefSchema);
    },
    consoleWebsocket: (uuid) => call('instance.console', { params: { instance_uuid: uuid } }, consoleSchema),
    rrd: async (uuid, periode) => {
      if (!(PERIODES as readonly unknown[]).includes(periode)) {
        throw invalidInput('instance.rrd', `periode must be one of ${PERIODES.join(', ')}`);
      }
      return call('instance.rrd', { params: { instance_uuid: uuid }, query: { periode } }, rrdSeriesSchema);
    },
    withoutPublicIp: async (locationId) => {
      const location_id = requirePositiveInt('instance.noIp', 'location_id', locationId);
      return call('instance.noIp', { query: { location_id } }, z.array(instanceOptionSchema));
    },
    list: async (opts = {}) => {
      const limit =
        opts.limit === undefined ? undefined : requirePositiveInt('instance.list', 'limit', opts.limit);
      const page =
        opts.page === undefined ? undefined : requirePositiveInt('instance.list', 'page', opts.page);
      const search =
        opts.search === undefined ? undefined : requireText('instance.list', 'search', opts.search);
      if (opts.sort !== undefined && !(INSTANCE_LIST_SORTS as readonly unknown[]).includes(opts.sort)) {
        throw invalidInput('instance.list', `sort must be one of ${INSTANCE_LIST_SORTS.join(', ')}`);
      }
      // The spec does not show how several statuses are sent: a comma-separated list is assumed.
      const statuses =
        opts.statuses === undefined || opts.statuses.length === 0
          ? undefined
          : opts.statuses.map((s) => requireText('instance.list', 'statuses', s)).join(',');
      return call(
        'instance.list',
        { query: { limit, page, search, sort: opts.sort, statuses } },
        pagedSchema(instanceListItemSchema, { limit, page }),
      );
    },
  };
}
