// SSH key commands (endpoint 20): keys on the account not yet assigned to a VM.
import { arg, commandGroup, t, type CommandDefinition } from '../src/core/index.js';
import { show } from './shared/format.js';
import { tableReply } from './shared/table-reply.js';

const command = commandGroup('sshkey');

/** Endpoint 20: SSH keys that could still be added to a VM. */
export const sshkeyUnassigned = command({
  name: 'unassigned',
  summary: 'List SSH keys not yet assigned to a VM',
  examples: ['/vps sshkey unassigned 101'],
  args: { vmId: arg.integer('Numeric VM id', { min: 1 }) },
  risk: 'read',
  run: async (ctx, { vmId }) => {
    const keys = await ctx.api.sshKeys.unassigned(vmId);
    const { locale } = ctx;
    return tableReply({
      title: t(locale, 'sshkey.title', { vm: vmId }),
      columns: [t(locale, 'sshkey.column.id'), t(locale, 'sshkey.column.title')],
      rows: keys.map((k) => [show(k.id), show(k.title)]),
      empty: t(locale, 'sshkey.empty'),
      note: t(locale, 'count.key', { n: keys.length }),
    });
  },
});

/** The sshkey group. */
export const sshkeyCommands: CommandDefinition[] = [sshkeyUnassigned];
