// A ChannelPoster that records what the bot posted and edited, shared by several replicas so a
// test can count alert messages per incident however the polling was spread.
import type { MessageRef, Platform } from '../../src/core/ports.js';
import type { Message } from '../../src/render/message.js';
import type { ChannelPoster } from '../../src/core/index.js';

/** One post or edit, and which replica made it. */
export interface Posted {
  kind: 'post' | 'update' | 'reply';
  replica: string;
  channelId: string;
  ref: MessageRef;
  message: Message;
  /** For a reply: the message whose thread it is in. */
  under?: MessageRef;
}

/** A log of posts and edits plus a poster factory per replica. */
export function postLog(platform: Platform = 'slack') {
  const entries: Posted[] = [];
  let seq = 0;
  return {
    entries,
    poster(replica: string): ChannelPoster {
      return {
        platform,
        async post(channelId, message) {
          const ref: MessageRef = { platform, channelId, id: `p${(seq += 1)}` };
          entries.push({ kind: 'post', replica, channelId, ref, message });
          return ref;
        },
        async update(ref, message) {
          entries.push({ kind: 'update', replica, channelId: ref.channelId, ref, message });
        },
        // A post in the thread of `under`: recorded with the thread's ref as `under`.
        async reply(under, message) {
          const ref: MessageRef = { platform, channelId: under.channelId, id: `p${(seq += 1)}` };
          entries.push({ kind: 'reply', replica, channelId: under.channelId, ref, message, under });
          return ref;
        },
      };
    },
    /** Posts whose title matches (alert cards start "web-1: …"). */
    posts(title: RegExp): Posted[] {
      return entries.filter(
        (e) => e.kind === 'post' && title.test(e.message.title ?? e.message.summary ?? ''),
      );
    },
  };
}
