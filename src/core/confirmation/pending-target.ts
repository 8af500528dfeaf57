// What exec and the console need to know about a pending confirmation before answering it by
// token: the name to type, whether it needs a second person and where it was asked. The
// dispatcher answers it (Dispatcher.pendingTarget), so no adapter reads the store.
import type { PendingTarget } from '../ports.js';
import type { PendingStore } from '../store.js';

/** Looks a token up in the bot's store: null when unknown, answered, another tenant's or with nothing to name. */
export async function pendingTargetOf(
  pending: Pick<PendingStore, 'get'>,
  token: string,
  tenant: string | undefined,
): Promise<PendingTarget | null> {
  const found = await pending.get(token);
  const expected = found?.typedConfirmation ?? found?.targets[0];
  if (!found || !expected || found.status !== 'pending' || found.tenant !== tenant) return null;
  return {
    expected,
    accepted: found.targets,
    twoPerson: found.twoPerson,
    platform: found.platform,
    channelId: found.channelId,
  };
}
