import { describe, expect, it } from 'vitest';
import { context, fields, message, table, text } from '../../../src/render/builders.js';
import type { Message } from '../../../src/render/message.js';
import { renderText } from '../../../src/render/text.js';
import { confirmationButtons, pendingCard } from '../../../src/render/buttons.js';

describe('plain-text renderer', () => {
  it('renders a title with a tone marker, aligned fields, tables and indented code', () => {
    const msg = message(
      'web-1',
      [
        fields({ Status: 'Running', 'Public IP': null, CPU: 2 }),
        table(
          ['Name', 'Size'],
          [
            ['daily', '10 GB'],
            ['pre-deploy', undefined],
          ],
        ),
        { type: 'code', text: 'line one\nline two' },
        context('uuid 7995e990'),
        { type: 'divider' },
        text('done'),
      ],
      { tone: 'success' },
    );
    expect(renderText(msg)).toBe(
      [
        '✔ web-1',
        '',
        'Status     Running',
        'Public IP  —',
        'CPU        2',
        '',
        // Amounts are right-aligned (the layout Slack and Discord use too).
        'Name         Size',
        '──────────  ─────',
        'daily       10 GB',
        'pre-deploy      —',
        '',
        '    line one',
        '    line two',
        '',
        '  uuid 7995e990',
        '',
        '─'.repeat(40),
        '',
        'done',
      ].join('\n'),
    );
  });

  it('shows a confirm hint that is true on every platform, with the expiry', () => {
    const now = new Date('2024-01-25T03:12:00Z');
    const msg: Message = {
      title: 'Stop web-1?',
      tone: 'danger',
      blocks: [],
      actions: confirmationButtons({
        token: 't',
        confirmLabel: 'Confirm',
        cancelLabel: 'Cancel',
        style: 'danger',
        expiresAt: now.getTime() + 120_000,
      }),
    };
    expect(renderText(msg, { now })).toBe(
      '‼ Stop web-1?\n\nAwaiting confirmation: Confirm or Cancel · expires in 2 min',
    );
    expect(renderText(msg, { now })).not.toContain('yes');
    const typed: Message = {
      ...msg,
      actions: confirmationButtons({
        ...pendingCard(msg)!,
        typed: { title: 'Delete', label: 'Type web-1', placeholder: 'web-1' },
      }),
    };
    expect(renderText(typed, { now })).toContain(
      'Awaiting confirmation: type web-1 to confirm, or Cancel · expires in 2 min',
    );
    const unnamed: Message = {
      ...msg,
      actions: confirmationButtons({
        ...pendingCard(msg)!,
        typed: { title: 'Delete', label: 'Type the hostname to confirm' },
      }),
    };
    expect(renderText(unnamed, { now })).toContain(
      'Awaiting confirmation: type the hostname to confirm, or Cancel · expires in 2 min',
    );
    expect(renderText(msg, { now: new Date(now.getTime() + 200_000) })).toContain('· expired');
  });

  it('mentions attachments and their saved path', () => {
    const msg: Message = {
      blocks: [],
      title: 'Metrics',
      attachments: [
        {
          filename: 'm.png',
          contentType: 'image/png',
          data: new Uint8Array(),
          alt: 'CPU chart',
          savedPath: '/data/charts/m.png',
        },
      ],
    };
    expect(renderText(msg)).toContain('[image: CPU chart] saved to /data/charts/m.png');
  });

  it('writes its own words in the reader’s language: the hint, its “or”, the expiry and images', () => {
    const now = new Date('2024-01-25T03:12:00Z');
    const card = {
      token: 't',
      confirmLabel: 'Konfirmasi',
      cancelLabel: 'Batal',
      style: 'danger' as const,
      expiresAt: now.getTime() + 120_000,
    };
    const msg: Message = { title: 'Hentikan web-1?', blocks: [], actions: confirmationButtons(card) };
    const id = { now, locale: 'id' as const };
    expect(renderText(msg, id)).toBe(
      'Hentikan web-1?\n\nMenunggu konfirmasi: Konfirmasi atau Batal · berakhir dalam 2 menit',
    );
    const typed: Message = {
      ...msg,
      actions: confirmationButtons({ ...card, typed: { title: 'Hapus', label: 'x', placeholder: 'web-1' } }),
    };
    expect(renderText(typed, id)).toContain(
      'Menunggu konfirmasi: ketik web-1 untuk mengonfirmasi, atau Batal · berakhir dalam 2 menit',
    );
    expect(renderText(msg, { ...id, now: new Date(now.getTime() + 200_000) })).toContain('· kedaluwarsa');
    const chart: Message = {
      blocks: [],
      attachments: [
        { filename: 'm.png', contentType: 'image/png', data: new Uint8Array(), alt: 'Grafik CPU' },
        {
          filename: 'n.png',
          contentType: 'image/png',
          data: new Uint8Array(),
          alt: 'RAM',
          savedPath: '/d/n.png',
        },
      ],
    };
    expect(renderText(chart, id)).toBe('[gambar: Grafik CPU] (m.png)\n\n[gambar: RAM] disimpan di /d/n.png');
    expect(renderText(chart)).toBe('[image: Grafik CPU] (m.png)\n\n[image: RAM] saved to /d/n.png');
  });

  it('falls back to the summary when there is nothing else', () => {
    expect(renderText({ blocks: [], summary: 'ok then', tone: 'info' })).toBe('ℹ ok then');
  });

  it('renders an error message with its hint', () => {
    const msg = message('Not allowed', [text('You may not run this.'), context('Ask an admin.')], {
      tone: 'error',
    });
    expect(renderText(msg)).toBe('✖ Not allowed\n\nYou may not run this.\n\n  Ask an admin.');
  });
});
