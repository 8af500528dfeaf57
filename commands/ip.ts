// Public IP commands (endpoints 13–14): add an address (billed, so previewed) and move one.
import { arg, defineCommand, t, type CommandDefinition } from '../src/core/index.js';
import { show } from './shared/format.js';
import {
  fetchInstance,
  freshLabel,
  isTerminating,
  labelOf,
  publicIp,
  publicIpId,
} from './shared/instance-view.js';
import { fetchLabelled, instancePreview, pointless } from './shared/preview.js';
import { changeResult } from './shared/change-result.js';

/** Endpoint 13: assign a new public IP; confirmed first because it costs money. */
export const ipAdd = defineCommand({
  group: 'ip',
  name: 'add',
  summary: 'Add a public IP to an instance (billed; asks first)',
  examples: ['/vps ip add db-1'],
  args: { instance: arg.instance() },
  risk: 'change',
  preview: async (ctx, { instance }) => {
    const { locale } = ctx;
    const { detail, label } = await fetchLabelled(ctx, instance);
    if (publicIp(detail) !== '—') throw pointless(t(locale, 'ip.already', { label, ip: publicIp(detail) }));
    if (isTerminating(detail.status))
      throw pointless(t(locale, 'preview.isStatus', { label, status: show(detail.status) }));
    return instancePreview({
      title: t(locale, 'ip.add.title', { label }),
      detail,
      instance,
      tone: 'warning',
      irreversible: false,
      locale,
      lines: [t(locale, 'ip.add.line', { label }), t(locale, 'ip.add.billed')],
    });
  },
  run: async (ctx, { instance }) => {
    const result = await ctx.api.publicIps.add(instance.uuid);
    const target = await freshLabel(ctx, instance);
    const ip = show(result.ip_address);
    return changeResult(
      t(ctx.locale, 'ip.add.done', { ip, label: target.label }),
      t(ctx.locale, 'ip.add.reachable', { label: target.label, ip }),
      `public IP ${show(result.ip_address)} added to ${target.label}`,
      {
        kind: 'instance-ip',
        instanceUuid: instance.uuid,
        label: target.label,
        verb: 'assigning the public IP',
        ipAddress: result.ip_address,
      },
    );
  },
  // Not followed: the address a lost answer would have named is unknown.
  ifUnknown: ({ instance }) => ({
    check: { key: 'unknown.check.ipAdded', values: { instance: instance.label } },
    command: `instance show ${instance.label}`,
  }),
});

/** Endpoint 14: move a public IP to another instance (the current holder loses it). */
export const ipMove = defineCommand({
  group: 'ip',
  name: 'move',
  summary: 'Move a public IP to another instance',
  examples: ['/vps ip move 3f2504e0-4f89-41d3-9a0c-0305e82c3301 db-1'],
  args: {
    ipUuid: arg.uuid('Public IP uuid', { completes: 'ip' }),
    targetInstance: arg.instance('Instance that gets the IP'),
  },
  risk: 'destructive',
  notice: 'moved a public IP to',
  preview: async (ctx, { ipUuid, targetInstance }) => {
    const { locale } = ctx;
    const detail = await fetchInstance(ctx, targetInstance);
    const label = labelOf(detail, targetInstance);
    if (publicIpId(detail) === ipUuid)
      throw pointless(t(locale, 'ip.move.alreadyThere', { ip: publicIp(detail), label }));
    if (isTerminating(detail.status))
      throw pointless(t(locale, 'ip.move.goingAway', { label, status: show(detail.status) }));
    const lines = [
      t(locale, 'ip.move.line', { ip: ipUuid, label }),
      t(locale, 'ip.move.unknownAddress'),
      t(locale, 'ip.move.loses'),
    ];
    if (publicIp(detail) !== '—') lines.push(t(locale, 'ip.move.note', { label, ip: publicIp(detail) }));
    lines.push(t(locale, 'ip.move.undo'));
    return instancePreview({
      title: t(locale, 'ip.move.title', { label }),
      locale,
      detail,
      instance: targetInstance,
      lines,
      irreversible: false,
      extraTargets: [ipUuid],
    });
  },
  run: async (ctx, { ipUuid, targetInstance }) => {
    await ctx.api.publicIps.changeInstance(ipUuid, targetInstance.uuid);
    const target = await freshLabel(ctx, targetInstance);
    return changeResult(
      t(ctx.locale, 'ip.move.done', { label: target.label }),
      t(ctx.locale, 'ip.move.points', { ip: ipUuid, label: target.label }),
      `public IP ${ipUuid} moved to ${target.label}`,
      {
        kind: 'instance-ip',
        instanceUuid: targetInstance.uuid,
        label: target.label,
        verb: 'moving the public IP',
        ipId: ipUuid,
      },
    );
  },
  ifUnknown: ({ ipUuid, targetInstance }) => ({
    check: { key: 'unknown.check.ipMoved', values: { instance: targetInstance.label, ip: ipUuid } },
    command: `instance show ${targetInstance.label}`,
    follow: {
      kind: 'instance-ip',
      instanceUuid: targetInstance.uuid,
      label: targetInstance.label,
      verb: 'moving the public IP',
      ipId: ipUuid,
    },
  }),
});

/** The ip group, in help order. */
export const ipCommands: CommandDefinition[] = [ipAdd, ipMove];
