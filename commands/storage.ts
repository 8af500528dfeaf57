// Block storage commands (endpoint 18): create a volume — billed, so it is previewed first.
import {
  arg,
  asFlag,
  defineCommand,
  optional,
  t,
  type CommandDefinition,
  UserError,
} from '../src/core/index.js';
import { show } from './shared/format.js';
import { formatNumber } from '../src/render/format.js';

/** Largest volume vpsops asks for; a typo like --size 50000 should not reach a billed call. */
const MAX_SIZE_GB = 10_000;

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
  preview: async (ctx, { name, location, size }) => {
    const { locale } = ctx;
    const max = formatNumber(MAX_SIZE_GB, locale);
    if (size !== undefined && size > MAX_SIZE_GB)
      throw new UserError(
        'invalid-argument',
        t(locale, 'storage.tooBig', { size: formatNumber(size, locale), max }),
        t(locale, 'storage.tooBigHint', { max }),
      );
    // What an unset option shows: the API applies its own default and does not say which.
    const unstated = t(locale, 'storage.unstated');
    const title = t(locale, 'storage.title', { name });
    return {
      message: {
        title,
        tone: 'warning',
        summary: title,
        blocks: [
          { type: 'text', text: t(locale, 'storage.line', { name }) },
          {
            type: 'fields',
            fields: [
              {
                label: t(locale, 'storage.location'),
                value: location === undefined ? unstated : String(location),
                inline: true,
              },
              {
                label: t(locale, 'storage.size'),
                value:
                  size === undefined
                    ? unstated
                    : t(locale, 'storage.gb', { size: formatNumber(size, locale) }),
                inline: true,
              },
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
        title: t(ctx.locale, 'storage.creating', { name }),
        tone: 'success',
        blocks: [
          {
            type: 'fields',
            fields: [{ label: t(ctx.locale, 'storage.volumeId'), value: show(result.block_storage_id) }],
          },
          { type: 'context', text: t(ctx.locale, 'storage.background') },
        ],
      },
      auditSummary: `block storage ${name} created (${show(result.block_storage_id)})`,
    };
  },
  // The API cannot read block storage, and a second create is billed twice.
  ifUnknown: ({ name }) => ({
    check: { key: 'unknown.check.volume', values: { name } },
  }),
});

/** The storage group. */
export const storageCommands: CommandDefinition[] = [storageCreate];
