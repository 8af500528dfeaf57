// Install states are stateless until used: the install page writes nothing to the shared store;
// at the redirect a state's MAC and expiry are checked, then it is taken once.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  InstallStateRefused,
  STATE_TTL_MS,
  singleUseStateStore,
} from '../../../../adapters/slack/oauth-state.js';
import { createMemoryEphemeralState } from '../../../../src/adapter-kit/memory-ephemeral-state.js';
import type { EphemeralState } from '../../../../src/core/index.js';

/** The memory state, counting every write. */
function countingState(): EphemeralState & { writes: () => number } {
  const inner = createMemoryEphemeralState();
  let writes = 0;
  return {
    get: (key) => inner.get(key),
    set: (key, value, ttl) => ((writes += 1), inner.set(key, value, ttl)),
    delete: (key) => ((writes += 1), inner.delete(key)),
    increment: (key, ttl) => ((writes += 1), inner.increment(key, ttl)),
    writes: () => writes,
  };
}

const options = {
  scopes: ['commands', 'chat:write'],
  redirectUri: 'https://bot.example/slack/oauth_redirect',
};
const at = new Date('2026-01-02T03:04:05Z');
const later = (ms: number) => new Date(at.getTime() + ms);

describe('Slack install states', () => {
  it('install-page visits write nothing to the shared store', async () => {
    const state = countingState();
    const store = singleUseStateStore(state, randomBytes(32));
    const states = new Set<string>();
    for (let i = 0; i < 50; i += 1) states.add(await store.generateStateParam(options, at));
    expect(states.size).toBe(50);
    expect(state.writes()).toBe(0);
  });

  it('a valid state installs once: a used one is refused, on any replica sharing the store', async () => {
    const shared = countingState();
    const key = randomBytes(32);
    const param = await singleUseStateStore(shared, key).generateStateParam(options, at);
    expect(await singleUseStateStore(shared, key).verifyStateParam(later(1_000), param)).toEqual(options);
    expect(shared.writes()).toBe(1);
    await expect(
      singleUseStateStore(shared, key).verifyStateParam(later(2_000), param),
    ).rejects.toBeInstanceOf(InstallStateRefused);
  });

  it('a forged, altered, foreign-key or expired state is refused and writes nothing', async () => {
    const state = countingState();
    const store = singleUseStateStore(state, randomBytes(32));
    const param = await store.generateStateParam(options, at);
    const [body = '', tag = ''] = param.split('.');
    const altered = Buffer.from(
      Buffer.from(body, 'base64url').toString().replace('commands', 'admin:xx'),
    ).toString('base64url');
    const foreign = await singleUseStateStore(state, randomBytes(32)).generateStateParam(options, at);
    for (const bad of ['forged', `${altered}.${tag}`, `${body}.`, `${param}.x`, foreign])
      await expect(store.verifyStateParam(later(1_000), bad)).rejects.toBeInstanceOf(InstallStateRefused);
    await expect(store.verifyStateParam(later(STATE_TTL_MS), param)).rejects.toBeInstanceOf(
      InstallStateRefused,
    );
    expect(state.writes()).toBe(0);
    expect(await store.verifyStateParam(later(STATE_TTL_MS - 1), param)).toEqual(options);
  });
});
