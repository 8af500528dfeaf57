// The zone a person's times are read and shown in: the platform's (Slack's user `tz`) when it says,
// else the deployment's VPSOPS_TIMEZONE, else UTC.
import type { Actor } from '../ports.js';
import type { CoreSettings } from '../settings.js';
import { isTimeZone } from '../../render/time-zone.js';

/** The IANA zone of `actor`'s times. */
export function zoneOf(config: Pick<CoreSettings, 'schedules'>, actor: Actor): string {
  if (actor.timeZone && isTimeZone(actor.timeZone)) return actor.timeZone;
  return config.schedules?.timeZone ?? 'UTC';
}
