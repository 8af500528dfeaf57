// A scheduled restart silences its watched server (issue 40), through the real runner, schedule
// runner, watch module and simulator in one process: the run's card says so, `silences` lists the
// schedule's silence with its reason, the story tells it, and the server's failure while it restarts
// is recorded, not posted.
import { expect, it } from 'vitest';
import { renderText } from '../../src/render/text.js';
import { pendingCard } from '../../src/render/buttons.js';
import type { Message } from '../../src/render/message.js';
import type { Responder } from '../../src/core/index.js';
import { scheduleBook } from '../../src/core/schedule/schedule-book.js';
import { waitFor } from '../support/wait-for.js';
import { CHANNEL, OPS, WEB2, watchRig } from '../support/watch-rig.js';

type Rig = Awaited<ReturnType<typeof watchRig>>;

/** Watches web-2, starts the schedule runner, schedules its restart an hour ahead and brings it to its time. */
async function scheduleRestartNow(r: Rig): Promise<void> {
  expect(await r.say(`watch ${WEB2}`)).toMatch(/Watching web-2/);
  await r.watching.start([r.log.poster('r1')]);
  await r.polledOk(1);
  r.bot.startSchedules([r.log.poster('r1')], 50);
  await waitFor(() => r.store.leases.holder('schedules:runner'), 'the runner lease');
  const said: Message[] = [];
  const responder: Responder = {
    reply: async (message) => {
      said.push(message);
      return { platform: 'slack', channelId: CHANNEL, id: `s${said.length}` };
    },
    update: async (_ref, message) => void said.push(message),
  };
  const text = 'schedule in 1h instance restart web-2';
  await r.bot.dispatcher.dispatch(
    { id: 'q1', platform: 'slack', actor: OPS, channelId: CHANNEL, input: { kind: 'text', text } },
    responder,
  );
  const token = pendingCard(said.at(-1))?.token;
  expect(token).toBeDefined();
  await r.bot.dispatcher.act(
    { id: 'q2', platform: 'slack', actor: OPS, channelId: CHANNEL, token: token!, action: 'confirm' },
    responder,
  );
  const id = /Id ([0-9a-f]{8})/.exec(said.map((m) => renderText(m)).join('\n'))?.[1];
  expect(id).toBeDefined();
  const book = scheduleBook(r.store);
  const schedule = await book.get(id!);
  await book.put(id!, { ...schedule!, runAt: Date.now() });
}

it('silences a watched server from its scheduled restart on, and says so on the run’s card, in silences and in the story', async () => {
  const r = await watchRig();
  try {
    await scheduleRestartNow(r);
    const card = await waitFor(
      () => r.log.entries.map((e) => renderText(e.message)).find((t) => t.includes('🔕')),
      'the run’s card with its silence',
      10_000,
    );
    expect(card).toContain('⏰ Scheduled by @oscar');
    expect(card).toContain('web-2’s alerts are silenced until it is Running again, then 5 min more');
    const listed = await r.say('silences');
    expect(listed).toMatch(/web-2/);
    expect(listed).toContain('scheduled instance restart by @oscar');
    expect(await r.say('timeline')).toContain('scheduled instance restart by @oscar');
    // Its failure while silenced is recorded (watches) but never posted.
    r.sim.state.setStatus(WEB2, 'Error');
    await waitFor(async () => /web-2[^\n]*ALERT/.test(await r.say('watches')), 'the recorded incident');
    expect(r.log.posts(/web-2: needs attention/)).toEqual([]);
  } finally {
    await r.close();
  }
});

it('ends the silence at once when the scheduled restart is refused, so nothing stays silenced', async () => {
  const r = await watchRig();
  try {
    r.sim.faults.inject({ endpoint: 'instance.restart', kind: 'status', status: 409, times: 1 });
    await scheduleRestartNow(r);
    await waitFor(
      () => r.log.entries.some((e) => renderText(e.message).includes('⏰ Scheduled by @oscar')),
      'the run’s card',
      10_000,
    );
    await waitFor(async () => /Nothing is silenced/.test(await r.say('silences')), 'no silence left');
    expect(r.log.entries.map((e) => renderText(e.message)).join('\n')).not.toContain('🔕');
  } finally {
    await r.close();
  }
});
