// When a scheduled action runs: `in <duration>` (30m, 90m, 1h30m, 2d, 45s), `at <HH:MM>` (the next
// such time in the reader's zone) or `at <ISO 8601>` (with its offset, or in the reader's zone).
// Pure: the clock and the zone are given. Time zones are IANA names, computed with Intl.

/** The longest a schedule may wait: a month's maintenance windows, not a cron. */
export const MAX_AHEAD_MS = 30 * 24 * 3_600_000;

const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Why a time was refused (a catalogue key of schedule-en.ts). */
export type WhenProblem = 'schedule.badDuration' | 'schedule.badTime' | 'schedule.past' | 'schedule.tooFar';

/** `30m`, `90m`, `1h30m`, `2d`, `45s`: the duration in ms, or null. */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim().toLowerCase();
  if (!/^(\d+[smhd])+$/.test(trimmed)) return null;
  let total = 0;
  for (const [, amount, unit] of trimmed.matchAll(/(\d+)([smhd])/g))
    total += Number(amount) * UNIT_MS[unit!]!;
  return total > 0 ? total : null;
}

/** The wall-clock fields of `at` in `zone`. */
function wallClock(at: number, zone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The zone's offset from UTC at `at`, in ms (Jakarta: +7 h). */
export function zoneOffsetMs(at: number, zone: string): number {
  const w = wallClock(at, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant a wall-clock time in `zone` names (the later one of a DST overlap is not sought). */
function fromWallClock(
  fields: { year: number; month: number; day: number; hour: number; minute: number },
  zone: string,
): number {
  const naive = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute);
  const first = naive - zoneOffsetMs(naive, zone);
  return naive - zoneOffsetMs(first, zone);
}

/** The next `HH:MM` in `zone` after `now`. */
function nextClockTime(hour: number, minute: number, now: number, zone: string): number {
  const today = wallClock(now, zone);
  let at = fromWallClock({ ...today, hour, minute }, zone);
  for (let day = 1; at <= now && day <= 2; day++) {
    const next = wallClock(now + day * 86_400_000, zone);
    at = fromWallClock({ ...next, hour, minute }, zone);
  }
  return at;
}

/** `2026-11-29T02:00`, with seconds, `Z` or `+07:00` optional; without an offset, in `zone`. */
function parseIso(text: string, zone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?$/i.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, offset] = m;
  const fields = { year: Number(y), month: Number(mo), day: Number(d), hour: Number(h), minute: Number(mi) };
  if (
    fields.month < 1 ||
    fields.month > 12 ||
    fields.day < 1 ||
    fields.day > 31 ||
    fields.hour > 23 ||
    fields.minute > 59
  )
    return null;
  const seconds = Number(s ?? 0) * 1000;
  if (!offset) return fromWallClock(fields, zone) + seconds;
  const naive = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute) + seconds;
  if (offset.toUpperCase() === 'Z') return naive;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  return naive - sign * (Number(digits.slice(0, 2)) * 3_600_000 + Number(digits.slice(2)) * 60_000);
}

/** When `in <text>` or `at <text>` runs, or why it cannot be scheduled. */
export function resolveWhen(
  mode: 'in' | 'at',
  text: string,
  now: number,
  zone: string,
): { ok: true; runAt: number } | { ok: false; problem: WhenProblem } {
  let runAt: number | null;
  if (mode === 'in') {
    const ms = parseDuration(text);
    if (ms === null) return { ok: false, problem: 'schedule.badDuration' };
    runAt = now + ms;
  } else {
    const clock = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
    if (clock) {
      const [hour, minute] = [Number(clock[1]), Number(clock[2])];
      runAt = hour < 24 && minute < 60 ? nextClockTime(hour, minute, now, zone) : null;
    } else runAt = parseIso(text, zone);
    if (runAt === null || Number.isNaN(runAt)) return { ok: false, problem: 'schedule.badTime' };
    if (runAt <= now) return { ok: false, problem: 'schedule.past' };
  }
  if (runAt - now > MAX_AHEAD_MS) return { ok: false, problem: 'schedule.tooFar' };
  return { ok: true, runAt };
}

/** `2026-11-29 02:00 Asia/Jakarta (UTC+07:00)`: a time always said with its zone. */
export function formatInZone(at: number, zone: string): string {
  const w = wallClock(at, zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  const offset = Math.round(zoneOffsetMs(at, zone) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const utc = `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)} ${zone} (${utc})`;
}
