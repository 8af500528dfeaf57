// A ChannelPoster that records what the bot posted and edited, shared by several replicas so a
// test can count alert messages per incident however the polling was spread.
import type { MessageRef, Platform } from '../../src/core/ports.js';
import type { Message } from '../../src/render/message.js';
import type { ChannelPoster } from '../../src/watch/index.js';

/** One post or edit, and which replica made it. */
export interface Posted {
  kind: 'post' | 'update';
  replica: string;
  channelId: string;
  ref: MessageRef;
  message: Message;
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
