// SSH key endpoint (spec 4.5, endpoint 20): keys not yet assigned to a VM.
import { z } from 'zod';
import type { HostingApi } from './hosting-api.js';
import { sshKeyOptionSchema } from './schemas/catalogue.js';
import type { Transport } from './transport.js';
import { requirePositiveInt } from './validate.js';

/** Builds `api.sshKeys` on a transport. */
export function sshKeysApi(call: Transport): HostingApi['sshKeys'] {
  return {
    unassigned: async (vmId) => {
      const vm_id = requirePositiveInt('sshkey.unassigned', 'vm_id', vmId);
      return call('sshkey.unassigned', { query: { vm_id } }, z.array(sshKeyOptionSchema));
    },
  };
}
