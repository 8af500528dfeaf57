// A change that runs at once, with no preview (instance start), may name a long operation to
// follow: its reply is then the card the tracker edits, as the confirmed card is for a stop.
import type { FollowSpec } from '../command.js';
import type { Runtime } from '../context.js';
import type { Invocation, MessageRef, Responder } from '../ports.js';
import type { Message } from '../../render/message.js';
import { DEFAULT_LOCALE } from '../../i18n/locale.js';

/** Hands the operation to the tracker under the reply just posted (nothing without a ref to edit). */
export async function followReply(
  rt: Runtime,
  inv: Invocation,
  follow: FollowSpec,
  on: { responder: Responder; ref: MessageRef | undefined; card: Message },
): Promise<void> {
  if (!on.ref) return;
  await rt.tracker.follow(follow, {
    responder: on.responder,
    ref: on.ref,
    actor: inv.actor,
    channelId: inv.channelId,
    startedAt: rt.now().getTime(),
    card: on.card,
    locale: inv.locale ?? DEFAULT_LOCALE,
  });
}
