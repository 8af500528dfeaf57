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
} from '../src/core/index.js';
import { context, message, table, text } from '../src/render/builders.js';
import { relativeTime } from '../src/render/format.js';

function silencesOf(bot: BotServices): SilenceService {
  if (!bot.watches?.silences) {
    throw new UserError(
      'nothing-to-do',
      'Silences are not available in this mode (one-shot exec); use the console or chat.',
    );
  }
  return bot.watches.silences;
}

const USAGE_HINT =
  'Try: /vps silence web-1 2h kernel upgrade · /vps silence location Jakarta 1 1d · /vps silence all 45m';

/** Something a duration would start with (so a location name ends before it). */
const DURATION_LIKE = /^\d+[dhm]/i;

/** `web-1 …`, `location Jakarta 1 …`, `all …` → the target and the words after it. */
function readTarget(first: string, words: string[], durationFollows: boolean): [SilenceTargetRef, string[]] {
  const head = first.toLowerCase();
  if (head === 'all') return [{ type: 'all' }, words];
  if (head !== 'location') return [{ type: 'instance', ref: first }, words];
  const end = durationFollows ? words.findIndex((w) => DURATION_LIKE.test(w)) : words.length;
  const name = words.slice(0, end < 0 ? words.length : end).join(' ');
  if (!name)
    throw new UserError('usage', 'Name the location to silence, e.g. `location Jakarta 1`.', USAGE_HINT);
  return [{ type: 'location', name }, end < 0 ? [] : words.slice(end)];
}

const wordsOf = (text: string | undefined): string[] => (text ?? '').split(/\s+/).filter(Boolean);

const untilText = (until: number, now: Date): string =>
  `${new Date(until).toISOString().slice(0, 16).replace('T', ' ')} UTC (${relativeTime(until, now)})`;

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
    const [target, rest] = readTarget(what, wordsOf(durationAndReason), true);
    const [duration, ...reasonWords] = rest;
    if (!duration) throw new UserError('usage', 'Say for how long, e.g. 2h (at most 7 days).', USAGE_HINT);
    const reason = reasonWords.join(' ');
    const done = await silencesOf(ctx.bot).set(
      target,
      duration,
      ctx.actor,
      { platform: ctx.actor.platform, channelId: ctx.channelId },
      reason || undefined,
    );
    const until = untilText(done.until, ctx.now());
    return {
      message: message(
        `Silenced ${done.what}`,
        [
          text(
            `Alerts for ${done.what} are recorded but neither posted nor paged until ${until}${done.replaced ? ' (this replaces the previous silence)' : ''}.`,
          ),
          context(
            `${done.reason ? `Reason: ${done.reason} · ` : ''}End it early with /vps unsilence ${what}`,
          ),
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
    const list = await silencesOf(ctx.bot).list();
    if (list.length === 0)
      return message('Nothing is silenced', [text('Every watched server alerts as usual.')]);
    const rows = list.map((s) => [s.what, s.by, untilText(s.until, ctx.now()), s.reason ?? '']);
    return message(`Silences (${list.length})`, [table(['What', 'By', 'Until', 'Why'], rows)]);
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
    const [target, extra] = readTarget(what, wordsOf(name), false);
    if (extra.length > 0)
      throw new UserError(
        'usage',
        `Unexpected \`${extra.join(' ')}\` after ${what}.`,
        'Try: /vps unsilence web-1',
      );
    const ended = await silencesOf(ctx.bot).remove(target);
    const named =
      target.type === 'instance'
        ? target.ref
        : target.type === 'location'
          ? `location ${target.name}`
          : 'all';
    if (!ended)
      throw new UserError(
        'nothing-to-do',
        `${named} is not silenced — nothing changed.`,
        'See what is with /vps silences.',
      );
    return {
      message: message(
        `Silence of ${ended.what} ended`,
        [text(`Alerts for ${ended.what} are posted and paged again.`)],
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
