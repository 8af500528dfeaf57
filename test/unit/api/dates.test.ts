import { describe, expect, it } from 'vitest';
import { parseApiDate } from '../../../src/api/index.js';

describe('parseApiDate', () => {
  it.each([
    ['25 January 2024 14:37', '2024-01-25T14:37:00.000Z'],
    ['3 mar 2024 09:05', '2024-03-03T09:05:00.000Z'],
    ['January 2024', '2024-01-01T00:00:00.000Z'],
    ['2024-02-01T00:00:00Z', '2024-02-01T00:00:00.000Z'],
    ['2024-02-01T07:00:00+07:00', '2024-02-01T00:00:00.000Z'],
    ['2024-01-25 14:37:00', '2024-01-25T14:37:00.000Z'],
    ['2024-01-25', '2024-01-25T00:00:00.000Z'],
    ['1700000000', '2023-11-14T22:13:20.000Z'],
    ['25 January 2024, 14:43', '2024-01-25T14:43:00.000Z'],
    ['26/08/2024', '2024-08-26T00:00:00.000Z'],
    ['03/11/2026', '2026-11-03T00:00:00.000Z'],
    ['3/11/2026 08:15', '2026-11-03T08:15:00.000Z'],
  ])('reads %s', (raw, iso) => {
    expect(parseApiDate(raw)?.toISOString()).toBe(iso);
  });

  it('reads epoch seconds given as a number', () => {
    expect(parseApiDate(1700000000)?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
  });

  it.each([
    ['yesterday'],
    ['31 February 2024 10:00'],
    ['25 Smarch 2024 10:00'],
    ['26/13/2024'],
    ['31/02/2024'],
    [''],
    [null],
    [undefined],
    [{}],
  ])('returns null for %s so the raw text is shown instead', (raw) => {
    expect(parseApiDate(raw)).toBeNull();
  });
});
