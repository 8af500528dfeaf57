// Operating system catalogue (endpoint 19), one row per installable version.
import { arg, asFlag, commandGroup, optional, t, type CommandDefinition } from '../src/core/index.js';
import { memorySize, show, storageSize } from './shared/format.js';
import { tableReply } from './shared/table-reply.js';

const command = commandGroup('os');

/** Endpoint 19: which OS images can be installed, optionally in one location. */
export const osList = command({
  name: 'list',
  summary: 'List installable operating systems',
  examples: ['/vps os list', '/vps os list --location 2'],
  args: { location: optional(asFlag(arg.integer('Only this location id', { min: 1 }))) },
  risk: 'read',
  run: async (ctx, { location }) => {
    const entries = await ctx.api.systems.list(location !== undefined ? { location } : {});
    const { locale } = ctx;
    const rows: string[][] = [];
    for (const entry of entries) {
      const versions = Array.isArray(entry.os_version) ? entry.os_version : [];
      if (versions.length === 0) rows.push([show(entry.os_name), '—', '—', '—', '—', show(entry.id)]);
      for (const v of versions) {
        rows.push([
          show(entry.os_name),
          show(v.version),
          show(v.min_cpu),
          memorySize(v.min_memory),
          storageSize(v.min_storage),
          `${show(entry.id)}/${show(v.id)}`,
        ]);
      }
    }
    return tableReply({
      title: location !== undefined ? t(locale, 'os.titleIn', { location }) : t(locale, 'os.title'),
      columns: [
        t(locale, 'os.column.os'),
        t(locale, 'os.column.version'),
        t(locale, 'os.column.minCpu'),
        t(locale, 'os.column.minMemory'),
        t(locale, 'os.column.minDisk'),
        t(locale, 'os.column.id'),
      ],
      rows,
      empty: t(locale, 'os.empty'),
      note: t(locale, 'os.note', {
        systems: t(locale, 'count.system', { n: entries.length }),
        versions: t(locale, 'count.version', { n: rows.length }),
      }),
    });
  },
});

/** The os group. */
export const osCommands: CommandDefinition[] = [osList];
