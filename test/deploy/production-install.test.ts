// A production install, as the image holds it: bin/, package*.json, a dist/ built from this
// checkout, and `npm ci --omit=dev --ignore-scripts` — no sources, no tsx, no esbuild. Every CLI mode
// must work there: simulator, exec, console, serve (Slack and Discord, with the admin port as the
// Kubernetes manifests set it) and register. Nothing leaves 127.0.0.1 except npm, which installs
// from its cache and asks the registry only for what the cache lacks.
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';

import { childReaper, stopAll } from '../support/cleanup.js';
import { startFakeDiscord, type FakeDiscord } from '../support/fake-discord.js';
import { FakeSlack } from '../support/fake-slack.js';
import { postSigned, slashCommandForm } from '../support/fake-slack-requests.js';
import { freePort } from '../support/free-port.js';
import { startServeReplica, type ServeReplica } from '../support/serve-replica.js';
import { waitFor } from '../support/wait-for.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const POLICY = join(ROOT, 'deploy', 'kubernetes', 'policy.yaml');
const SECRET = 'prod-install-signing-secret';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const WEB1 = SEED_IDS.instances.web1;
const run = promisify(execFile);

const install = mkdtempSync(join(tmpdir(), 'vpsops-prod-install-'));
const BIN = join(install, 'bin', 'vpsops.js');
const children = childReaper();
let simulator: { url: string; apiKey: string };
let slack: FakeSlack | undefined;
let discord: FakeDiscord | undefined;
let replica: ServeReplica | undefined;

/** Runs the installed CLI to its end from the install dir, with `env` only (plus PATH and HOME). */
function cli(args: string[], env: Record<string, string>, stdin = '') {
  const child = children.track(
    spawn(process.execPath, [BIN, ...args], {
      cwd: install,
      env: { PATH: process.env.PATH ?? '', HOME: install, LOG_LEVEL: 'silent', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    }),
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  child.stdin.end(stdin);
  return {
    child,
    output: () => ({ stdout, stderr }),
    exit: new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code))),
  };
}

const api = () => ({ HOSTING_API_URL: simulator.url, HOSTING_API_KEY: simulator.apiKey });

beforeAll(async () => {
  for (const entry of ['bin', 'package.json', 'package-lock.json'])
    cpSync(join(ROOT, entry), join(install, entry), { recursive: true });
  // The image's build stage: esbuild from this checkout, written straight into the install.
  await run(process.execPath, [join(ROOT, 'bin', 'build.js'), '--quiet', '--outdir', join(install, 'dist')]);
  if (!existsSync(join(install, 'dist', 'build-stamp.json'))) throw new Error('the build did not complete');
  await run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: install,
    timeout: 600_000,
  });
  // The installed simulator stands in for the hosting API for every mode below.
  const sim = cli(['simulator', '--port', '0', '--api-key', 'prod-install-sim-key'], {
    VPSOPS_DATA_DIR: join(install, 'sim'),
  });
  const announced = await waitFor(
    () =>
      /simulator on (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(sim.output().stdout) ??
      (sim.child.exitCode !== null && []),
    'the installed simulator to listen',
    60_000,
  );
  if (!announced[1]) throw new Error(`simulator exited: ${sim.output().stderr}`);
  simulator = { url: announced[1], apiKey: 'prod-install-sim-key' };
  slack = await new FakeSlack().start();
  discord = await startFakeDiscord();
}, 900_000);

afterAll(async () => {
  await stopAll(
    () => replica?.stop(),
    () => children.reap(),
    () => slack?.close(),
    () => discord?.close(),
    () => rmSync(install, { recursive: true, force: true }),
  );
}, 60_000);

