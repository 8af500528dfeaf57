// `status`: the incident card of the channel's bound instance; without one, the channel's open
// incidents, silences and waiting confirmations (shared/channel-status.ts).
import {
  arg,
  defineCommand,
  optional,
  t,
  UserError,
  type Locale,
  type ResolvedInstance,
} from '../src/core/index.js';
import { channelStatusCard } from './shared/channel-status.js';
import { liveStatus } from './shared/live-status.js';
import type { Message } from '../src/render/message.js';
import {
  fetchInstance,
  labelOf,
  lastBackupText,
  priceText,
  publicIp,
  statusText,
  statusTone,
  uptimeText,
} from './shared/instance-view.js';
import { cpuLine, summarise } from './shared/metrics.js';
import { isNotFound } from './shared/not-found.js';

/** What `status` shows when the bound instance has vanished from the hosting service. */
function goneCard(bound: ResolvedInstance, locale: Locale): Message {
  return {
    title: t(locale, 'bot.status.goneTitle', { label: bound.label }),
    tone: 'danger',
    blocks: [
      { type: 'text', text: t(locale, 'bot.status.gone', { label: bound.label }) },
      { type: 'context', text: t(locale, 'bot.status.goneContext', { uuid: bound.uuid }) },
    ],
  };
}

/** `status`: the incident card of the channel's bound instance — state, uptime, backup, price, load. */
export const status = defineCommand({
  group: '',
  name: 'status',
  summary: 'Incident card for the channel’s bound instance',
  description:
    'Without a bound instance: the channel’s open incidents and storms, silences and confirmations waiting (only you see it unless --public).',
  examples: ['/vps status', '/vps status --public', '/vps status --live', '/vps status --live off'],
  args: {
    public: arg.flag('Post the answer in the channel for everyone (default: only you see it)'),
    live: arg.flag('Post the channel’s status card, pin it and keep it current'),
    off: optional(
      arg.choice('With --live: unpin the live card and stop keeping it', ['off'], { positional: true }),
    ),
  },
  risk: 'read',
  run: async (ctx, values) => {
    const { locale } = ctx;
    if (values.off && !values.live) throw new UserError('usage', t(locale, 'live.offWithoutLive'));
    if (values.live) return liveStatus(ctx, values.off === 'off');
    const bound = await ctx.bot.boundInstance(ctx.channelId);
    if (!bound) return channelStatusCard(ctx, values.public === true);
    const [detail, load] = await Promise.all([
      fetchInstance(ctx, bound).catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      }),
      ctx.api.instances.rrd(bound.uuid, 'hour').then(summarise, () => null),
    ]);
    if (!detail) return goneCard(bound, locale);
    const now = ctx.now();
    const label = labelOf(detail, bound);
    return {
      title: `${label} — ${statusText(detail.status, locale)}`,
      tone: statusTone(detail.status),
      summary: `${label}: ${statusText(detail.status, locale)}`,
      blocks: [
        {
          type: 'fields',
          fields: [
            { label: t(locale, 'bot.status.state'), value: statusText(detail.status, locale), inline: true },
            { label: t(locale, 'field.uptime'), value: uptimeText(detail, now, locale), inline: true },
            { label: t(locale, 'field.publicIp'), value: publicIp(detail), inline: true },
            {
              label: t(locale, 'field.lastBackup'),
              value: lastBackupText(detail.last_backup_at, now, locale),
            },
            { label: t(locale, 'field.price'), value: priceText(detail, ctx.currency, locale) },
            {
              label: t(locale, 'bot.status.cpuHour'),
              value: load ? cpuLine(load) : t(locale, 'bot.status.noMetrics'),
            },
          ],
        },
        { type: 'context', text: t(locale, 'bot.status.context', { uuid: bound.uuid }) },
      ],
    };
  },
});
