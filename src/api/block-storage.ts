// Block storage endpoint (spec 4.5, endpoint 18). The spec names only `name`; other fields
// (location, size…) are passed through as given, since the spec does not show them.
import type { HostingApi } from './hosting-api.js';
import { formValue } from './form.js';
import { blockStorageCreatedSchema } from './schemas/results.js';
import type { Transport } from './transport.js';
import { invalidInput, requireText } from './validate.js';

/** Builds `api.blockStorage` on a transport. */
export function blockStorageApi(call: Transport): HostingApi['blockStorage'] {
  return {
    create: async (opts) => {
      requireText('storage.create', 'name', opts?.name);
      const form: Record<string, string> = {};
      for (const [key, value] of Object.entries(opts)) {
        // "_method" would turn the create into another verb on a method-override server.
        if (key.startsWith('_')) throw invalidInput('storage.create', `field ${key} is not allowed`);
        if (!['string', 'number', 'boolean'].includes(typeof value)) {
          throw invalidInput('storage.create', `field ${key} must be a string, number or boolean`);
        }
        form[key] = formValue(value);
      }
      return call('storage.create', { form }, blockStorageCreatedSchema);
    },
  };
}
