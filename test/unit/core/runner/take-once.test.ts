// Taking a confirmation exactly once when the store's answer misleads: a take the store had already
// applied for this very click (Redis resends an unanswered command after a reconnect, and the resent
// one finds the token used) is still this click's, so the action runs once and says so.
import { describe, expect, it } from 'vitest';
import { renderText } from '../../../../src/render/text.js';
import { actors, makeBot, POLICY } from '../../../support/core-fakes.js';

describe('a click whose take the store applied and then answered "already used"', () => {
  it('runs the action once and answers it, instead of "already confirmed" with nothing done', async () => {
    const bot = await makeBot({ policy: POLICY });
    const { token } = await bot.run('instance stop prod-web');
    const pending = bot.bot.store.pending;
    const take = pending.take.bind(pending);
    let resent = false;
    pending.take = async (...args: Parameters<typeof take>) => {
      const applied = await take(...args);
      if (resent) return applied;
      resent = true;
      // The first answer was lost; the resent command sees the token used (by this click).
      expect(applied).not.toBeNull();
      return take(...args);
    };
    const answer = await bot.act(token!, actors.alice);
    expect(bot.fake.count('instance.stop')).toBe(1);
    const text = [answer.update, answer.reply]
      .filter((m) => m !== undefined)
      .map((m) => renderText(m!))
      .join('\n');
    expect(text).toMatch(/Stop requested/);
    expect(text).not.toMatch(/Already confirmed/);
    const again = await bot.act(token!, actors.alice);
    expect(renderText(again.reply!)).toContain('Already confirmed by @alice');
    expect(bot.fake.count('instance.stop')).toBe(1);
  });

  it('still refuses a click when someone else’s take used the token', async () => {
    const bot = await makeBot({ policy: POLICY });
    const { token } = await bot.run('instance stop prod-web');
    await bot.act(token!, actors.alice);
    const late = await bot.act(token!, actors.alice);
    expect(renderText(late.reply!)).toContain('Already confirmed by @alice');
    expect(bot.fake.count('instance.stop')).toBe(1);
  });
});
