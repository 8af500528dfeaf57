// Pacing, driven by a simulated clock: posts within 1/s sustained with a small burst, card edits
// coalesced (latest wins, ≥ 5 s apart, none when nothing visible changed), priorities, Retry-After
// pauses, and one "alerts delayed" notice per delay episode.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PACING,
  enqueue,
  cardShown,
  forgetCard,
  newPacer,
  nextSend,
  pauseChannel,
  type ChannelPacer,
  type Outbound,
  type OutboundKind,
} from '../../../../src/watch/rules/pacing.js';

const T0 = Date.parse('2026-11-25T03:00:00Z');

interface Arrival {
  at: number;
  kind: OutboundKind;
  payload: string;
  cardKey?: string;
  contentKey?: string;
}

/** Runs the pacer like a channel's sender would: enqueue arrivals as they come, send when told, sleep until wakeAt. */
function simulate(
  arrivals: Arrival[],
  options: { start?: ChannelPacer<string>; pauses?: { at: number; ms: number }[] } = {},
) {
  let pacer = options.start ?? newPacer<string>(T0);
  const pending = [...arrivals].sort((a, b) => a.at - b.at);
  const pauses = [...(options.pauses ?? [])];
  const sent: { at: number; item: Outbound<string> }[] = [];
  const notices: number[] = [];
  let now = T0;
  for (let guard = 0; guard < 100_000; guard++) {
    while (pending.length > 0 && (pending[0] as Arrival).at <= now) {
      const a = pending.shift() as Arrival;
      const item: Outbound<string> = { kind: a.kind, payload: a.payload, queuedAt: a.at };
      if (a.cardKey !== undefined) item.cardKey = a.cardKey;
      if (a.contentKey !== undefined) item.contentKey = a.contentKey;
      pacer = enqueue(pacer, item);
    }
    while (pauses.length > 0 && (pauses[0] as { at: number }).at <= now) {
      pacer = pauseChannel(pacer, now, (pauses.shift() as { ms: number }).ms);
    }
    const step = nextSend(pacer, now);
    pacer = step.pacer;
    if (step.delayNotice) notices.push(now);
    if (step.send) {
      sent.push({ at: now, item: step.send });
      continue;
    }
    const next = Math.min(step.wakeAt ?? Infinity, pending[0]?.at ?? Infinity, pauses[0]?.at ?? Infinity);
    if (next === Infinity) break;
    now = Math.max(now + 1, next);
  }
  return { pacer, sent, notices };
}

const alerts = (n: number, at = T0): Arrival[] =>
  Array.from({ length: n }, (_, i) => ({ at, kind: 'alert' as const, payload: `alert-${i + 1}` }));

describe('posts', () => {
  it('sends a burst of 3 at once, then one per second', () => {
    const { sent } = simulate(alerts(8));
    expect(sent.map((s) => s.at - T0)).toEqual([0, 0, 0, 1000, 2000, 3000, 4000, 5000]);
    expect(sent.map((s) => s.item.payload)).toEqual(alerts(8).map((a) => a.payload));
  });

  it('never exceeds burst + rate × window posts in any window', () => {
    const arb = fc.array(
      fc.record({
        dt: fc.integer({ min: 0, max: 3000 }),
        kind: fc.constantFrom('reply', 'alert', 'reminder' as const),
      }),
      { maxLength: 80 },
    );
    fc.assert(
      fc.property(arb, fc.integer({ min: 1000, max: 10_000 }), (items, window) => {
        let at = T0;
        const arrivals = items.map((x, i) => ({ at: (at += x.dt), kind: x.kind, payload: `p${i}` }));
        const times = simulate(arrivals).sent.map((s) => s.at);
        expect(times).toHaveLength(arrivals.length);
        for (const start of times) {
          const inWindow = times.filter((t) => t >= start && t < start + window).length;
          expect(inWindow).toBeLessThanOrEqual(DEFAULT_PACING.burst + Math.ceil(window / 1000));
        }
      }),
    );
  });

  it('sends command replies before new alerts, alerts before edits, edits before reminders', () => {
    const start = cardShown(newPacer<string>(T0), 'card-1', 'v1', T0 - 60_000);
    const { sent } = simulate(
      [
        { at: T0, kind: 'reminder', payload: 'reminder' },
        { at: T0, kind: 'edit', payload: 'edit', cardKey: 'card-1', contentKey: 'v2' },
        { at: T0, kind: 'alert', payload: 'alert' },
        { at: T0, kind: 'reply', payload: 'reply' },
      ],
      { start },
    );
    expect(sent.map((s) => s.item.payload)).toEqual(['reply', 'alert', 'edit', 'reminder']);
  });

  it('lets a waiting edit through while posts wait for tokens', () => {
    const start = cardShown(newPacer<string>(T0), 'card-1', 'v1', T0 - 60_000);
    const { sent } = simulate(
      [...alerts(5), { at: T0, kind: 'edit', payload: 'edit', cardKey: 'card-1', contentKey: 'v2' }],
      {
        start,
      },
    );
    expect(sent.findIndex((s) => s.item.payload === 'edit')).toBe(3);
    expect(sent.find((s) => s.item.payload === 'edit')?.at).toBe(T0);
  });
});

