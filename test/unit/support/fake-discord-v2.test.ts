// The fake Discord refuses Components V2 messages as Discord does (issue 42): content or embeds
// left on a V2 message (an embed message is upgraded only by nulling both), over 40 components,
// over 4,000 characters of text, an `attachment://` naming no uploaded file; it takes a card
// within those, an upgrade that nulls content and embeds, and an edit that keeps its files.
import { describe, expect, it } from 'vitest';
import { FakeDiscordStore, type UploadedFile } from '../../support/fake-discord-store.js';
import { v2Refusal } from '../../support/fake-discord-v2.js';

const V2 = 1 << 15;
const text = (content: string) => ({ type: 10, content });
const container = (components: unknown[]) => ({ type: 17, components });
const gallery = (name: string) => ({ type: 12, items: [{ media: { url: `attachment://${name}` } }] });
const png = (name: string): UploadedFile => ({
  name,
  contentType: 'image/png',
  size: 1,
  data: Buffer.from([1]),
});

describe('the fake Discord on Components V2', () => {
  it('takes a card within the limits, with the file its gallery shows', () => {
    const body = { flags: V2, components: [container([text('### web-1'), gallery('cpu.png')])] };
    expect(v2Refusal(null, body, [png('cpu.png')])).toBeNull();
  });

  it.each([
    [
      'content beside the flag',
      { flags: V2, content: 'hi', components: [container([text('a')])] },
      /content or embeds/,
    ],
    ['embeds beside the flag', { flags: V2, embeds: [{ title: 'x' }], components: [] }, /content or embeds/],
    [
      'over 40 components',
      {
        flags: V2,
        components: Array.from({ length: 5 }, () => container(Array.from({ length: 8 }, () => text('a')))),
      },
      /45 components \(max 40\)/,
    ],
    [
      'over 4,000 characters of text',
      { flags: V2, components: [container([text('x'.repeat(2500)), text('y'.repeat(1600))])] },
      /4100 characters/,
    ],
    [
      'a gallery naming no uploaded file',
      { flags: V2, components: [container([gallery('cpu.png')])] },
      /cpu\.png names no uploaded file/,
    ],
  ])('refuses %s', (_what, body, reason) => {
    expect(v2Refusal(null, body, [])).toMatch(reason);
  });

  it('refuses the flag on an embed message unless the edit nulls its content and embeds', () => {
    const store = new FakeDiscordStore();
    const older = store.apply(store.create('1'), { content: 'old', embeds: [{ title: 'old' }] }, [], 'bot');
    const card = { flags: V2, components: [container([text('new')])] };
    expect(v2Refusal(older, card, [])).toMatch(/content or embeds/);
    expect(v2Refusal(older, { ...card, content: null, embeds: null }, [])).toBeNull();
  });

  it('refuses embeds in an edit of a V2 message (the flag never goes), and keeps its earlier files', () => {
    const store = new FakeDiscordStore();
    const body = { flags: V2, components: [container([text('a'), gallery('cpu.png')])] };
    const card = store.apply(store.create('1', V2), body, [png('cpu.png')], 'bot');
    expect(v2Refusal(card, { embeds: [{ title: 'x' }] }, [])).toMatch(/content or embeds/);
    expect(v2Refusal(card, { components: body.components }, [])).toBeNull();
  });
});
