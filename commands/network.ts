// Private network commands (endpoints 15–17). Endpoint 15 toggles membership, so attach and detach
// are separate commands that check the live state first and refuse when it would do the opposite.
import type { InstanceDetail, PrivateNetworkDetail } from '../src/api/index.js';
import {
  arg,
  defineCommand,
  t,
  type CommandContext,
  type CommandDefinition,
  type ResolvedInstance,
  UserError,
  isUuid,
} from '../src/core/index.js';
import { when } from './shared/dates.js';
import { DASH, show } from './shared/format.js';
import { graphTree } from './shared/graph.js';
import { fetchInstance, labelOf } from './shared/instance-view.js';
import { instancePreview } from './shared/preview.js';

type Mode = 'attach' | 'detach';

/** Whether the instance's private_network (a name, or a uuid) is this network. */
function isAttached(detail: InstanceDetail, network: PrivateNetworkDetail, networkUuid: string): boolean {
  const current = show(detail.private_network).toLowerCase();
  if (current === DASH) return false;
  return current === networkUuid.toLowerCase() || current === show(network.name).toLowerCase();
}

async function liveState(ctx: CommandContext, instance: ResolvedInstance, networkUuid: string, mode: Mode) {
  const [detail, network] = await Promise.all([
    fetchInstance(ctx, instance),
    ctx.api.privateNetworks.details(networkUuid),
  ]);
  const label = labelOf(detail, instance);
  const { locale } = ctx;
  const name = show(network.name) === DASH ? networkUuid : show(network.name);
  const attached = isAttached(detail, network, networkUuid);
  if (mode === 'attach' && attached) {
    throw new UserError(
      'invalid-argument',
      t(locale, 'network.alreadyAttached', { label, name }),
      t(locale, 'network.detachHint', { label, uuid: networkUuid }),
    );
  }
  const current = show(detail.private_network);
  if (mode === 'attach' && current !== DASH) {
    // One network per instance: the API would answer 409 "detach it first", so say it up front.
    const uuidKnown = isUuid(current);
    const detachArg = uuidKnown ? current : t(locale, 'network.uuidOf', { name: current });
    throw new UserError(
      'invalid-argument',
      t(locale, 'network.detachFirst', { label, current, arg: detachArg }),
      uuidKnown ? undefined : t(locale, 'network.uuidUnknown'),
    );
  }
  if (mode === 'detach' && !attached) {
    const why =
      current === DASH
        ? t(locale, 'network.notAttachedAny', { label })
        : t(locale, 'network.attachedOther', { label, current, name });
    throw new UserError('invalid-argument', why);
  }
  return { detail, label, name };
}

function vswitchCommand(mode: Mode) {
  return defineCommand({
    group: 'network',
    name: mode,
    summary:
      mode === 'attach'
        ? 'Attach an instance to a private network'
        : 'Detach an instance from a private network',
    examples: [`/vps network ${mode} web-2 c9bf9e57-1685-4c89-bafb-ff5af830be8a`],
    args: {
      instance: arg.instance(),
      networkUuid: arg.uuid('Private network (vswitch) uuid', { completes: 'network' }),
    },
    risk: 'destructive',
    notice: mode === 'attach' ? 'attached a private network to' : 'detached a private network from',
    preview: async (ctx, { instance, networkUuid }) => {
      const { locale } = ctx;
      const { detail, label, name } = await liveState(ctx, instance, networkUuid, mode);
      const lines =
        mode === 'attach'
          ? [t(locale, 'network.attach.line', { label, name })]
          : [t(locale, 'network.detach.line', { label, name }), t(locale, 'network.detach.loses')];
      return instancePreview({
        title: t(locale, mode === 'attach' ? 'network.attach.title' : 'network.detach.title', {
          label,
          name,
        }),
        locale,
        detail,
        instance,
        irreversible: false,
        tone: mode === 'attach' ? 'warning' : 'danger',
        extraTargets: [networkUuid],
        fields: [
          {
            label: t(locale, 'network.now'),
            value: show(detail.private_network),
            inline: true,
          },
        ],
        lines,
      });
    },
    run: async (ctx, { instance, networkUuid }) => {
      // Re-check: the endpoint toggles, so a change since the preview would invert the action.
      const { label, name } = await liveState(ctx, instance, networkUuid, mode);
      await ctx.api.privateNetworks.setVswitch(instance.uuid, networkUuid);
      const doneKey = mode === 'attach' ? 'network.attach.done' : 'network.detach.done';
      return {
        message: {
          title: t(ctx.locale, doneKey, { label, name }),
          tone: 'success',
          blocks: [{ type: 'context', text: `network ${networkUuid}` }],
        },
        // The audit stays in English whatever the reader’s language.
        auditSummary: mode === 'attach' ? `${label} attached to ${name}` : `${label} detached from ${name}`,
      };
    },
    // The endpoint toggles: repeating it blindly would undo what may have happened.
    ifUnknown: ({ instance, networkUuid }) => ({
      check: { key: 'unknown.check.network', values: { instance: instance.label } },
      command: `network show ${networkUuid}`,
    }),
  });
}