describe('card edits', () => {
  it('coalesces a card edited every poll: latest wins, at most one edit per 5 s', () => {
    const polls: Arrival[] = Array.from({ length: 15 }, (_, i) => ({
      at: T0 + i * 2000,
      kind: 'edit' as const,
      payload: `v${i}`,
      cardKey: 'card-1',
      contentKey: `v${i}`,
    }));
    const start = cardShown(newPacer<string>(T0), 'card-1', 'posted', T0);
    const { sent } = simulate(polls, { start });
    const at = sent.map((s) => s.at);
    for (let i = 1; i < at.length; i++)
      expect((at[i] as number) - (at[i - 1] as number)).toBeGreaterThanOrEqual(5000);
    expect(sent.length).toBeLessThanOrEqual(7);
    expect(sent.at(-1)?.item.payload).toBe('v14');
  });

  it('skips an edit that shows what the card already shows', () => {
    const start = cardShown(newPacer<string>(T0), 'card-1', 'same', T0 - 60_000);
    const { sent } = simulate(
      [
        { at: T0, kind: 'edit', payload: 'a', cardKey: 'card-1', contentKey: 'same' },
        { at: T0 + 10_000, kind: 'edit', payload: 'b', cardKey: 'card-1', contentKey: 'changed' },
        { at: T0 + 20_000, kind: 'edit', payload: 'c', cardKey: 'card-1', contentKey: 'changed' },
      ],
      { start },
    );
    expect(sent.map((s) => s.item.payload)).toEqual(['b']);
  });

  it('drops a pending edit when the latest one brings the card back to what it shows', () => {
    let pacer = cardShown(newPacer<string>(T0), 'card-1', 'v1', T0);
    pacer = enqueue(pacer, {
      kind: 'edit',
      cardKey: 'card-1',
      contentKey: 'v2',
      queuedAt: T0 + 1000,
      payload: 'v2',
    });
    pacer = enqueue(pacer, {
      kind: 'edit',
      cardKey: 'card-1',
      contentKey: 'v1',
      queuedAt: T0 + 2000,
      payload: 'v1',
    });
    expect(pacer.queue).toEqual([]);
  });

  it('records the card a post creates, so its first edit waits 5 s and equal edits are skipped', () => {
    const { sent } = simulate([
      { at: T0, kind: 'alert', payload: 'post', cardKey: 'card-1', contentKey: 'v1' },
      { at: T0 + 1000, kind: 'edit', payload: 'same', cardKey: 'card-1', contentKey: 'v1' },
      { at: T0 + 1000, kind: 'edit', payload: 'new', cardKey: 'card-1', contentKey: 'v2' },
    ]);
    expect(sent.map((s) => [s.item.payload, s.at - T0])).toEqual([
      ['post', 0],
      ['new', 5000],
    ]);
  });

  it('forgets a card whose incident is over, with its pending edit', () => {
    let pacer = cardShown(newPacer<string>(T0), 'card-1', 'v1', T0);
    pacer = enqueue(pacer, {
      kind: 'edit',
      cardKey: 'card-1',
      contentKey: 'v2',
      queuedAt: T0,
      payload: 'v2',
    });
    pacer = forgetCard(pacer, 'card-1');
    expect(pacer.queue).toEqual([]);
    expect(pacer.cards).toEqual({});
  });
});

describe('rate limits', () => {
  it('sends nothing to a channel before its Retry-After, then resumes at the sustained rate without a burst', () => {
    const { sent } = simulate(alerts(4), { pauses: [{ at: T0, ms: 10_000 }] });
    expect(sent.map((s) => s.at - T0)).toEqual([10_000, 11_000, 12_000, 13_000]);
  });

  it('says once per delay episode that alerts are delayed past 30 s', () => {
    const { notices, sent } = simulate([...alerts(40), ...alerts(40, T0 + 120_000)]);
    expect(sent).toHaveLength(80);
    expect(notices.map((t) => t - T0)).toEqual([31_000, 151_000]);
  });

  it('gives no notice when alerts go out within 30 s', () => {
    expect(simulate(alerts(20)).notices).toEqual([]);
  });

  it('keeps its state as JSON: a pacer read back from the store decides the same', () => {
    let pacer = newPacer<string>(T0);
    for (const a of alerts(6)) pacer = enqueue(pacer, { kind: a.kind, payload: a.payload, queuedAt: a.at });
    pacer = pauseChannel(nextSend(pacer, T0).pacer, T0, 2000);
    const copy = JSON.parse(JSON.stringify(pacer)) as ChannelPacer<string>;
    for (const now of [T0 + 1000, T0 + 2000, T0 + 3500]) {
      const a = nextSend(pacer, now);
      const b = nextSend(copy, now);
      expect(b.send?.payload).toBe(a.send?.payload);
      expect(b.wakeAt).toBe(a.wakeAt);
    }
  });
});
