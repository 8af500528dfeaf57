// Block storage commands (endpoint 18): create a volume — billed, so it is previewed first.
import { arg, asFlag, defineCommand, optional, type CommandDefinition, UserError } from '../src/core/index.js';
import { count, show } from './shared/format.js';

/** Largest volume vpsops asks for; a typo like --size 50000 should not reach a billed call. */
const MAX_SIZE_GB = 10_000;
/** What an unset option shows: the API applies its own default and does not say which. */
const UNSTATED = 'provider default (not stated by the API)';

/** Endpoint 18: create a block storage volume (completes asynchronously). */
export const storageCreate = defineCommand({
  group: 'storage',
  name: 'create',
  summary: 'Create a block storage volume (billed; asks first)',
  examples: ['/vps storage create data-1 --location 1 --size 50', '/vps storage create scratch'],
  args: {
    name: arg.string('Volume name', { max: 64 }),
    location: optional(asFlag(arg.integer('Location id', { min: 1 }))),
    size: optional(asFlag(arg.integer('Size in GB', { min: 1 }))),
  },
  risk: 'change',
  preview: async (_ctx, { name, location, size }) => {
    if (size !== undefined && size > MAX_SIZE_GB)
      throw new UserError(
        'invalid-argument',
        `--size ${count(size)} GB is more than the ${count(MAX_SIZE_GB)} GB vpsops allows for one volume.`,
        'Pick a size in GB between 1 and 10,000, e.g. --size 500.',
      );
    return {
      message: {
        title: `Create block storage ${name}?`,
        tone: 'warning',
        summary: `Create block storage ${name}?`,
        blocks: [
          {
            type: 'text',
            text: `A block storage volume named ${name} will be created. It is billed while it exists.`,
          },
          {
            type: 'fields',
            fields: [
              {
                label: 'Location',
                value: location === undefined ? UNSTATED : String(location),
                inline: true,
              },
              { label: 'Size', value: size === undefined ? UNSTATED : `${count(size)} GB`, inline: true },
            ],
          },
        ],
      },
      targets: [name],
    };
  },
  run: async (ctx, { name, location, size }) => {
    const result = await ctx.api.blockStorage.create({
      name,
      ...(location !== undefined ? { location_id: location } : {}),
      ...(size !== undefined ? { size } : {}),
    });
    return {
      message: {
        title: `Block storage ${name} is being created`,
        tone: 'success',
        blocks: [
          { type: 'fields', fields: [{ label: 'Volume id', value: show(result.block_storage_id) }] },
          {
            type: 'context',
            text:
              'Creation finishes in the background. The hosting API offers no way to read block storage, ' +
              'so vpsops cannot report when it is ready; check the provider’s panel.',
          },
        ],
      },
      auditSummary: `block storage ${name} created (${show(result.block_storage_id)})`,
    };
  },
  // The API cannot read block storage, and a second create is billed twice.
  ifUnknown: ({ name }) => ({
    check: `the hosting provider’s panel for a volume named ${name} (the API cannot list block storage, and a second create is billed twice)`,
  }),
});

/** The storage group. */
export const storageCommands: CommandDefinition[] = [storageCreate];
