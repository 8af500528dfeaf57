// Where the ids other commands take come from: `snapshot list` (E1) and `network list` (E2), the
// optional listings of spec part 10. An API that does not offer them (404/405) is said so plainly.
import { arg, defineCommand, t, type CommandDefinition, type Locale } from '../src/core/index.js';
import type { Message } from '../src/render/message.js';
import { when } from './shared/dates.js';
import { show } from './shared/format.js';
import { fetchInstance, labelOf } from './shared/instance-view.js';
import { notOffered } from './shared/not-offered.js';

/** The plain answer when the listing is not offered; nothing else is wrong. */
function notOfferedMessage(locale: Locale, what: string, hint: string): Message {
  return {
    title: t(locale, 'notOffered.title', { what }),
    tone: 'warning',
    blocks: [
      { type: 'text', text: t(locale, 'notOffered.line', { what }) },
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
    const { locale } = ctx;
    const label = labelOf(await fetchInstance(ctx, instance), instance);
    let items;
    try {
      items = await ctx.api.snapshots.list(instance.uuid);
    } catch (error) {
      if (notOffered(error))
        return notOfferedMessage(locale, t(locale, 'listing.snapshots'), t(locale, 'listing.snapshotsHint'));
      throw error;
    }
    const title = t(locale, 'listing.snapshotsTitle', { label });
    if (items.length === 0) {
      return {
        title,
        tone: 'info',
        blocks: [{ type: 'text', text: t(locale, 'listing.noSnapshots', { label }) }],
      };
    }
    const now = ctx.now();
    await ctx.bot.rememberIds?.(
      'snapshot',
      items.map((s) => ({ id: s.id, label: show(s.name) })),
    );
    return {
      title,
      tone: 'info',
      summary: `${label}: ${t(locale, 'count.snapshot', { n: items.length })}`,
      blocks: [
        {
          type: 'table',
          columns: [
            t(locale, 'column.name'),
            t(locale, 'column.snapshotUuid'),
            t(locale, 'column.created'),
            t(locale, 'column.status'),
          ],
          rows: items.map((s) => [
            s.is_current_state === true ? t(locale, 'listing.current', { name: show(s.name) }) : show(s.name),
            s.id,
            when(s.created_at, now, locale),
            show(s.status),
          ]),
        },
        {
          type: 'context',
          text: t(locale, 'listing.snapshotsUse', { label }),
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
    const { locale } = ctx;
    let items;
    try {
      items = await ctx.api.privateNetworks.list();
    } catch (error) {
      if (notOffered(error))
        return notOfferedMessage(locale, t(locale, 'listing.networks'), t(locale, 'listing.networksHint'));
      throw error;
    }
    if (items.length === 0) {
      return {
        title: t(locale, 'listing.networksTitle'),
        tone: 'info',
        blocks: [{ type: 'text', text: t(locale, 'listing.noNetworks') }],
      };
    }
    await ctx.bot.rememberIds?.(
      'network',
      items.map((n) => ({ id: n.uuid, label: show(n.name) })),
    );
    return {
      title: t(locale, 'listing.networksTitle'),
      tone: 'info',
      summary: t(locale, 'count.network', { n: items.length }),
      blocks: [
        {
          type: 'table',
          columns: [
            t(locale, 'column.name'),
            t(locale, 'column.networkUuid'),
            t(locale, 'column.graphId'),
            t(locale, 'column.location'),
            t(locale, 'column.subnet'),
          ],
          rows: items.map((n) => [show(n.name), n.uuid, show(n.id), show(n.location), show(n.network_ip)]),
        },
        {
          type: 'context',
          text: t(locale, 'listing.networksUse'),
        },
      ],
    };
  },
});

/** `snapshot list`, listed with the snapshot group. */
export const snapshotListCommands: CommandDefinition[] = [snapshotList];

/** `network list`, listed with the network group. */
export const networkListCommands: CommandDefinition[] = [networkList];
