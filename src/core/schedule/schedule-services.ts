// What the `schedules` and `unschedule` commands may do with the store: list a channel's pending
// schedules with their times in the reader's zone, and cancel one (its requester or an admin), taken
// by the same claim as a run so a schedule is either cancelled or run, never both.
import type { Actor, Platform } from '../ports.js';
import type { ScheduleServices, ScheduleView } from '../command.js';
import type { BotStore } from '../store.js';
import { claimSchedule, scheduleBook, schedulesIn, type ScheduledAction } from './schedule-book.js';
import { actionText } from './schedule-cards.js';
import { formatInZone } from './when.js';

function view(schedule: ScheduledAction, zone: string): ScheduleView {
  return {
    id: schedule.id,
    when: formatInZone(schedule.runAt, zone),
    action: actionText(schedule),
    requester: schedule.requester,
    ...(schedule.approvedBy ? { approvedBy: schedule.approvedBy } : {}),
  };
}

/** What the services need (context.ts gives them; the schedule room does not import the runtime). */
export interface ScheduleServiceDeps {
  store: Pick<BotStore, 'collection' | 'leases'>;
  /** The zone a person reads times in (zone.ts). */
  zoneOf(actor: Actor): string;
  /** The requester, or an admin. */
  mayCancel(requester: Actor, by: Actor): boolean;
}

/** The schedule services of one platform's channels. */
export function scheduleServices(deps: ScheduleServiceDeps, platform: Platform): ScheduleServices {
  return {
    async list(channelId, reader) {
      const zone = deps.zoneOf(reader);
      return (await schedulesIn(deps.store, platform, channelId)).map((s) => view(s, zone));
    },
    async cancel(channelId, id, by) {
      const found = await scheduleBook(deps.store).get(id.trim().toLowerCase());
      if (!found || found.platform !== platform || found.channelId !== channelId)
        return { ok: false, reason: 'not-found' };
      if (!deps.mayCancel(found.requester, by))
        return { ok: false, reason: 'not-allowed', requester: found.requester };
      const taken = await claimSchedule(deps.store, found);
      if (!taken) return { ok: false, reason: 'running' };
      return { ok: true, schedule: view(taken, deps.zoneOf(by)) };
    },
  };
}
