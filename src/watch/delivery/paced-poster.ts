// Every alert and notice a channel poster sends, paced per channel (pacing.ts decides): new posts
// draw on one budget per channel shared by the replicas through the store (1 per second, small
// bursts), edits of one card are coalesced (latest wins, at most one per card per 5 s, none when
// nothing visible changed), a 429's Retry-After pauses the channel, and when alerts wait longer
// than 30 s the channel is told once. Replicas agree under the channel's lock (shared-pacing.ts); a
// channel's queue is drained by channel-queue.ts.
import type { MessageRef } from '../../core/index.js';
import type { Message } from '../../render/message.js';
import { DEFAULT_PACING, type OutboundKind } from '../rules/pacing.js';
import type { PacedPoster } from '../ports.js';
import type { ChannelPoster } from '../../core/index.js';
import { cardKeyOf, sharedPacingBook } from '../books/shared-pacing.js';
import { drain, queue, type Job, type Pacing, type PacingDeps } from './channel-queue.js';

/** Wraps `poster` so every post and edit it sends is paced per channel. */
export function pacedPoster(poster: ChannelPoster, deps: PacingDeps): PacedPoster {
  const now = deps.now ?? Date.now;
  const settings = deps.settings ?? DEFAULT_PACING;
  const pacing: Pacing = {
    poster,
    deps,
    now,
    settings,
    count: deps.count ?? (() => undefined),
    shared: sharedPacingBook(deps.store, poster.platform, now, settings),
    channels: new Map(),
    draining: new Set(),
  };
  const submit = <T>(
    channelId: string,
    kind: OutboundKind,
    method: 'post' | 'update',
    render: () => Promise<Message>,
    ref?: MessageRef,
    threadOf?: MessageRef,
  ) =>
    new Promise<T>((resolve, reject) => {
      const job: Job = {
        method,
        render,
        resolve: resolve as (value: MessageRef | undefined) => void,
        reject,
        ...(ref ? { ref } : {}),
        ...(threadOf ? { threadOf } : {}),
      };
      queue(pacing, channelId, kind, job, ref ? cardKeyOf(ref) : undefined);
      void drain(pacing, channelId);
    });

  const paced = Object.create(poster) as PacedPoster;
  paced.post = (channelId, msg) => submit<MessageRef>(channelId, 'alert', 'post', async () => msg);
  paced.update = (ref, msg) => submit<void>(ref.channelId, 'edit', 'update', async () => msg, ref);
  paced.refresh = (ref, render) => submit<void>(ref.channelId, 'edit', 'update', render, ref);
  paced.remind = (channelId, msg) => submit<MessageRef>(channelId, 'reminder', 'post', async () => msg);
  // Thread posts draw on the channel's post budget like any other post.
  if (poster.reply)
    paced.reply = (ref, msg) =>
      submit<MessageRef>(ref.channelId, 'alert', 'post', async () => msg, undefined, ref);
  return paced;
}
