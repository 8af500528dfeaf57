// Alerts in the console: a post prints the card as a line in the session; an edit prints only when
// the card's title changes (alert → recovered), so a poll every minute does not flood the terminal.
import type { ChannelPoster, MessageRef, Responder } from '../../src/core/index.js';
import type { Message } from '../../src/render/message.js';
import { withoutButtons } from '../../src/render/buttons.js';

/** The console ChannelPoster over the session's responder (null while no session is open). */
export function consoleChannelPoster(responder: () => Responder | null): ChannelPoster {
  const titles = new Map<string, string>();
  let seq = 0;
  return {
    platform: 'console',
    async post(channelId: string, message: Message): Promise<MessageRef> {
      const out = responder();
      const ref: MessageRef = out
        ? await out.reply(message, { visibility: 'channel' })
        : { platform: 'console', channelId, id: `alert-${(seq += 1)}` };
      titles.set(ref.id, message.title ?? '');
      return ref;
    },
    async update(ref: MessageRef, message: Message): Promise<void> {
      if (titles.get(ref.id) === (message.title ?? '')) return;
      titles.set(ref.id, message.title ?? '');
      await responder()?.reply(withoutButtons(message), { visibility: 'channel' });
    },
  };
}
