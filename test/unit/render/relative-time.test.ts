import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../../src/render/time-format.js';

const now = new Date('2026-11-21T12:00:00Z');

describe('relative times far from now', () => {
  it('keeps days up to about two months', () => {
    expect(relativeTime('2026-10-01T12:00:00Z', now)).toBe('51 d ago');
  });

  it('switches to months and years beyond that', () => {
    expect(relativeTime('2026-08-01T12:00:00Z', now)).toBe('3 mo ago');
    expect(relativeTime('2024-01-25T12:00:00Z', now)).toBe('2 y 9 mo ago');
    expect(relativeTime('2024-11-21T12:00:00Z', now)).toBe('2 y ago');
    expect(relativeTime('2028-11-21T12:00:00Z', now)).toBe('in 2 y');
  });
});
