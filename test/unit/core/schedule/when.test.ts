// When `schedule in|at` runs: durations, the next HH:MM in the reader's zone (across midnight),
// ISO 8601 with or without an offset, and the refusals — all on a given clock.
import { describe, expect, it } from 'vitest';
import { formatInZone, parseDuration, resolveWhen } from '../../../../src/core/schedule/when.js';

// 2026-11-28 07:00 UTC = 14:00 in Jakarta (UTC+7, no DST).
const NOW = Date.UTC(2026, 10, 28, 7, 0);

describe('parseDuration', () => {
  it('reads 30m, 90m, 1h30m, 2d and 45s; refuses anything else', () => {
    expect(parseDuration('30m')).toBe(30 * 60_000);
    expect(parseDuration('90m')).toBe(90 * 60_000);
    expect(parseDuration('1h30m')).toBe(90 * 60_000);
    expect(parseDuration('2d')).toBe(2 * 86_400_000);
    expect(parseDuration('45s')).toBe(45_000);
    for (const bad of ['soon', '30', 'm30', '-5m', '0m', '1.5h', '']) expect(parseDuration(bad)).toBeNull();
  });
});

describe('resolveWhen', () => {
  it('in <duration> is that long from now', () => {
    expect(resolveWhen('in', '90m', NOW, 'UTC')).toEqual({ ok: true, runAt: NOW + 90 * 60_000 });
  });

  it('at HH:MM is the next such time in the zone: today when still ahead, else tomorrow', () => {
    expect(resolveWhen('at', '15:30', NOW, 'Asia/Jakarta')).toEqual({
      ok: true,
      runAt: Date.UTC(2026, 10, 28, 8, 30),
    });
    expect(resolveWhen('at', '02:00', NOW, 'Asia/Jakarta')).toEqual({
      ok: true,
      runAt: Date.UTC(2026, 10, 28, 19, 0),
    });
    expect(resolveWhen('at', '02:00', NOW, 'UTC')).toEqual({ ok: true, runAt: Date.UTC(2026, 10, 29, 2, 0) });
  });

  it('at HH:MM across a DST change keeps the wall-clock time (New York, 1 Nov 2026)', () => {
    const before = Date.UTC(2026, 9, 31, 12, 0); // Sat 31 Oct, 08:00 EDT
    const run = resolveWhen('at', '07:00', before, 'America/New_York');
    // Sun 1 Nov 07:00 EST = 12:00 UTC.
    expect(run).toEqual({ ok: true, runAt: Date.UTC(2026, 10, 1, 12, 0) });
  });

  it('at ISO 8601: with Z or an offset as written, without one in the zone', () => {
    expect(resolveWhen('at', '2026-12-01T02:00Z', NOW, 'Asia/Jakarta')).toEqual({
      ok: true,
      runAt: Date.UTC(2026, 11, 1, 2, 0),
    });
    expect(resolveWhen('at', '2026-12-01T02:00+07:00', NOW, 'UTC')).toEqual({
      ok: true,
      runAt: Date.UTC(2026, 10, 30, 19, 0),
    });
    expect(resolveWhen('at', '2026-12-01T02:00', NOW, 'Asia/Jakarta')).toEqual({
      ok: true,
      runAt: Date.UTC(2026, 10, 30, 19, 0),
    });
  });

  it('refuses bad durations and times, the past and more than 30 days ahead', () => {
    expect(resolveWhen('in', 'soon', NOW, 'UTC')).toEqual({ ok: false, problem: 'schedule.badDuration' });
    expect(resolveWhen('at', '25:00', NOW, 'UTC')).toEqual({ ok: false, problem: 'schedule.badTime' });
    expect(resolveWhen('at', '2026-13-01T00:00Z', NOW, 'UTC')).toEqual({
      ok: false,
      problem: 'schedule.badTime',
    });
    expect(resolveWhen('at', '2026-11-28T06:59Z', NOW, 'UTC')).toEqual({
      ok: false,
      problem: 'schedule.past',
    });
    expect(resolveWhen('in', '31d', NOW, 'UTC')).toEqual({ ok: false, problem: 'schedule.tooFar' });
  });
});

describe('formatInZone', () => {
  it('always says the zone and its offset', () => {
    expect(formatInZone(Date.UTC(2026, 10, 28, 19, 0), 'Asia/Jakarta')).toBe(
      '2026-11-29 02:00 Asia/Jakarta (UTC+07:00)',
    );
    expect(formatInZone(Date.UTC(2026, 10, 28, 19, 0), 'UTC')).toBe('2026-11-28 19:00 UTC (UTC+00:00)');
    expect(formatInZone(Date.UTC(2026, 10, 28, 19, 0), 'America/St_Johns')).toBe(
      '2026-11-28 15:30 America/St_Johns (UTC-03:30)',
    );
  });
});
