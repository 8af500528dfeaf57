// The ack never waits for the store: the core defers a command with its exact visibility once its
// store lookups are done, and should they hang (a frozen store), the command is deferred on its own
// with the visibility the core can tell without the store. Its work waits for the replay verdict
// (HTTP mode: a copy of an interaction already delivered is acknowledged and not run again).
import type { Interaction } from 'discord.js';
import type { Invocation, Responder } from '../../src/core/index.js';
import type { HandlerContext } from './context.js';
import { describeError } from './errors.js';

/** How long the core's own deferral is waited for (a healthy store answers in milliseconds). */
const ACK_WITHOUT_STORE_MS = 400;

/** Runs an acknowledged interaction's work unless it was a copy of one delivered before. */
export async function unlessDeliveredBefore(
  ctx: HandlerContext,
  interaction: Interaction,
  work: () => Promise<void>,
): Promise<void> {
  if (await (ctx.firstDelivery?.(interaction.id) ?? true)) return work();
  ctx.logger.warn(
    { interactionId: interaction.id },
    'discord: an interaction delivered again; acknowledged, not run again',
  );
}

/** Dispatches a command once, acknowledged within ACK_WITHOUT_STORE_MS whatever the store does. */
export async function dispatchOnce(
  ctx: HandlerContext,
  interaction: Interaction,
  invocation: Invocation,
  responder: Responder,
): Promise<void> {
  const visibility = ctx.dispatcher.ackVisibility?.(invocation);
  // A no-op once the core has deferred; the core's later deferral waits for this one.
  const timer = visibility
    ? setTimeout(() => {
        responder
          .defer?.(visibility)
          .catch((error: unknown) =>
            ctx.logger.warn({ error: describeError(error) }, 'discord: deferral failed'),
          );
      }, ACK_WITHOUT_STORE_MS)
    : undefined;
  try {
    await unlessDeliveredBefore(ctx, interaction, () => ctx.dispatcher.dispatch(invocation, responder));
  } finally {
    clearTimeout(timer);
  }
}
