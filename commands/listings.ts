// Where the ids other commands take come from: `snapshot list` (E1) and `network list` (E2), the
// optional listings of spec part 10. An API that does not offer them (404/405) is said so plainly.
import { arg, defineCommand, type CommandDefinition } from '../src/core/index.js';
import type { Message } from '../src/render/message.js';
import { when } from './shared/dates.js';
import { plural, show } from './shared/format.js';
import { fetchInstance, labelOf } from './shared/instance-view.js';
import { notOffered } from './shared/not-offered.js';

/** The plain answer when the listing is not offered; nothing else is wrong. */
function notOfferedMessage(what: string, hint: string): Message {
  return {
    title: `This hosting API cannot list ${what}`,
    tone: 'warning',
    blocks: [
      {
        type: 'text',
        text: `The API answered that it does not offer a list of ${what} (optional endpoint).`,
      },
      { type: 'context', text: hint },
    ],
  };
}

/** E1: an instance's snapshots with their uuids, for `snapshot delete` and `snapshot rollback`. */
export const snapshotList = defineCommand({
  group: 'snapshot',
  name: 'list',
  summary: 'List the snapshots of an instance (their uuids)',
  examples: ['/vps snapshot list web-1'],
  args: { instance: arg.instance() },
  risk: 'read',
  run: async (ctx, { instance }) => {
    // The instance is read first, so a 404 of the listing cannot mean "no such instance".
    const label = labelOf(await fetchInstance(ctx, instance), instance);
    let items;
    try {
      items = await ctx.api.snapshots.list(instance.uuid);
    } catch (error) {
      if (notOffered(error))
        return notOfferedMessage('snapshots', 'Snapshot uuids come from your hosting panel.');
      throw error;
    }
    const title = `Snapshots of ${label}`;
    if (items.length === 0) {
      return { title, tone: 'info', blocks: [{ type: 'text', text: `${label} has no snapshots.` }] };
    }
    const now = ctx.now();
    await ctx.bot.rememberIds?.(
      'snapshot',
      items.map((s) => ({ id: s.id, label: show(s.name) })),
    );
    return {
      title,
      tone: 'info',
      summary: `${label}: ${plural(items.length, 'snapshot')}`,
      blocks: [
        {
          type: 'table',
          columns: ['Name', 'Snapshot uuid', 'Created', 'Status'],
          rows: items.map((s) => [
            s.is_current_state === true ? `${show(s.name)} (current)` : show(s.name),
            s.id,
            when(s.created_at, now),
            show(s.status),
          ]),
        },
        {
          type: 'context',
          text: `Use: snapshot rollback ${label} <snapshot uuid> · snapshot delete ${label} <snapshot uuid>`,
        },
      ],
    };
  },
});

/** E2: every private network with its uuid (network show/attach/detach) and graph id (network graph). */
export const networkList = defineCommand({
  group: 'network',
  name: 'list',
  summary: 'List private networks (uuids and graph ids)',
  examples: ['/vps network list'],
  args: {},
  risk: 'read',
  run: async (ctx) => {
    let items;
    try {
      items = await ctx.api.privateNetworks.list();
    } catch (error) {
      if (notOffered(error))
        return notOfferedMessage(
          'private networks',
          'Network uuids also appear in `instance show` when the API reports them.',
        );
      throw error;
    }
    if (items.length === 0) {
      return {
        title: 'Private networks',
        tone: 'info',
        blocks: [{ type: 'text', text: 'There are no private networks.' }],
      };
    }
    await ctx.bot.rememberIds?.(
      'network',
      items.map((n) => ({ id: n.uuid, label: show(n.name) })),
    );
    return {
      title: 'Private networks',
      tone: 'info',
      summary: plural(items.length, 'private network'),
      blocks: [
        {
          type: 'table',
          columns: ['Name', 'Network uuid', 'Graph id', 'Location', 'Subnet'],
          rows: items.map((n) => [show(n.name), n.uuid, show(n.id), show(n.location), show(n.network_ip)]),
        },
        {
          type: 'context',
          text: 'Use: network show <uuid> · network graph <graph id> · network attach <instance> <uuid>',
        },
      ],
    };
  },
});

/** `snapshot list`, listed with the snapshot group. */
export const snapshotListCommands: CommandDefinition[] = [snapshotList];

/** `network list`, listed with the network group. */
export const networkListCommands: CommandDefinition[] = [networkList];
