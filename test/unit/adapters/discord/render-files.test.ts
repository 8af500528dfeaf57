// A timeline export on Discord: the Markdown or CSV file is attached under its own name and type,
// never shown as an image embed; a chart beside it still is.
import { describe, expect, it } from 'vitest';
import { renderMessage, toRestBody } from '../../../../adapters/discord/render.js';
import type { Attachment } from '../../../../src/render/message.js';

const csv: Attachment = {
  filename: 'timeline-C1-20261128-0700.csv',
  contentType: 'text/csv',
  data: new TextEncoder().encode('time,event\r\n'),
  alt: 'Timeline of this channel',
};
const chart: Attachment = {
  filename: 'cpu.png',
  contentType: 'image/png',
  data: new Uint8Array([1]),
  alt: 'CPU',
};

describe('Discord text attachments', () => {
  it('attaches an export as its own file, with no image embed for it', () => {
    const payload = renderMessage({
      blocks: [{ type: 'context', text: 'Timeline export: 3 events' }],
      attachments: [csv],
    });
    expect(payload.files.map((f) => [f.name, f.contentType])).toEqual([
      ['timeline-C1-20261128-0700.csv', 'text/csv'],
    ]);
    expect(payload.embeds.some((e) => e.image)).toBe(false);
    expect(toRestBody(payload).files).toEqual([
      { name: 'timeline-C1-20261128-0700.csv', data: Buffer.from('time,event\r\n'), contentType: 'text/csv' },
    ]);
  });

  it('still shows a chart as the embed image beside a text file', () => {
    const payload = renderMessage({ title: 'web-1', blocks: [], attachments: [csv, chart] });
    expect(payload.files.map((f) => f.name)).toEqual(['timeline-C1-20261128-0700.csv', 'cpu.png']);
    expect(payload.embeds.map((e) => e.image?.url)).toEqual(['attachment://cpu.png']);
  });
});
