// The message shortcut "Add to timeline" (callback id vps_timeline_add, in manifest.yaml): runs
// `note` for the clicker with the message's text and its author as typed options — never parsed as
// a command line, so the text stays the note's words whatever it says.
import type { App, MessageShortcut } from '@slack/bolt';
import { background, withUserLocale, type HandlerDeps } from './handler-deps.js';
import { clickerResponder } from './command-clicks.js';
import type { Invocation } from '../../src/core/index.js';
import { randomUUID } from 'node:crypto';

/** The shortcut's callback id (manifest.yaml). */
export const TIMELINE_SHORTCUT = 'vps_timeline_add';

/** The shortcut as the `note` command the clicker runs. */
export function noteFromShortcut(body: MessageShortcut): Invocation {
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
    input: {
      kind: 'options',
      path: ['note'],
      options: { text: body.message.text ?? '', ...(author ? { author } : {}) },
    },
  };
}

/** Registers the shortcut's listener: acknowledged at once, the note added after the ack. */
export function registerTimelineShortcut(app: App, deps: HandlerDeps): void {
  app.shortcut<MessageShortcut>(
    { callback_id: TIMELINE_SHORTCUT, type: 'message_action' },
    async ({ ack, body }) => {
      await ack();
      const invocation = noteFromShortcut(body);
      const { user, responder } = clickerResponder(deps, body.channel.id, body.user.id, body.response_url);
      background(
        deps,
        'timeline shortcut',
        async () => deps.dispatcher.dispatch(await withUserLocale(invocation, user), responder),
        responder,
        user,
      );
    },
  );
}
