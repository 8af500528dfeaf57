// A person's plate as their App Home view (views.publish): each request waiting for their approval
// with Approve / Deny buttons (values carry only the token), then their own waiting requests, the
// watches and open incidents of their channels and the running silences. Within a Home tab's 100
// blocks; user text escaped like every mrkdwn the bot writes.
import type { types as slack } from '@slack/bolt';
import { t, type AdapterLookups, type Locale } from '../../src/core/index.js';
import { escapeMrkdwn, fitMrkdwn, fitPlain } from './escape.js';
import { SLACK_LIMITS as L } from './limits.js';
import { chunkText } from './chunk.js';

type PlateLookup = NonNullable<AdapterLookups['plate']>;
/** What the core's plate query answers (read off the port: the core's door is full). */
export type Plate = Awaited<ReturnType<PlateLookup['of']>>;
type PlateRequest = Plate['approvals'][number];

/** action_ids of the Home's buttons; the value is the pending token only. */
export const HOME_ACTIONS = { approve: 'vps_home_approve', deny: 'vps_home_deny' } as const;

/** Blocks a Home tab may hold. */
const HOME_BLOCKS = 100;
/** Requests shown with their buttons (two blocks each); more are counted. */
const MAX_APPROVALS = 20;

const section = (text: string): slack.SectionBlock => ({ type: 'section', text: { type: 'mrkdwn', text } });
const note = (text: string): slack.ContextBlock => ({
  type: 'context',
  elements: [{ type: 'mrkdwn', text }],
});
const heading = (text: string): slack.HeaderBlock => ({
  type: 'header',
  text: { type: 'plain_text', text: fitPlain(text, L.headerText) },
});

/** A channel the bot knows by its Slack id, as a link; anything else as escaped text. */
const channel = (id: string) => (/^[CGD][A-Z0-9]{2,20}$/.test(id) ? `<#${id}>` : escapeMrkdwn(id));
const user = (r: PlateRequest) =>
  r.requester.platform === 'slack' && /^[UW][A-Z0-9]{2,20}$/.test(r.requester.userId)
    ? `<@${r.requester.userId}>`
    : escapeMrkdwn(r.requester.displayName);
const when = (ms: number) =>
  `<!date^${Math.floor(ms / 1000)}^{time}|${new Date(ms).toISOString().slice(11, 16)} UTC>`;

function requestLine(r: PlateRequest, locale: Locale): string {
  const what = `*${fitMrkdwn(r.command, 100)}* ${fitMrkdwn(r.targets[0] ?? '', 200)}`;
  const by = `${t(locale, 'plate.col.askedBy')} ${user(r)} · ${channel(r.channelId)}`;
  return `${what} — ${by} · ${t(locale, 'plate.col.expires')} ${when(r.expiresAt)}`;
}

function approvalBlocks(r: PlateRequest, locale: Locale): slack.KnownBlock[] {
  const button = (action: string, label: string, style: 'primary' | 'danger'): slack.Button => ({
    type: 'button',
    action_id: action,
    text: { type: 'plain_text', text: fitPlain(label, L.buttonText) },
    value: r.token,
    style,
  });
  return [
    section(requestLine(r, locale)),
    {
      type: 'actions',
      elements: [
        button(HOME_ACTIONS.approve, t(locale, 'card.approve'), 'primary'),
        button(HOME_ACTIONS.deny, t(locale, 'slack.home.deny'), 'danger'),
      ],
    },
  ];
}

/** Lines as sections within a section's text limit. */
const lines = (items: string[]): slack.SectionBlock[] =>
  chunkText(items.join('\n'), L.sectionText, (s) => s).map(section);

/** The App Home view of `plate`, in the reader's language. */
export function homeView(plate: Plate, locale: Locale, now: Date): slack.HomeView {
  const shown = plate.approvals.slice(0, MAX_APPROVALS);
  const blocks: slack.KnownBlock[] = [heading(t(locale, 'plate.title'))];
  blocks.push(section(`*${t(locale, 'plate.approvals', { count: plate.approvals.length })}*`));
  if (shown.length === 0) blocks.push(note(t(locale, 'plate.approvals.none')));
  blocks.push(...shown.flatMap((r) => approvalBlocks(r, locale)));
  if (plate.approvals.length > shown.length)
    blocks.push(note(t(locale, 'slack.home.more', { count: plate.approvals.length - shown.length })));
  blocks.push(
    { type: 'divider' },
    section(`*${t(locale, 'plate.previews', { count: plate.previews.length })}*`),
  );
  if (plate.previews.length === 0) blocks.push(note(t(locale, 'plate.previews.none')));
  else blocks.push(...lines(plate.previews.map((r) => `• ${requestLine(r, locale)}`)));
  const watches = plate.channels.flatMap((c) =>
    c.watches.map(
      (w) => `• ${channel(c.channelId)} ${escapeMrkdwn(w.instance.label)} — ${escapeMrkdwn(w.state)}`,
    ),
  );
  blocks.push({ type: 'divider' }, section(`*${t(locale, 'plate.watches', { count: watches.length })}*`));
  if (watches.length === 0) blocks.push(note(t(locale, 'plate.watches.none', { channels: 2 })));
  else blocks.push(...lines(watches));
  const incidents = plate.channels.flatMap((c) =>
    c.incidents.map((i) => `• ${channel(c.channelId)} ${escapeMrkdwn(i)}`),
  );
  if (incidents.length > 0)
    blocks.push(
      section(`*${t(locale, 'plate.incidents', { count: incidents.length })}*`),
      ...lines(incidents),
    );
  blocks.push(
    { type: 'divider' },
    section(`*${t(locale, 'plate.silences', { count: plate.silences.length })}*`),
  );
  if (plate.silences.length === 0) blocks.push(note(t(locale, 'plate.silences.none')));
  else
    blocks.push(
      ...lines(
        plate.silences.map(
          (s) =>
            `• ${escapeMrkdwn(s.what)} — ${escapeMrkdwn(s.by)} · ${t(locale, 'plate.col.until')} ${when(s.until)}`,
        ),
      ),
    );
  const updated = note(t(locale, 'slack.home.updated', { when: when(now.getTime()) }));
  // Lines beyond the Home's blocks are dropped; the last block says when it was drawn.
  return { type: 'home', blocks: [...blocks.slice(0, HOME_BLOCKS - 1), updated] };
}
