// Public IP endpoints (spec 4.4, endpoints 13–14).
import type { HostingApi } from './hosting-api.js';
import { ipAddedSchema, ipMovedSchema } from './schemas/results.js';
import type { Transport } from './transport.js';
import { requireUuid } from './validate.js';

/** Builds `api.publicIps` on a transport. */
export function publicIpsApi(call: Transport): HostingApi['publicIps'] {
  return {
    add: (instanceUuid) => call('ip.add', { params: { instance_uuid: instanceUuid } }, ipAddedSchema),
    changeInstance: async (ipUuid, targetInstanceUuid) => {
      const instance_id = requireUuid('ip.changeInstance', 'instance_id', targetInstanceUuid);
      return call('ip.changeInstance', { params: { ip_uuid: ipUuid }, form: { instance_id } }, ipMovedSchema);
    },
  };
}
