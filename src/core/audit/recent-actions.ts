// Confirmed destructive actions per instance, remembered for 15 minutes in the shared store, so a
// watch does not alert on a stop the channel itself just confirmed (it already saw the card).
import type { ResolvedInstance } from '../ports.js';
import type { BotStore } from '../store.js';

/** How long a confirmed stop / rollback / restore silences the "Stopped" alert. */
export const RECENT_ACTION_MS = 15 * 60_000;

const key = (uuid: string): string => `confirmed-action:${uuid}`;

function instancesIn(args: Record<string, unknown>): ResolvedInstance[] {
  return Object.values(args).filter(
    (v): v is ResolvedInstance => typeof v === 'object' && v !== null && 'uuid' in v && 'label' in v,
  );
}

/** Records that `command` was confirmed on every instance among `args`. */
export async function noteConfirmedAction(
  store: BotStore,
  command: string,
  args: Record<string, unknown>,
): Promise<void> {
  for (const instance of instancesIn(args))
    await store.ephemeral.set(key(instance.uuid), command, RECENT_ACTION_MS);
}

/** The command confirmed on this instance in the last 15 minutes, or null. */
export function recentConfirmedAction(store: BotStore, uuid: string): Promise<string | null> {
  return store.ephemeral.get(key(uuid));
}
