// A storm group's full member list in its card's thread (Slack thread_ts; Discord a reply on the
// card) once the group outgrows what the card lists. One message per chunk of hostnames: each is
// posted once (claimed in the shared group record, so two replicas never post the same chunk) and
// then edited from the shared record as members join and recover — paced like every other post.
import { message, text } from '../render/builders.js';
import type { MessageRef } from '../core/index.js';
import type { Message } from '../render/message.js';
import { t } from '../i18n/translate.js';
import type { Locale } from '../i18n/locale.js';
import { groupThreadTexts } from './group-card.js';
import type { GroupBook, SharedGroup } from './group-book.js';
import { isPaced } from './ports.js';
import type { ChannelPoster } from '../core/index.js';

/** Members the card itself names; a bigger group's full list goes into the thread. */
export const SHOWN_ON_CARD = 40;

/** What the thread needs from grouping. */
export interface ThreadDeps {
  groups: GroupBook;
  poster: ChannelPoster;
  send<T>(attempt: () => Promise<T>): Promise<T>;
  /** The channel's language (default English). */
  locale?: Locale;
}

/** Thread message `index` (from 0) of the group as it is now; its head names the part only, so it changes only with its lines. */
export function threadMessage(group: SharedGroup, index: number, locale: Locale = 'en'): Message | undefined {
  const chunk = groupThreadTexts(group, { locale })[index];
  if (chunk === undefined) return undefined;
  const title = t(locale, 'alertGroup.threadHead', { part: index + 1 });
  return message(title, [text(chunk)], { summary: title });
}

/** Whether the group's members go to its thread (it has more than the card shows, and a thread can be had). */
export function hasThread(group: SharedGroup, poster: ChannelPoster): boolean {
  return poster.reply !== undefined && group.ref !== undefined && group.members.length > SHOWN_ON_CARD;
}

/**
 * Posts the chunks nobody posted yet and refreshes the ones already in the thread. True when this
 * call opened the thread (claimed its first chunk): the card's last line then changes.
 */
export async function updateGroupThread(deps: ThreadDeps, group: SharedGroup): Promise<boolean> {
  const { poster } = deps;
  const card = group.ref;
  if (!card || !poster.reply || !hasThread(group, poster)) return false;
  const channel = { platform: group.platform, channelId: group.channelId };
  const { locale } = deps;
  const chunks = groupThreadTexts(group, { locale }).length;
  let from = chunks;
  const claimed = await deps.groups.mark(channel, group.id, (g) => {
    from = g.threadClaimed ?? 0;
    if (chunks <= from) return false;
    g.threadClaimed = chunks;
    return true;
  });
  const current = async () => (await deps.groups.get(channel, group.id)) ?? group;
  for (const [index, ref] of (claimed.group?.thread ?? []).entries()) {
    if (!ref || index >= from) continue;
    const latest = async () => threadMessage(await current(), index, locale) ?? message(undefined, []);
    if (isPaced(poster)) await deps.send(() => poster.refresh(ref, latest));
    else await deps.send(async () => poster.update(ref, await latest()));
  }
  if (!claimed.changed) return false;
  for (let index = from; index < chunks; index += 1) {
    const body = threadMessage(await current(), index, locale) ?? threadMessage(group, index, locale);
    if (!body) continue;
    const ref: MessageRef = await deps.send(() => poster.reply!(card, body));
    await deps.groups.mark(channel, group.id, (g) => {
      g.thread = [...(g.thread ?? [])];
      g.thread[index] = ref;
      return true;
    });
  }
  return from === 0;
}
