// Private network (vswitch) endpoints (spec 4.4, endpoints 15–17) and the optional listing E2 (part 10).
import type { HostingApi } from './hosting-api.js';
import { privateNetworkListSchema } from './schemas/listings.js';
import { privateNetworkDetailSchema, privateNetworkGraphSchema } from './schemas/network.js';
import { vswitchSetSchema } from './schemas/results.js';
import type { Transport } from './transport.js';
import { requireUuid } from './validate.js';

/** Builds `api.privateNetworks` on a transport. */
export function privateNetworksApi(call: Transport): HostingApi['privateNetworks'] {
  return {
    setVswitch: async (instanceUuid, vswitchUuid) => {
      const vswitch = requireUuid('network.vswitch', 'vswitch', vswitchUuid);
      return call(
        'network.vswitch',
        { params: { instance_uuid: instanceUuid }, form: { vswitch } },
        vswitchSetSchema,
      );
    },
    details: (vswitchUuid) =>
      call('network.details', { params: { vswitch_uuid: vswitchUuid } }, privateNetworkDetailSchema),
    graph: (vswitchId) =>
      call('network.graph', { params: { vswitch_id: vswitchId } }, privateNetworkGraphSchema),
    list: () => call('network.list', {}, privateNetworkListSchema),
  };
}
