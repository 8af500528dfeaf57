// A plate as a neutral Message (`me` on every platform): each part a heading and a table, or a
// line saying it is empty. Slack's App Home draws the same Plate with its own buttons.
import { context, message, table, text } from '../../render/builders.js';
import type { Block, Message } from '../../render/message.js';
import { relativeTime } from '../../render/time-format.js';
import { t } from '../../i18n/translate.js';
import type { Locale } from '../../i18n/locale.js';
import type { Plate, PlateRequest } from './plate-port.js';

function requests(rows: PlateRequest[], now: Date, locale: Locale): Block {
  return table(
    [
      t(locale, 'plate.col.request'),
      t(locale, 'plate.col.target'),
      t(locale, 'plate.col.askedBy'),
      t(locale, 'plate.col.expires'),
    ],
    rows.map((r) => [
      r.command,
      r.targets[0],
      r.requester.displayName,
      relativeTime(r.expiresAt, now, locale),
    ]),
  );
}

/** What is waiting for this person (and what they asked for), in the reader's language; private. */
export function plateMessage(plate: Plate, channelCount: number, now: Date, locale: Locale): Message {
  const { approvals, previews, channels, silences } = plate;
  const blocks: Block[] = [text(t(locale, 'plate.approvals', { count: approvals.length }))];
  if (approvals.length === 0) blocks.push(context(t(locale, 'plate.approvals.none')));
  else blocks.push(requests(approvals, now, locale), context(t(locale, 'plate.approvals.hint')));
  blocks.push(text(t(locale, 'plate.previews', { count: previews.length })));
  blocks.push(
    previews.length === 0 ? context(t(locale, 'plate.previews.none')) : requests(previews, now, locale),
  );
  const watches = channels.flatMap((c) => c.watches.map((w) => ({ channelId: c.channelId, watch: w })));
  blocks.push(text(t(locale, 'plate.watches', { count: watches.length })));
  if (watches.length === 0) blocks.push(context(t(locale, 'plate.watches.none', { channels: channelCount })));
  else
    blocks.push(
      table(
        [t(locale, 'plate.col.server'), t(locale, 'plate.col.state'), t(locale, 'plate.col.channel')],
        watches.map(({ channelId, watch }) => [watch.instance.label, watch.state, channelId]),
      ),
    );
  const incidents = channels.flatMap((c) => c.incidents);
  if (incidents.length > 0)
    blocks.push(text(t(locale, 'plate.incidents', { count: incidents.length })), text(incidents.join('\n')));
  blocks.push(text(t(locale, 'plate.silences', { count: silences.length })));
  if (silences.length === 0) blocks.push(context(t(locale, 'plate.silences.none')));
  else
    blocks.push(
      table(
        [t(locale, 'plate.col.what'), t(locale, 'plate.col.until'), t(locale, 'plate.col.by')],
        silences.map((s) => [s.what, relativeTime(s.until, now, locale), s.by]),
      ),
    );
  const summary = t(locale, 'plate.summary', { approvals: approvals.length, previews: previews.length });
  return message(t(locale, 'plate.title'), blocks, { summary, visibility: 'ephemeral' });
}
