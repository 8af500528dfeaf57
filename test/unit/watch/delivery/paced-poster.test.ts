// The paced channel poster (issue 24): posts on one budget per channel shared by replicas through
// the store, edits of a card coalesced (latest wins, unchanged ones dropped), Retry-After honoured,
// a long delay said once in the channel, every send counted. A fake clock the test moves forward.
import { describe, expect, it } from 'vitest';
import type { MessageRef } from '../../../../src/core/index.js';
import { message, text } from '../../../../src/render/builders.js';
import type { Message } from '../../../../src/render/message.js';
import { renderText } from '../../../../src/render/text.js';
import { createMemoryStore } from '../../../../src/store/memory/table-store.js';
import { pacedPoster } from '../../../../src/watch/delivery/paced-poster.js';
import type { OutboundOutcome } from '../../../../src/watch/delivery/channel-queue.js';
import type { ChannelPoster } from '../../../../src/core/index.js';

const T0 = 1_700_000_000_000;
const say = (line: string): Message => message(undefined, [text(line)]);

/** A clock that moves only when the test says; sleepers wake as it passes their time. */
function fakeClock() {
  let now = T0;
  const sleepers: { at: number; wake: () => void }[] = [];
  const flush = async () => {
    for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
  };
  return {
    now: () => now,
    sleep: (ms: number) => new Promise<void>((wake) => sleepers.push({ at: now + ms, wake })),
    /** Moves time forward in 100 ms steps until `done` or `limitMs`. */
    async run(done: () => boolean, limitMs = 120_000) {
      for (let spent = 0; spent <= limitMs; spent += 100) {
        await flush();
        if (done()) return;
        now += 100;
        for (const s of sleepers.splice(0).filter((x) => (x.at <= now ? (x.wake(), false) : true)))
          sleepers.push(s);
      }
      throw new Error('the pacer did not finish in time');
    },
  };
}

/** A platform that records the fake time of each post and edit; `refuse` makes the next calls fail. */
function platform(clock: { now: () => number }) {
  const sent: { method: 'post' | 'update'; at: number; text: string; id: string }[] = [];
  const refusals: unknown[] = [];
  let seq = 0;
  const poster: ChannelPoster = {
    platform: 'slack',
    async post(channelId, msg) {
      const refusal = refusals.shift();
      if (refusal) throw refusal;
      const ref: MessageRef = { platform: 'slack', channelId, id: `m${(seq += 1)}` };
      sent.push({ method: 'post', at: clock.now(), text: renderText(msg), id: ref.id });
      return ref;
    },
    async update(ref, msg) {
      sent.push({ method: 'update', at: clock.now(), text: renderText(msg), id: ref.id });
    },
    failureReason: (error) =>
      (error as { data?: { error?: string } }).data?.error === 'ratelimited' ? 'rate_limited' : 'other',
    retryAfterMs: (error) => (error as { retryAfter?: number }).retryAfter! * 1000,
  };
  return { poster, sent, refusals };
}

function counter() {
  const counts: string[] = [];
  return {
    counts,
    count: (_platform: string, method: string, outcome: OutboundOutcome) =>
      void counts.push(`${method} ${outcome}`),
  };
}

