// The channel's status card, pure — the one builder of its sections: its open incidents and storms,
// the running silences and the confirmations still waiting. `status` answers with it (and `catchup`
// and `handoff` take its sections); the live card (src/watch's live-cards.ts) keeps it pinned and current.
import { t } from '../../i18n/translate.js';
import type { Locale } from '../../i18n/locale.js';
import { clockTime } from '../../render/time-format.js';
import type { Field, Message } from '../../render/message.js';
import { shorten } from '../../render/shorten.js';
import type { WaitingConfirmation } from '../command.js';
import type { SilenceSummary } from '../watch-port.js';

/** Lines listed per section; the rest is counted. */
const LISTED = 10;
/** Under Discord's 1024 characters per embed field (Slack allows 2000). */
const FIELD_CHARS = 1000;

/** What the card shows. */
export interface ChannelFacts {
  incidents: string[];
  silences: SilenceSummary[];
  pending: WaitingConfirmation[];
}

const at = (ms: number) => `${clockTime(new Date(ms))}`;

function section(lines: string[], locale: Locale): string {
  if (lines.length === 0) return t(locale, 'bot.status.nothing');
  const listed = lines.slice(0, LISTED);
  if (lines.length > LISTED) listed.push(t(locale, 'bot.status.more', { count: lines.length - LISTED }));
  return shorten(listed.join('\n'), FIELD_CHARS);
}

/** The card's sections: incidents, silences, confirmations waiting. */
function sections(locale: Locale, facts: ChannelFacts): Field[] {
  const silenceLines = facts.silences.map((s) =>
    t(locale, 'bot.status.silenceLine', { what: s.what, until: at(s.until), by: s.by }),
  );
  const approvalLines = facts.pending.map((p) => {
    const line = t(locale, 'bot.status.approvalLine', {
      command: p.command,
      targets: p.targets[0] ?? '',
      who: `@${p.requester.displayName || p.requester.userId}`,
      until: at(p.expiresAt),
    });
    return p.twoPerson ? t(locale, 'bot.status.approvalAdmin', { line }) : line;
  });
  return [
    { label: t(locale, 'bot.status.incidents'), value: section(facts.incidents, locale) },
    { label: t(locale, 'bot.status.silences'), value: section(silenceLines, locale) },
    { label: t(locale, 'bot.status.approvals'), value: section(approvalLines, locale) },
  ];
}

/** The card: `live` heads it as the channel's kept-current card, else as `status`'s answer. */
export function channelStatusMessage(locale: Locale, facts: ChannelFacts, live = false): Message {
  const anything = facts.incidents.length + facts.silences.length + facts.pending.length > 0;
  const title = live
    ? t(locale, anything ? 'live.card.title' : 'live.card.quietTitle')
    : t(locale, anything ? 'bot.status.channelTitle' : 'bot.status.noneTitle');
  return {
    title,
    tone: facts.incidents.length > 0 ? 'danger' : 'info',
    summary: title,
    blocks: [
      { type: 'text', text: t(locale, live ? 'live.card.intro' : 'bot.status.none') },
      { type: 'fields', fields: sections(locale, facts) },
    ],
  };
}
