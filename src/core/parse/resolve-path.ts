// Finds the command a user meant from the leading words of the text ("/vps instance stop …"),
// with "did you mean" suggestions when nothing matches.
import type { CommandDefinition } from '../command.js';
import { commandPath } from '../define-command.js';
import { UserError } from '../errors.js';
import type { Locale } from '../../i18n/locale.js';
import { t } from '../../i18n/translate.js';
import type { Registry } from './registry.js';
import { closest } from './suggest.js';
import type { Token } from './tokenize.js';
import { shorten } from '../../render/shorten.js';

/** The command found and the tokens left for its arguments. */
export interface PathMatch {
  def: CommandDefinition;
  rest: Token[];
}

const PREFIXES = ['/vps', 'vps'];

/** Drops a leading "/vps" or "vps" word. */
export function stripPrefix(tokens: Token[]): Token[] {
  const first = tokens[0];
  return first && !first.quoted && PREFIXES.includes(first.text.toLowerCase()) ? tokens.slice(1) : tokens;
}

function didYouMean(typed: string, registry: Registry, locale: Locale): string {
  const candidates = [...registry.paths(), ...registry.groups()];
  const [best] = closest(typed, candidates, 1);
  return best ? t(locale, 'parse.didYouMean', { best }) : '';
}

const short = (text: string) => shorten(text, 41);

/** Resolves `group action` (or a single bot-command word); empty input means `help`. */
export function resolvePath(
  tokens: Token[],
  registry: Registry,
  locale: Locale = 'en',
): PathMatch | UserError {
  const [first, second, ...more] = tokens;
  if (!first) {
    const help = registry.byPath('help');
    return help ? { def: help, rest: [] } : new UserError('usage', t(locale, 'parse.typeCommand'));
  }
  const word = first.text.toLowerCase();
  const bot = registry.byPath(word);
  // `watch billing` reads as `billing watch`: a bot word before a group that has it as an action.
  const swapped = bot && second && registry.byPath(`${second.text.toLowerCase()} ${word}`);
  if (swapped && second && !second.quoted) return { def: swapped, rest: more };
  if (bot && bot.group === '') return { def: bot, rest: tokens.slice(1) };
  // A hidden command (what a button runs) is found by its exact path, never suggested.
  const hidden = second ? registry.byPath(`${word} ${second.text.toLowerCase()}`) : undefined;
  if (hidden?.hidden) return { def: hidden, rest: more };
  if (registry.groups().includes(word)) {
    const actions = registry.actionsOf(word);
    if (!second || second.text.startsWith('--')) {
      return new UserError(
        'usage',
        t(locale, 'parse.needsAction', { group: word, actions: actions.join(', ') }),
        t(locale, 'parse.helpGroup', { group: word }),
      );
    }
    const def = registry.byPath(`${word} ${second.text.toLowerCase()}`);
    if (def) return { def, rest: more };
    const typed = `${word} ${short(second.text)}`;
    const [best] = closest(second.text, actions, 1);
    const hint = best
      ? t(locale, 'parse.didYouMean', { best: commandPath({ group: word, name: best }) })
      : '';
    return new UserError(
      'unknown-command',
      t(locale, 'parse.unknownCommand', { typed, suggestion: hint }),
      t(locale, 'parse.actionsOf', { group: word, actions: actions.join(', ') }),
    );
  }
  const typed =
    second && !second.text.startsWith('-') ? `${short(first.text)} ${short(second.text)}` : short(first.text);
  const suggestion =
    didYouMean(typed, registry, locale) || (second ? didYouMean(first.text, registry, locale) : '');
  return new UserError(
    'unknown-command',
    t(locale, 'parse.unknownCommand', { typed, suggestion }),
    t(locale, 'parse.typeHelp'),
  );
}
