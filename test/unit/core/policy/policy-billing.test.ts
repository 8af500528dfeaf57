import { describe, expect, it } from 'vitest';
import { createPolicy } from '../../../../src/core/policy/policy.js';
import type { Actor } from '../../../../src/core/ports.js';

const slackUser: Actor = { platform: 'slack', userId: 'U1', displayName: 'ana' };
const consoleUser: Actor = { platform: 'console', userId: 'alice', displayName: 'alice' };

describe('billing without a policy file', () => {
  it('is refused to chat users (viewers by default), with the reason', () => {
    const policy = createPolicy(null, null);
    for (const path of ['billing methods', 'billing reports']) {
      const decision = policy.authorize(slackUser, { path, risk: 'read' }, 'C1');
      expect(decision.allowed).toBe(false);
      if (!decision.allowed) expect(decision.error.message).toContain('only admins may see');
    }
    expect(policy.authorize(slackUser, { path: 'instance show', risk: 'read' }, 'C1').allowed).toBe(true);
  });

  it('is allowed to the console user (admin by default)', () => {
    const policy = createPolicy(null, null);
    expect(policy.authorize(consoleUser, { path: 'billing reports', risk: 'read' }, 'console').allowed).toBe(
      true,
    );
  });
});
