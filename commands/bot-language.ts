// `language [en|id]`: the language of what everyone in this channel sees (public notices, alerts).
// Anyone may ask which one it is; only admins change it. Private replies keep each person's own.
import {
  arg,
  defineCommand,
  optional,
  parseLocale,
  supportedLocales,
  t,
  UserError,
  type Locale,
} from '../src/core/index.js';
import { relativeTime } from '../src/render/time-format.js';

const languageName = (shown: Locale, of: Locale): string => t(shown, `language.name.${of}`);

export const language = defineCommand({
  group: '',
  name: 'language',
  summary: 'The language of this channel’s public messages (admins set it: en or id)',
  examples: ['/vps language', '/vps language id', '/vps language en'],
  args: {
    value: optional(arg.string('en or id; leave out to see the current one', { max: 20 })),
  },
  risk: 'read',
  run: async (ctx, { value }) => {
    const { locale } = ctx;
    const current = await ctx.bot.channelLocale(ctx.channelId);
    if (value === undefined) {
      const line = current.setting
        ? t(locale, 'language.channel', {
            language: languageName(locale, current.locale),
            who: current.setting.setBy,
            when: relativeTime(new Date(current.setting.at), ctx.now(), locale),
          })
        : t(locale, 'language.default', { language: languageName(locale, current.locale) });
      return {
        title: t(locale, 'language.title'),
        tone: 'info',
        blocks: [
          { type: 'text', text: line },
          { type: 'context', text: t(locale, 'language.private') },
        ],
      };
    }
    const wanted = parseLocale(value);
    if (wanted === null)
      throw new UserError(
        'invalid-argument',
        t(locale, 'language.unknown', { value, supported: supportedLocales() }),
        t(locale, 'language.unknownHint'),
      );
    const { role } = ctx.bot.describeActor(ctx.actor, ctx.channelId);
    if (role !== 'admin') throw new UserError('denied', t(locale, 'language.adminsOnly', { role }));
    if (current.setting && current.locale === wanted)
      throw new UserError(
        'nothing-to-do',
        t(locale, 'language.unchanged', { language: languageName(locale, wanted) }),
      );
    await ctx.bot.setChannelLocale(ctx.channelId, {
      locale: wanted,
      setBy: ctx.actor.displayName || ctx.actor.userId,
      at: ctx.now().getTime(),
    });
    // Said in the new language: the answer is public, like what the setting governs.
    return {
      message: {
        title: t(wanted, 'language.set.title'),
        tone: 'success',
        blocks: [
          { type: 'text', text: t(wanted, 'language.set', { language: languageName(wanted, wanted) }) },
        ],
      },
      auditSummary: `channel language set to ${wanted}`,
    };
  },
});
