// `status`: the incident card of the channel's bound instance.
import { defineCommand, type ResolvedInstance } from '../src/core/index.js';
import type { Message } from '../src/render/message.js';
import { show } from './shared/format.js';
import {
  fetchInstance,
  labelOf,
  lastBackupText,
  priceText,
  publicIp,
  statusTone,
  uptimeText,
} from './shared/instance-view.js';
import { cpuLine, summarise } from './shared/metrics.js';
import { isNotFound } from './shared/not-found.js';

/** What `status` shows when the bound instance has vanished from the hosting service. */
function goneCard(bound: ResolvedInstance): Message {
  return {
    title: `${bound.label} no longer exists`,
    tone: 'danger',
    blocks: [
      {
        type: 'text',
        text: `The instance bound to this channel (${bound.label}) is unknown to the hosting service — deleted?`,
      },
      { type: 'context', text: `uuid ${bound.uuid} · unbind with /vps use --clear` },
    ],
  };
}

/** `status`: the incident card of the channel's bound instance — state, uptime, backup, price, load. */
export const status = defineCommand({
  group: '',
  name: 'status',
  summary: 'Incident card for the channel’s bound instance',
  examples: ['/vps status'],
  args: {},
  risk: 'read',
  run: async (ctx) => {
    const bound = await ctx.bot.boundInstance(ctx.channelId);
    if (!bound) {
      return {
        title: 'No instance bound',
        tone: 'info',
        blocks: [
          {
            type: 'text',
            text: 'This channel has no instance bound. Bind one with /vps use web-1, then run /vps status.',
          },
        ],
      };
    }
    const [detail, load] = await Promise.all([
      fetchInstance(ctx, bound).catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      }),
      ctx.api.instances.rrd(bound.uuid, 'hour').then(summarise, () => null),
    ]);
    if (!detail) return goneCard(bound);
    const now = ctx.now();
    const label = labelOf(detail, bound);
    return {
      title: `${label} — ${show(detail.status)}`,
      tone: statusTone(detail.status),
      summary: `${label}: ${show(detail.status)}`,
      blocks: [
        {
          type: 'fields',
          fields: [
            { label: 'State', value: show(detail.status), inline: true },
            { label: 'Uptime', value: uptimeText(detail, now), inline: true },
            { label: 'Public IP', value: publicIp(detail), inline: true },
            { label: 'Last backup', value: lastBackupText(detail.last_backup_at, now) },
            { label: 'Price', value: priceText(detail, ctx.currency) },
            { label: 'CPU, last hour', value: load ? cpuLine(load) : 'metrics unavailable' },
          ],
        },
        {
          type: 'context',
          text: `uuid ${bound.uuid} · /vps instance show for everything · /vps use --clear to unbind`,
        },
      ],
    };
  },
});
