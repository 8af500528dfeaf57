// `status` in a channel with no bound instance: what asks for attention here now — its open storms
// and alerts, the running silences and the confirmations still waiting — on one card.
import { t, type CommandContext, type Locale } from '../../src/core/index.js';
import { clockTime } from '../../src/render/time-format.js';
import type { Field, Message } from '../../src/render/message.js';
import { shorten } from '../../src/render/shorten.js';

/** Lines listed per section; the rest is counted. */
const LISTED = 10;
/** Under Discord's 1024 characters per embed field (Slack allows 2000). */
const FIELD_CHARS = 1000;

const at = (ms: number) => `${clockTime(new Date(ms))}`;

function section(lines: string[], locale: Locale): string {
  if (lines.length === 0) return t(locale, 'bot.status.nothing');
  const listed = lines.slice(0, LISTED);
  if (lines.length > LISTED) listed.push(t(locale, 'bot.status.more', { count: lines.length - LISTED }));
  return shorten(listed.join('\n'), FIELD_CHARS);
}

/** What asks for attention in the channel now: its open incidents, silences and waiting confirmations. */
export async function channelFacts(
  ctx: CommandContext,
): Promise<{ open: number; anything: boolean; fields: Field[] }> {
  const { locale } = ctx;
  const watches = ctx.bot.watches;
  const [incidents, silences, pending] = await Promise.all([
    watches?.openIncidents?.(ctx.actor.platform, ctx.channelId, locale) ?? [],
    watches?.silences?.list(locale, { platform: ctx.actor.platform, channelId: ctx.channelId }) ?? [],
    ctx.bot.pendingHere?.(ctx.channelId) ?? [],
  ]);
  const silenceLines = silences.map((s) =>
    t(locale, 'bot.status.silenceLine', { what: s.what, until: at(s.until), by: s.by }),
  );
  const approvalLines = pending.map((p) => {
    const line = t(locale, 'bot.status.approvalLine', {
      command: p.command,
      targets: p.targets[0] ?? '',
      who: `@${p.requester.displayName || p.requester.userId}`,
      until: at(p.expiresAt),
    });
    return p.twoPerson ? t(locale, 'bot.status.approvalAdmin', { line }) : line;
  });
  return {
    open: incidents.length,
    anything: incidents.length + silenceLines.length + approvalLines.length > 0,
    fields: [
      { label: t(locale, 'bot.status.incidents'), value: section(incidents, locale) },
      { label: t(locale, 'bot.status.silences'), value: section(silenceLines, locale) },
      { label: t(locale, 'bot.status.approvals'), value: section(approvalLines, locale) },
    ],
  };
}

/** The channel's open incidents, silences and waiting confirmations; private unless `shared`. */
export async function channelStatusCard(ctx: CommandContext, shared: boolean): Promise<Message> {
  const { locale } = ctx;
  const facts = await channelFacts(ctx);
  const title = t(locale, facts.anything ? 'bot.status.channelTitle' : 'bot.status.noneTitle');
  return {
    title,
    tone: facts.open > 0 ? 'danger' : 'info',
    summary: title,
    ...(shared ? {} : { visibility: 'ephemeral' as const }),
    blocks: [
      { type: 'text', text: t(locale, 'bot.status.none') },
      { type: 'fields', fields: facts.fields },
    ],
  };
}
