// Operating system catalogue (endpoint 19), one row per installable version.
import { arg, asFlag, commandGroup, optional, type CommandDefinition } from '../src/core/index.js';
import { memorySize, plural, show, storageSize } from './shared/format.js';
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
    const where = location !== undefined ? ` in location ${location}` : '';
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
      title: `Operating systems${where}`,
      columns: ['OS', 'Version', 'Min CPU', 'Min memory', 'Min disk', 'OS/version id'],
      rows,
      empty: 'No operating systems are offered here.',
      note: `${plural(entries.length, 'system')}, ${plural(rows.length, 'version')}`,
    });
  },
});

/** The os group. */
export const osCommands: CommandDefinition[] = [osList];
