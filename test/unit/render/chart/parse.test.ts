import { describe, expect, it } from 'vitest';
import { parseSampleTime } from '../../../../src/render/chart/parse-time.js';
import { parseQuantity } from '../../../../src/render/chart/parse-quantity.js';
import { byteUnit, formatBytes } from '../../../../src/render/chart/units.js';
import { formatTimeLabel, toPeriode } from '../../../../src/render/chart/time-labels.js';
import { normalizeRrd } from '../../../../src/render/chart/rrd-series.js';

const AT = Date.UTC(2024, 0, 25, 14, 37);

describe('parseSampleTime', () => {
  it.each([
    ['2024-01-25T14:37:00Z', AT],
    ['2024-01-25T15:37:00+01:00', AT],
    ['2024-01-25 14:37:00', AT],
    ['2024-01-25 14:37', AT],
    ['2024/01/25 14:37', AT],
    ['25 January 2024 14:37', AT],
    ['25 Jan 2024, 14:37', AT],
    ['January 25, 2024 2:37 pm', AT],
    [String(AT / 1000), AT],
    [String(AT), AT],
    [AT / 1000, AT],
  ])('reads %s as the same instant', (text, expected) => {
    expect(parseSampleTime(text)).toBe(expected);
  });

  it.each([
    ['14:37'],
    ['yesterday'],
    [''],
    ['31 February 2024 10:00'],
    ['2024-13-01 10:00'],
    [null],
    [{}],
    [-5],
  ])('refuses %s', (value) => {
    expect(parseSampleTime(value)).toBeNull();
  });
});

describe('parseQuantity', () => {
  it('reads numbers, numeric strings and human sizes as bytes', () => {
    expect(parseQuantity(12.5)).toBe(12.5);
    expect(parseQuantity('42')).toBe(42);
    expect(parseQuantity('1.5 GB')).toBe(1.5 * 1024 ** 3);
    expect(parseQuantity('512 KB/s')).toBe(512 * 1024);
    expect(parseQuantity('2 MiB')).toBe(2 * 1024 ** 2);
    expect(parseQuantity('300 bytes')).toBe(300);
    expect(parseQuantity('12%')).toBe(12);
    expect(parseQuantity('1,024')).toBe(1024);
  });

  it('turns missing or unreadable values into gaps', () => {
    for (const v of [null, undefined, '', 'n/a', Number.NaN, Infinity, {}])
      expect(parseQuantity(v)).toBeNull();
  });
});

describe('units and labels', () => {
  it('picks the unit that keeps the largest value under 1024', () => {
    expect(byteUnit(500, true).label).toBe('B/s');
    expect(byteUnit(2048, true).label).toBe('KB/s');
    expect(byteUnit(3 * 1024 ** 2, true).label).toBe('MB/s');
    expect(byteUnit(4 * 1024 ** 3, false)).toEqual({ factor: 1024 ** 3, label: 'GB' });
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
    expect(formatBytes(320 * 1024, true)).toBe('320 KB/s');
  });

  it('labels the time axis with clock times for short periods and dates for long ones', () => {
    expect(formatTimeLabel(AT, 'hour')).toBe('14:37');
    expect(formatTimeLabel(AT, 'day')).toBe('14:37');
    expect(formatTimeLabel(AT, 'week')).toBe('Thu 25 Jan');
    expect(formatTimeLabel(AT, 'month')).toBe('25 Jan');
    expect(formatTimeLabel(AT, 'year')).toBe('Jan 2024');
  });

  it('treats an unknown periode as a day', () => {
    expect(toPeriode('WEEK')).toBe('week');
    expect(toPeriode('fortnight')).toBe('day');
  });
});

describe('normalizeRrd', () => {
  it('never throws on shape surprises and yields empty groups instead', () => {
    for (const input of [null, undefined, 42, 'x', [], { cpu: 'nope', memory: [null, 3, 'x'] }]) {
      const rrd = normalizeRrd(input);
      expect(rrd.cpu.samples).toEqual([]);
      expect(rrd.memory.samples).toEqual([]);
    }
  });

  it('falls back to the human string field when the raw field is missing', () => {
    const rrd = normalizeRrd({
      memory: [{ time: '2024-01-25 14:37', usage_memory: '1 GB', raw_max_memory: 2 * 1024 ** 3 }],
    });
    expect(rrd.memory.samples[0]?.values).toEqual([1024 ** 3, 2 * 1024 ** 3]);
    expect(rrd.memory.samples[0]?.time).toBe(AT);
  });
});
