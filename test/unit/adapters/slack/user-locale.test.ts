import { describe, expect, it } from 'vitest';
import { createUserLocales } from '../../../../adapters/slack/user-locale.js';

describe('Slack users’ locales', () => {
  it('asks users.info once per user while the answer is fresh, again once it expired', async () => {
    let now = 0;
    const asked: string[] = [];
    const locales = createUserLocales({
      lookup: async (userId) => {
        asked.push(userId);
        return 'id-ID';
      },
      ttlMs: 1_000,
      now: () => now,
    });
    expect(await locales.of('U1')).toBe('id-ID');
    expect(await locales.of('U1')).toBe('id-ID');
    expect(asked).toEqual(['U1']);
    now = 1_001;
    expect(await locales.of('U1')).toBe('id-ID');
    expect(asked).toEqual(['U1', 'U1']);
  });

  it('answers "default" for a failed lookup, without throwing, and does not ask again at once', async () => {
    let calls = 0;
    const locales = createUserLocales({
      lookup: async () => {
        calls += 1;
        throw new Error('ratelimited');
      },
      now: () => 0,
    });
    expect(await locales.of('U1')).toBeUndefined();
    expect(await locales.of('U1')).toBeUndefined();
    expect(calls).toBe(1);
  });

  it('gives up on a lookup that does not answer within its budget', async () => {
    const locales = createUserLocales({ lookup: () => new Promise(() => undefined), budgetMs: 10 });
    expect(await locales.of('U1')).toBeUndefined();
  });

  it('keeps the time zone users.info gives (`tz`) beside the locale, from the same one answer', async () => {
    let calls = 0;
    const locales = createUserLocales({
      lookup: async (userId) => {
        calls += 1;
        return userId === 'U1' ? { locale: 'id-ID', tz: 'Asia/Jakarta' } : { locale: 'en-US' };
      },
      now: () => 0,
    });
    expect(locales.zoneOf('U1')).toBeUndefined();
    expect(await locales.of('U1')).toBe('id-ID');
    expect(locales.zoneOf('U1')).toBe('Asia/Jakarta');
    expect(await locales.of('U2')).toBe('en-US');
    expect(locales.zoneOf('U2')).toBeUndefined();
    expect(calls).toBe(2);
  });
});
