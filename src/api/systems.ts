// Operating system catalogue endpoint (spec 4.5, endpoint 19).
import { z } from 'zod';
import type { HostingApi } from './hosting-api.js';
import { osCatalogueEntrySchema } from './schemas/catalogue.js';
import type { Transport } from './transport.js';
import { requirePositiveInt } from './validate.js';

/** Builds `api.systems` on a transport. */
export function systemsApi(call: Transport): HostingApi['systems'] {
  return {
    list: async (opts = {}) => {
      const location =
        opts.location === undefined
          ? undefined
          : requirePositiveInt('systems.list', 'location', opts.location);
      return call('systems.list', { query: { location } }, z.array(osCatalogueEntrySchema));
    },
  };
}
