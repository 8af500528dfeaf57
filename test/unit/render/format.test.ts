import { describe, expect, it } from 'vitest';
import { bytes, money, percent, rate, size } from '../../../src/render/format.js';
import {
  clockTime,
  dateTime,
  duration,
  relativeTime,
  roughDuration,
  toDate,
} from '../../../src/render/time-format.js';
import { display } from '../../../src/render/display.js';

describe('format helpers', () => {
  it('shows missing values as a dash, never undefined/null/NaN', () => {
    for (const value of [null, undefined, '', '   ', Number.NaN, Infinity]) expect(display(value)).toBe('—');
    expect(display(0)).toBe('0');
    expect(display('Running')).toBe('Running');
    expect(display(false)).toBe('false');
  });

  it('formats money with comma thousands and decimals only when present', () => {
    expect(money(912500, 'IDR')).toBe('IDR 912,500');
    expect(money('912500')).toBe('IDR 912,500');
    expect(money(3.5, 'USD')).toBe('USD 3.50');
    expect(money(null)).toBe('—');
    expect(money('abc')).toBe('—');
  });

  it('humanises sizes from numbers, numeric strings and unit strings', () => {
    expect(bytes(1536)).toBe('1.5 KB');
    expect(bytes(0)).toBe('0 B');
    expect(size('4096', 'MB')).toBe('4 GB');
    expect(size(4096, 'MB')).toBe('4 GB');
    expect(size('4 GB')).toBe('4 GB');
    expect(size('512MB')).toBe('512 MB');
    expect(size('1.5 TiB')).toBe('1.5 TB');
    expect(size('2048 bytes')).toBe('2 KB');
    expect(size('3 k')).toBe('3 KB');
    expect(size('1 pb')).toBe('1 PB');
    expect(size('2 XB')).toBe('2 XB');
    expect(size('large')).toBe('large');
    expect(size(undefined)).toBe('—');
    expect(rate(1_258_291)).toBe('1.2 MB/s');
  });

  it('formats durations with the two largest units', () => {
    expect(duration(45_000)).toBe('45 s');
    expect(duration(185_000)).toBe('3 min 5 s');
    expect(duration((2 * 3600 + 14 * 60) * 1000)).toBe('2 h 14 min');
    expect(duration((2 * 86_400 + 3 * 3600) * 1000)).toBe('2 d 3 h');
    expect(duration(3_600_000)).toBe('1 h');
    expect(duration(-1)).toBe('—');
    expect(roughDuration(119_500)).toBe('2 min');
  });

  it('formats relative times in the past and future', () => {
    const now = new Date('2024-01-25T12:00:00Z');
    expect(relativeTime('2024-01-25T09:00:00Z', now)).toBe('3 h ago');
    expect(relativeTime('2024-01-23T12:00:00Z', now)).toBe('2 d ago');
    expect(relativeTime('2024-01-25T11:57:00Z', now)).toBe('3 min ago');
    expect(relativeTime('2024-01-25T12:05:00Z', now)).toBe('in 5 min');
    expect(relativeTime(now, now)).toBe('just now');
    expect(relativeTime('sometime', now)).toBe('sometime');
    expect(relativeTime(null, now)).toBe('—');
  });

  it('parses the date shapes the API uses', () => {
    expect(toDate('25 January 2024 14:37')?.toISOString()).toBe('2024-01-25T14:37:00.000Z');
    expect(toDate('2024-01-25 14:37:10')?.toISOString()).toBe('2024-01-25T14:37:10.000Z');
    // Day first, as E4 writes top-up dates: never JavaScript's month-first reading.
    expect(toDate('03/11/2026')?.toISOString()).toBe('2026-11-03T00:00:00.000Z');
    expect(toDate('26/08/2024')?.toISOString()).toBe('2024-08-26T00:00:00.000Z');
    expect(toDate('1706193420')?.toISOString()).toBe('2024-01-25T14:37:00.000Z');
    expect(toDate(1706193420000)?.toISOString()).toBe('2024-01-25T14:37:00.000Z');
    expect(toDate('not a date')).toBeNull();
  });

  it('treats an out-of-range epoch as no date instead of throwing', () => {
    expect(toDate(9e15)).toBeNull();
    expect(dateTime(9e15)).toBe('9000000000000000');
    expect(relativeTime(9e15, new Date('2024-01-25T12:00:00Z'))).toBe('—');
  });

  it('formats clock times, date times and percentages', () => {
    expect(clockTime(new Date('2024-01-25T03:12:09Z'))).toBe('03:12:09');
    expect(dateTime('2024-01-25T03:12:09Z')).toBe('2024-01-25 03:12 UTC');
    expect(percent(42.456)).toBe('42.5%');
    expect(percent('x')).toBe('—');
  });
});
