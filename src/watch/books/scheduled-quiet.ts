// A server made quiet by a scheduled action (src/core/schedule/quiet.ts) is silenced like any
// silence — its incidents recorded, neither posted nor paged — until it is Running again plus 5
// minutes; read by every poll of it, since the poll is what sees it Running again.
import type { BotStore } from '../../core/index.js';
import { scheduledQuiet } from '../../core/kit/index.js';
import type { Silence } from '../rules/silences.js';

/** The quiet window as a silence of this one server, or undefined. */
export async function scheduledSilence(
  store: BotStore,
  instance: { uuid: string; label: string },
  status: string | undefined,
  now: number,
): Promise<Silence | undefined> {
  const running = status !== undefined && status.toLowerCase() === 'running';
  // A store that cannot answer leaves the poll as it was without a quiet window (it fails, or not, on its own writes).
  const quiet = await scheduledQuiet(store, instance.uuid, running, now).catch(() => null);
  if (!quiet) return undefined;
  return {
    key: `schedule:${quiet.scheduleId}`,
    scope: { type: 'instance', uuid: instance.uuid, label: instance.label },
    createdAt: quiet.since,
    until: quiet.until,
    by: quiet.by,
    reason: quiet.command,
  };
}
