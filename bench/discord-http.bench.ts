// Benchmark of Discord's HTTP interactions mode with the bot in a process of its own
// (`bin/vpsops.js serve` with DISCORD_PUBLIC_KEY, against the simulator in another process) while
// this process plays Discord: a signed POST /discord/interactions until its response (the deferral
// Discord needs within 3 s) is read, against a bare node:http server in its own process that only
// verifies the signature and answers; sequentially and 20 at a time. With VPSOPS_BENCH_BASELINE, that
// checkout's bot takes its turns too, and a change row gives this build ÷ baseline build.
import { performance } from 'node:perf_hooks';
import { SEED_IDS } from '../src/simulator/seed-ids.js';
import { startFakeDiscord, type FakeDiscord } from '../test/support/fake-discord.js';
import { DISCORD_USERS } from '../test/support/fake-discord-world.js';
import { runIfEntry } from './report.js';
import {
  baselineBin,
  binLayout,
  freePort,
  ROOT,
  spawnNode,
  startServeProcess,
  startSimulatorProcess,
} from './support/processes.js';
import { percentile, round } from './support/stats.js';

/** Commands per case and target: a p99 of 1,000 is its ten slowest, where one pause could set the p99 of 200. */
const N = 1000;
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
  stop(): Promise<void>;
}

/** Sends `count` signed slash commands, `concurrency` at a time; returns response latencies in ms. */
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
  return latencies;
}

async function startBare(): Promise<Target> {
  const discord = await startFakeDiscord();
  const port = await freePort();
  const child = spawnNode(['--import', 'tsx', 'bench/support/bare-discord-http-process.ts'], {
    cwd: ROOT,
    env: { ...process.env, DISCORD_PUBLIC_KEY: discord.publicKeyHex, PORT: String(port) },
  });
  await child.waitFor(/bare discord http ready/);
  return {
    url: `http://127.0.0.1:${port}/discord/interactions`,
    discord,
    followsUp: false,
    async stop() {
      await child.stop();
      await discord.close();
    },
  };
}

/** `vpsops serve` in HTTP interactions mode, in its own process, against the simulator process. */
async function startBot(hosting: { url: string; apiKey: string }, bin?: string): Promise<Target> {
  const discord = await startFakeDiscord();
  const port = await freePort();
  const bot = await startServeProcess(
    hosting,
    {
      DISCORD_TOKEN: discord.botToken,
      DISCORD_APPLICATION_ID: discord.world.applicationId,
      DISCORD_API_URL: discord.apiUrl,
      DISCORD_PUBLIC_KEY: discord.publicKeyHex,
      PORT: String(port),
    },
    ...(bin ? [bin] : []),
  );
  return {
    url: `http://127.0.0.1:${port}/discord/interactions`,
    discord,
    followsUp: true,
    async stop() {
      await bot.stop();
      await discord.close();
    },
  };
}

/** Runs the benchmark and returns a table of rows for the bench runner. */
export async function runBench(): Promise<{ title: string; rows: Row[]; notes?: string }> {
  const layout = await binLayout();
  const hosting = await startSimulatorProcess();
  const targets: [string, Target][] = [];
  const rows: Row[] = [];
  try {
    targets.push(['bare node:http (verify + answer)', await startBare()]);
    targets.push(['vpsops serve', await startBot(hosting)]);
    const beforeBin = baselineBin();
    if (beforeBin) targets.push(['baseline build', await startBot(hosting, beforeBin)]);
    for (const [, target] of targets) await run(target, WARMUP, 4);
    for (const [mode, concurrency] of [
      ['sequential', 1],
      [`${CONCURRENT} concurrent`, CONCURRENT],
    ] as const) {
      // Targets take turns in rounds of ROUND, so a load change on the machine hits both alike.
      const samples = targets.map((): number[] => []);
      for (let done = 0; done < N; done += ROUND)
        for (const [index, [, target]] of targets.entries())
          samples[index]?.push(...(await run(target, ROUND, concurrency)));
      let b50 = 0;
      let b99 = 0;
      const p50s: number[] = [];
      const p99s: number[] = [];
      for (const [index, [name]] of targets.entries()) {
        const times = (samples[index] ?? []).sort((a, b) => a - b);
        const p50 = percentile(times, 50);
        const p99 = percentile(times, 99);
        if (b50 === 0) [b50, b99] = [p50, p99];
        p50s.push(p50);
        p99s.push(p99);
        rows.push({
          case: `${mode}: ${name}`,
          p50_ms: round(p50),
          p99_ms: round(p99),
          ratio_p50: round(p50 / b50),
          ratio_p99: round(p99 / b99),
        });
      }
      const [, bot50 = 0, before50] = p50s;
      const [, bot99 = 0, before99] = p99s;
      if (before50 !== undefined && before99 !== undefined)
        rows.push({
          case: `${mode}: this build ÷ baseline build`,
          p50_ms: '',
          p99_ms: '',
          ratio_p50: round(bot50 / before50),
          ratio_p99: round(bot99 / before99),
        });
    }
  } finally {
    for (const [, target] of targets) await target.stop();
    await hosting.stop();
  }
  return {
    title: `Discord HTTP interaction → response latency (${N} signed /vps commands per case; bot: ${layout})`,
    rows,
    notes:
      'Time from starting the signed POST /discord/interactions until its response (the deferral) is read; ' +
      'ratios are against a bare node:http server in its own process that only verifies the Ed25519 signature ' +
      'and answers. The bot runs `instance show` against the simulator process after each deferral and each ' +
      'interaction is waited on until its reply is edited through the webhook before the next batch; the ' +
      'targets take turns in rounds of 40 so machine load hits both alike. With VPSOPS_BENCH_BASELINE the other ' +
      "checkout's bot takes its turns too (against the same simulator), and the change rows give this build ÷ " +
      'baseline build (above 1 is slower).',
  };
}

await runIfEntry(import.meta.url, runBench);
