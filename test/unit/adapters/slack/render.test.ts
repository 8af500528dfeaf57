// The Block Kit renderer: Slack's limits always hold, user text is inert, buttons carry only the
// token, and overflow is split into numbered pages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SLACK_LIMITS } from '../../../../adapters/slack/limits.js';
import { MAX_PAGES, renderMessage, type SlackPayload } from '../../../../adapters/slack/render.js';
import { ACTION_IDS } from '../../../../adapters/slack/render-buttons.js';
import { tableText } from '../../../../adapters/slack/table.js';
import type { Block, Message } from '../../../../src/render/message.js';
import { confirmationButtons } from '../../../../src/render/buttons.js';

type AnyBlock = Record<string, unknown> & { type: string };

function allBlocks(pages: SlackPayload[]): AnyBlock[] {
  return pages.flatMap((p) => p.blocks as unknown as AnyBlock[]);
}

function checkLimits(pages: SlackPayload[]): void {
  for (const page of pages) {
    expect(page.blocks.length).toBeLessThanOrEqual(SLACK_LIMITS.blocksPerMessage);
    expect(page.text.length).toBeLessThanOrEqual(SLACK_LIMITS.fallbackText + 20);
    for (const block of page.blocks as unknown as AnyBlock[]) {
      const textObject = block['text'] as { text: string } | undefined;
      if (block.type === 'header')
        expect(textObject?.text.length).toBeLessThanOrEqual(SLACK_LIMITS.headerText);
      if (block.type === 'section' && textObject)
        expect(textObject.text.length).toBeLessThanOrEqual(SLACK_LIMITS.sectionText);
      const fields = block['fields'] as { text: string }[] | undefined;
      if (fields) {
        expect(fields.length).toBeLessThanOrEqual(SLACK_LIMITS.fieldsPerSection);
        for (const f of fields) expect(f.text.length).toBeLessThanOrEqual(SLACK_LIMITS.fieldText);
      }
    }
  }
}

const blockArb: fc.Arbitrary<Block> = fc.oneof(
  fc.record({ type: fc.constant('text' as const), text: fc.string({ maxLength: 8000 }) }),
  fc.record({ type: fc.constant('code' as const), text: fc.string({ maxLength: 8000 }) }),
  fc.record({ type: fc.constant('context' as const), text: fc.string({ maxLength: 4000 }) }),
  fc.record({ type: fc.constant('divider' as const) }),
  fc.record({
    type: fc.constant('fields' as const),
    fields: fc.array(
      fc.record({ label: fc.string({ maxLength: 100 }), value: fc.string({ maxLength: 3000 }) }),
      { maxLength: 25 },
    ),
  }),
  fc.record({
    type: fc.constant('table' as const),
    columns: fc.array(fc.string({ maxLength: 20 }), { minLength: 1, maxLength: 4 }),
    rows: fc.array(fc.array(fc.string({ maxLength: 40 }), { maxLength: 4 }), { maxLength: 200 }),
  }),
);

