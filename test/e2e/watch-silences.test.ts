// Silences (issue 24) through the real runner, watch module and simulator: `silence`, `silences`,
// `unsilence`; a silenced server's incident is recorded (and shown in `watches`) but not posted;
// bad input and viewers are refused with nothing changed; a silence ends by itself with one notice.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allCommands } from '../../commands/index.js';
import { createHostingApi } from '../../src/api/index.js';
import { loadConfig } from '../../src/config.js';
import type { Actor } from '../../src/core/ports.js';
import { silentLogger } from '../../src/logger.js';
import { renderText } from '../../src/render/text.js';
import type { Message } from '../../src/render/message.js';
import { startSimulator } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { createMemoryStore } from '../../src/store/memory/table-store.js';
import { createWatching } from '../../src/watch/index.js';
import { createBotWithState } from '../support/bot-with-state.js';
import { stopAll } from '../support/cleanup.js';
import { eventually } from '../support/fake-slack.js';
import { postLog } from '../support/recording-poster.js';

const OPS: Actor = { platform: 'slack', userId: 'U0OSCAR', displayName: 'oscar' };
const VIEWER: Actor = { platform: 'slack', userId: 'U0VERA', displayName: 'vera' };
const CHANNEL = 'C0ONCALL';
const { web2: WEB2, cache1: CACHE1 } = SEED_IDS.instances;

