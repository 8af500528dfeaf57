// The CLI around the console: `vpsops` with nothing configured opens the console (here with
// piped input), `serve` without a platform is a config error, `simulator` stops cleanly on
// SIGTERM, and a broken policy file stops start-up with exit 2 and no stack trace.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { childReaper, stopAll } from '../support/cleanup.js';
import { CONSOLE_POLICY } from '../support/console-session.js';
import { startFakeDiscord, type FakeDiscord } from '../support/fake-discord.js';
import { freePort } from '../support/free-port.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'vpsops.js');
const dir = mkdtempSync(join(tmpdir(), 'vpsops-cli-e2e-'));
const policyPath = join(dir, 'policy.yaml');
writeFileSync(policyPath, CONSOLE_POLICY);
let discord: FakeDiscord | undefined;
// A test that fails before its child exits (or before it sends SIGTERM) leaves it to this.
const children = childReaper();
afterAll(() =>
  stopAll(
    () => children.reap(),
    () => discord?.close(),
    () => rmSync(dir, { recursive: true, force: true }),
  ),
);

interface Child {
  child: ChildProcess;
  output(): { stdout: string; stderr: string };
  exit: Promise<number | null>;
}

function start(
  args: string[],
  options: { env?: Record<string, string>; stdin?: string; name: string },
): Child {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    VPSOPS_DATA_DIR: join(dir, options.name),
    VPSOPS_POLICY: policyPath,
    VPSOPS_CONSOLE_USER: 'alice',
    LOG_LEVEL: 'silent',
    ...options.env,
  };
  const child = children.track(
    spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] }),
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => ({ stdout, stderr }), exit };
}

describe.concurrent('vpsops CLI', { timeout: 60_000 }, () => {
  it('opens the console by default, prints the banner without the key and runs piped commands', async () => {
    const run = start([], { name: 'default', stdin: 'whoami\ninstance stop web-1\nn\nexit\n' });
    expect(await run.exit).toBe(0);
    const { stdout } = run.output();
    expect(stdout).toMatch(/Backend\s+embedded simulator at http:\/\/127\.0\.0\.1:\d+\/v1/);
    expect(stdout).toContain(`Policy   ${policyPath}`);
    expect(stdout).toMatch(/You are\s+console:alice \(admin\)/);
    expect(stdout).toMatch(/Type help/);
    expect(stdout).not.toMatch(/sim_[0-9a-f]{8,}/);
    expect(stdout).toMatch(/Role\s+admin/);
    expect(stdout).toMatch(/Confirm\? \[y\/N\]/);
    expect(stdout).toMatch(/Cancelled by @alice/);
    expect(readFileSync(join(dir, 'default', 'console_history'), 'utf8')).toBe(
      'whoami\ninstance stop web-1\n',
    );
  });

  it('refuses to serve when no chat platform is configured (exit 2)', async () => {
    const run = start(['serve'], { name: 'serve' });
    expect(await run.exit).toBe(2);
    expect(run.output().stderr).toMatch(/nothing to serve/);
  });

  it('stops an exec with a broken policy file at start-up (exit 2, line named, no stack)', async () => {
    const broken = join(dir, 'broken.yaml');
    writeFileSync(broken, 'roles:\n  admin: ["console:alice"]\n  wizard: ["*"]\n');
    const run = start(['exec', 'help'], { name: 'broken', env: { VPSOPS_POLICY: broken } });
    expect(await run.exit).toBe(2);
    const { stderr } = run.output();
    expect(stderr).toMatch(/configuration error/);
    expect(stderr).toMatch(/line 3|:3/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('runs the simulator alone and shuts it down on SIGTERM', async () => {
    const run = start(['simulator', '--port', '0', '--api-key', 'sim-test-key'], { name: 'sim' });
    while (!/Hosting API simulator on (http:\S+)/.test(run.output().stdout)) {
      await new Promise<void>((resolve) => run.child.stdout?.once('data', () => resolve()));
    }
    const url = /Hosting API simulator on (http:\S+)/.exec(run.output().stdout)?.[1] ?? '';
    const response = await fetch(`${url}/systems`, { headers: { 'x-apikey': 'sim-test-key' } });
    expect(response.status).toBe(200);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });
});

describe('vpsops with Discord configured (fake Discord on 127.0.0.1)', { timeout: 60_000 }, () => {
  const discordEnv = async () => {
    discord ??= await startFakeDiscord();
    return {
      DISCORD_TOKEN: discord.botToken,
      DISCORD_APPLICATION_ID: discord.world.applicationId,
      DISCORD_API_URL: discord.apiUrl,
      // serve needs the backend named; the embedded simulator must be asked for explicitly.
      HOSTING_API_URL: 'simulator',
      LOG_LEVEL: 'info',
      // Its own loopback port: the default 3000 may be taken by anything else on the machine.
      PORT: String(await freePort()),
    };
  };

  it('registers /vps once and reports "nothing changed" the second time', async () => {
    const env = await discordEnv();
    const guild = discord!.world.guildId;
    const first = start(['register', '--guild', guild], { name: 'register', env });
    expect(await first.exit).toBe(0);
    expect(first.output().stdout).toMatch(new RegExp(`Registered /vps \\(\\d+ commands\\) guild ${guild}`));
    const second = start(['register', '--guild', guild], { name: 'register', env });
    expect(await second.exit).toBe(0);
    expect(second.output().stdout).toMatch(/already up to date/);
  });

  it('serves by default, connects to the gateway, and shuts down cleanly on SIGTERM without logging the token', async () => {
    const env = await discordEnv();
    const run = start([], { name: 'serve', env });
    await discord!.identified();
    while (!/vpsops serving/.test(run.output().stderr)) {
      await new Promise<void>((resolve) => run.child.stderr?.once('data', () => resolve()));
    }
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
    const { stdout, stderr } = run.output();
    expect(stderr).toMatch(/discord adapter started/);
    expect(stderr).toMatch(/shutting down/);
    expect(stdout + stderr).not.toContain(discord!.botToken);
  });
});
