// The message shortcuts (manifest.yaml): "Add to timeline" (vps_timeline_add) runs `note` for the
// clicker with the message's text and author; "Show server" (vps_show_server) runs the hidden
// `instance find` with everything the message shows. Both take the message as typed options
// (src/adapter-kit/message-actions.ts, shared with Discord's message commands) — never parsed as a
// command line — and answer only the clicker.
import type { App, MessageShortcut } from '@slack/bolt';
import { background, withUserLocale, type HandlerDeps } from './handler-deps.js';
import { clickerResponder } from './command-clicks.js';
import { privateResponder } from './private-reply.js';
import type { Invocation, Responder } from '../../src/core/index.js';
import { messageActionInput, type MessageAction } from '../../src/adapter-kit/message-actions.js';
import { randomUUID } from 'node:crypto';

/** The shortcuts' callback ids (manifest.yaml). */
export const TIMELINE_SHORTCUT = 'vps_timeline_add';
export const SHOW_SERVER_SHORTCUT = 'vps_show_server';

/** Every `text` string a message's blocks hold (sections, fields, context, rich text), in order. */
function blockTexts(node: unknown, out: string[]): string[] {
  if (Array.isArray(node)) {
    for (const item of node) blockTexts(item, out);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'text' && typeof value === 'string') out.push(value);
      else if (typeof value === 'object') blockTexts(value, out);
    }
  }
  return out;
}

/** What a person reads in the message: its text, and for "Show server" its blocks' texts too. */
function messageText(body: MessageShortcut, withBlocks: boolean): string {
  const text = body.message.text ?? '';
  if (!withBlocks) return text;
  const shown = blockTexts((body.message as { blocks?: unknown }).blocks, []);
  return [text, ...shown].filter((p) => p.trim() !== '').join('\n');
}

/** The shortcut as the command the clicker runs. */
export function shortcutInvocation(body: MessageShortcut, action: MessageAction): Invocation {
  const author = body.message.user ?? body.message.bot_id;
  return {
    id: randomUUID(),
    platform: 'slack',
    actor: {
      platform: 'slack',
      userId: body.user.id,
      displayName: body.user.username ?? body.user.name ?? body.user.id,
    },
    channelId: body.channel.id,
    input: messageActionInput(action, { text: messageText(body, action === 'showServer'), author }),
  };
}

/** Registers the shortcuts' listeners: acknowledged at once, the command run after the ack. */
export function registerMessageShortcuts(app: App, deps: HandlerDeps): void {
  const on = (callbackId: string, action: MessageAction) =>
    app.shortcut<MessageShortcut>(
      { callback_id: callbackId, type: 'message_action' },
      async ({ ack, body }) => {
        await ack();
        const invocation = shortcutInvocation(body, action);
        const clicker = clickerResponder(deps, body.channel.id, body.user.id, body.response_url);
        const { user } = clicker;
        // "Show server" answers with the bot token: ephemeral in the channel, else a DM (private-reply.ts).
        const responder: Responder =
          action === 'showServer'
            ? privateResponder(deps, body.channel.id, body.user.id, user.locale)
            : clicker.responder;
        background(
          deps,
          `${callbackId} shortcut`,
          async () => deps.dispatcher.dispatch(await withUserLocale(invocation, user), responder),
          responder,
          user,
        );
      },
    );
  on(TIMELINE_SHORTCUT, 'addToTimeline');
  on(SHOW_SERVER_SHORTCUT, 'showServer');
}
