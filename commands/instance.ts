// Instance commands (endpoints 1–6): show, stop, delete, console, metrics, no-ip; start and restart
// (E5, E6) are in instance-power.ts, listed here after stop.
import {
  arg,
  commandGroup,
  optional,
  t,
  type CommandDefinition,
  type FollowSpec,
} from '../src/core/index.js';
import { present, show } from './shared/format.js';
import { idLine, networkIds } from './shared/instance-ids.js';
import {
  detailFields,
  isStopped,
  isTerminating,
  publicIp,
  statusText,
  statusTone,
} from './shared/instance-view.js';
import { metricsReply } from './shared/metrics-reply.js';
import { startButton } from './shared/power.js';
import { powerCommands } from './instance-power.js';
import { PERIODS } from './shared/metrics.js';
import { fetchLabelled, instancePreview, pointless } from './shared/preview.js';
import { tableReply } from './shared/table-reply.js';

const command = commandGroup('instance');

/** Endpoint 1: everything about one instance on one card. */
export const instanceShow = command({
  name: 'show',
  summary: 'Show an instance: status, IP, size, price, backups',
  examples: ['/vps instance show web-1', '/vps instance show 7995e990-c3bf-4e27-8ce2-89fd5783f9ea'],
  args: { instance: arg.instance() },
  risk: 'read',
  run: async (ctx, { instance }) => {
    const { detail, label } = await fetchLabelled(ctx, instance);
    // The network look-up (a second API call) goes out before the card is laid out, not after.
    const network = networkIds(ctx, detail, label);
    const fields = detailFields(detail, ctx.currency, ctx.now(), ctx.locale);
    return {
      title: label,
      tone: statusTone(detail.status),
      summary: `${label}: ${statusText(detail.status, ctx.locale)}`,
      blocks: [
        { type: 'fields', fields },
        { type: 'context', text: idLine(instance.uuid, detail, await network, ctx.locale) },
      ],
      ...(isStopped(detail.status) ? { actions: [startButton(instance.uuid, ctx.locale)] } : {}),
    };
  },
});

const goneFollow = { kind: 'instance-gone', verb: 'terminating' } as const;

/** Following a stop: done once the instance is Stopped. */
function stopFollow(instanceUuid: string, label: string): FollowSpec {
  return { kind: 'instance-status', instanceUuid, label, verb: 'stopping', doneStatuses: ['Stopped'] };
}

/** Endpoint 2: power an instance off, after a preview of its live state. */
export const instanceStop = command({
  name: 'stop',
  summary: 'Stop (power off) an instance',
  examples: ['/vps instance stop web-1', '/vps instance stop   (the channel’s bound instance)'],
  args: { instance: arg.instance() },
  risk: 'destructive',
  notice: 'stopped',
  preview: async (ctx, { instance }) => {
    const { locale } = ctx;
    const { detail, label } = await fetchLabelled(ctx, instance, t(locale, 'stop.participle'));
    if (isStopped(detail.status)) throw pointless(t(locale, 'stop.already', { label }));
    return instancePreview({
      title: t(locale, 'stop.title', { label }),
      detail,
      instance,
      tone: 'warning',
      irreversible: false,
      locale,
      lines: [t(locale, 'stop.line', { label, status: show(detail.status) }), t(locale, 'stop.kept')],
    });
  },
  run: async (ctx, { instance }) => {
    const result = await ctx.api.instances.stop(instance.uuid);
    const label = present(result.hostname) ?? instance.label;
    return {
      message: {
        title: t(ctx.locale, 'stop.requested', { label }),
        tone: 'success',
        blocks: [{ type: 'text', text: t(ctx.locale, 'stop.stopping', { label }) }],
      },
      follow: stopFollow(instance.uuid, label),
      auditSummary: `stop requested for ${label}`,
    };
  },
  ifUnknown: ({ instance }) => ({
    check: { key: 'unknown.check.stopped', values: { instance: instance.label } },
    command: `instance show ${instance.label}`,
    follow: stopFollow(instance.uuid, instance.label),
  }),
});

