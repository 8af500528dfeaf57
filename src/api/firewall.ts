// Firewall endpoint (spec 4.3, endpoint 12): create an IPSet on an instance.
import type { HostingApi } from './hosting-api.js';
import { ipsetCreatedSchema } from './schemas/results.js';
import type { Transport } from './transport.js';
import { requireText } from './validate.js';

/** Builds `api.firewall` on a transport. */
export function firewallApi(call: Transport): HostingApi['firewall'] {
  return {
    createIpset: async (instanceUuid, opts) => {
      const name = requireText('firewall.ipsetCreate', 'name', opts?.name);
      const form: Record<string, string> = { name };
      if (opts.description !== undefined) form.description = String(opts.description);
      return call(
        'firewall.ipsetCreate',
        { params: { instance_uuid: instanceUuid }, form },
        ipsetCreatedSchema,
      );
    },
  };
}
