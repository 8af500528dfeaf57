// The Discord renderer: neutral messages become embeds + buttons + files that always fit Discord's
// documented limits, and user text can never turn into a mention, a link or markup.
import { describe, expect, it } from 'vitest';
import { escapeMarkdown } from '../../../../adapters/discord/escape.js';
import { renderMessage, toRestBody, toInteractionOptions } from '../../../../adapters/discord/render.js';
import { embedLength } from '../../../../adapters/discord/render-embed.js';
import type { Message } from '../../../../src/render/message.js';
import { confirmationButtons } from '../../../../src/render/buttons.js';

const long = (n: number, ch = 'x') => ch.repeat(n);

describe('Discord renderer', () => {
  it('puts the title, text and fields of a message on one embed coloured by tone', () => {
    const payload = renderMessage({
      title: 'web-1',
      tone: 'success',
      blocks: [
        { type: 'text', text: 'All good' },
        { type: 'fields', fields: [{ label: 'Status', value: 'Running', inline: true }] },
        { type: 'context', text: 'uuid 7995e990' },
      ],
    });
    expect(payload.embeds).toHaveLength(1);
    expect(payload.embeds[0]).toMatchObject({
      title: 'web-1',
      description: 'All good',
      fields: [{ name: 'Status', value: 'Running', inline: true }],
      footer: { text: 'uuid 7995e990' },
      color: 0x57f287,
    });
    expect(payload.components).toEqual([]);
  });

  it('keeps blocks that follow fields after them, as full-width fields', () => {
    const payload = renderMessage({
      blocks: [
        { type: 'fields', fields: [{ label: 'A', value: '1' }] },
        { type: 'text', text: 'after the fields' },
      ],
    });
    expect(payload.embeds[0]?.fields?.map((f) => f.value)).toEqual(['1', 'after the fields']);
  });

  it('escapes mentions, markdown and links in user text', () => {
    const payload = renderMessage({
      title: '@everyone',
      blocks: [{ type: 'text', text: '<@123> [x](https://evil.example) **b**\n# big' }],
    });
    const embed = payload.embeds[0];
    expect(embed?.title).toBe('\\@everyone');
    expect(embed?.description).toContain('\\<\\@123\\>');
    expect(embed?.description).toContain('\\[x\\](https\\://evil.example)');
    expect(embed?.description).toContain('\\*\\*b\\*\\*');
    expect(embed?.description).toContain('\n\\# big');
    expect(escapeMarkdown('203.0.113.10 web-1')).toBe('203.0.113.10 web-1');
  });

  it('sends allowed_mentions with nothing to parse on every payload', () => {
    const payload = renderMessage({ summary: '@here hello', blocks: [] });
    expect(toRestBody(payload).body.allowed_mentions).toEqual({ parse: [] });
    expect(toInteractionOptions(payload).allowedMentions).toEqual({ parse: [] });
    expect(payload.content).toBe('\\@here hello');
  });

  it('renders Confirm and Cancel buttons that carry only the token', () => {
    const message: Message = {
      title: 'Stop web-1?',
      blocks: [],
      actions: confirmationButtons({
        token: 'abc123',
        confirmLabel: 'Stop web-1',
        cancelLabel: 'Cancel',
        style: 'danger',
        expiresAt: 1_700_000_000_000,
      }),
    };
    const [row] = renderMessage(message).components;
    expect(row?.components).toEqual([
      { type: 2, style: 4, label: 'Stop web-1', custom_id: 'vps:confirm:abc123' },
      { type: 2, style: 2, label: 'Cancel', custom_id: 'vps:cancel:abc123' },
    ]);
    expect(renderMessage(message).embeds[0]?.description).toContain('<t:1700000000:R>');
  });

  it('marks a Confirm that needs the hostname typed in its custom_id, so the modal survives a restart', () => {
    const message: Message = {
      blocks: [],
      actions: confirmationButtons({
        token: 'abc123',
        confirmLabel: 'Confirm',
        cancelLabel: 'Cancel',
        style: 'danger',
        expiresAt: 0,
        typed: { title: 'Delete web-2', label: 'Type web-2 to confirm', placeholder: 'web-2' },
      }),
    };
    const ids = renderMessage(message).components[0]?.components.map((c) =>
      'custom_id' in c ? c.custom_id : '',
    );
    expect(ids).toEqual(['vps:typed-confirm:abc123', 'vps:cancel:abc123']);
    expect(Math.max(...(ids ?? []).map((id) => id.length))).toBeLessThanOrEqual(100);
  });

  it('refuses a token that would make a custom_id longer than 100 characters', () => {
    const message: Message = {
      blocks: [],
      actions: confirmationButtons({
        token: long(90),
        confirmLabel: 'Go',
        cancelLabel: 'No',
        style: 'primary',
        expiresAt: 0,
      }),
    };
    expect(() => renderMessage(message)).toThrow(/custom_id/);
  });

  it('cuts every part of an oversized message to Discord limits', () => {
    const fields = Array.from({ length: 40 }, (_, i) => ({ label: `${long(300)}${i}`, value: long(2000) }));
    const payload = renderMessage({
      title: long(400),
      blocks: [
        { type: 'text', text: long(5000) },
        { type: 'fields', fields },
        { type: 'context', text: long(3000) },
      ],
    });
    const embed = payload.embeds[0];
    expect(embed?.title?.length).toBeLessThanOrEqual(256);
    expect(embed?.description?.length).toBeLessThanOrEqual(4096);
    expect(embed?.fields?.length).toBeLessThanOrEqual(25);
    for (const f of embed?.fields ?? []) {
      expect(f.name.length).toBeLessThanOrEqual(256);
      expect(f.value.length).toBeLessThanOrEqual(1024);
    }
    expect(embed?.footer?.text.length).toBeLessThanOrEqual(2048);
    expect(embedLength(embed ?? {})).toBeLessThanOrEqual(6000);
  });

  it('shows a long table as a code block with a count of the rows that did not fit', () => {
    const rows = Array.from({ length: 500 }, (_, i) => [`host-${i}`, 'Running']);
    const description =
      renderMessage({ blocks: [{ type: 'table', columns: ['Host', 'Status'], rows }] }).embeds[0]
        ?.description ?? '';
    expect(description.startsWith('```\nHost')).toBe(true);
    expect(description.endsWith('\n```')).toBe(true);
    expect(description).toMatch(/… \d+ more rows/);
    expect(description.length).toBeLessThanOrEqual(4096);
  });

  it('keeps a code block closed and unbreakable by backticks in its text', () => {
    const description =
      renderMessage({ blocks: [{ type: 'code', text: 'a ``` b' }] }).embeds[0]?.description ?? '';
    expect(description).toBe('```\na `\u200b`\u200b`\u200b b\n```');
  });

  it('attaches PNG charts as files shown in the embed', () => {
    const png = new Uint8Array([137, 80, 78, 71]);
    const payload = renderMessage({
      title: 'CPU',
      blocks: [],
      attachments: [
        { filename: 'cpu chart.png', contentType: 'image/png', data: png, alt: 'CPU usage' },
        { filename: '../etc', contentType: 'image/png', data: png, alt: 'Memory' },
      ],
    });
    expect(payload.files.map((f) => f.name)).toEqual(['cpu_chart.png', 'chart-2.png']);
    expect(payload.embeds[0]?.image).toEqual({ url: 'attachment://cpu_chart.png' });
    expect(payload.embeds[1]?.image).toEqual({ url: 'attachment://chart-2.png' });
    const rest = toRestBody(payload);
    expect(rest.files).toHaveLength(2);
    expect(rest.body.attachments).toEqual([
      { id: 0, filename: 'cpu_chart.png', description: 'CPU usage' },
      { id: 1, filename: 'chart-2.png', description: 'Memory' },
    ]);
  });

  it('never produces an empty message', () => {
    expect(renderMessage({ blocks: [] }).content).toBe('\u200b');
  });
});