/** Endpoint 3: terminate an instance; the hostname must be typed back. */
export const instanceDelete = command({
  name: 'delete',
  summary: 'Terminate and delete an instance (hostname typed back)',
  description: 'Deletes the instance. Its public IP and block storage are kept unless you pass the flags.',
  examples: ['/vps instance delete web-2', '/vps instance delete web-2 --remove-ip --remove-block-storage'],
  args: {
    instance: arg.instance(),
    removeIp: arg.flag('Also release its public IP'),
    removeBlockStorage: arg.flag('Also delete its attached block storage'),
  },
  risk: 'destructive',
  notice: 'deleted',
  preview: async (ctx, { instance, removeIp, removeBlockStorage }) => {
    const { locale } = ctx;
    const { detail, label } = await fetchLabelled(ctx, instance);
    const status = show(detail.status);
    if (isTerminating(detail.status)) throw pointless(t(locale, 'delete.already', { label, status }));
    const ip = publicIp(detail);
    const ipLine =
      ip === '—'
        ? t(locale, 'delete.noIp')
        : t(locale, removeIp ? 'delete.ipReleased' : 'delete.ipKept', { ip });
    const storageLine = t(locale, removeBlockStorage ? 'delete.storageDeleted' : 'delete.storageKept');
    return instancePreview({
      title: t(locale, 'delete.title', { label }),
      detail,
      instance,
      typed: true,
      locale,
      lines: [t(locale, 'delete.line', { label, status }), ipLine, storageLine],
    });
  },
  run: async (ctx, { instance, removeIp, removeBlockStorage }) => {
    const result = await ctx.api.instances.delete(instance.uuid, { removeIp, removeBlockStorage });
    const label = present(result.hostname) ?? instance.label;
    const extras = [
      t(ctx.locale, removeIp ? 'delete.extraIpReleased' : 'delete.extraIpKept'),
      t(ctx.locale, removeBlockStorage ? 'delete.extraStorageDeleted' : 'delete.extraStorageKept'),
    ];
    // The audit stays in English whatever the reader's language.
    const auditExtras = [
      removeIp ? 'public IP released' : 'public IP kept',
      removeBlockStorage ? 'block storage deleted' : 'block storage kept',
    ];
    return {
      message: {
        title: t(ctx.locale, 'delete.requested', { label }),
        tone: 'success',
        blocks: [
          { type: 'text', text: t(ctx.locale, 'delete.terminating', { label, extras: extras.join(', ') }) },
        ],
      },
      follow: { ...goneFollow, instanceUuid: instance.uuid, label },
      auditSummary: `delete requested for ${label} (${auditExtras.join(', ')})`,
    };
  },
  ifUnknown: ({ instance }) => ({
    check: { key: 'unknown.check.terminating', values: { instance: instance.label } },
    command: `instance show ${instance.label}`,
    follow: { ...goneFollow, instanceUuid: instance.uuid, label: instance.label },
  }),
});

/** Endpoint 4: console credentials, shown only to the requester. */
export const instanceConsole = command({
  name: 'console',
  summary: 'Open the web console (URL and password only to you)',
  examples: ['/vps instance console web-1'],
  args: { instance: arg.instance() },
  risk: 'change',
  visibility: 'ephemeral',
  run: async (ctx, { instance }) => {
    const access = await ctx.api.instances.consoleWebsocket(instance.uuid);
    const { locale } = ctx;
    const label = instance.label;
    return {
      message: {
        title: t(locale, 'console.title', { label }),
        tone: 'info',
        visibility: 'ephemeral',
        summary: t(locale, 'console.summary', { label }),
        blocks: [
          { type: 'text', text: t(locale, 'console.private') },
          { type: 'fields', fields: [{ label: t(locale, 'console.url'), value: show(access.url) }] },
          { type: 'code', text: t(locale, 'console.password', { password: show(access.password) }) },
        ],
      },
      auditSummary: `console session opened for ${instance.label}`,
    };
  },
  ifUnknown: ({ instance }) => ({
    check: { key: 'unknown.check.console', values: { instance: instance.label } },
    command: `instance show ${instance.label}`,
  }),
});

/** Endpoint 5: load summary with sparklines, plus a chart image when charts are available. */
export const instanceMetrics = command({
  name: 'metrics',
  summary: 'CPU, memory, network and disk over a period',
  examples: ['/vps instance metrics web-1', '/vps instance metrics web-1 --period day'],
  args: { instance: arg.instance(), period: optional(arg.choice('Time range', PERIODS), 'hour') },
  risk: 'read',
  run: (ctx, { instance, period }) => metricsReply(ctx, instance, period ?? 'hour'),
});

/** Endpoint 6: instances in a location that have no public IP (and remember their hostnames). */
export const instanceNoIp = command({
  name: 'no-ip',
  summary: 'List instances without a public IP in a location',
  examples: ['/vps instance no-ip 1'],
  args: { locationId: arg.integer('Location id', { min: 1 }) },
  risk: 'read',
  run: async (ctx, { locationId }) => {
    const options = await ctx.api.instances.withoutPublicIp(locationId);
    for (const option of options) {
      const hostname = present(option.hostname);
      if (hostname) await ctx.bot.rememberHostname(option.id, hostname);
    }
    const { locale } = ctx;
    const instances = t(locale, 'count.instance', { n: options.length });
    return tableReply({
      title: t(locale, 'noIp.title', { location: locationId }),
      columns: [t(locale, 'column.hostname'), t(locale, 'column.uuid')],
      rows: options.map((o) => [show(o.hostname), show(o.id)]),
      empty: t(locale, 'noIp.empty'),
      note: t(locale, 'noIp.note', { instances }),
      summary: t(locale, 'noIp.summary', { instances }),
    });
  },
});

/** The instance group, in help order. */
export const instanceCommands: CommandDefinition[] = [
  instanceShow,
  instanceStop,
  ...powerCommands, // start, restart (optional E5, E6)
  instanceDelete,
  instanceConsole,
  instanceMetrics,
  instanceNoIp,
];
