// Silences (issue 24): `silence <instance|location <name>|all> <duration> [reason…]`, `silences`,
// `unsilence <instance|location <name>|all>`. A silenced server's incidents are recorded but
// neither posted nor paged until the silence ends (see src/watch/silence-book.ts). Setting or
// ending a silence is a `change`: the runner keeps viewers out and audits it.
import {
  arg,
  defineCommand,
  optional,
  type BotServices,
  type CommandDefinition,
  type SilenceService,
  type SilenceTargetRef,
  UserError,
  t,
  type Locale,
} from '../src/core/index.js';
import { context, message, table, text } from '../src/render/builders.js';
import { relativeTime } from '../src/render/time-format.js';
import { tellStory } from './shared/story-lines.js';

function silencesOf(bot: BotServices, locale: Locale): SilenceService {
  if (!bot.watches?.silences) throw new UserError('nothing-to-do', t(locale, 'silence.unavailable'));
  return bot.watches.silences;
}

const usageHint = (locale: Locale): string => t(locale, 'silence.usageHint');

/** Something a duration would start with (so a location name ends before it). */
const DURATION_LIKE = /^\d+[dhm]/i;

/** `web-1 …`, `location Jakarta 1 …`, `all …` → the target and the words after it. */
function readTarget(
  first: string,
  words: string[],
  durationFollows: boolean,
  locale: Locale,
): [SilenceTargetRef, string[]] {
  const head = first.toLowerCase();
  if (head === 'all') return [{ type: 'all' }, words];
  if (head !== 'location') return [{ type: 'instance', ref: first }, words];
  const end = durationFollows ? words.findIndex((w) => DURATION_LIKE.test(w)) : words.length;
  const name = words.slice(0, end < 0 ? words.length : end).join(' ');
  if (!name) throw new UserError('usage', t(locale, 'silence.nameLocation'), usageHint(locale));
  return [{ type: 'location', name }, end < 0 ? [] : words.slice(end)];
}

const wordsOf = (text: string | undefined): string[] => (text ?? '').split(/\s+/).filter(Boolean);

const untilText = (until: number, now: Date, locale: Locale): string =>
  `${new Date(until).toISOString().slice(0, 16).replace('T', ' ')} UTC (${relativeTime(until, now, locale)})`;

/** `silence <instance|location <name>|all> <duration> [reason…]`. */
export const silence = defineCommand({
  group: '',
  name: 'silence',
  summary: 'Silence alerts and pages of a watched server, a location or all, for a while',
  description:
    'Incidents of a silenced server are still recorded (see `watches`) but neither posted nor paged. Durations: 45m, 2h, 1d, 1h30m; at most 7 days. The silence ends by itself with a short notice here.',
  examples: [
    '/vps silence web-1 2h kernel upgrade',
    '/vps silence location Jakarta 1 1d',
    '/vps silence all 45m',
  ],
  args: {
    what: arg.string('A watched server, `location <name>`, or `all`'),
    durationAndReason: arg.string('How long (45m, 2h, 1d; at most 7 days), then why', {
      rest: true,
      max: 400,
    }),
  },
  risk: 'change',
  run: async (ctx, { what, durationAndReason }) => {
    const { locale } = ctx;
    const [target, rest] = readTarget(what, wordsOf(durationAndReason), true, locale);
    const [duration, ...reasonWords] = rest;
    if (!duration) throw new UserError('usage', t(locale, 'silence.howLong'), usageHint(locale));
    const reason = reasonWords.join(' ');
    const done = await silencesOf(ctx.bot, locale).set(
      target,
      duration,
      ctx.actor,
      { platform: ctx.actor.platform, channelId: ctx.channelId },
      reason || undefined,
      locale,
    );
    const until = untilText(done.until, ctx.now(), locale);
    const upTo = `until ${new Date(done.until).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    await tellStory(ctx, {
      kind: 'silenced',
      subject: done.what,
      detail: done.reason ? `${upTo} · ${done.reason}` : upTo,
    });
    const endEarly = t(locale, 'silence.endEarly', { what });
    return {
      message: message(
        t(locale, 'silence.title', { what: done.what }),
        [
          text(t(locale, done.replaced ? 'silence.setReplacing' : 'silence.set', { what: done.what, until })),
          context(done.reason ? t(locale, 'silence.reason', { reason: done.reason, endEarly }) : endEarly),
        ],
        { tone: 'success' },
      ),
      auditSummary: `silenced ${done.what} until ${new Date(done.until).toISOString()}${done.reason ? ` (${done.reason})` : ''}`,
    };
  },
});

/** `silences`: what is silenced, by whom, until when, why. */
export const silences = defineCommand({
  group: '',
  name: 'silences',
  summary: 'What is silenced, by whom, until when and why',
  examples: ['/vps silences'],
  args: {},
  risk: 'read',
  run: async (ctx) => {
    const { locale } = ctx;
    const list = await silencesOf(ctx.bot, locale).list(locale);
    if (list.length === 0) return message(t(locale, 'silence.noneTitle'), [text(t(locale, 'silence.none'))]);
    const rows = list.map((s) => [s.what, s.by, untilText(s.until, ctx.now(), locale), s.reason ?? '']);
    const columns = (['what', 'by', 'until', 'why'] as const).map((c) => t(locale, `silence.column.${c}`));
    return message(t(locale, 'silence.listTitle', { count: list.length }), [table(columns, rows)]);
  },
});

/** `unsilence <instance|location <name>|all>`: end a silence early. */
export const unsilence = defineCommand({
  group: '',
  name: 'unsilence',
  summary: 'End a silence early',
  examples: ['/vps unsilence web-1', '/vps unsilence location Jakarta 1', '/vps unsilence all'],
  args: {
    what: arg.string('A watched server, `location <name>`, or `all`'),
    name: optional(arg.string('The location name, after `location`', { rest: true })),
  },
  risk: 'change',
  run: async (ctx, { what, name }) => {
    const { locale } = ctx;
    const [target, extra] = readTarget(what, wordsOf(name), false, locale);
    if (extra.length > 0)
      throw new UserError(
        'usage',
        t(locale, 'silence.unexpected', { extra: extra.join(' '), what }),
        t(locale, 'silence.tryUnsilence'),
      );
    const ended = await silencesOf(ctx.bot, locale).remove(target, locale);
    const named =
      target.type === 'instance'
        ? target.ref
        : target.type === 'location'
          ? `location ${target.name}`
          : 'all';
    if (!ended)
      throw new UserError(
        'nothing-to-do',
        t(locale, 'silence.notSilenced', { named }),
        t(locale, 'silence.seeSilences'),
      );
    await tellStory(ctx, { kind: 'unsilenced', subject: ended.what });
    return {
      message: message(
        t(locale, 'silence.endedTitle', { what: ended.what }),
        [text(t(locale, 'silence.ended', { what: ended.what }))],
        {
          tone: 'success',
        },
      ),
      auditSummary: `ended the silence of ${ended.what}`,
    };
  },
});

/** The silence commands, listed in commands/index.ts. */
export const silenceCommands: CommandDefinition[] = [silence, silences, unsilence] as CommandDefinition[];
