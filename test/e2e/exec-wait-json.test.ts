// Scripting with `vpsops exec`: --wait follows a confirmed operation to its end (exit 0 done,
// 4 timed out) and --json prints one JSON document with the outcome and the audit id.
import { afterAll, describe, expect, it } from 'vitest';
import { createCliWorld } from '../support/console-cli.js';

const world = createCliWorld(`roles:\n  admin: ["console:alice"]\n  viewer: ["*"]\n`);
afterAll(() => world.remove());

const FAST = { VPSOPS_TRACK_POLL_MIN_MS: '200', VPSOPS_TRACK_POLL_MAX_MS: '400' };

describe.concurrent('vpsops exec --wait and --json', { timeout: 60_000 }, () => {
  it('--wait follows a delete to the end and exits 0', async () => {
    const run = await world.run(['exec', 'instance delete web-2', '--confirm', 'web-2', '--wait'], {
      env: FAST,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/✅ web-2 deleted — done in \d+ s/);
    expect(run.stdout).not.toMatch(/⏳/);
  });

  it('without --wait it stops at "Delete requested" as before', async () => {
    const run = await world.run(['exec', 'instance delete web-2', '--confirm', 'web-2'], { env: FAST });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Delete requested for web-2');
    expect(run.stdout).not.toContain('deleted — done');
  });

  it('--wait exits 4 when following gives up before the operation ends', async () => {
    const run = await world.run(['exec', 'instance delete web-2', '--confirm', 'web-2', '--wait'], {
      env: { ...FAST, VPSOPS_TRACK_TIMEOUT_MS: '300' },
    });
    expect(run.code).toBe(4);
    expect(run.stdout).toMatch(/stopped following after/);
  });

  it('--json prints one JSON document with outcome, exit code and audit id', async () => {
    const run = await world.run(['exec', 'instance stop web-1', '--confirm', 'web-1', '--wait', '--json'], {
      env: FAST,
    });
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(doc).toMatchObject({ command: 'instance stop web-1', exitCode: 0, outcome: 'done', errors: '' });
    expect(doc.auditId).toMatch(/^[0-9a-f-]{36}$/);
    expect(doc.text).toContain('web-1 is Stopped');
  });

  it('--json reports a usage error as JSON too, with exit 2', async () => {
    const run = await world.run(['exec', 'instance show nosuch', '--json']);
    expect(run.code).toBe(2);
    const doc = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(doc).toMatchObject({ exitCode: 2, outcome: 'usage-error', text: '' });
    expect(doc.errors).toContain('Unknown instance `nosuch`');
  });
});
