// Runs a neutral Message through both chat renderers and the conformance checkers, so suites that
// drive the core directly (the command harness: every command, list and error) also prove that
// what Slack and Discord would receive for it keeps their limits.
import { renderMessage as renderDiscord, toRestBody } from '../../adapters/discord/render.js';
import { renderMessage as renderSlack } from '../../adapters/slack/render.js';
import type { Message, RenderOptions } from '../../src/render/message.js';
import { checkDiscordCall } from './discord-conformance.js';
import { checkSlackCall } from './slack-conformance.js';

/** Findings for `message` as a Slack post (every page) and as a Discord message, both rendered for `options.locale`. */
export function checkRendered(message: Message, options: RenderOptions = {}): string[] {
  const findings: string[] = [];
  for (const page of renderSlack(message, options)) {
    findings.push(
      ...checkSlackCall('chat.postMessage', { channel: 'C', text: page.text, blocks: page.blocks }),
    );
  }
  const { body } = toRestBody(renderDiscord(message, options));
  findings.push(...checkDiscordCall('POST', '/channels/1/messages', body));
  return findings;
}
