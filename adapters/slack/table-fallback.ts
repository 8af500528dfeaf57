// A table block Slack refuses (`invalid_blocks`: a client or workspace without table support, a
// limit Slack enforces beyond its reference) is sent again as the monospace table of table.ts.
import type { Message } from '../../src/render/message.js';
import { slackErrorCode } from './outbox.js';
import { renderMessage, type SlackPayload, type SlackRenderOptions } from './render.js';

/** Slack's answer to a block it will not show. */
const REFUSED_BLOCKS = 'invalid_blocks';

const hasTableBlock = (pages: SlackPayload[]) => pages.some((p) => p.blocks.some((b) => b.type === 'table'));

/** Renders `message` (a fitting table as a table block) and sends it; refused, sends it once more with monospace tables. */
export async function sendWithTableFallback<T>(
  message: Message,
  options: SlackRenderOptions,
  send: (pages: SlackPayload[]) => Promise<T>,
): Promise<T> {
  const pages = renderMessage(message, options);
  try {
    return await send(pages);
  } catch (error) {
    if (slackErrorCode(error) !== REFUSED_BLOCKS || !hasTableBlock(pages)) throw error;
    return send(renderMessage(message, { ...options, tables: false }));
  }
}
