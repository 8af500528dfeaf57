// The files a Discord message uploads: charts (PNG) and exports (a timeline as Markdown or CSV),
// each under a safe name with its type's extension, at most as many as a message takes embeds.
import type { Attachment, Message } from '../../src/render/message.js';
import { DISCORD_LIMITS as L, fit } from './limits.js';

/** One file a message uploads. */
export interface DiscordFile {
  name: string;
  data: Buffer;
  description: string;
  contentType: Attachment['contentType'];
}

const EXTENSIONS: Record<Attachment['contentType'], string> = {
  'image/png': '.png',
  'text/markdown': '.md',
  'text/csv': '.csv',
};

/** A safe file name with the extension its type has (a chart, or a timeline export). */
function fileName(name: string, index: number, type: Attachment['contentType']): string {
  const base = name.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^\.+/, '');
  const ext = EXTENSIONS[type];
  if (base.toLowerCase().endsWith(ext) && base.length > ext.length) return base;
  return type === 'image/png' ? `chart-${index + 1}.png` : `file-${index + 1}${ext}`;
}

/** The message's files to upload, charts and exports (at most as many as a message takes embeds). */
export function fileParts(message: Message): DiscordFile[] {
  return (message.attachments ?? []).slice(0, L.embedsPerMessage).map((a, i) => ({
    name: fileName(a.filename, i, a.contentType),
    data: Buffer.from(a.data),
    description: fit(a.alt, 1024),
    contentType: a.contentType,
  }));
}
