// Silences: durations people type (45m, 2h, 1d, 1h30m; at most 7 days, clear refusals), what a
// silence covers (an instance, a location, everything), when it ends, and JSON round trips.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeSilences,
  createSilence,
  describeScope,
  endedSilences,
  isSilenced,
  MAX_SILENCE_MS,
  parseSilence,
  parseSilenceDuration,
  silenceFor,
  type Silence,
  type SilenceScope,
} from '../../../../src/watch/rules/silences.js';
import { silenceBanner, silenceEndedNotice } from '../../../../src/watch/books/silence-book.js';
import { renderText } from '../../../../src/render/text.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-11-25T03:00:00Z');
const OSCAR = { platform: 'slack', userId: 'U1', displayName: 'oscar' };
const WEB1 = { uuid: '7995e990-c3bf-4e27-8ce2-89fd5783f9ea', location: 'Jakarta 1' };
const DB1 = { uuid: '0c1b2a39-0000-4e27-8ce2-89fd5783f9eb', location: 'Tallinn' };

const silence = (scope: SilenceScope, ms: number, now = T0, reason?: string): Silence =>
  createSilence({ scope, ms, by: OSCAR, now, ...(reason !== undefined ? { reason } : {}) });

describe('parseSilenceDuration', () => {
  it.each([
    ['45m', 45 * MIN],
    ['2h', 2 * HOUR],
    ['1d', DAY],
    ['1h30m', 90 * MIN],
    ['1d12h', 36 * HOUR],
    ['7d', 7 * DAY],
    ['2H', 2 * HOUR],
    ['90m', 90 * MIN],
  ])('reads %s', (text, ms) => {
    expect(parseSilenceDuration(text)).toEqual({ ok: true, ms });
  });

  it.each(['', 'soon', '2', 'h', '30m1h', '1w', '-2h', '1.5h', '2 h', '1h1h'])(
    'refuses %j as not a duration',
    (text) => {
      const out = parseSilenceDuration(text);
      expect(out.ok).toBe(false);
      expect(out.ok ? '' : out.error).toMatch(
        /is not a duration: use days, hours and minutes like 45m, 2h, 1d or 1h30m/,
      );
    },
  );

  it('refuses a zero duration', () => {
    expect(parseSilenceDuration('0m')).toEqual({
      ok: false,
      error: 'A silence must last at least a minute.',
    });
    expect(parseSilenceDuration('0d0h').ok).toBe(false);
  });

  it('refuses more than 7 days, even by a minute', () => {
    expect(parseSilenceDuration('7d1m')).toEqual({
      ok: false,
      error: 'A silence lasts at most 7 days; 7d1m is longer.',
    });
    expect(parseSilenceDuration('169h').ok).toBe(false);
  });

  it('reads every d/h/m combination as its sum, accepted exactly when 1 min ≤ it ≤ 7 days', () => {
    fc.assert(
      fc.property(fc.option(fc.nat(10)), fc.option(fc.nat(200)), fc.option(fc.nat(20_000)), (d, h, m) => {
        fc.pre(d !== null || h !== null || m !== null);
        const text = `${d !== null ? `${d}d` : ''}${h !== null ? `${h}h` : ''}${m !== null ? `${m}m` : ''}`;
        const ms = (d ?? 0) * DAY + (h ?? 0) * HOUR + (m ?? 0) * MIN;
        const out = parseSilenceDuration(text);
        expect(out.ok).toBe(ms > 0 && ms <= MAX_SILENCE_MS);
        if (out.ok) expect(out.ms).toBe(ms);
      }),
    );
  });

  it('never echoes a long input whole in its refusal', () => {
    const out = parseSilenceDuration(`x${'y'.repeat(500)}`);
    expect(out.ok ? '' : out.error.length).toBeLessThan(150);
  });
});

