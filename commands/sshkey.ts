// SSH key commands (endpoint 20): keys on the account not yet assigned to a VM.
import { arg, commandGroup, type CommandDefinition } from '../src/core/index.js';
import { plural, show } from './shared/format.js';
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
    return tableReply({
      title: `SSH keys not assigned to VM ${vmId}`,
      columns: ['Key id', 'Title'],
      rows: keys.map((k) => [show(k.id), show(k.title)]),
      empty: 'Every key on the account is already assigned to it.',
      note: plural(keys.length, 'key'),
    });
  },
});

/** The sshkey group. */
export const sshkeyCommands: CommandDefinition[] = [sshkeyUnassigned];
