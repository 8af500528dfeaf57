// Commands per minute per person and per tenant, on an injected clock: the answer names the limit
// and when to retry; other people and other tenants are not held up; a store that cannot count
// lets commands through (reported).
import { describe, expect, it } from 'vitest';
import { createMemoryEphemeralState } from '../../../../src/adapter-kit/memory-ephemeral-state.js';
import type { EphemeralState } from '../../../../src/core/index.js';
import { rateLimitRefusal } from '../../../../src/core/runner/rate-limit.js';
import { renderText } from '../../../../src/render/text.js';
import { runInTenant } from '../../../../src/adapter-kit/tenant-context.js';
import { tenantScope } from '../../../../src/tenants/scope.js';
import { actors, makeBot, POLICY } from '../../../support/core-fakes.js';

const START = Date.UTC(2026, 10, 26, 12, 0, 0);

function rig(limits = { userPerMinute: 3, tenantPerMinute: 5 }) {
  let now = START;
  const counters = createMemoryEphemeralState({ now: () => now });
  const ask = (userId: string, tenant?: string, locale: 'en' | 'id' = 'en') =>
    rateLimitRefusal(counters, limits, { actor: { platform: 'slack', userId }, tenant }, now, locale);
  return { ask, advance: (ms: number) => (now += ms) };
}

describe('rate limits', () => {
  it('lets a person run the limit, then says to slow down and when to retry', async () => {
    const { ask, advance } = rig();
    advance(15_000);
    for (let i = 0; i < 3; i += 1) expect(await ask('U1')).toBeNull();
    const refused = await ask('U1');
    expect(refused?.id).toBe('rate-limited');
    expect(refused?.message).toBe('Slow down: you sent more than 3 commands this minute. Retry in 45 s.');
    expect(refused?.hint).toBe('Nothing was done; the command was not run.');
    // Someone else is not held up by U1.
    expect(await ask('U2')).toBeNull();
    // The next minute starts afresh.
    advance(45_000);
    expect(await ask('U1')).toBeNull();
  });

  it('counts a tenant across its people, and one tenant never holds up another', async () => {
    const { ask } = rig();
    for (const user of ['U1', 'U2', 'U3', 'U4', 'U5']) expect(await ask(user, 'slack:TA')).toBeNull();
    const refused = await ask('U6', 'slack:TA');
    expect(refused?.message).toMatch(/^Slow down: this workspace sent more than 5 commands this minute/);
    expect(await ask('U6', 'slack:TB')).toBeNull();
    // The same user id in another workspace is another person.
    for (let i = 0; i < 3; i += 1) expect(await ask('U9', 'slack:TB')).toBeNull();
    expect(await ask('U9', 'slack:TA')).not.toBeNull(); // TA is over its tenant limit
    expect(await ask('U9', 'slack:TC')).toBeNull();
  });

  it('answers in Indonesian', async () => {
    const { ask } = rig({ userPerMinute: 1, tenantPerMinute: 0 });
    await ask('U1', undefined, 'id');
    expect((await ask('U1', undefined, 'id'))?.message).toBe(
      'Pelan-pelan: Anda mengirim lebih dari 1 perintah menit ini. Coba lagi dalam 60 detik.',
    );
  });

  it('is off at 0', async () => {
    const { ask } = rig({ userPerMinute: 0, tenantPerMinute: 0 });
    for (let i = 0; i < 50; i += 1) expect(await ask('U1', 'slack:TA')).toBeNull();
  });

  it('fails open when the store cannot count, and says so in the log', async () => {
    const broken: EphemeralState = {
      get: async () => null,
      set: async () => undefined,
      delete: async () => undefined,
      increment: async () => {
        throw new Error('store down');
      },
    };
    const reported: string[] = [];
    const limits = { userPerMinute: 1, tenantPerMinute: 1 };
    for (let i = 0; i < 5; i += 1) {
      const refused = await rateLimitRefusal(
        broken,
        limits,
        { actor: { platform: 'slack', userId: 'U1' }, tenant: undefined },
        START,
        'en',
        (_error, what) => reported.push(what),
      );
      expect(refused).toBeNull();
    }
    expect(reported[0]).toBe('rate limit count');
  });

  it('answers every command through the runner: the over-limit one privately, with nothing run', async () => {
    const now = new Date(START + 50_000);
    const { run, fake, bot } = await makeBot({
      policy: POLICY,
      now: () => now,
      env: { VPSOPS_RATE_LIMIT_USER_PER_MINUTE: '2' },
      tenants: tenantScope(async (id) => ({ id })),
    });
    try {
      const inA = (text: string) => runInTenant({ id: 'slack:TA' }, () => run(text, actors.alice));
      await inA('instance show prod-web');
      await inA('instance show prod-web');
      const calls = fake.count('instance.detail');
      expect(calls).toBeGreaterThan(0);
      const third = await inA('instance show prod-web');
      expect(third.visibility).toBe('ephemeral');
      expect(renderText(third.reply!)).toContain(
        'Slow down: you sent more than 2 commands this minute. Retry in 10 s.',
      );
      expect(fake.count('instance.detail')).toBe(calls);
      // Alice in another workspace is counted apart.
      const elsewhere = await runInTenant({ id: 'slack:TB' }, () =>
        run('instance show prod-web', actors.alice),
      );
      expect(renderText(elsewhere.reply!)).not.toContain('Slow down');
    } finally {
      await bot.close();
    }
  });

  it('does not count the console: one operator’s own terminal has nothing shared to protect', async () => {
    const now = new Date(START + 50_000);
    const { run, bot } = await makeBot({
      policy: POLICY,
      now: () => now,
      env: { VPSOPS_RATE_LIMIT_USER_PER_MINUTE: '2', VPSOPS_RATE_LIMIT_TENANT_PER_MINUTE: '2' },
    });
    try {
      for (let i = 0; i < 4; i += 1) {
        const answer = await run('instance show prod-web', actors.console);
        expect(renderText(answer.reply!)).not.toContain('Slow down');
      }
      // The same limits still hold for a chat user.
      await run('instance show prod-web', actors.alice);
      await run('instance show prod-web', actors.alice);
      const third = await run('instance show prod-web', actors.alice);
      expect(renderText(third.reply!)).toContain('Slow down');
    } finally {
      await bot.close();
    }
  });
});