describe('silences', () => {
  it('silences an instance by uuid only', () => {
    const list = [silence({ type: 'instance', uuid: WEB1.uuid, label: 'web-1' }, HOUR)];
    expect(isSilenced(list, WEB1, T0 + MIN)).toBe(true);
    expect(isSilenced(list, DB1, T0 + MIN)).toBe(false);
  });

  it('silences every server of a location, whatever the case of its name', () => {
    const list = [silence({ type: 'location', location: 'jakarta 1' }, HOUR)];
    expect(isSilenced(list, WEB1, T0)).toBe(true);
    expect(isSilenced(list, DB1, T0)).toBe(false);
    expect(isSilenced(list, { uuid: 'x' }, T0)).toBe(false);
  });

  it('silences everything with all', () => {
    const list = [silence({ type: 'all' }, HOUR)];
    expect(isSilenced(list, WEB1, T0)).toBe(true);
    expect(isSilenced(list, { uuid: 'x' }, T0)).toBe(true);
  });

  it('ends by itself at `until`', () => {
    const list = [silence({ type: 'all' }, HOUR)];
    expect(isSilenced(list, WEB1, T0 + HOUR - 1)).toBe(true);
    expect(isSilenced(list, WEB1, T0 + HOUR)).toBe(false);
    expect(activeSilences(list, T0 + HOUR)).toEqual([]);
  });

  it('names the longest-lasting silence covering a server, for its banner', () => {
    const short = silence({ type: 'instance', uuid: WEB1.uuid, label: 'web-1' }, HOUR);
    const long = silence({ type: 'location', location: 'Jakarta 1' }, 2 * DAY);
    expect(silenceFor([long, short], WEB1, T0)).toBe(long);
    expect(silenceFor([long, short], WEB1, T0 + 3 * DAY)).toBeUndefined();
  });

  it('lists active silences soonest-ending first', () => {
    const a = silence({ type: 'all' }, 3 * HOUR);
    const b = silence({ type: 'location', location: 'Tallinn' }, HOUR);
    const gone = silence({ type: 'instance', uuid: WEB1.uuid, label: 'web-1' }, HOUR, T0 - 2 * HOUR);
    expect(activeSilences([a, gone, b], T0)).toEqual([b, a]);
  });

  it('reports each ended silence once across consecutive checks', () => {
    const list = [
      silence({ type: 'all' }, 10 * MIN),
      silence({ type: 'location', location: 'Tallinn' }, 20 * MIN),
      silence({ type: 'instance', uuid: WEB1.uuid, label: 'web-1' }, 2 * HOUR),
    ];
    const checks = [T0, T0 + 5 * MIN, T0 + 10 * MIN, T0 + 30 * MIN, T0 + HOUR];
    const reported = checks.slice(1).flatMap((now, i) => endedSilences(list, checks[i] as number, now));
    expect(reported.map((s) => s.key)).toEqual(['all', 'location:tallinn']);
  });

  it('keeps one silence per scope key and a tidy, bounded reason', () => {
    const s = silence(
      { type: 'location', location: ' Jakarta 1 ' },
      HOUR,
      T0,
      `  kernel\n upgrade ${'x'.repeat(300)}`,
    );
    expect(s.key).toBe('location:jakarta 1');
    expect(s.reason?.startsWith('kernel upgrade x')).toBe(true);
    expect(s.reason?.length).toBeLessThanOrEqual(200);
    expect(silence({ type: 'all' }, HOUR, T0, '   ').reason).toBeUndefined();
    expect(describeScope({ type: 'instance', uuid: WEB1.uuid, label: 'web-1' })).toBe('web-1');
    expect(describeScope({ type: 'location', location: 'Jakarta 1' })).toBe('location Jakarta 1');
    expect(describeScope({ type: 'all' })).toBe('all watched servers');
  });

  it('survives a JSON round trip, and refuses records that are not silences', () => {
    const s = silence({ type: 'instance', uuid: WEB1.uuid, label: 'web-1' }, HOUR, T0, 'reboot');
    expect(parseSilence(JSON.parse(JSON.stringify(s)))).toEqual(s);
    const plain = silence({ type: 'all' }, HOUR);
    expect(parseSilence(JSON.parse(JSON.stringify(plain)))).toEqual(plain);
    expect(parseSilence({ ...s, until: 'tomorrow' })).toBeNull();
    expect(parseSilence({ ...s, scope: { type: 'everything' } })).toBeNull();
    expect(parseSilence(null)).toBeNull();
  });

  it('reads in Indonesian: scopes, refusals, the banner of `watches` and the ended notice', () => {
    expect(describeScope({ type: 'location', location: 'Jakarta 1' }, 'id')).toBe('lokasi Jakarta 1');
    expect(describeScope({ type: 'all' }, 'id')).toBe('semua server yang dipantau');
    expect(parseSilenceDuration('soon', 'id')).toEqual({
      ok: false,
      error: '"soon" bukan durasi: pakai hari, jam dan menit seperti 45m, 2h, 1d atau 1h30m.',
    });
    expect(parseSilenceDuration('8d', 'id')).toEqual({
      ok: false,
      error: 'Penyenyapan paling lama 7 hari; 8d lebih lama.',
    });
    const s = silence({ type: 'location', location: 'Jakarta 1' }, HOUR, T0, 'kernel upgrade');
    expect(silenceBanner(s, 'id')).toBe('disenyapkan sampai 04:00 UTC oleh @oscar (kernel upgrade)');
    expect(silenceBanner(s)).toBe('silenced until 04:00 UTC by @oscar (kernel upgrade)');
    const ended = silenceEndedNotice(s, 'id');
    expect(ended.title).toBe('Penyenyapan lokasi Jakarta 1 berakhir');
    expect(renderText(ended)).toContain('Dipasang oleh @oscar · kernel upgrade');
    expect(silenceEndedNotice(s).title).toBe('Silence of location Jakarta 1 ended');
  });
});
