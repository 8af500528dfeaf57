// How real command output looks in Block Kit when a table is text (no table block: several tables in
// a message, or after Slack refused one): tables that fit stay aligned code blocks with right-aligned
// amounts; a table too wide for a code block becomes readable row lines.
import { describe, expect, it } from 'vitest';
import { renderMessage } from '../../../../adapters/slack/render.js';
import { tableText } from '../../../../adapters/slack/table.js';
import type { Message } from '../../../../src/render/message.js';

const UUID = 'b7e1c3d2-9a4f-4e6b-8d1c-2f3a4b5c6d7e';

function sectionTexts(message: Message): string[] {
  return renderMessage(message, { tables: false }).flatMap((p) =>
    (p.blocks as unknown as { type: string; text?: { text: string } }[])
      .filter((b) => b.type === 'section' && b.text)
      .map((b) => b.text?.text ?? ''),
  );
}

describe('Slack table layout', () => {
  it('right-aligns columns of amounts and sizes so digits line up', () => {
    const text = tableText(
      ['Method', 'Fee', 'Min memory'],
      [
        ['BCA', 'IDR 4,000', '1 GB'],
        ['OVO', 'IDR 0', '512 MB'],
      ],
    );
    expect(text.split('\n')).toEqual([
      'Method        Fee  Min memory',
      '------  ---------  ----------',
      'BCA     IDR 4,000        1 GB',
      'OVO         IDR 0      512 MB',
    ]);
  });

  it('shows a table too wide for a code block as one line per row with labels and copyable uuids', () => {
    const rows = [['1 d ago (20 November 2026 18:02)', '11.1 GB', 'daily', 'IDR 5,550', UUID]];
    const [text] = sectionTexts({
      blocks: [
        {
          type: 'table',
          columns: ['Taken', 'Size', 'Schedule', 'Est. this month', 'Backup uuid'],
          rows: [...rows, ...rows],
        },
      ],
    });
    expect(text).not.toContain('```');
    expect(text?.split('\n')[0]).toBe(
      `*1 d ago (20 November 2026 18:02)* — Size: 11.1 GB · Schedule: daily · Est. this month: IDR 5,550 · Backup uuid: \`${UUID}\``,
    );
  });

  it('lays out every table of a message alike once one of them is too wide', () => {
    const texts = sectionTexts({
      blocks: [
        { type: 'table', columns: ['Usage', 'What'], rows: [['/vps os list', 'List systems']] },
        {
          type: 'table',
          columns: ['Usage', 'What'],
          rows: [[`/vps backup restore <instance> ${'x'.repeat(80)}`, 'Restore']],
        },
      ],
    });
    expect(texts[0]).toBe('`/vps os list` — What: List systems');
    expect(texts[1]).toMatch(/^`\/vps backup restore &lt;instance&gt; x+` — What: Restore$/);
  });

  it('leaves out empty cells instead of printing "Target: —"', () => {
    const [text] = sectionTexts({
      blocks: [
        {
          type: 'table',
          columns: ['Time', 'Command', 'Target'],
          rows: [['00:02:01', 'status '.repeat(20).trim(), '—']],
        },
      ],
    });
    expect(text).toMatch(/^\*00:02:01\* — Command: status/);
    expect(text).not.toContain('Target');
  });
});
