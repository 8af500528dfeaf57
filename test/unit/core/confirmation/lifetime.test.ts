// How long a pending confirmation lives: it expires (on a click or on its own), honours the
// configured time to live, and survives a restart of the bot over the same data dir.
import { describe, expect, it, vi } from 'vitest';
import { renderText } from '../../../../src/render/text.js';
import { actors, makeBot, POLICY } from '../../../support/core-fakes.js';

function clock(start = Date.parse('2024-01-25T03:12:00Z')) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

describe('confirmation lifetime', () => {
  it('expires: the card says nothing was done and the API is untouched', async () => {
    const time = clock();
    const { run, act, fake } = await makeBot({ policy: POLICY, now: time.now });
    const { token } = await run('instance stop prod-web');
    time.advance(121_000);
    const late = await act(token!);
    expect(late.reply?.title).toBe('Expired');
    expect(renderText(late.update!)).toContain('Expired — nothing was done.');
    expect(fake.count('instance.stop')).toBe(0);
  });

  it('edits an unanswered card to expired on its own', async () => {
    const time = clock();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { run, fake } = await makeBot({
        policy: POLICY,
        now: time.now,
        env: { VPSOPS_CONFIRM_TTL_SECONDS: '5' },
      });
      const { responder } = await run('instance stop prod-web');
      time.advance(6_000);
      vi.advanceTimersByTime(6_000);
      vi.useRealTimers();
      await vi.waitFor(() => expect(responder.updates).toHaveLength(1));
      expect(renderText(responder.updates[0]!.message)).toContain('Expired — nothing was done.');
      expect(responder.updates[0]!.ref).toEqual(responder.replies[0]!.ref);
      expect(fake.count('instance.stop')).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('honours a configured time to live', async () => {
    const time = clock();
    const { run, act, fake } = await makeBot({
      policy: POLICY,
      now: time.now,
      env: { VPSOPS_CONFIRM_TTL_SECONDS: '5' },
    });
    const { token } = await run('instance stop prod-web');
    time.advance(4_000);
    await act(token!);
    expect(fake.count('instance.stop')).toBe(1);
  });

  it('survives a restart: a pending confirmation can be confirmed by a new bot over the same data dir', async () => {
    const first = await makeBot({ policy: POLICY });
    const { token } = await first.run('instance stop prod-web');
    await first.bot.close();
    const { createCoreWithState: createBot } = await import('../../../support/core-with-state.js');
    const second = await createBot(first.config, {
      api: first.fake.api,
      commands: (await import('../../../support/core-fakes.js')).fakeCommands(),
    });
    const { recordingResponder } = await import('../../../support/core-fakes.js');
    const responder = recordingResponder();
    await second.dispatcher.act(
      { id: 'a', platform: 'slack', actor: actors.alice, channelId: 'C1', token: token!, action: 'confirm' },
      responder,
    );
    expect(first.fake.count('instance.stop')).toBe(1);
    expect(responder.updates[0]?.ref.id).toBe('m1');
    await second.close();
  });
});
