// How real command output looks in an embed: quoted commands stay inline code, narrow tables stay
// aligned code blocks, wide ones become row lines, and a bare notice is a plain chat line.
import { describe, expect, it } from 'vitest';
import { renderMessage } from '../../../../adapters/discord/render.js';
import type { Message } from '../../../../src/render/message.js';

const UUID = 'b7e1c3d2-9a4f-4e6b-8d1c-2f3a4b5c6d7e';
const description = (message: Message) => renderMessage(message).embeds[0]?.description ?? '';

describe('Discord layout of command output', () => {
  it('shows `quoted` commands as inline code, not as escaped backticks, and keeps the rest inert', () => {
    const text = description({
      blocks: [{ type: 'text', text: 'Unknown command `instnace <@1>`. Did you mean `instance`? @here' }],
    });
    expect(text).toBe('Unknown command `instnace <@1>`. Did you mean `instance`? \\@here');
    const [field] =
      renderMessage({ blocks: [{ type: 'fields', fields: [{ label: 'Next', value: 'run `help`' }] }] })
        .embeds[0]?.fields ?? [];
    expect(field?.value).toBe('run `help`');
  });

  it('keeps a narrow table as an aligned code block with a header rule and right-aligned amounts', () => {
    const text = description({
      blocks: [
        {
          type: 'table',
          columns: ['Code', 'Fee'],
          rows: [
            ['BCA', 'IDR 4,000'],
            ['OVO', 'IDR 0'],
          ],
        },
      ],
    });
    expect(text).toBe(
      ['```', 'Code        Fee', '────  ─────────', 'BCA   IDR 4,000', 'OVO       IDR 0', '```'].join('\n'),
    );
  });

  it('turns a table wider than an embed into one line per row, with full usage and copyable uuids', () => {
    const usage = '/vps instance delete <instance> [--remove-ip] [--remove-block-storage]';
    const text = description({
      blocks: [
        { type: 'table', columns: ['Usage', 'Risk'], rows: [[usage, 'destructive']] },
        { type: 'table', columns: ['Taken', 'Backup uuid'], rows: [['1 d ago', UUID]] },
      ],
    });
    expect(text).toBe(
      [`\`${usage}\` — Risk: destructive`, `**1 d ago** — Backup uuid: \`${UUID}\``].join('\n'),
    );
  });

  it('posts an untitled notice of context lines as plain content rather than an empty embed', () => {
    const payload = renderMessage({
      blocks: [{ type: 'context', text: '@oscar stopped web-1 (confirmed 00:02:01 UTC)' }],
    });
    expect(payload.embeds).toEqual([]);
    expect(payload.content).toBe('\\@oscar stopped web-1 (confirmed 00:02:01 UTC)');
  });
});
