// Private network commands (endpoints 15–17). Endpoint 15 toggles membership, so attach and detach
// are separate commands that check the live state first and refuse when it would do the opposite.
import type { InstanceDetail, PrivateNetworkDetail } from '../src/api/index.js';
import { arg, defineCommand, type CommandContext, type CommandDefinition, type ResolvedInstance, UserError, isUuid } from '../src/core/index.js';
import { when } from './shared/dates.js';
import { DASH, plural, show } from './shared/format.js';
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
  const name = show(network.name) === DASH ? networkUuid : show(network.name);
  const attached = isAttached(detail, network, networkUuid);
  if (mode === 'attach' && attached) {
    throw new UserError(
      'invalid-argument',
      `${label} is already attached to ${name}.`,
      `To detach it: /vps network detach ${label} ${networkUuid}`,
    );
  }
  const current = show(detail.private_network);
  if (mode === 'attach' && current !== DASH) {
    // One network per instance: the API would answer 409 "detach it first", so say it up front.
    const uuidKnown = isUuid(current);
    const detachArg = uuidKnown ? current : `<uuid of ${current}>`;
    throw new UserError(
      'invalid-argument',
      `${label} is attached to ${current}; detach it first with \`network detach ${label} ${detachArg}\`.`,
      uuidKnown
        ? undefined
        : 'The instance detail names its network but not the uuid, and the API cannot list networks; ' +
            'take the uuid from the provider’s panel.',
    );
  }
  if (mode === 'detach' && !attached) {
    const where =
      current === DASH ? 'is not attached to any private network' : `is attached to ${current}, not ${name}`;
    throw new UserError('invalid-argument', `${label} ${where}.`);
  }
  return { detail, label, name };
}

function vswitchCommand(mode: Mode) {
  const verb = mode === 'attach' ? 'Attach' : 'Detach';
  return defineCommand({
    group: 'network',
    name: mode,
    summary:
      mode === 'attach'
        ? 'Attach an instance to a private network'
        : 'Detach an instance from a private network',
    examples: [`/vps network ${mode} web-2 c9bf9e57-1685-4c89-bafb-ff5af830be8a`],
    args: { instance: arg.instance(), networkUuid: arg.uuid('Private network (vswitch) uuid', { completes: 'network' }) },
    risk: 'destructive',
    notice: mode === 'attach' ? 'attached a private network to' : 'detached a private network from',
    preview: async (ctx, { instance, networkUuid }) => {
      const { detail, label, name } = await liveState(ctx, instance, networkUuid, mode);
      const lines =
        mode === 'attach'
          ? [`${label} will be attached to private network ${name}.`]
          : [
              `${label} will be detached from private network ${name}.`,
              'It loses its private address on that network; services talking to it there stop reaching it.',
            ];
      return instancePreview({
        title: `${verb} ${label} ${mode === 'attach' ? 'to' : 'from'} ${name}?`,
        detail,
        instance,
        irreversible: false,
        tone: mode === 'attach' ? 'warning' : 'danger',
        extraTargets: [networkUuid],
        fields: [
          {
            label: 'Private network now',
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
      const done = mode === 'attach' ? `${label} attached to ${name}` : `${label} detached from ${name}`;
      return {
        message: {
          title: done,
          tone: 'success',
          blocks: [{ type: 'context', text: `network ${networkUuid}` }],
        },
        auditSummary: done,
      };
    },
    // The endpoint toggles: repeating it blindly would undo what may have happened.
    ifUnknown: ({ instance, networkUuid }) => ({
      check: `whether ${instance.label} is listed on that network (repeating it would toggle it back)`,
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
    const gw = n.gateway;
    if (gw?.uuid && gw.hostname) await ctx.bot.rememberHostname(gw.uuid, gw.hostname);
    const gateway = show(gw?.hostname) === DASH ? 'none' : `${show(gw?.hostname)} (${show(gw?.private_ip)})`;
    const location = n.location;
    return {
      title: `Private network ${show(n.name)}`,
      tone: show(n.status).toLowerCase() === 'active' ? 'success' : 'warning',
      blocks: [
        {
          type: 'fields',
          fields: [
            { label: 'Status', value: show(n.status), inline: true },
            { label: 'Location', value: `${show(location?.name)} (id ${show(location?.id)})`, inline: true },
            { label: 'Active instances', value: show(n.total_active_instance), inline: true },
            { label: 'Gateway', value: gateway, inline: true },
            { label: 'Tag / VID', value: `${show(n.tag)} / ${show(n.vid)}`, inline: true },
            { label: 'Created', value: when(n.created_at, now) },
            { label: 'Last update', value: when(n.last_update_at, now) },
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
    const title = `Topology of private network ${vswitchId}`;
    if (nodes === 0)
      return { title, tone: 'info', blocks: [{ type: 'text', text: 'The network has no nodes.' }] };
    return {
      title,
      tone: 'info',
      blocks: [
        { type: 'code', text: tree },
        { type: 'context', text: `${plural(nodes, 'node')} · ${plural(edges, 'link')}` },
      ],
    };
  },
});

/** The network group, in help order. */
export const networkCommands: CommandDefinition[] = [networkShow, networkGraph, networkAttach, networkDetach];
