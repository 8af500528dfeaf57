// The confirmations still waiting in one channel, as `status` and the live card list them.
import type { WaitingConfirmation } from '../command.js';
import type { Platform } from '../ports.js';
import type { BotStore, PendingConfirmation } from '../store.js';

/** Every still-pending one of this (tenant-scoped) store at `at`, kept to this channel and `tenant`. */
export async function waitingIn(
  store: BotStore,
  where: { platform: Platform; channelId: string },
  at: number,
  tenant: string | undefined,
): Promise<WaitingConfirmation[]> {
  const here = (p: PendingConfirmation) =>
    p.platform === where.platform &&
    p.channelId === where.channelId &&
    p.expiresAt > at &&
    (p.tenant === undefined || tenant === undefined || p.tenant === tenant);
  return (await store.pending.due(Number.MAX_SAFE_INTEGER, 1_000, here)).map(
    ({ command, targets, requester, expiresAt, twoPerson }) => ({
      command,
      targets,
      requester,
      expiresAt,
      twoPerson,
    }),
  );
}
