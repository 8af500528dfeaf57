// The policy file follows its edits without a restart, on an injected clock: a good new file is in
// force at the next check; a bad one (or a vanished one) is refused with the reason logged, and the
// policy in force stays.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { POLICY_PLATFORMS } from '../../../../src/app/adapters.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPolicy } from '../../../../src/core/policy/policy.js';
import { parsePolicy } from '../../../../src/core/policy/policy-file.js';
import { reloadingPolicy } from '../../../../src/core/policy/policy-reload.js';
import type { Actor } from '../../../../src/core/ports.js';
import { policyYaml } from '../../../support/policy.js';

const PATHS = ['instance show', 'instance stop'];
const bob: Actor = { platform: 'slack', userId: 'UBOB', displayName: 'bob', roles: [] };

function rig() {
  const dir = mkdtempSync(join(tmpdir(), 'vpsops-policy-reload-'));
  const path = join(dir, 'policy.yaml');
  writeFileSync(path, policyYaml({ admin: ['slack:UADMIN'], viewer: ['slack:UBOB'] }));
  let now = 1_000_000;
  const logged: { level: string; detail: Record<string, unknown>; message: string }[] = [];
  const logger = {
    info: (detail: Record<string, unknown>, message: string) =>
      void logged.push({ level: 'info', detail, message }),
    error: (detail: Record<string, unknown>, message: string) =>
      void logged.push({ level: 'error', detail, message }),
  };
  const initial = createPolicy(
    parsePolicy(
      policyYaml({ admin: ['slack:UADMIN'], viewer: ['slack:UBOB'] }),
      path,
      PATHS,
      POLICY_PLATFORMS,
    ),
    path,
  );
  const policy = reloadingPolicy(initial, {
    platforms: POLICY_PLATFORMS,
    path,
    commandPaths: PATHS,
    logger,
    now: () => now,
    checkEveryMs: 1_000,
  });
  return { dir, path, policy, logged, advance: (ms: number) => (now += ms) };
}

describe('policy reload', () => {
  it('puts an edited file in force at the next check, without a restart', () => {
    const { dir, path, policy, advance, logged } = rig();
    try {
      expect(policy.roleOf(bob).role).toBe('viewer');
      writeFileSync(path, policyYaml({ admin: ['slack:UADMIN', 'slack:UBOB'] }));
      expect(policy.roleOf(bob).role).toBe('viewer'); // not checked again yet
      advance(1_000);
      expect(policy.roleOf(bob).role).toBe('admin');
      expect(logged.map((l) => l.message)).toEqual(['policy file changed: reloaded']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the policy in force when the new file is bad, and logs why; a fixed file is taken', () => {
    const { dir, path, policy, advance, logged } = rig();
    try {
      writeFileSync(path, 'roles:\n  admin: [slack:UBOB\n');
      advance(1_000);
      expect(policy.roleOf(bob).role).toBe('viewer');
      expect(policy.rejected()).toMatch(/policy\.yaml/);
      expect(logged[0]).toMatchObject({
        level: 'error',
        message: 'new policy file refused; the previous policy stays in force',
      });
      expect(String(logged[0]!.detail.reason)).toMatch(/policy\.yaml/);
      writeFileSync(path, policyYaml({ operator: ['slack:UBOB'] }));
      advance(1_000);
      expect(policy.roleOf(bob).role).toBe('operator');
      expect(policy.rejected()).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the policy in force when the file vanishes', () => {
    const { dir, path, policy, advance } = rig();
    try {
      rmSync(path);
      advance(1_000);
      expect(policy.roleOf(bob).role).toBe('viewer');
      expect(policy.rejected()).toMatch(/not found any more/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