describe(
  'a production install (dist/, bin/, npm ci --omit=dev --ignore-scripts)',
  { timeout: 240_000 },
  () => {
    it('holds no sources and no build tools', () => {
      expect(existsSync(join(install, 'src'))).toBe(false);
      for (const tool of ['tsx', 'esbuild', 'typescript', 'vitest'])
        expect(existsSync(join(install, 'node_modules', tool)), tool).toBe(false);
      expect(existsSync(join(install, 'node_modules', 'discord.js'))).toBe(true);
    });

    it('keeps its dist/ when the build script runs without esbuild (npm ci --omit=dev with scripts)', async () => {
      const { stdout, stderr } = await run(process.execPath, [join(install, 'bin', 'build.js')], {
        cwd: install,
      });
      expect(stdout + stderr).toMatch(/esbuild is not installed/);
      expect(existsSync(join(install, 'dist', 'build-stamp.json'))).toBe(true);
      expect(existsSync(join(install, 'dist', 'main.js'))).toBe(true);
    });

    it('runs exec and the console against the simulator', async () => {
      const exec = cli(['exec', `instance show ${WEB1}`], {
        ...api(),
        VPSOPS_DATA_DIR: join(install, 'exec'),
      });
      expect(await exec.exit, exec.output().stderr).toBe(0);
      expect(exec.output().stdout).toMatch(/web-1/);

      const repl = cli(
        ['console'],
        { ...api(), VPSOPS_DATA_DIR: join(install, 'console') },
        `instance show ${WEB1}\nexit\n`,
      );
      expect(await repl.exit, repl.output().stderr).toBe(0);
      expect(repl.output().stdout).toMatch(/web-1/);
    });

    it('serves Slack and Discord with /healthz on PORT and /readyz, /metrics on the admin port, and draws a chart', async () => {
      const adminPort = await freePort();
      replica = await startServeReplica(
        'prod',
        install,
        {
          ...api(),
          VPSOPS_POLICY: POLICY,
          VPSOPS_ADMIN_PORT: String(adminPort),
          SLACK_BOT_TOKEN: slack!.botToken,
          SLACK_SIGNING_SECRET: SECRET,
          SLACK_API_URL: slack!.apiUrl,
          DISCORD_TOKEN: discord!.botToken,
          DISCORD_APPLICATION_ID: discord!.world.applicationId,
          DISCORD_API_URL: discord!.apiUrl,
          LOG_LEVEL: 'info',
        },
        { install: { bin: BIN, cwd: install } },
      );
      const healthz = await fetch(`http://127.0.0.1:${replica.port}/healthz`);
      expect(healthz.status).toBe(200);
      expect(await healthz.text()).toBe('ok\n');
      expect((await fetch(`http://127.0.0.1:${adminPort}/readyz`)).status).toBe(200);

      const form = slashCommandForm({
        text: `instance show ${WEB1}`,
        userId: 'U0VIEWER',
        channelId: 'C0OPS',
        responseUrl: slack!.newResponseUrl(),
      });
      expect(
        (await postSigned(`http://127.0.0.1:${replica.port}/slack/events`, form, { secret: SECRET })).status,
      ).toBe(200);
      // The chart engine (ECharts, the native canvas and its fonts) loads from production dependencies.
      const interaction = discord!.slash(
        { id: '100000000000000009', username: 'vera' },
        ['instance', 'metrics'],
        {
          instance: WEB1,
          period: 'day',
        },
      );
      const upload = await waitFor(
        () =>
          discord!.calls.find(
            (c) =>
              c.method === 'PATCH' &&
              c.path.includes(interaction.token) &&
              c.files.length > 0 &&
              c.status === 200,
          ),
        'the chart on Discord',
        90_000,
      );
      expect(upload.files[0]?.data.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      const metrics = await (await fetch(`http://127.0.0.1:${adminPort}/metrics`)).text();
      expect(metrics).toContain(
        'vpsops_commands_total{command="instance show",platform="slack",outcome="ok"} 1',
      );

      await replica.stop();
      expect(await replica.exit).toBe(0);
    });

    it('registers the /vps command with Discord', async () => {
      const register = cli(['register', '--guild', discord!.world.guildId], {
        DISCORD_TOKEN: discord!.botToken,
        DISCORD_APPLICATION_ID: discord!.world.applicationId,
        DISCORD_API_URL: discord!.apiUrl,
        VPSOPS_DATA_DIR: join(install, 'register'),
      });
      expect(await register.exit, register.output().stderr).toBe(0);
      expect(register.output().stdout).toMatch(/Registered \/vps \(\d+ commands\) guild/);
    });
  },
);
