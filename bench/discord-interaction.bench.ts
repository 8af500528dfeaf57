// Benchmark of Discord interaction latency with the bot in a process of its own (`bin/vpsops.js
// serve`, as production runs it, against the simulator in another process) while this process
// plays Discord (fake gateway + REST): INTERACTION_CREATE written to the gateway socket until the
// fake REST API receives the first callback (the defer Discord needs within 3 s), against a bare
// discord.js client that only defers, also in its own process; sequentially and in bursts.
import { performance } from 'node:perf_hooks';
import { SEED_IDS } from '../src/simulator/seed-ids.js';
import { startFakeDiscord, type FakeDiscord, type RecordedCall } from '../test/support/fake-discord.js';
import { DISCORD_USERS } from '../test/support/fake-discord-world.js';
import { runIfEntry, type BenchReport } from './report.js';
import { p99Goal, type GoalRow } from './goals.js';
import { baselineBin, binLayout, BIN, freePort, ROOT, spawnNode, startServeProcess, startSimulatorProcess } from './support/processes.js';
import { baselineBuildRows, roundRows } from './support/stats.js';

const N = 200;
/** Rounds per case, bare and bot alternating, pooled: a p99 of 2,000 samples per side, and drift in the machine's load hits both. */
const ROUNDS = Number(process.env.ROUNDS ?? 10);
const BURST = 20;
const WARMUP = 20;

type Row = Record<string, string | number>;

/** One target: a fake Discord with a client attached, and what "finished" means for it. */
interface Target {
  discord: FakeDiscord;
  /** Whether this call ends the work of an interaction (the defer for the bare client, the edit otherwise). */
  finishes(call: RecordedCall): boolean;
}

/** Sends `count` slash commands, `concurrency` at a time; returns defer latencies in ms, sorted. */
async function run(target: Target, count: number, concurrency: number): Promise<number[]> {
  const latencies: number[] = [];
  const waiting = new Map<string, { sent: number; deferred: boolean; done: () => void }>();
  const off = target.discord.onCall((call) => {
    for (const [token, entry] of waiting) {
      if (!call.path.includes(token)) continue;
      if (!entry.deferred && call.path.endsWith('/callback')) {
        entry.deferred = true;
        latencies.push(call.at - entry.sent);
      }
      if (entry.deferred && target.finishes(call)) entry.done();
    }
  });
  try {
    for (let sent = 0; sent < count; sent += concurrency) {
      const batch = Array.from({ length: Math.min(concurrency, count - sent) }, () => {
        const at = performance.now();
        const interaction = target.discord.slash(DISCORD_USERS.operator, ['instance', 'show'], {
          instance: SEED_IDS.instances.web1,
        });
        return new Promise<void>((resolve) => {
          waiting.set(interaction.token, {
            sent: at,
            deferred: false,
            done: () => {
              waiting.delete(interaction.token);
              resolve();
            },
          });
        });
      });
      await Promise.all(batch);
    }
  } finally {
    off();
  }
  return latencies.sort((a, b) => a - b);
}

async function startBare(): Promise<{ target: Target; stop(): Promise<void> }> {
  const discord = await startFakeDiscord();
  const child = spawnNode(['--import', 'tsx', 'bench/support/bare-discord-process.ts'], {
    cwd: ROOT,
    env: { ...process.env, DISCORD_TOKEN: discord.botToken, DISCORD_API_URL: discord.apiUrl },
  });
  await child.waitFor(/bare discord.js ready/);
  return {
    target: { discord, finishes: (call) => call.path.endsWith('/callback') },
    async stop() {
      await child.stop();
      await discord.close();
    },
  };
}

/** `vpsops serve` with Discord only, in its own process, against the simulator process. */
async function startBot(
  hosting: { url: string; apiKey: string },
  bin: string = BIN,
): Promise<{ target: Target; stop(): Promise<void> }> {
  const discord = await startFakeDiscord();
  const bot = await startServeProcess(
    hosting,
    {
      DISCORD_TOKEN: discord.botToken,
      DISCORD_APPLICATION_ID: discord.world.applicationId,
      DISCORD_API_URL: discord.apiUrl,
      PORT: String(await freePort()),
    },
    bin,
  );
  return {
    target: {
      discord,
      finishes: (call) => call.method === 'PATCH' || (call.method === 'POST' && call.path.startsWith('/webhooks/')),
    },
    async stop() {
      await bot.stop();
      await discord.close();
    },
  };
}

