// Firewall commands (endpoint 12): create an IPSet on an instance.
import { arg, asFlag, defineCommand, optional, t, type CommandDefinition } from '../src/core/index.js';
import { show } from './shared/format.js';
import { freshLabel } from './shared/instance-view.js';

/** Endpoint 12: create a named IPSet (address list) for an instance's firewall. */
export const firewallIpsetCreate = defineCommand({
  group: 'firewall',
  name: 'ipset-create',
  summary: 'Create a firewall IPSet on an instance',
  examples: [
    '/vps firewall ipset-create web-1 blocklist',
    '/vps firewall ipset-create web-1 office --description "Office IPs"',
  ],
  args: {
    instance: arg.instance(),
    name: arg.string('IPSet name', { max: 64 }),
    description: optional(asFlag(arg.string('What the IPSet is for', { max: 200 }))),
  },
  risk: 'change',
  run: async (ctx, { instance, name, description }) => {
    const result = await ctx.api.firewall.createIpset(instance.uuid, {
      name,
      ...(description !== undefined ? { description } : {}),
    });
    const target = await freshLabel(ctx, instance);
    return {
      message: {
        title: t(ctx.locale, 'firewall.created', { name, label: target.label }),
        tone: 'success',
        blocks: [
          {
            type: 'fields',
            fields: [
              { label: t(ctx.locale, 'firewall.ipset'), value: show(result.ipset), inline: true },
              { label: t(ctx.locale, 'firewall.description'), value: show(description), inline: true },
            ],
          },
        ],
      },
      auditSummary: `ipset ${name} created on ${target.label}`,
    };
  },
  // IPSet names are unique per instance: running it again fails with a conflict if it exists.
  ifUnknown: ({ instance, name }) => ({
    check: { key: 'unknown.check.ipset', values: { name, instance: instance.label } },
  }),
});

/** The firewall group. */
export const firewallCommands: CommandDefinition[] = [firewallIpsetCreate];
