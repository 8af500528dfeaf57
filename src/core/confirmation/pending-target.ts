// What exec and the console need to know about a pending confirmation before answering it by
// token: the name to type, whether it needs a second person and where it was asked.
import type { PendingStore } from '../../src/core/index.js';
import type { PendingTarget } from './exec-common.js';

/** Looks a token up in the bot's store: null when unknown, answered or with nothing to name. */
export function pendingTargetLookup(
  pending: Pick<PendingStore, 'get'>,
): (token: string) => Promise<PendingTarget | null> {
  return async (token) => {
    const found = await pending.get(token);
    const expected = found?.typedConfirmation ?? found?.targets[0];
    if (!found || !expected || found.status !== 'pending') return null;
    return {
      expected,
      accepted: found.targets,
      twoPerson: found.twoPerson,
      platform: found.platform,
      channelId: found.channelId,
    };
  };
}
