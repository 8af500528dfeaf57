// createApp's shape: one flat object (the core spread plus the process's own parts), so callers
// reach the store, policy and lookups directly instead of through a nested bot.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app/create-app.js';
import { loadConfig } from '../../../src/app/config/load.js';

const dir = mkdtempSync(join(tmpdir(), 'vpsops-create-app-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const alice = { platform: 'console', userId: 'alice', displayName: 'Alice' };

describe('createApp', () => {
  it('returns one flat App: the core’s store, policy, lookups and duties are its own fields', async () => {
    const policyPath = join(dir, 'policy.yaml');
    writeFileSync(policyPath, 'roles:\n  admin: ["console:alice"]\n');
    const config = loadConfig({
      VPSOPS_DATA_DIR: join(dir, 'flat'),
      VPSOPS_POLICY: policyPath,
      LOG_LEVEL: 'silent',
    });
    const app = await createApp(config, { charts: null, tracker: null });
    try {
      expect('bot' in app).toBe(false);
      expect(app.policy.source).toBe(policyPath);
      expect(app.policy.roleOf(alice).role).toBe('admin');
      await expect(app.store.ping()).resolves.toBeUndefined();
      // The seeded estate's hostnames were learned at start-up: completion knows web-1 at once.
      const completions = await app.lookups.completer.complete('instance', 'web-1', alice);
      expect(JSON.stringify(completions)).toContain('web-1');
      expect(typeof app.startExpirySweeper).toBe('function');
      expect(typeof app.closeInterrupted).toBe('function');
    } finally {
      await app.close();
    }
  });
});