/** The bot with watches over the simulator, on a clock the test can move forward. */
async function rig() {
  const sim = await startSimulator();
  const dir = await mkdtemp(join(tmpdir(), 'vpsops-silences-'));
  await writeFile(join(dir, 'policy.yaml'), `roles:\n  operator: [slack:${OPS.userId}]\n  viewer: ["*"]\n`);
  const api = createHostingApi({ baseUrl: sim.url, apiKey: sim.apiKey, retries: 0, timeoutMs: 2_000 });
  const store = createMemoryStore();
  const clock = { skew: 0 };
  const watching = createWatching({
    api,
    store,
    intervalMs: 40,
    owner: 'r1',
    now: () => Date.now() + clock.skew,
  });
  const config = loadConfig({ VPSOPS_POLICY: join(dir, 'policy.yaml'), VPSOPS_DATA_DIR: join(dir, 'data') });
  const bot = await createBotWithState(config, {
    api,
    store,
    commands: allCommands,
    watches: watching.service,
    buttons: watching.buttons,
    logger: silentLogger(),
  });
  const log = postLog('slack');
  let seq = 0;
  const say = async (text: string, actor: Actor = OPS): Promise<string> => {
    const said: Message[] = [];
    const keep = async (message: Message) => {
      said.push(message);
      return { platform: 'slack' as const, channelId: CHANNEL, id: `m${(seq += 1)}` };
    };
    await bot.dispatcher.dispatch(
      { id: `i${(seq += 1)}`, platform: 'slack', actor, channelId: CHANNEL, input: { kind: 'text', text } },
      {
        reply: keep,
        update: async (_ref, m) => void said.push(m),
        announce: async (m) => void (await keep(m)),
      },
    );
    return said.map((m) => renderText(m)).join('\n');
  };
  /** Waits until `watches` shows every watch polled and healthy. */
  const polledOk = async (count: number) => {
    for (let i = 0; ; i += 1) {
      const list = await say('watches');
      if ((list.match(/OK \(Running\)/g) ?? []).length >= count) return;
      if (i > 400) throw new Error(`not every watch was polled: ${list}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const close = () =>
    stopAll(
      () => watching.stop(),
      () => bot.close(),
      () => sim.close(),
      () => rm(dir, { recursive: true, force: true }),
    );
  return { sim, store, watching, log, say, polledOk, clock, close };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` resolves true. */
async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(25);
  }
}

describe('silences', { timeout: 60_000 }, () => {
  it('refuses an unknown server, an unknown location, a bad or too long duration and a viewer, changing nothing', async () => {
    const r = await rig();
    try {
      expect(await r.say(`watch ${WEB2}`)).toMatch(/Watching web-2/);
      await r.watching.start([r.log.poster('r1')]);
      await r.polledOk(1);
      expect(await r.say('silence web-9 2h')).toContain('web-9 is not a watched server — nothing changed.');
      expect(await r.say('silence location Atlantis 2h')).toContain(
        'No watched server is in location "Atlantis" — nothing changed.',
      );
      expect(await r.say('silence web-2 8d')).toContain('A silence lasts at most 7 days; 8d is longer.');
      expect(await r.say('silence web-2 soon')).toContain('"soon" is not a duration');
      const denied = await r.say('silence web-2 2h', VIEWER);
      expect(denied).not.toMatch(/Silenced/);
      expect(denied).toMatch(/operator|not allowed|permission/i);
      expect(await r.say('silences')).toMatch(/Nothing is silenced/);
      expect(await r.say('unsilence web-2')).toContain('web-2 is not silenced — nothing changed.');
    } finally {
      await r.close();
    }
  });

  it("records a silenced server's incident without posting it, shows the banner, and still alerts for others", async () => {
    const r = await rig();
    try {
      expect(await r.say(`watch ${WEB2}`)).toMatch(/Watching web-2/);
      expect(await r.say(`watch ${CACHE1}`)).toMatch(/Watching cache-1/);
      await r.watching.start([r.log.poster('r1')]);
      await r.polledOk(2);
      const set = await r.say('silence web-2 2h kernel upgrade');
      expect(set).toMatch(/Silenced web-2/);
      expect(set).toContain('Reason: kernel upgrade');
      const listed = await r.say('silences');
      expect(listed).toMatch(/web-2/);
      expect(listed).toMatch(/@oscar/);
      expect(listed).toMatch(/kernel upgrade/);
      r.sim.state.setStatus(WEB2, 'Error');
      r.sim.state.setStatus(CACHE1, 'Error');
      await eventually(() => r.log.posts(/cache-1: needs attention/)[0], 5_000, 'the cache-1 alert');
      await waitFor(
        async () =>
          /web-2[^\n]*ALERT: [^\n]*silenced until [^\n]*@oscar \(kernel upgrade\)/.test(
            await r.say('watches'),
          ),
        'the recorded web-2 incident with its banner',
      );
      await pause(300);
      expect(r.log.entries.filter((e) => /web-2/.test(renderText(e.message)))).toEqual([]);
      // Recovery of an incident never posted says nothing either.
      r.sim.state.setStatus(WEB2, 'Running');
      await waitFor(async () => /web-2[^\n]*OK \(Running\)/.test(await r.say('watches')), 'web-2 recovered');
      await pause(200);
      expect(r.log.entries.filter((e) => /web-2/.test(renderText(e.message)))).toEqual([]);
    } finally {
      await r.close();
    }
  });

  it('silences a whole location, and `unsilence` lets its alerts through again', async () => {
    const r = await rig();
    try {
      expect(await r.say(`watch ${WEB2}`)).toMatch(/Watching web-2/);
      expect(await r.say(`watch ${CACHE1}`)).toMatch(/Watching cache-1/);
      await r.watching.start([r.log.poster('r1')]);
      await r.polledOk(2);
      expect(await r.say('silence location jakarta 1d planned move')).toMatch(/Silenced location Jakarta/);
      r.sim.state.setStatus(WEB2, 'Error');
      r.sim.state.setStatus(CACHE1, 'Error');
      await eventually(() => r.log.posts(/cache-1: needs attention/)[0], 5_000, 'the cache-1 alert');
      await pause(300);
      expect(r.log.posts(/web-2/)).toEqual([]);
      expect(await r.say('unsilence location Jakarta')).toMatch(/Silence of location Jakarta ended/);
      expect(await r.say('silences')).toMatch(/Nothing is silenced/);
      r.sim.state.setStatus(WEB2, 'Stopped');
      await eventually(
        () => r.log.posts(/web-2: needs attention/)[0],
        5_000,
        'the web-2 alert after unsilence',
      );
    } finally {
      await r.close();
    }
  });

  it('ends a silence by itself with one short notice in the channel it was set from', async () => {
    const r = await rig();
    try {
      expect(await r.say(`watch ${WEB2}`)).toMatch(/Watching web-2/);
      expect(await r.say(`watch ${CACHE1}`)).toMatch(/Watching cache-1/);
      await r.watching.start([r.log.poster('r1')]);
      await r.polledOk(2);
      expect(await r.say('silence all 45m')).toMatch(/Silenced all watched servers/);
      r.clock.skew = 46 * 60_000;
      const notice = await eventually(
        () => r.log.posts(/Silence of all watched servers ended/)[0],
        5_000,
        'the notice',
      );
      expect(notice.channelId).toBe(CHANNEL);
      await pause(400);
      expect(r.log.posts(/Silence of all watched servers ended/)).toHaveLength(1);
    } finally {
      await r.close();
    }
  });
});
