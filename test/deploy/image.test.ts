// The image as an operator runs it, without a container runtime: an image-like directory built from
// the Dockerfile's runtime stage (test/support/image-like.ts: its COPY lines, `npm ci --omit=dev`,
// its ENV with /data as a volume, `.env.example` as the env file). Every mode starts from it, each
// until /healthz (serve) or its first answer (console, exec, `npm start`): Slack over HTTP, Socket
// Mode and OAuth; Discord over the gateway, HTTP interactions and many guilds; the embedded store and
// Redis. The built bot (bin/vpsops.js → dist/) runs as its own process against the hosting-API
// simulator (the installed `vpsops simulator`, its own process) and fake Slack and Discord servers;
// on each platform a command is answered. Nothing leaves 127.0.0.1 except npm.
import { randomBytes } from 'node:crypto';
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { childReaper, stopAll } from '../support/cleanup.js';
import { startFakeDiscord, type FakeDiscord } from '../support/fake-discord.js';
import { FakeSlack } from '../support/fake-slack.js';
import { postSigned, slashCommandForm } from '../support/fake-slack-requests.js';
import { attachSocketMode, type FakeSocketMode } from '../support/fake-slack-socket.js';
import { chartUploadedFor, PNG_SIGNATURE } from '../support/discord-chart.js';
import { freePort } from '../support/free-port.js';
import { buildImageLike, type ImageLike } from '../support/image-like.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';
import { startServeReplica, type ServeReplica } from '../support/serve-replica.js';
import { waitFor } from '../support/wait-for.js';

const SECRET = 'image-signing-secret';
const SIM_KEY = 'image-sim-key-0123';
const APP_TOKEN = 'xapp-image-socket-mode';
const WEB1 = SEED_IDS.instances.web1;
const run = promisify(execFile);
/** The bot's answer in a Slack channel: a message whose blocks name web-1. */
const answeredIn = (channel: string) =>
  slack.channelMessages(channel).find((m) => JSON.stringify(m.blocks).includes('web-1'));

const children = childReaper();
const replicas: ServeReplica[] = [];
let image: ImageLike;
let simulatorUrl: string;
let slack: FakeSlack;
let socket: FakeSocketMode;
let discord: FakeDiscord;
let redis: TestRedisServer;

/** The container's environment on a fresh /data volume, with what the operator filled into .env. */
function containerEnv(settings: Record<string, string>): Record<string, string> {
  return {
    ...image.env(image.volume()),
    HOSTING_API_URL: simulatorUrl,
    HOSTING_API_KEY: SIM_KEY,
    VPSOPS_POLICY: join(image.dir, 'policy.yaml'),
    ...settings,
  };
}

