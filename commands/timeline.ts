// `timeline`: the channel's story, one line per event with its time in the reader's zone, paged
// like `audit`; `timeline export` (also `export timeline`): the same as a Markdown or CSV file.
import { arg, asFlag, defineCommand, optional, t, type CommandContext } from '../src/core/index.js';
import type { Message } from '../src/render/message.js';
import { zonedClock, zonedDateTime } from '../src/render/zoned-time.js';
import { exportFile, type ExportFormat } from './shared/story-export.js';
import { itemText, storyItems, storyStart, type StoryItem } from './shared/story-lines.js';

/** Without --since / --from: the last day. */
const DEFAULT_SPAN_MS = 24 * 3_600_000;

const text = (max: number) => ({ max, positional: false });
const sinceArgs = {
  since: optional(asFlag(arg.string('Only the last 30m, 2h, 3d or 1w (default: the last day)', text(20)))),
  from: optional(asFlag(arg.string('Only from this time on, ISO 8601 (e.g. 2026-11-27T22:00Z)', text(40)))),
};

/** The story the arguments ask for, from its start. */
async function storyFor(
  ctx: CommandContext,
  args: { since?: string | undefined; from?: string | undefined; server?: string | undefined },
): Promise<{ start: number; items: StoryItem[]; zone: string }> {
  const now = ctx.now().getTime();
  const start = storyStart(args, now, ctx.locale, now - DEFAULT_SPAN_MS);
  const items = await storyItems(ctx, start, args.server);
  return { start, items, zone: ctx.bot.story.timeZone(ctx.actor) };
}

export const timeline = defineCommand({
  group: '',
  name: 'timeline',
  summary: 'The channel’s story: alerts, confirmed actions, silences, pages and notes, in order',
  description:
    'One line per event, its time in your zone (Slack: your profile’s; else VPSOPS_TIMEZONE; else UTC). Only you see it unless --public. `timeline export` posts it as a file.',
  examples: [
    '/vps timeline',
    '/vps timeline --since 6h',
    '/vps timeline --from 2026-11-27T22:00Z --server web-1',
    '/vps timeline export --format csv',
  ],
  args: {
    ...sinceArgs,
    server: optional(asFlag(arg.string('Only what concerns this server (hostname or uuid)', text(80)))),
    limit: optional(asFlag(arg.integer('Lines per page', { min: 1, max: 50 })), 20),
    page: optional(asFlag(arg.integer('Page, 1 = newest', { min: 1, max: 1000 })), 1),
    public: arg.flag('Post the answer in the channel for everyone (default: only you see it)'),
  },
  risk: 'read',
  visibility: 'ephemeral',
  shareable: true,
  run: async (ctx, args): Promise<Message> => {
    const { locale } = ctx;
    const now = ctx.now().getTime();
    const { start, items, zone } = await storyFor(ctx, args);
    const limit = args.limit ?? 20;
    const page = args.page ?? 1;
    const pages = Math.max(1, Math.ceil(items.length / limit));
    // Page 1 is the newest lines; each page reads in time order.
    const end = items.length - (page - 1) * limit;
    const shown = items.slice(Math.max(0, end - limit), Math.max(0, end));
    const title = t(locale, 'story.title');
    if (shown.length === 0) {
      const none =
        items.length > 0
          ? t(locale, 'story.onlyPages', { pages })
          : args.server
            ? t(locale, 'story.noneServer', { server: args.server })
            : t(locale, 'story.none');
      return { title, tone: 'info', blocks: [{ type: 'text', text: none }] };
    }
    const since = zonedDateTime(start, zone, locale);
    const footer = [
      t(locale, 'story.footer', { page, pages, count: items.length, since, zone }),
      ...(page < pages ? [t(locale, 'story.next', { command: `/vps timeline --page ${page + 1}` })] : []),
    ];
    return {
      title: t(locale, 'story.heading', { count: items.length }),
      tone: 'info',
      summary: title,
      blocks: [
        {
          type: 'table',
          columns: [t(locale, 'story.column.time'), t(locale, 'story.column.what')],
          rows: shown.map((item) => [zonedClock(item.at, zone, now, locale), itemText(item, locale)]),
        },
        { type: 'context', text: footer.join(' · ') },
      ],
    };
  },
});

/** `export timeline` (typed `timeline export` too): the story as a file posted in the channel. */
export const timelineExport = defineCommand({
  group: 'export',
  name: 'timeline',
  summary: 'The channel’s timeline as a file in the channel (Markdown or CSV)',
  description:
    'Also typed `timeline export`. Slack and Discord post the file in the channel; exec and the console print it.',
  examples: ['/vps timeline export', '/vps timeline export --since 3d --format csv'],
  args: {
    ...sinceArgs,
    format: optional(asFlag(arg.choice('File format: md or csv', ['md', 'csv'] as const)), 'md'),
  },
  risk: 'read',
  run: async (ctx, args): Promise<Message> => {
    const { locale } = ctx;
    const { start, items, zone } = await storyFor(ctx, args);
    const format: ExportFormat = args.format ?? 'md';
    const since = zonedDateTime(start, zone, locale);
    const file = exportFile(items, {
      format,
      locale,
      zone,
      channel: ctx.channelId,
      from: start,
      to: ctx.now().getTime(),
    });
    const posted = t(locale, 'story.export.posted', { count: items.length, since, format });
    return {
      tone: 'info',
      summary: posted,
      blocks: [{ type: 'context', text: posted }],
      attachments: [file],
    };
  },
});

export const timelineCommands = [timeline, timelineExport];
