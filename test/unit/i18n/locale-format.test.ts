import { describe, expect, it } from 'vitest';
import { localeFrom, parseLocale, supportedLocales } from '../../../src/i18n/locale.js';
import { t } from '../../../src/i18n/translate.js';
import { formatNumber, money } from '../../../src/render/format.js';
import { duration, longDate, relativeTime, roughDuration } from '../../../src/render/time-format.js';
import { localizedLine } from '../../../src/render/localized.js';

const NOW = new Date('2024-01-28T14:43:00Z');

describe('which language a platform tag means', () => {
  it('reads id and id-ID as Indonesian and everything else as English', () => {
    expect(localeFrom('id')).toBe('id');
    expect(localeFrom('id-ID')).toBe('id');
    expect(localeFrom('id_ID')).toBe('id');
    expect(localeFrom('en-US')).toBe('en');
    expect(localeFrom('ja')).toBe('en');
    expect(localeFrom('idk')).toBe('en');
    expect(localeFrom(undefined)).toBe('en');
  });

  it('accepts a typed value only when it names a supported locale', () => {
    expect(parseLocale('id')).toBe('id');
    expect(parseLocale('EN')).toBe('en');
    expect(parseLocale('fr')).toBeNull();
    expect(parseLocale('')).toBeNull();
    expect(supportedLocales()).toBe('en, id');
  });
});

describe('numbers, money, dates and durations per locale', () => {
  it('writes rupiah and numbers as Indonesians do', () => {
    expect(money(235440, 'IDR', 'id')).toBe('Rp 235.440');
    expect(money('912500.5', 'IDR', 'id')).toBe('Rp 912.500,50');
    expect(money(3.5, 'USD', 'id')).toBe('USD 3,50');
    expect(formatNumber(1250000, 'id')).toBe('1.250.000');
  });

  it('keeps English money and numbers as they were', () => {
    expect(money(912500)).toBe('IDR 912,500');
    expect(money(3.5, 'USD', 'en')).toBe('USD 3.50');
    expect(formatNumber(1250000.5)).toBe('1,250,000.5');
  });

  it('writes dates, ages and durations in Indonesian', () => {
    expect(longDate('2024-01-25T14:43:00Z', 'id')).toBe('25 Januari 2024 14.43');
    expect(relativeTime('2024-01-25T14:43:00Z', NOW, 'id')).toBe('3 hari lalu');
    expect(relativeTime('2024-01-28T14:48:00Z', NOW, 'id')).toBe('dalam 5 menit');
    expect(relativeTime(NOW, NOW, 'id')).toBe('baru saja');
    expect(duration(2 * 3_600_000 + 14 * 60_000, 'id')).toBe('2 jam 14 menit');
    expect(roughDuration(90_000, 'id')).toBe('2 menit');
  });

  it('keeps English ages and durations byte for byte', () => {
    expect(relativeTime('2024-01-25T14:43:00Z', NOW)).toBe('3 d ago');
    expect(relativeTime('2023-01-01T00:00:00Z', NOW)).toBe('1 y ago');
    expect(duration(2 * 3_600_000 + 14 * 60_000)).toBe('2 h 14 min');
    expect(roughDuration(30_000)).toBe('30 s');
  });
});

describe('catalogued sentences', () => {
  it('fills placeholders in the reader’s language', () => {
    expect(t('id', 'stop.title', { label: 'web-1' })).toBe('Hentikan web-1?');
    expect(t('en', 'stop.title', { label: 'web-1' })).toBe('Stop web-1?');
  });

  it('keeps a person named in a sentence as a mention, wherever the language puts it', () => {
    const alice = { type: 'user', platform: 'slack', id: 'U1', displayName: 'alice' } as const;
    expect(localizedLine('en', 'card.confirmed', { who: alice }, { time: '03:12:09' })).toEqual([
      'Confirmed by ',
      alice,
      ' at 03:12:09 UTC',
    ]);
    expect(localizedLine('id', 'card.confirmed', { who: alice }, { time: '03:12:09' })).toEqual([
      'Dikonfirmasi oleh ',
      alice,
      ' pukul 03:12:09 UTC',
    ]);
  });
});