describe('paced poster', () => {
  it('lets a burst of 3 posts out at once, then about one per second, on one budget shared by two replicas', async () => {
    const clock = fakeClock();
    const store = createMemoryStore();
    const p = platform(clock);
    const replicas = [1, 2].map(() => pacedPoster(p.poster, { store, now: clock.now, sleep: clock.sleep }));
    const posts = [...Array(8).keys()].map((i) => replicas[i % 2]!.post('C1', say(`alert ${i}`)));
    let settled = 0;
    for (const post of posts) void post.then(() => (settled += 1));
    await clock.run(() => settled === posts.length);
    const times = p.sent.map((s) => s.at - T0).sort((a, b) => a - b);
    expect(times.slice(0, 3)).toEqual([0, 0, 0]);
    // The token bucket's promise: any run of posts fits in the burst plus one per second elapsed.
    for (let i = 0; i < times.length; i += 1)
      for (let j = i; j < times.length; j += 1)
        expect(j - i + 1).toBeLessThanOrEqual(3 + Math.floor((times[j]! - times[i]!) / 1000));
    expect(new Set(p.sent.map((s) => s.text)).size).toBe(8);
  });

  it('coalesces edits of one card (latest wins, one per 5 s) and drops one that changes only a duration', async () => {
    const clock = fakeClock();
    const store = createMemoryStore();
    const p = platform(clock);
    const c = counter();
    const paced = pacedPoster(p.poster, { store, now: clock.now, sleep: clock.sleep, count: c.count });
    let ref: MessageRef | undefined;
    void paced.post('C1', say('web-1 failing, open for 1 s')).then((r) => (ref = r));
    await clock.run(() => ref !== undefined);
    const edits = [...Array(10).keys()].map((i) => paced.update(ref!, say(`${i + 1} servers failing`)));
    let settled = 0;
    for (const edit of edits) void edit.then(() => (settled += 1));
    await clock.run(() => settled === edits.length);
    expect(p.sent.filter((s) => s.method === 'update').map((u) => u.text)).toEqual(['10 servers failing']);
    expect(c.counts.filter((x) => x === 'update coalesced')).toHaveLength(9);

    const edit = async (line: string) => {
      let done = false;
      void paced.update(ref!, say(line)).then(() => (done = true));
      await clock.run(() => done);
    };
    await edit('11 servers failing, open for 2 min');
    await edit('11 servers failing, open for 3 min');
    const updates = p.sent.filter((s) => s.method === 'update');
    expect(updates.map((u) => u.text)).toEqual(['10 servers failing', '11 servers failing, open for 2 min']);
    expect(updates[1]!.at - updates[0]!.at).toBeGreaterThanOrEqual(5000);
    expect(c.counts).toContain('update unchanged');
  });

  const DELAYED = {
    en: '⏳ Alerts in this channel are delayed: the platform is limiting how fast the bot may post. They follow in order.',
    id: '⏳ Peringatan di kanal ini tertunda: platform membatasi seberapa cepat bot boleh memposting. Semuanya menyusul berurutan.',
  } as const;

  it.each(['en', 'id'] as const)(
    "honours a 429's Retry-After for the channel and says once, in the channel's language (%s), that alerts are delayed",
    async (locale) => {
      const clock = fakeClock();
      const store = createMemoryStore();
      const p = platform(clock);
      const c = counter();
      const localeOf = async (channelId: string) => (channelId === 'C1' ? locale : 'en');
      const paced = pacedPoster(p.poster, {
        store,
        now: clock.now,
        sleep: clock.sleep,
        count: c.count,
        localeOf,
      });
      p.refusals.push(
        Object.assign(new Error('ratelimited'), { data: { error: 'ratelimited' }, retryAfter: 40 }),
      );
      let refused: unknown;
      await paced.post('C1', say('first alert')).catch((error: unknown) => (refused = error));
      await clock.run(() => refused !== undefined);
      expect(c.counts).toContain('post rate_limited');
      const later = [paced.post('C1', say('second alert')), paced.post('C1', say('third alert'))];
      let settled = 0;
      for (const post of later) void post.then(() => (settled += 1));
      await clock.run(() => settled === later.length);
      const posts = p.sent.filter((s) => s.method === 'post');
      expect(posts.every((s) => s.at - T0 >= 40_000)).toBe(true);
      expect(posts.map((s) => s.text)).toEqual([DELAYED[locale], 'second alert', 'third alert']);
    },
  );

  it("hands each message on in the channel's language, so the renderer's own words match it", async () => {
    const clock = fakeClock();
    const p = platform(clock);
    const paced = pacedPoster(p.poster, {
      store: createMemoryStore(),
      now: clock.now,
      sleep: clock.sleep,
      localeOf: async (channelId) => (channelId === 'C1' ? 'id' : 'en'),
    });
    const chart: Message = {
      blocks: [],
      attachments: [{ filename: 'cpu.png', contentType: 'image/png', data: new Uint8Array(), alt: 'CPU' }],
    };
    let done = 0;
    for (const post of [
      paced.post('C1', chart),
      paced.post('C2', chart),
      paced.post('C1', { ...chart, locale: 'en' }),
    ])
      void post.then(() => (done += 1));
    await clock.run(() => done === 3);
    expect(p.sent.map((s) => s.text)).toEqual([
      '[gambar: CPU] (cpu.png)',
      '[image: CPU] (cpu.png)',
      '[image: CPU] (cpu.png)',
    ]);
  });

  it('sends reminders after the alerts waiting for the same channel, whatever their order', async () => {
    const clock = fakeClock();
    const store = createMemoryStore();
    const p = platform(clock);
    const paced = pacedPoster(p.poster, { store, now: clock.now, sleep: clock.sleep });
    // The burst of 3 is spent first, so the rest queue and go out by priority.
    const queued = [
      ...[0, 1, 2].map((i) => paced.post('C1', say(`first ${i}`))),
      paced.remind('C1', say('reminder')),
      paced.post('C1', say('alert A')),
      paced.post('C1', say('alert B')),
    ];
    let settled = 0;
    for (const q of queued) void q.then(() => (settled += 1));
    await clock.run(() => settled === queued.length);
    expect(p.sent.map((s) => s.text).slice(3)).toEqual(['alert A', 'alert B', 'reminder']);
  });
});