describe('Discord renderer, its own words', () => {
  const crowded = (valueLength: number, count: number): Message => ({
    title: 'web-1',
    blocks: [
      {
        type: 'fields',
        fields: Array.from({ length: count }, (_, i) => ({ label: `F${i}`, value: long(valueLength) })),
      },
      { type: 'context', text: 'uuid 7995e990' },
    ],
  });
  const count = (text: string, part: string) => text.split(part).length - 1;

  it('says once in the footer that fields were left out, however many were dropped', () => {
    const footer = renderMessage(crowded(1000, 20)).embeds[0]?.footer?.text ?? '';
    expect(footer).toBe('Some fields did not fit. uuid 7995e990');
    expect(count(footer, 'did not fit')).toBe(1);
  });

  it('writes what did not fit and the expiry in the reader’s language', () => {
    const id = { locale: 'id' as const };
    expect(renderMessage(crowded(1000, 20), id).embeds[0]?.footer?.text).toBe(
      'Beberapa kolom tidak muat. uuid 7995e990',
    );
    expect(JSON.stringify(renderMessage(crowded(5, 30), id).embeds[0]?.fields?.at(-1))).toContain(
      '… dan 6 lainnya',
    );
    expect(JSON.stringify(renderMessage(crowded(5, 30)).embeds[0]?.fields?.at(-1))).toContain('… and 6 more');
    const rows = Array.from({ length: 500 }, (_, i) => [`host-${i}`, 'Running']);
    const table = renderMessage({ blocks: [{ type: 'table', columns: ['Host', 'Status'], rows }] }, id);
    expect(table.embeds[0]?.description).toMatch(/\n… \d+ baris lagi\n```$/);
    const card = renderMessage(
      {
        title: 'Hentikan web-1?',
        blocks: [],
        actions: confirmationButtons({
          token: 't',
          confirmLabel: 'Konfirmasi',
          cancelLabel: 'Batal',
          style: 'danger',
          expiresAt: 1_706_000_000_000,
        }),
      },
      id,
    );
    expect(card.embeds[0]?.description).toBe('Berakhir <t:1706000000:R>');
  });
});
