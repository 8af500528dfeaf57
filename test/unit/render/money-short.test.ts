// The short money form for columns and axes: "Rp1,2 jt" as Indonesians write it, "IDR 1.2M" in English.
import { describe, expect, it } from 'vitest';
import { decimal, money, moneyShort, percent } from '../../../src/render/format.js';

describe('moneyShort', () => {
  it('writes rupiah as Indonesians shorten it: rb for thousands, jt for millions, M for billions', () => {
    expect(moneyShort(1_200_000, 'IDR', 'id')).toBe('Rp1,2 jt');
    expect(moneyShort(950_000, 'IDR', 'id')).toBe('Rp950 rb');
    expect(moneyShort(912_500, 'IDR', 'id')).toBe('Rp912,5 rb');
    expect(moneyShort(1_500_000_000, 'IDR', 'id')).toBe('Rp1,5 M');
    expect(moneyShort('-2500000', 'IDR', 'id')).toBe('-Rp2,5 jt');
    expect(moneyShort(-2_500_000, 'IDR', 'en')).toBe('IDR -2.5M');
  });

  it('gives the English equivalent with the currency code', () => {
    expect(moneyShort(1_200_000, 'IDR', 'en')).toBe('IDR 1.2M');
    expect(moneyShort(950_000)).toBe('IDR 950K');
    expect(moneyShort(3.5, 'USD', 'en')).toBe('USD 3.5');
  });

  it('keeps amounts under a thousand whole and a foreign currency’s code in Indonesian', () => {
    expect(moneyShort(999, 'IDR', 'id')).toBe('Rp999');
    expect(moneyShort(1_250_000, 'USD', 'id')).toBe('USD 1,3 jt');
  });

  it('shows an absent amount as the dash, like the long form', () => {
    expect(moneyShort(null, 'IDR', 'id')).toBe(money(null, 'IDR', 'id'));
    expect(moneyShort('n/a')).toBe('—');
  });
});

describe('percent and decimal per locale', () => {
  it('writes a decimal comma in Indonesian and keeps English as toFixed wrote it', () => {
    expect(percent(12.345, 1, 'id')).toBe('12,3%');
    expect(percent(12.345)).toBe('12.3%');
    expect(decimal(1536.25, 1, 'id')).toBe('1.536,3');
    expect(decimal(1536.25, 1, 'en')).toBe('1536.3');
  });
});
