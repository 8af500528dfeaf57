// The conformance checker the fake Slack and fake Discord run on every request: it must flag what
// the platforms would reject or mis-render, and pass what they accept.
import { describe, expect, it } from 'vitest';
import { checkDiscordCall } from '../../support/discord-conformance.js';
import { checkSlackCall, checkSlackResponse } from '../../support/slack-conformance.js';
import { checkRendered } from '../../support/render-conformance.js';

const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text } });

describe('Slack conformance checker', () => {
  it('passes a message within every limit', () => {
    expect(
      checkSlackCall('chat.postMessage', { channel: 'C', text: 'hi', blocks: [section('hello &amp; bye')] }),
    ).toEqual([]);
  });

  it.each([
    [
      'a field over 2,000 characters',
      { blocks: [{ type: 'section', fields: [{ type: 'mrkdwn', text: `*Notes*\n${'x'.repeat(1995)}` }] }] },
      /field 0 has 2003/,
    ],
    [
      'more than ~12,000 characters of block text',
      { blocks: Array.from({ length: 5 }, () => section('x'.repeat(2900))) },
      /msg_blocks_too_long/,
    ],
    ['51 blocks', { blocks: Array.from({ length: 51 }, () => ({ type: 'divider' })) }, /51 blocks/],
    [
      'a header over 150',
      { blocks: [{ type: 'header', text: { type: 'plain_text', text: 'h'.repeat(151) } }] },
      /151 characters/,
    ],
    ['an unescaped broadcast', { blocks: [section('hi <!here>')] }, /unescaped markup/],
    ['half an emoji', { text: 'a\uD83E', blocks: [] }, /lone UTF-16 surrogate/],
  ])('flags %s', (_what, body, expected) => {
    expect(checkSlackCall('chat.postMessage', { channel: 'C', ...body }).join('\n')).toMatch(expected);
  });

  it('flags a modal title over 24 characters and an image description sent as alt_text', () => {
    const view = { type: 'modal', title: { type: 'plain_text', text: 'x'.repeat(25) }, blocks: [] };
    expect(checkSlackCall('views.open', { view }).join('\n')).toMatch(/modal title has 25/);
    expect(
      checkSlackCall('files.getUploadURLExternal', {
        filename: 'a.png',
        length: 1,
        alt_text: 'chart',
      }).join(),
    ).toMatch(/alt_txt/);
    expect(
      checkSlackCall('files.getUploadURLExternal', { filename: 'a.png', length: 1, alt_txt: 'chart' }),
    ).toEqual([]);
  });

  it('flags a sixth use of one response_url', () => {
    expect(checkSlackResponse({ text: 'x' }, 5)).toEqual([]);
    expect(checkSlackResponse({ text: 'x' }, 6).join()).toMatch(/used 6 times/);
  });
});

describe('Discord conformance checker (discord.js builders)', () => {
  const modal = (input: Record<string, unknown>) => ({
    type: 9,
    data: {
      title: 'Confirm',
      custom_id: 'vps:typed:t',
      components: [
        { type: 1, components: [{ type: 4, custom_id: 'typed', style: 1, label: 'Type it', ...input }] },
      ],
    },
  });

  it('passes a modal and a message within every limit', () => {
    expect(checkDiscordCall('POST', '/interactions/1/tok/callback', modal({ max_length: 4000 }))).toEqual([]);
    expect(
      checkDiscordCall('PATCH', '/channels/1/messages/2', {
        content: '',
        embeds: [{ title: 'ok', description: 'fine' }],
      }),
    ).toEqual([]);
  });

  it.each([
    ['a text input label over 45', { label: 'l'.repeat(46) }],
    ['a text input max_length over 4,000', { max_length: 4001 }],
    ['a placeholder over 100', { placeholder: 'p'.repeat(101) }],
  ])('flags %s', (_what, input) => {
    expect(checkDiscordCall('POST', '/interactions/1/tok/callback', modal(input))).not.toEqual([]);
  });

  it('flags oversized embeds, content without allowed_mentions, code in a footer and too many choices', () => {
    const path = '/webhooks/1/tok/messages/@original';
    expect(checkDiscordCall('PATCH', path, { embeds: [{ title: 't'.repeat(257) }] })).not.toEqual([]);
    expect(
      checkDiscordCall('PATCH', path, { embeds: [{ footer: { text: 'Try `vps help`' } }] }).join(),
    ).toMatch(/footer/);
    expect(
      checkDiscordCall('PATCH', path, { content: 'x'.repeat(2001), allowed_mentions: { parse: [] } }).join(),
    ).toMatch(/2001/);
    expect(checkDiscordCall('PATCH', path, { content: 'hi @everyone' }).join()).toMatch(/allowed_mentions/);
    const choices = Array.from({ length: 26 }, (_, i) => ({ name: `n${i}`, value: `v${i}` }));
    expect(
      checkDiscordCall('POST', '/interactions/1/tok/callback', { type: 8, data: { choices } }).join(),
    ).toMatch(/26 autocomplete/);
    // Tokens never appear in findings.
    expect(checkDiscordCall('PATCH', path, { content: 'x'.repeat(2001) }).join()).not.toContain('/tok/');
  });
});

describe('rendered Message through both renderers', () => {
  it('finds nothing wrong with a long list, a hostile name and emoji', () => {
    const name = `*${'🦄'.repeat(100)}* <!channel> _x_`;
    const rows = Array.from({ length: 160 }, (_, i) => [`${name}-${i}`, 'running', '2 vCPU']);
    expect(
      checkRendered({
        title: `Instances of ${name}`,
        blocks: [
          { type: 'table', columns: ['Hostname', 'Status', 'Size'], rows },
          { type: 'fields', fields: [{ label: 'Notes', value: 'n'.repeat(5000) }] },
        ],
      }),
    ).toEqual([]);
  });

  it('finds nothing wrong with a 140,000-character network graph (paged, the rest counted)', () => {
    const graph = Array.from(
      { length: 4500 },
      (_, i) => `net-${i} ── vm-${i} (10.0.${i % 250}.${i % 200})`,
    ).join('\n');
    expect(graph.length).toBeGreaterThan(140_000);
    expect(checkRendered({ title: 'Network graph', blocks: [{ type: 'code', text: graph }] })).toEqual([]);
  });
});
