// Benchmark of Discord's HTTP interactions mode: a signed POST /discord/interactions until its
// response (the deferral Discord needs within 3 s) arrives, for (a) a bare node:http server that
// only verifies the Ed25519 signature and answers (baseline), (b) the Discord adapter's endpoint
// with a no-op core and (c) the full bot (real core + simulator doing the work after each defer),
// all in the same run, sequentially and 20 at a time.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicKey, verify } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createDiscordAdapter } from '../adapters/discord/index.js';
import type { Dispatcher } from '../src/core/ports.js';
import { SEED_IDS } from '../src/simulator/seed-ids.js';
import { startFakeDiscord, type FakeDiscord } from '../test/support/fake-discord.js';
import { DISCORD_USERS, startDiscordWorld } from '../test/support/fake-discord-world.js';
import { runIfEntry } from './report.js';

const N = 200;
const CONCURRENT = 20;
const WARMUP = 20;
const ROUND = 40;

type Row = Record<string, string | number>;

/** One endpoint under test, on the fake Discord whose webhook calls mark each interaction finished. */
interface Target {
  url: string;
  discord: FakeDiscord;
  /** Whether the interaction's work goes on after the response (an edit through the webhook follows). */
  followsUp: boolean;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

const round = (n: number): number => Number(n.toFixed(2));

async function listen(listener: RequestListener): Promise<{ server: Server; url: string }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/discord/interactions` };
}

async function close(server: Server): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** The baseline: verify the signature with node:crypto, answer a deferral. Nothing else. */
async function startBare(discord: FakeDiscord) {
  const x = Buffer.from(discord.publicKeyHex, 'hex').toString('base64url');
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
  return listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const sig = String(req.headers['x-signature-ed25519'] ?? '');
      const ts = String(req.headers['x-signature-timestamp'] ?? '');
      const ok = verify(null, Buffer.concat([Buffer.from(ts), ...chunks]), key, Buffer.from(sig, 'hex'));
      if (!ok) res.writeHead(401).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"type":5}');
    });
  });
}

/** Sends `count` signed slash commands, `concurrency` at a time; returns response latencies in ms, sorted. */
async function run(target: Target, count: number, concurrency: number): Promise<number[]> {
  const latencies: number[] = [];
  const finished = new Map<string, () => void>();
  const off = target.discord.onCall((call) => {
    if (call.method !== 'PATCH' && call.method !== 'POST') return;
    for (const [token, done] of finished) if (call.path.includes(token)) done();
  });
  const one = async () => {
    const started = performance.now();
    const result = await target.discord.http.slash(target.url, DISCORD_USERS.operator, ['instance', 'show'], {
      instance: SEED_IDS.instances.web1,
    });
    latencies.push(performance.now() - started);
    if (result.status !== 200) throw new Error(`endpoint answered ${result.status}`);
    if (!target.followsUp) return;
    // Wait for the edit so the next batch does not pile on unfinished work.
    const token = result.interaction.token;
    if (target.discord.calls.some((c) => c.path.includes(token) && c.method !== 'GET')) return;
    await new Promise<void>((resolve) => finished.set(token, resolve));
    finished.delete(token);
  };
  try {
    for (let sent = 0; sent < count; sent += concurrency)
      await Promise.all(Array.from({ length: Math.min(concurrency, count - sent) }, one));
  } finally {
    off();
  }
  return latencies.sort((a, b) => a - b);
}

/** The adapter's endpoint with a core that answers at once. */
async function startTransportOnly(discord: FakeDiscord) {
  const dispatcher: Dispatcher = {
    commands: () => [],
    visibilityFor: () => 'channel',
    completeInstance: async () => [],
    async dispatch(_invocation, responder) {
      await responder.reply({ title: 'ok', blocks: [] });
    },
    async act() {},
  };
  let endpoint: RequestListener = (_req, res) => void res.writeHead(503).end();
  const { server, url } = await listen((req, res) => endpoint(req, res));
  const adapter = createDiscordAdapter({
    token: discord.botToken,
    applicationId: discord.world.applicationId,
    apiUrl: discord.apiUrl,
    publicKey: discord.publicKeyHex,
    mount: (_path, listener) => {
      endpoint = listener;
    },
  });
  await adapter.start(dispatcher);
  return {
    url,
    async stop() {
      await adapter.stop();
      await close(server);
    },
  };
}

/** Runs the benchmark and returns a table of rows for the bench runner. */
export async function runBench(): Promise<{ title: string; rows: Row[]; notes?: string }> {
  const world = await startDiscordWorld({ http: true });
  const bareDiscord = await startFakeDiscord();
  const bare = await startBare(bareDiscord);
  const transportDiscord = await startFakeDiscord();
  const transport = await startTransportOnly(transportDiscord);
  const targets: [string, Target][] = [
    ['bare node:http (verify + answer)', { url: bare.url, discord: bareDiscord, followsUp: false }],
    ['vpsops endpoint, no-op core', { url: transport.url, discord: transportDiscord, followsUp: true }],
    ['vpsops full bot', { url: world.endpointUrl, discord: world.discord, followsUp: true }],
  ];
  const rows: Row[] = [];
  try {
    for (const [, target] of targets) await run(target, WARMUP, 4);
    for (const [mode, concurrency] of [
      ['sequential', 1],
      [`${CONCURRENT} concurrent`, CONCURRENT],
    ] as const) {
      let b50 = 0;
      let b99 = 0;
      // Targets take turns in rounds of ROUND, so a load change on the machine hits all of them alike.
      const samples = targets.map((): number[] => []);
      for (let done = 0; done < N; done += ROUND)
        for (const [index, [, target]] of targets.entries())
          samples[index]?.push(...(await run(target, ROUND, concurrency)));
      for (const [index, [name]] of targets.entries()) {
        const times = (samples[index] ?? []).sort((a, b) => a - b);
        const p50 = percentile(times, 50);
        const p99 = percentile(times, 99);
        if (b50 === 0) [b50, b99] = [p50, p99];
        rows.push({
          case: `${mode}: ${name}`,
          p50_ms: round(p50),
          p99_ms: round(p99),
          ratio_p50: round(p50 / b50),
          ratio_p99: round(p99 / b99),
        });
      }
    }
  } finally {
    await transport.stop();
    await close(bare.server);
    await bareDiscord.close();
    await transportDiscord.close();
    await world.close();
  }
  return {
    title: `Discord HTTP interaction → response latency (${N} signed /vps commands per case, loopback)`,
    rows,
    notes:
      'Time from starting the signed POST /discord/interactions until its response (the deferral) is read; ' +
      'ratios are against a bare node:http server in this run that only verifies the Ed25519 signature and ' +
      'answers. For the vpsops rows each interaction is also waited on until its reply is edited through the ' +
      'webhook before the next batch; the full bot runs `instance show` against the simulator, which shares ' +
      'this process with the client, so its CPU time shows in the concurrent rows (an upper bound). The targets ' +
      'take turns in rounds of 40. Everything shares one event loop, so an endpoint that edits its reply at once ' +
      '(the no-op core) competes with the client reading its own response.',
  };
}

await runIfEntry(import.meta.url, runBench);
