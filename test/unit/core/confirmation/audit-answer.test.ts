// A confirmation re-armed by a store restarted from an old snapshot (its `used` state lost) is
// recognised from the audit trail: the sweeper leaves its card alone and a second click calls nothing.
import { describe, expect, it } from 'vitest';
import { createExpirySweep } from '../../../../src/core/confirmation/expiry.js';
import { NO_METRICS } from '../../../../src/core/metrics-port.js';
import { createLogger } from '../../../../src/logger.js';
import { renderText } from '../../../../src/render/text.js';
import { actors, makeBot, POLICY, recordingResponder } from '../../../support/core-fakes.js';

/** A bot whose stop was confirmed and run, then re-armed in its store as if nothing happened. */
async function reArmed() {
  let t = Date.parse('2024-01-25T03:12:00Z');
  const clock = { now: () => new Date(t), set: (ms: number) => (t = ms) };
  const bot = await makeBot({ policy: POLICY, now: clock.now });
  const { token } = await bot.run('instance stop prod-web');
  t += 2_000;
  await bot.act(token!, actors.alice);
  expect(bot.fake.count('instance.stop')).toBe(1);
  const used = (await bot.bot.store.pending.get(token!))!;
  const { usedAt: _at, usedBy: _by, resolution: _r, takeId: _id, ...rest } = used;
  await bot.bot.store.pending.put({ ...rest, status: 'pending' });
  return { ...bot, token: token!, expiresAt: used.expiresAt, clock };
}

describe('a confirmation re-armed in the store after its call was audited', () => {
  it('is not rewritten to "Expired" by the sweeper', async () => {
    const { bot, token, expiresAt, clock } = await reArmed();
    clock.set(expiresAt + 60_000);
    const responder = recordingResponder();
    const sweep = createExpirySweep(
      {
        store: bot.store,
        audit: bot.audit,
        now: clock.now,
        logger: createLogger({ level: 'silent' }),
        metrics: NO_METRICS,
      },
      { owner: 'sweeper-test', responderFor: () => responder },
    );
    await sweep();
    expect(responder.updates).toHaveLength(0);
    expect((await bot.store.pending.get(token))?.status).toBe('used');
  });

  it('refuses a second click as already confirmed and calls nothing', async () => {
    const { act, fake, token } = await reArmed();
    const again = await act(token, actors.alice);
    expect(renderText(again.reply!)).toContain('Already confirmed by @alice');
    expect(fake.count('instance.stop')).toBe(1);
  });
});
