// Block storage commands (endpoint 18): create a volume — billed, so it is previewed first.
import { arg, asFlag, defineCommand, optional } from '../src/core/command.js';
import type { CommandDefinition } from '../src/core/command.js';
import { show } from './shared/format.js';

/** Endpoint 18: create a block storage volume (completes asynchronously). */
export const storageCreate = defineCommand({
  group: 'storage',
  name: 'create',
  summary: 'Create a block storage volume (billed; asks first)',
  examples: ['/vps storage create data-1 --location 1 --size 50', '/vps storage create scratch'],
  args: {
    name: arg.string('Volume name', { max: 64 }),
    location: optional(asFlag(arg.integer('Location id', { min: 1 }))),
    size: optional(asFlag(arg.integer('Size in GB', { min: 1, max: 100_000 }))),
  },
  risk: 'change',
  preview: async (_ctx, { name, location, size }) => ({
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
              value: location === undefined ? 'service default' : String(location),
              inline: true,
            },
            { label: 'Size', value: size === undefined ? 'service default' : `${size} GB`, inline: true },
          ],
        },
      ],
    },
    targets: [name],
  }),
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
          { type: 'context', text: 'Creation finishes in the background; it is usable once ready.' },
        ],
      },
      auditSummary: `block storage ${name} created (${show(result.block_storage_id)})`,
    };
  },
});

/** The storage group. */
export const storageCommands: CommandDefinition[] = [storageCreate] as unknown as CommandDefinition[];
