// `status` during a storm (issue 38, item 5): without a bound instance it no longer answers only "No
// instance bound" but shows, on one card, the channel's open storms and alerts, the running
// silences and the confirmations still waiting — only to the asker unless --public.
import { describe, expect, it } from 'vitest';
import { renderText } from '../../src/render/text.js';
import type { Message } from '../../src/render/message.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { openRedisStore } from '../../src/store/redis/redis-store.js';
import { startRedisServer } from '../support/redis-server.js';
import { waitFor } from '../support/wait-for.js';
import { CACHE1, CHANNEL, OPS, WEB2, watchRig } from '../support/watch-rig.js';

const DB1 = SEED_IDS.instances.db1;

type Rig = Awaited<ReturnType<typeof watchRig>>;

/** Runs `text` and returns the replies with the visibility each was sent with. */
async function ask(r: Rig, text: string, channelId = CHANNEL) {
  const said: { message: Message; visibility: string }[] = [];
  await r.bot.dispatcher.dispatch(
    { id: `s-${channelId}-${text}`, platform: 'slack', actor: OPS, channelId, input: { kind: 'text', text } },
    {
      reply: async (message, options) => {
        said.push({ message, visibility: options?.visibility ?? message.visibility ?? 'channel' });
        return { platform: 'slack' as const, channelId, id: `m${said.length}` };
      },
      update: async () => undefined,
      announce: async () => undefined,
    },
  );
  return said;
}

describe('status without a bound instance', () => {
  it('shows the open storm, silences and waiting confirmations, privately unless --public', async () => {
    const r = await watchRig();
    try {
      for (const id of [WEB2, CACHE1, DB1]) expect(await r.say(`watch ${id}`)).toMatch(/Watching/);
      await r.watching.start([r.log.poster('r1')]);
      await r.polledOk(3);
      const quiet = await ask(r, 'status');
      expect(quiet[0]!.message.title).toBe('No instance bound');
      expect(renderText(quiet[0]!.message)).toMatch(/Open incidents\s+none/);

      r.sim.state.setStatus(WEB2, 'Error');
      r.sim.state.setStatus(CACHE1, 'Error');
      await waitFor(
        () => r.log.entries.find((e) => /2 servers need attention/.test(e.message.title ?? '')),
        'the storm card',
        10_000,
      );
      expect(await r.say(`instance stop ${DB1}`)).toMatch(/Stop db-1\?/);
      expect(await r.say('silence db-1 1h maintenance')).toMatch(/Silenced/);

      const [answer] = await ask(r, 'status');
      expect(answer!.visibility).toBe('ephemeral');
      const card = renderText(answer!.message);
      expect(answer!.message.title).toBe('This channel now — no instance bound');
      expect(card).toMatch(/Open incidents\s+2 servers need attention — status Error/);
      expect(card).toMatch(/Silences\s+db-1 until \d\d:\d\d:\d\d UTC, by @oscar/);
      expect(card).toMatch(
        /Waiting for confirmation\s+instance stop db-1 — asked by @oscar, until \d\d:\d\d:\d\d UTC/,
      );
      expect(card).not.toMatch(/needs attention \(since/);

      const [shared] = await ask(r, 'status --public');
      expect(shared!.visibility).toBe('channel');
      expect(renderText(shared!.message)).toMatch(/2 servers need attention/);
    } finally {
      await r.close();
    }
  });

  it('shows only the silences set in this channel (one set in a private channel is not shared)', async () => {
    const r = await watchRig();
    try {
      for (const id of [WEB2, DB1]) expect(await r.say(`watch ${id}`)).toMatch(/Watching/);
      const [elsewhere] = await ask(r, 'silence web-2 1h private maintenance', 'C0PRIVATE');
      expect(renderText(elsewhere!.message)).toMatch(/Silenced/);
      expect(await r.say('silence db-1 1h maintenance')).toMatch(/Silenced/);

      const [shared] = await ask(r, 'status --public');
      const card = renderText(shared!.message);
      expect(card).toMatch(/Silences\s+db-1 until/);
      expect(card).not.toMatch(/web-2/);
    } finally {
      await r.close();
    }
  });

  it.each(['memory', 'redis'])(
    'shows the confirmations waiting here however many wait in other channels (%s store)',
    async (kind) => {
      const redis = kind === 'redis' ? await startRedisServer() : undefined;
      const store = redis ? await openRedisStore({ url: redis.url }) : undefined;
      const r = await watchRig(store ? { store } : {});
      try {
        expect(await r.say(`instance stop ${DB1}`)).toMatch(/Stop db-1\?/);
        // 1,001 others, in another channel, all expiring before this channel's one (so listed first).
        const [own] = await r.store.pending.due(Number.MAX_SAFE_INTEGER, 1);
        for (let i = 0; i < 1_001; i += 1)
          await r.store.pending.put({
            ...own!,
            token: `elsewhere-${i}`,
            channelId: 'C0ELSEWHERE',
            expiresAt: own!.expiresAt - 1_000,
          });

        const [answer] = await ask(r, 'status');
        expect(renderText(answer!.message)).toMatch(
          /Waiting for confirmation\s+instance stop db-1 — asked by @oscar/,
        );
      } finally {
        await r.close();
        await store?.close();
        await redis?.stop();
      }
    },
  );
});
