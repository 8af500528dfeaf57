// `timeline export`: the story as a file — Markdown (a table people read) or CSV (a sheet) — with
// user text escaped so a note never becomes Markdown formatting or a spreadsheet formula.
import { t, type Locale } from '../../src/core/index.js';
import type { Attachment } from '../../src/render/message.js';
import { zonedDateTime } from '../../src/render/zoned-time.js';
import { itemText, type StoryItem } from './story-lines.js';

export type ExportFormat = 'md' | 'csv';

/** What the file says about itself. */
export interface ExportSettings {
  format: ExportFormat;
  locale: Locale;
  zone: string;
  channel: string;
  from: number;
  to: number;
}

/** Markdown's special characters, backslash-escaped: user text stays text. */
const markdownText = (text: string) => text.replace(/\s+/g, ' ').replace(/([\\`*_~[\]<>|#])/g, '\\$1');

/** A CSV cell (RFC 4180); a leading = + - @ is defused so a sheet never runs it. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function markdown(items: StoryItem[], s: ExportSettings): string {
  const { locale, zone } = s;
  const lines = [
    `# ${markdownText(t(locale, 'story.export.title', { channel: s.channel }))}`,
    '',
    markdownText(
      t(locale, 'story.export.range', {
        from: zonedDateTime(s.from, zone, locale),
        to: zonedDateTime(s.to, zone, locale),
        zone,
      }),
    ),
    '',
    `| ${t(locale, 'story.column.time')} | ${t(locale, 'story.column.what')} |`,
    '| --- | --- |',
    ...items.map(
      (item) => `| ${zonedDateTime(item.at, zone, locale)} | ${markdownText(itemText(item, locale))} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

const CSV_COLUMNS = ['time', 'event', 'server', 'by', 'to', 'approver', 'command', 'outcome', 'detail'];

function csv(items: StoryItem[]): string {
  const rows = items.map((item) =>
    [
      new Date(item.at).toISOString(),
      item.kind,
      item.subject,
      item.by ?? '',
      item.to ?? '',
      item.approver ?? '',
      item.command ?? '',
      item.outcome ?? '',
      item.detail ?? '',
    ].map(csvCell),
  );
  return [CSV_COLUMNS, ...rows].map((row) => `${row.join(',')}\r\n`).join('');
}

/** The export as an attachment: `timeline-<channel>-<from>.md|csv`. */
export function exportFile(items: StoryItem[], settings: ExportSettings): Attachment {
  const body = settings.format === 'csv' ? csv(items) : markdown(items, settings);
  const stamp = new Date(settings.from).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  const channel = settings.channel.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40);
  return {
    filename: `timeline-${channel}-${stamp}.${settings.format}`,
    contentType: settings.format === 'csv' ? 'text/csv' : 'text/markdown',
    data: new TextEncoder().encode(body),
    alt: t(settings.locale, 'story.export.alt', {
      from: zonedDateTime(settings.from, settings.zone, settings.locale),
      count: items.length,
    }),
  };
}