describe('Slack Block Kit renderer', () => {
  it('keeps every message within Slack limits whatever the content', () => {
    fc.assert(
      fc.property(
        fc.option(fc.string({ maxLength: 400 }), { nil: undefined }),
        fc.array(blockArb, { maxLength: 80 }),
        (title, blocks) => {
          const message: Message = title === undefined ? { blocks } : { title, blocks };
          checkLimits(renderMessage(message));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('never lets user text form a mention, broadcast or link in mrkdwn', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (raw) => {
        const payload = `${raw}<!here><@U1>`;
        const pages = renderMessage({
          summary: payload,
          blocks: [
            { type: 'text', text: payload },
            { type: 'fields', fields: [{ label: payload, value: payload }] },
            { type: 'table', columns: [payload], rows: [[payload]] },
            { type: 'context', text: payload },
          ],
        });
        const mrkdwn = JSON.stringify({ text: pages[0]?.text, blocks: pages[0]?.blocks });
        expect(mrkdwn).not.toContain('<');
        expect(mrkdwn).not.toContain('>');
      }),
      { numRuns: 100 },
    );
  });

  it('never lets code text close its code fence early', () => {
    const [page] = renderMessage({ blocks: [{ type: 'code', text: 'a ``` *bold* ```' }] });
    const body = (page?.blocks[0] as unknown as { text: { text: string } }).text.text.slice(4, -4);
    expect(body).not.toContain('```');
  });

  it('renders Confirm and Cancel buttons whose value is only the token', () => {
    const [page] = renderMessage({
      title: 'Stop web-1?',
      blocks: [{ type: 'text', text: 'web-1 will stop.' }],
      actions: confirmationButtons({
        token: 'abc',
        confirmLabel: 'Stop',
        cancelLabel: 'Cancel',
        style: 'danger',
        expiresAt: Date.now() + 60_000,
      }),
    });
    const actions = allBlocks(page ? [page] : []).find((b) => b.type === 'actions');
    expect(actions?.['elements']).toEqual([
      expect.objectContaining({ action_id: ACTION_IDS.confirm, value: 'abc', style: 'danger' }),
      expect.objectContaining({ action_id: ACTION_IDS.cancel, value: 'abc' }),
    ]);
  });

  it('uses the typed action id when the confirmation needs the hostname typed back', () => {
    const [page] = renderMessage({
      blocks: [],
      actions: confirmationButtons({
        token: 't',
        confirmLabel: 'Delete',
        cancelLabel: 'Keep',
        style: 'danger',
        typed: { title: 'Delete web-1', label: 'Type web-1' },
        expiresAt: 0,
      }),
    });
    expect(JSON.stringify(page?.blocks)).toContain(ACTION_IDS.confirmTyped);
  });

  it('splits more than ten fields into several sections', () => {
    const fields = Array.from({ length: 23 }, (_, i) => ({ label: `k${i}`, value: `v${i}` }));
    const [page] = renderMessage({ blocks: [{ type: 'fields', fields }] });
    const sections = (page?.blocks ?? []) as unknown as { fields: unknown[] }[];
    expect(sections.map((s) => s.fields.length)).toEqual([10, 10, 3]);
  });

  it('paginates a message too long for one post, keeping the buttons on the first page', () => {
    const blocks: Block[] = Array.from({ length: 120 }, (_, i) => ({ type: 'text', text: `line ${i}` }));
    const pages = renderMessage({
      title: 'Big',
      blocks,
      actions: confirmationButtons({
        token: 't',
        confirmLabel: 'Go',
        cancelLabel: 'No',
        style: 'primary',
        expiresAt: 0,
      }),
    });
    expect(pages).toHaveLength(3);
    checkLimits(pages);
    expect(JSON.stringify(pages[0]?.blocks)).toContain('vps_confirm');
    expect(JSON.stringify(pages[1]?.blocks)).not.toContain('vps_confirm');
    expect(JSON.stringify(pages[2]?.blocks)).toContain('Page 3 of 3');
    const shown = allBlocks(pages).filter((b) => b.type === 'section').length;
    expect(shown).toBe(120);
  });

  it(`stops after ${MAX_PAGES} pages and says how much was left out`, () => {
    const blocks: Block[] = Array.from({ length: 400 }, (_, i) => ({ type: 'text', text: `line ${i}` }));
    const pages = renderMessage({ blocks });
    expect(pages).toHaveLength(MAX_PAGES);
    expect(JSON.stringify(pages.at(-1)?.blocks)).toMatch(/\d+ more blocks not shown/);
  });

  it('writes its own words — page markers, what was left out, a card’s expiry — in the reader’s language', () => {
    const blocks: Block[] = Array.from({ length: 400 }, (_, i) => ({ type: 'text', text: `baris ${i}` }));
    const actions = confirmationButtons({
      token: 't',
      confirmLabel: 'Hapus',
      cancelLabel: 'Batal',
      style: 'danger',
      expiresAt: Date.UTC(2024, 0, 25, 14, 43),
    });
    const pages = renderMessage({ title: 'Besar', blocks, actions }, { locale: 'id' });
    checkLimits(pages);
    const first = JSON.stringify(pages[0]?.blocks);
    expect(first).toContain(`Halaman 1 dari ${MAX_PAGES}`);
    expect(first).toContain('Kedaluwarsa <!date^1706193780^{time}|14:43 UTC>');
    expect(JSON.stringify(pages.at(-1)?.blocks)).toMatch(/\d+ blok lagi tidak ditampilkan/);
    expect(pages[1]?.text).toMatch(/\(halaman 2\)$/);
    expect(JSON.stringify(pages)).not.toMatch(/Page \d|more blocks|Expires/);
    // English stays as it was for everyone else.
    expect(JSON.stringify(renderMessage({ blocks, actions })[0]?.blocks)).toContain('Expires <!date^');
  });

  it('splits one very long line across sections without breaking an escaped character', () => {
    const pages = renderMessage({ blocks: [{ type: 'text', text: '<a&b>'.repeat(2500) }] });
    checkLimits(pages);
    const texts = allBlocks(pages)
      .filter((b) => b['type'] === 'section')
      .map((b) => (b['text'] as { text: string }).text);
    expect(texts.length).toBeGreaterThan(1);
    for (const t of texts) expect(t).toMatch(/^(&lt;a&amp;b&gt;)+$/);
  });

  it('cuts an over-long field at a whole escaped character and marks the cut', () => {
    const [page] = renderMessage({
      blocks: [{ type: 'fields', fields: [{ label: 'Notes', value: '&'.repeat(5000) }] }],
    });
    const [field] = (page?.blocks[0] as unknown as { fields: { text: string }[] }).fields;
    expect(field?.text.length).toBeLessThanOrEqual(SLACK_LIMITS.fieldText);
    expect(field?.text).toMatch(/(&amp;)+…$/);
  });

  it('cuts an over-long title to the header limit', () => {
    const [page] = renderMessage({ title: 'x'.repeat(400), blocks: [] });
    const header = page?.blocks[0] as unknown as { text: { text: string } };
    expect(header.text.text).toHaveLength(SLACK_LIMITS.headerText);
    expect(header.text.text.endsWith('…')).toBe(true);
  });

  it('lays a table out as aligned monospace columns', () => {
    expect(
      tableText(
        ['Name', 'Status'],
        [
          ['web-1', 'Running'],
          ['db', 'Stopped'],
        ],
      ),
    ).toBe(['Name   Status', '-----  -------', 'web-1  Running', 'db     Stopped'].join('\n'));
  });

  it('marks errors with a tone even when only the outcome says so', () => {
    const [page] = renderMessage({ title: 'Denied', outcome: 'usage-error', blocks: [] });
    expect(JSON.stringify(page?.blocks[0])).toContain('❌ Denied');
  });
});