/** Runs the installed CLI to its end in the image's WORKDIR (`command` defaults to the ENTRYPOINT). */
function cli(
  args: string[],
  env: Record<string, string>,
  stdin = '',
  command = [process.execPath, image.bin],
) {
  const [file, ...pre] = command;
  const child = children.track(
    spawn(file!, [...pre, ...args], {
      cwd: image.dir,
      env: { PATH: process.env.PATH ?? '', HOME: image.dir, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    }),
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  child.stdin.end(stdin);
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => ({ stdout, stderr }), exit };
}

/** Starts `serve` with `settings` until it serves and /healthz answers; returns it running (stopped in afterAll at the latest). */
async function serve(name: string, settings: Record<string, string>) {
  const env = containerEnv(settings);
  const replica = await startServeReplica(name, image.dir, env, {
    install: { bin: image.bin, cwd: image.dir },
  });
  replicas.push(replica);
  const healthz = await fetch(`http://127.0.0.1:${replica.port}/healthz`);
  expect(healthz.status, name).toBe(200);
  return { replica, env };
}

/** A serve mode that only has to start: up, /healthz, then SIGTERM and exit 0. */
async function startsAndStops(name: string, settings: Record<string, string>) {
  const { replica } = await serve(name, settings);
  await replica.stop();
  expect(await replica.exit, `${name}: ${replica.stderr()}`).toBe(0);
}

const slackBot = () => ({
  SLACK_BOT_TOKEN: slack.botToken,
  SLACK_SIGNING_SECRET: SECRET,
  SLACK_API_URL: slack.apiUrl,
});
const discordBot = () => ({
  DISCORD_TOKEN: discord.botToken,
  DISCORD_APPLICATION_ID: discord.world.applicationId,
  DISCORD_API_URL: discord.apiUrl,
});
const sealed = () => ({ VPSOPS_ENCRYPTION_KEY: randomBytes(32).toString('base64') });

beforeAll(async () => {
  const fakes = async () => {
    slack = await new FakeSlack().start();
    socket = attachSocketMode(slack, APP_TOKEN);
    discord = await startFakeDiscord();
    redis = await startRedisServer();
  };
  [image] = await Promise.all([buildImageLike(), fakes()]);
  // deploy/policy.yaml, as compose mounts it.
  copyFileSync(new URL('../../deploy/policy.yaml', import.meta.url), join(image.dir, 'policy.yaml'));
  const sim = cli(['simulator', '--port', '0', '--api-key', SIM_KEY], { LOG_LEVEL: 'silent' });
  const announced = await waitFor(
    () =>
      /simulator on (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(sim.output().stdout) ??
      (sim.child.exitCode !== null && []),
    'the installed simulator to listen',
    30_000,
  );
  if (!announced[1]) throw new Error(`simulator exited: ${sim.output().stderr}`);
  simulatorUrl = announced[1];
}, 300_000);

afterAll(async () => {
  await stopAll(
    ...replicas.map((replica) => () => replica.stop()),
    () => children.reap(),
    () => socket?.close(),
    () => slack?.close(),
    () => discord?.close(),
    () => redis?.stop(),
    () => image?.remove(),
  );
}, 60_000);

describe('the image (Dockerfile runtime stage, .env.example as the env file)', { timeout: 120_000 }, () => {
  it('holds no sources and no build tools, and keeps its dist/ when the build script runs there', async () => {
    expect(existsSync(join(image.dir, 'src'))).toBe(false);
    for (const tool of ['tsx', 'esbuild', 'typescript', 'vitest'])
      expect(existsSync(join(image.dir, 'node_modules', tool)), tool).toBe(false);
    const { stdout, stderr } = await run(process.execPath, [join(image.dir, 'bin', 'build.js')], {
      cwd: image.dir,
    });
    expect(stdout + stderr).toMatch(/esbuild is not installed/);
    expect(existsSync(join(image.dir, 'dist', 'main.js'))).toBe(true);
  });

  it('answers exec, the console and `npm start`, keeping state and audit in the /data volume', async () => {
    const env = containerEnv({});
    // The first step of docs/operations.md's Docker path: is the API reachable?
    const exec = cli(['exec', 'instance show web-1'], env);
    expect(await exec.exit, exec.output().stderr).toBe(0);
    expect(exec.output().stdout).toMatch(/web-1/);
    // The image's VPSOPS_DATA_DIR, not one the env file set: the audit is in the volume.
    expect(readFileSync(join(env.VPSOPS_DATA_DIR!, 'audit.jsonl'), 'utf8')).toContain('instance show');
    expect(existsSync(join(image.dir, 'data'))).toBe(false);

    const repl = cli(['console'], containerEnv({}), `instance show ${WEB1}\nexit\n`);
    expect(await repl.exit, repl.output().stderr).toBe(0);
    expect(repl.output().stdout).toMatch(/web-1/);
    // README's quick start: `npm start` opens the console when no chat platform is configured.
    const start = cli(['start'], containerEnv({}), `instance show ${WEB1}\nexit\n`, ['npm']);
    expect(await start.exit, start.output().stderr).toBe(0);
    expect(start.output().stdout).toMatch(/web-1/);
  });

  it('serves Slack over HTTP with the admin port and answers a command, then Discord over the gateway with a chart', async () => {
    const adminPort = await freePort();
    const { replica } = await serve('slack-http', {
      ...slackBot(),
      ...discordBot(),
      VPSOPS_ADMIN_PORT: String(adminPort),
    });
    try {
      expect((await fetch(`http://127.0.0.1:${adminPort}/readyz`)).status).toBe(200);
      const responseUrl = slack.newResponseUrl();
      const form = slashCommandForm({
        text: `instance show ${WEB1}`,
        userId: 'U0VIEWER',
        channelId: 'C0HTTP',
        responseUrl,
      });
      const url = `http://127.0.0.1:${replica.port}/slack/events`;
      expect((await postSigned(url, form, { secret: SECRET })).status).toBe(200);
      await waitFor(() => answeredIn('C0HTTP'), 'the Slack answer', 30_000);
      // The chart engine (ECharts, the native canvas and its fonts) loads from production dependencies.
      const interaction = discord.slash(
        { id: '100000000000000009', username: 'vera' },
        ['instance', 'metrics'],
        {
          instance: WEB1,
          period: 'day',
        },
      );
      const chart = await chartUploadedFor(discord, interaction.token, 60_000);
      expect(chart.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    } finally {
      await replica.stop();
    }
    expect(await replica.exit).toBe(0);
  });

  it('serves Slack over Socket Mode and answers a command there', async () => {
    const { replica } = await serve('slack-socket', { ...slackBot(), SLACK_APP_TOKEN: APP_TOKEN });
    try {
      await socket.connected;
      const responseUrl = slack.newResponseUrl();
      await socket.push('slash_commands', {
        command: '/vps',
        text: `instance show ${WEB1}`,
        user_id: 'U0VIEWER',
        channel_id: 'C0SOCKET',
        team_id: 'T0001',
        response_url: responseUrl,
      });
      await waitFor(() => answeredIn('C0SOCKET'), 'the Socket Mode answer', 30_000);
    } finally {
      await replica.stop();
    }
  });

  it('starts Slack OAuth mode (many workspaces) and sends the install to Slack with the bot scopes', async () => {
    const { replica } = await serve('slack-oauth', {
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: slack.apiUrl,
      SLACK_CLIENT_ID: '1111.2222',
      SLACK_CLIENT_SECRET: 'image-oauth-client-secret',
      SLACK_STATE_SECRET: 'image-oauth-state-secret',
      ...sealed(),
    });
    try {
      const install = await fetch(`http://127.0.0.1:${replica.port}/slack/install`);
      expect(install.status).toBe(200);
      expect(await install.text()).toContain('scope=commands%2Cchat%3Awrite');
    } finally {
      await replica.stop();
    }
  });

  it('starts Discord over HTTP interactions and for many guilds', async () => {
    await startsAndStops('discord-http', { ...discordBot(), DISCORD_PUBLIC_KEY: discord.publicKeyHex });
    await startsAndStops('discord-guilds', { ...discordBot(), DISCORD_MULTI_GUILD: '1', ...sealed() });
  });

  it('serves with its state on Redis', async () => {
    await startsAndStops('redis', { ...slackBot(), REDIS_URL: redis.url });
  });

  it('registers the /vps command with Discord', async () => {
    const register = cli(['register', '--guild', discord.world.guildId], containerEnv(discordBot()));
    expect(await register.exit, register.output().stderr).toBe(0);
    expect(register.output().stdout).toMatch(/Registered \/vps \(\d+ commands\) guild/);
  });
});
