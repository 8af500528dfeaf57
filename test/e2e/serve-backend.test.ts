// `vpsops serve` must not put chat users in front of the simulator by accident: without
// HOSTING_API_URL it refuses to start and says how to set it; with HOSTING_API_URL=simulator (here
// from a .env in the working directory) it serves, and every message carries the simulator marker.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childReaper, stopAll } from '../support/cleanup.js';
import { SIMULATOR_MARKER } from '../../src/core/runner/outbound.js';
import { startFakeDiscord, type FakeDiscord } from '../support/fake-discord.js';
import { freePort } from '../support/free-port.js';
import { waitFor } from '../support/wait-for.js';
import { discordView } from '../support/discord-view.js';

const BIN = join(fileURLToPath(new URL('../..', import.meta.url)), 'bin', 'vpsops.js');
const USER = { id: '100000000000000001', username: 'dora' };

const dir = mkdtempSync(join(tmpdir(), 'vpsops-serve-backend-'));
let discord: FakeDiscord;

beforeAll(async () => {
  discord = await startFakeDiscord();
});

// A serve that should have exited (or a test that failed before SIGTERM) is killed here.
const children = childReaper();
afterAll(() =>
  stopAll(
    () => children.reap(),
    () => discord.close(),
    () => rmSync(dir, { recursive: true, force: true }),
  ),
);

/** Starts `vpsops serve` in `dir` (so ./.env is read from there) with only `env` set. */
function serve(env: Record<string, string>) {
  const child = children.track(
    spawn(process.execPath, [BIN, 'serve'], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        VPSOPS_DATA_DIR: join(dir, 'data'),
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, stderr: () => stderr, exit };
}

describe('serve and the hosting backend', { timeout: 90_000 }, () => {
  it('refuses to serve Slack without HOSTING_API_URL, saying how to set it', async () => {
    const run = serve({ SLACK_BOT_TOKEN: 'xoxb-test', SLACK_SIGNING_SECRET: 'sig' });
    expect(await run.exit).toBe(2);
    expect(run.stderr()).toContain('serve needs HOSTING_API_URL');
    expect(run.stderr()).toContain('HOSTING_API_URL=simulator');
    expect(run.stderr()).not.toContain('xoxb-test');
  });

  it('serves Discord against the simulator named in ./.env, marking every message', async () => {
    writeFileSync(join(dir, '.env'), 'HOSTING_API_URL=simulator\nDISCORD_TOKEN=overridden-by-env\n');
    const run = serve({
      DISCORD_TOKEN: discord.botToken,
      DISCORD_APPLICATION_ID: discord.world.applicationId,
      DISCORD_API_URL: discord.apiUrl,
      // Its own loopback port: the default 3000 may be taken by anything else on the machine.
      PORT: String(await freePort()),
    });
    try {
      await waitFor(() => /vpsops serving/.test(run.stderr()), 'the bot to serve', 30_000);
      expect(run.stderr()).toMatch(/SIMULATOR/);
      const slash = discord.slash(USER, ['instance', 'show'], { instance: 'web-1' });
      const reply = await waitFor(
        () => {
          const m = slash.originalId ? discord.store.messages.get(slash.originalId) : undefined;
          return m && discordView(m).text.includes('203.0.113.10') ? m : undefined;
        },
        'the instance card',
        25_000,
      );
      expect(discordView(reply).text).toContain(SIMULATOR_MARKER.slice(3, 40));
    } finally {
      run.child.kill('SIGTERM');
      await run.exit;
    }
    expect(run.stderr()).not.toContain(discord.botToken);
  });
});
