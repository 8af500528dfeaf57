// "Did you mean …?" for snapshot, backup, network and IP ids: when an id is malformed (a typo, a
// cut-off paste) or the API does not know it, the reply names the closest ids the bot has seen in
// API results, so the right one can be copied instead of hunted for.
import { isApiError } from '../../api/errors.js';
import { context } from '../../render/builders.js';
import type { Message } from '../../render/message.js';
import type { CommandDefinition } from '../command.js';
import { isUserError } from '../errors.js';
import type { SeenIdKind } from '../ports.js';
import { closestSeenIds } from './seen-ids.js';
import type { BotStore } from '../store.js';
import type { Locale } from '../../i18n/locale.js';
import { t } from '../../i18n/translate.js';

/** The ids the failure is about: a malformed one from the parser, or the command's ids the API did not find. */
function idsInQuestion(
  error: unknown,
  def: CommandDefinition | undefined,
  values: Record<string, unknown> | undefined,
): { kind: SeenIdKind; given: string }[] {
  if (isUserError(error) && error.badId) return [error.badId];
  const notFound =
    (isApiError(error) && error.status === 404) || (isUserError(error) && error.id === 'not-found');
  if (!notFound || !def || !values) return [];
  return Object.entries(def.args).flatMap(([key, spec]) => {
    const given = values[key];
    return spec.completes && typeof given === 'string' ? [{ kind: spec.completes, given }] : [];
  });
}

/** The failure message with a "Did you mean …?" line (in `locale`) when seen ids come close; unchanged otherwise. */
export async function withSeenIdSuggestion(
  store: BotStore,
  message: Message,
  error: unknown,
  locale: Locale,
  def?: CommandDefinition,
  values?: Record<string, unknown>,
): Promise<Message> {
  const lines: string[] = [];
  for (const { kind, given } of idsInQuestion(error, def, values)) {
    const close = await closestSeenIds(store, kind, given).catch(() => []);
    const ids = close.join(` ${t(locale, 'seenIds.or')} `);
    if (close.length > 0) lines.push(t(locale, 'seenIds.didYouMean', { ids, kind }));
  }
  return lines.length === 0
    ? message
    : { ...message, blocks: [...message.blocks, ...lines.map((l) => context(l))] };
}