/** Runs the benchmark and returns a table of rows for the bench runner. */
export async function runBench(): Promise<BenchReport> {
  const layout = await binLayout();
  const hosting = await startSimulatorProcess();
  // Whatever started is stopped in finally, also when a later start fails.
  let bare: Awaited<ReturnType<typeof startBare>> | undefined;
  let bot: Awaited<ReturnType<typeof startBot>> | undefined;
  let before: Awaited<ReturnType<typeof startBot>> | undefined;
  const beforeBin = baselineBin();
  const rows: Row[] = [];
  const goals: GoalRow[] = [];
  try {
    bare = await startBare();
    bot = await startBot(hosting);
    if (beforeBin) before = await startBot(hosting, beforeBin);
    const full = bot.target;
    for (const target of [bare.target, full, before?.target]) if (target) await run(target, WARMUP, 4);
    for (const [mode, concurrency] of [
      ['sequential', 1],
      [`bursts of ${BURST}`, BURST],
    ] as const) {
      const baseline: number[][] = [];
      const times: number[][] = [];
      const beforeTimes: number[][] = [];
      // One unmeasured round per side at this concurrency first, as in the Slack benchmark.
      await run(bare.target, N, concurrency);
      await run(full, N, concurrency);
      if (before) await run(before.target, N, concurrency);
      for (let round = 0; round < ROUNDS; round += 1) {
        baseline.push(await run(bare.target, N, concurrency));
        // The two builds take turns going first, so neither always follows the bare client.
        const builds = [
          { target: full, into: times },
          ...(before ? [{ target: before.target, into: beforeTimes }] : []),
        ];
        if (round % 2 === 1) builds.reverse();
        for (const { target, into } of builds) into.push(await run(target, N, concurrency));
      }
      rows.push(...roundRows({ baseline: `${mode}: bare discord.js (defer only)`, bot: `${mode}: vpsops serve` }, baseline, times));
      goals.push(p99Goal(`1 Discord defer ${mode}, p99 ÷ bare discord.js`, baseline, times));
      if (before)
        rows.push(
          ...baselineBuildRows(
            { baselineBuild: `${mode}: baseline build`, change: `${mode}: this build ÷ baseline build` },
            baseline,
            times,
            beforeTimes,
          ),
        );
    }
  } finally {
    await before?.stop();
    await bot?.stop();
    await bare?.stop();
    await hosting.stop();
  }
  return {
    title: `Discord interaction → defer latency (${ROUNDS} rounds of ${N} /vps commands per case and side; bot runs ${layout} in its own process)`,
    rows,
    goals,
    notes:
      'Time from writing INTERACTION_CREATE to the gateway socket until the fake REST API receives the defer ' +
      'callback; ratios are against the bare discord.js client in this run, whose rounds alternate with the bot’s ' +
      '(samples pooled per side), after one unmeasured round per side at the case’s concurrency; round_p99_ms is the median over the rounds of each round’s p99 (a round hit by something else on the machine moves the pooled p99, not this). Each interaction is waited on until ' +
      'its reply is edited before the next batch. The adapter decides visibility and defers before any work; ' +
      'the bot then runs `instance show` against the simulator. Edits go through @discordjs/rest’s ' +
      'client-side global limit of 50 requests/s, which bounds the run’s length, not the defer latency (interaction ' +
      'callbacks use its burst handler). The bot, the simulator and the bare client each run in their own process; ' +
      'the fake Discord shares only this one. With VPSOPS_BENCH_BASELINE set, that checkout’s bot runs too, ' +
      'its rounds taking turns with this one’s, and the change rows divide this build by it.',
  };
}

await runIfEntry(import.meta.url, runBench);