/** Endpoint 15 (attach direction). */
export const networkAttach = vswitchCommand('attach');
/** Endpoint 15 (detach direction). */
export const networkDetach = vswitchCommand('detach');

/** Endpoint 16: a private network's details, gateway included. */
export const networkShow = defineCommand({
  group: 'network',
  name: 'show',
  summary: 'Show a private network',
  examples: ['/vps network show c9bf9e57-1685-4c89-bafb-ff5af830be8a'],
  args: { networkUuid: arg.uuid('Private network (vswitch) uuid', { completes: 'network' }) },
  risk: 'read',
  run: async (ctx, { networkUuid }) => {
    const n = await ctx.api.privateNetworks.details(networkUuid);
    const now = ctx.now();
    const { locale } = ctx;
    const gw = n.gateway;
    if (gw?.uuid && gw.hostname) await ctx.bot.rememberHostname(gw.uuid, gw.hostname);
    const gateway =
      show(gw?.hostname) === DASH
        ? t(locale, 'network.gatewayNone')
        : `${show(gw?.hostname)} (${show(gw?.private_ip)})`;
    const location = n.location;
    return {
      title: t(locale, 'network.show.title', { name: show(n.name) }),
      tone: show(n.status).toLowerCase() === 'active' ? 'success' : 'warning',
      blocks: [
        {
          type: 'fields',
          fields: [
            { label: t(locale, 'column.status'), value: show(n.status), inline: true },
            {
              label: t(locale, 'column.location'),
              value: t(locale, 'network.locationId', { name: show(location?.name), id: show(location?.id) }),
              inline: true,
            },
            {
              label: t(locale, 'network.activeInstances'),
              value: show(n.total_active_instance),
              inline: true,
            },
            { label: t(locale, 'network.gateway'), value: gateway, inline: true },
            { label: t(locale, 'network.tagVid'), value: `${show(n.tag)} / ${show(n.vid)}`, inline: true },
            { label: t(locale, 'column.created'), value: when(n.created_at, now, locale) },
            { label: t(locale, 'network.lastUpdate'), value: when(n.last_update_at, now, locale) },
          ],
        },
        { type: 'context', text: `uuid ${show(n.uuid)}` },
      ],
    };
  },
});

/** Endpoint 17: the network topology as a text tree. */
export const networkGraph = defineCommand({
  group: 'network',
  name: 'graph',
  summary: 'Show a private network’s topology',
  examples: ['/vps network graph 7'],
  args: { vswitchId: arg.integer('Private network (vswitch) numeric id', { min: 1 }) },
  risk: 'read',
  run: async (ctx, { vswitchId }) => {
    const { tree, nodes, edges } = graphTree(await ctx.api.privateNetworks.graph(vswitchId));
    const { locale } = ctx;
    const title = t(locale, 'network.graph.title', { id: vswitchId });
    if (nodes === 0)
      return { title, tone: 'info', blocks: [{ type: 'text', text: t(locale, 'network.graph.empty') }] };
    return {
      title,
      tone: 'info',
      blocks: [
        { type: 'code', text: tree },
        {
          type: 'context',
          text: `${t(locale, 'count.node', { n: nodes })} · ${t(locale, 'count.link', { n: edges })}`,
        },
      ],
    };
  },
});

/** The network group, in help order. */
export const networkCommands: CommandDefinition[] = [networkShow, networkGraph, networkAttach, networkDetach];
