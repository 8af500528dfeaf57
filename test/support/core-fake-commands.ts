// The small command set the core's tests run against: every shape the runner handles (read,
// change with and without preview, destructive, typed confirmation, ephemeral, secret args, crashes).
import { ApiError } from '../../src/api/errors.js';
import type { CommandDefinition } from '../../src/core/command.js';
import { arg, asFlag, defineCommand, optional } from '../../src/core/define-command.js';
import { fields, message, text } from '../../src/render/builders.js';

/** Small commands exercising every shape the runner handles. */
export function fakeCommands(): CommandDefinition[] {
  const list = [
    defineCommand({
      group: 'instance',
      name: 'show',
      summary: 'Show an instance',
      risk: 'read',
      args: { instance: arg.instance() },
      run: async (ctx, args) => {
        const detail = await ctx.api.instances.detail(args.instance.uuid);
        await ctx.bot.rememberHostname(detail.uuid, detail.hostname ?? '');
        return message(detail.hostname ?? args.instance.label, [fields({ Status: detail.status })], {
          tone: 'success',
        });
      },
    }),
    defineCommand({
      group: 'instance',
      name: 'stop',
      summary: 'Stop an instance',
      risk: 'destructive',
      args: { instance: arg.instance() },
      preview: async (ctx, args) => {
        const detail = await ctx.api.instances.detail(args.instance.uuid);
        return {
          message: message(`Stop ${detail.hostname}?`, [text(`Status: ${detail.status}`)]),
          targets: [detail.hostname ?? '', detail.uuid],
        };
      },
      run: async (ctx, args) => {
        const done = await ctx.api.instances.stop(args.instance.uuid);
        return {
          message: message(`Stop requested for ${done.hostname}`, [], { tone: 'success' }),
          follow: {
            kind: 'instance-status',
            instanceUuid: done.uuid,
            label: done.hostname,
            verb: 'stopping',
            doneStatuses: ['Stopped'],
          },
          auditSummary: `stop requested for ${done.hostname}`,
        };
      },
    }),
    defineCommand({
      group: 'instance',
      name: 'delete',
      summary: 'Delete an instance',
      risk: 'destructive',
      args: { instance: arg.instance(), removeIp: arg.flag('Also release the public IP') },
      preview: async (ctx, args) => {
        const detail = await ctx.api.instances.detail(args.instance.uuid);
        return {
          message: message(`Delete ${detail.hostname}?`, [
            text(args.removeIp ? 'Public IP released.' : 'Public IP kept.'),
            text('This cannot be undone.'),
          ]),
          typedConfirmation: detail.hostname ?? '',
          targets: [detail.hostname ?? '', detail.uuid],
        };
      },
      run: async (ctx, args) => {
        const done = await ctx.api.instances.delete(args.instance.uuid, {
          removeIp: args.removeIp,
          removeBlockStorage: false,
        });
        return message(`Deleting ${done.hostname}`);
      },
    }),
    defineCommand({
      group: 'ip',
      name: 'add',
      summary: 'Add a public IP (costs money)',
      risk: 'change',
      args: { instance: arg.instance() },
      preview: async (_ctx, args) => ({
        message: message(`Add a public IP to ${args.instance.label}?`, [text('This costs money.')]),
        targets: [args.instance.label, args.instance.uuid],
      }),
      run: async (ctx, args) =>
        message(`Added ${(await ctx.api.publicIps.add(args.instance.uuid)).ip_address}`),
    }),
    defineCommand({
      group: 'firewall',
      name: 'ipset-create',
      summary: 'Create an IPSet',
      risk: 'change',
      args: {
        instance: arg.instance(),
        name: arg.string('IPSet name', { max: 32 }),
        description: optional(asFlag(arg.string('Description'))),
      },
      run: async (_ctx, args) =>
        message(
          `IPSet ${args.name} on ${args.instance.label}${args.description ? ` (${args.description})` : ''}`,
        ),
    }),
    defineCommand({
      group: 'snapshot',
      name: 'delete',
      summary: 'Delete a snapshot',
      risk: 'destructive',
      args: { instance: arg.instance(), snapshotUuid: arg.uuid('Snapshot uuid') },
      preview: async (_ctx, args) => ({
        message: message(`Delete snapshot ${args.snapshotUuid} of ${args.instance.label}?`),
        targets: [args.instance.label],
      }),
      run: async (_ctx, args) => message(`Snapshot ${args.snapshotUuid} of ${args.instance.label} deleted`),
    }),
    defineCommand({
      group: 'backup',
      name: 'list',
      summary: 'List backups',
      risk: 'read',
      args: {
        instance: arg.instance(),
        page: optional(asFlag(arg.integer('Page', { min: 1 })), 1),
        limit: optional(asFlag(arg.integer('Per page', { min: 1, max: 50 }))),
      },
      run: async (_ctx, args) =>
        message(`Backups of ${args.instance.label} page ${args.page} limit ${args.limit ?? 'default'}`),
    }),
    defineCommand({
      group: 'instance',
      name: 'metrics',
      summary: 'Metrics',
      risk: 'read',
      args: {
        instance: arg.instance(),
        period: optional(arg.choice('Period', ['hour', 'day', 'week'] as const), 'hour'),
      },
      run: async (_ctx, args) => message(`Metrics of ${args.instance.label} for ${args.period}`),
    }),
    defineCommand({
      group: 'instance',
      name: 'console',
      summary: 'Console credentials',
      risk: 'change',
      visibility: 'ephemeral',
      args: { instance: arg.instance() },
      run: async () => ({
        message: message('Console', [fields({ Password: 'hunter2-console' })]),
        auditSummary: 'console opened',
      }),
    }),
    defineCommand({
      group: 'secret',
      name: 'set',
      summary: 'Store a secret',
      risk: 'change',
      args: { name: arg.string('Name'), value: { ...arg.string('Value'), secret: true } },
      run: async (_ctx, args) => message(`Stored ${args.name}`),
    }),
    defineCommand({
      group: 'boom',
      name: 'crash',
      summary: 'Throws',
      risk: 'read',
      args: {},
      run: async () => {
        throw new Error('kaboom internal detail');
      },
    }),
    defineCommand({
      group: 'boom',
      name: 'api',
      summary: 'API failure',
      risk: 'read',
      args: {},
      run: async () => {
        throw new ApiError('TIMEOUT', 'instance.detail');
      },
    }),
    defineCommand({
      group: '',
      name: 'help',
      summary: 'Help',
      risk: 'read',
      args: { topic: optional(arg.string('Group')), action: optional(arg.string('Action')) },
      run: async (ctx) =>
        message('Help', [
          text(
            ctx.bot
              .allowedCommands(ctx.actor, ctx.channelId)
              .map((c) => `${c.group} ${c.name}`.trim())
              .join('\n'),
          ),
        ]),
    }),
    defineCommand({
      group: '',
      name: 'whoami',
      summary: 'Who am I',
      risk: 'read',
      args: {},
      run: async (ctx) => {
        const who = ctx.bot.describeActor(ctx.actor, ctx.channelId);
        return message(`You are ${who.role}`, [
          text(who.source),
          text(`destructive here: ${who.canDestructiveHere}`),
        ]);
      },
    }),
    defineCommand({
      group: '',
      name: 'use',
      summary: 'Bind the channel',
      risk: 'read',
      args: { instance: optional(arg.instance()), clear: arg.flag('Unbind') },
      run: async (ctx, args) => {
        if (args.clear) await ctx.bot.bindInstance(ctx.channelId, null);
        else if (args.instance) await ctx.bot.bindInstance(ctx.channelId, args.instance);
        const bound = await ctx.bot.boundInstance(ctx.channelId);
        return message(bound ? `Bound to ${bound.label}` : 'Nothing bound');
      },
    }),
    defineCommand({
      group: '',
      name: 'audit',
      summary: 'Recent actions',
      risk: 'read',
      args: { limit: optional(asFlag(arg.integer('How many', { min: 1, max: 50 })), 10) },
      run: async (ctx, args) => {
        const records = await ctx.bot.recentAudit(ctx.channelId, args.limit ?? 10);
        return message('Audit', [text(records.map((r) => `${r.command} ${r.result}`).join('\n'))]);
      },
    }),
  ];
  return list;
}
