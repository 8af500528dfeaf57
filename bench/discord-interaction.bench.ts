// Benchmark of Discord interaction latency: INTERACTION_CREATE sent over the fake gateway until the
// fake REST API receives the first callback (the defer Discord needs within 3 s), for (a) a bare
// discord.js client that only defers (baseline), (b) the Discord adapter with a no-op core
// (transport cost alone) and (c) the full bot — adapter + real core + hosting-API simulator doing
// the real work after each defer — all in the same run, sequentially and in bursts.
import { performance } from 'node:perf_hooks';
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { createDiscordAdapter } from '../adapters/discord/index.js';
import type { Dispatcher } from '../src/core/ports.js';
import { SEED_IDS } from '../src/simulator/seed-ids.js';
import { startFakeDiscord, type FakeDiscord, type RecordedCall } from '../test/support/fake-discord.js';
import { DISCORD_USERS, startDiscordWorld } from '../test/support/fake-discord-world.js';
import { runIfEntry } from './report.js';

const N = 200;
const BURST = 20;
const WARMUP = 20;

type Row = Record<string, string | number>;

/** One target: a fake Discord with a client attached, and what "finished" means for it. */
interface Target {
  discord: FakeDiscord;
  /** Whether this call ends the work of an interaction (the defer for the bare client, the edit otherwise). */
  finishes(call: RecordedCall): boolean;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

const round = (n: number): number => Number(n.toFixed(2));

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
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: discord.apiUrl } });
  client.on(Events.InteractionCreate, (interaction) => {
    if (interaction.isChatInputCommand()) void interaction.deferReply().catch(() => undefined);
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(discord.botToken);
  await ready;
  return {
    target: { discord, finishes: (call) => call.path.endsWith('/callback') },
    async stop() {
      await client.destroy();
      await discord.close();
    },
  };
}

async function startTransportOnly(): Promise<{ target: Target; stop(): Promise<void> }> {
  const discord = await startFakeDiscord();
  const dispatcher: Dispatcher = {
    commands: () => [],
    visibilityFor: () => 'channel',
    completeInstance: async () => [],
    async dispatch(_invocation, responder) {
      await responder.reply({ title: 'ok', blocks: [] });
    },
    async act() {},
  };
  const adapter = createDiscordAdapter({
    token: discord.botToken,
    applicationId: discord.world.applicationId,
    apiUrl: discord.apiUrl,
  });
  await adapter.start(dispatcher);
  return {
    target: { discord, finishes: (call) => call.method === 'PATCH' },
    async stop() {
      await adapter.stop();
      await discord.close();
    },
  };
}

/** Runs the benchmark and returns a table of rows for the bench runner. */
export async function runBench(): Promise<{ title: string; rows: Row[]; notes?: string }> {
  const world = await startDiscordWorld();
  const bare = await startBare();
  const transport = await startTransportOnly();
  const full: Target = {
    discord: world.discord,
    finishes: (call) =>
      call.method === 'PATCH' || (call.method === 'POST' && call.path.startsWith('/webhooks/')),
  };
  const rows: Row[] = [];
  try {
    for (const target of [bare.target, transport.target, full]) await run(target, WARMUP, 4);
    for (const [mode, concurrency] of [
      ['sequential', 1],
      [`bursts of ${BURST}`, BURST],
    ] as const) {
      const baseline = await run(bare.target, N, concurrency);
      const b50 = percentile(baseline, 50);
      const b99 = percentile(baseline, 99);
      rows.push({
        case: `${mode}: bare discord.js (defer only)`,
        p50_ms: round(b50),
        p99_ms: round(b99),
        ratio_p50: 1,
        ratio_p99: 1,
      });
      for (const [name, target] of [
        ['vpsops adapter, no-op core', transport.target],
        ['vpsops full bot', full],
      ] as const) {
        const times = await run(target, N, concurrency);
        const p50 = percentile(times, 50);
        const p99 = percentile(times, 99);
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
    await bare.stop();
    await transport.stop();
    await world.close();
  }
  return {
    title: `Discord interaction → defer latency (${N} /vps commands per case, loopback fake gateway + REST)`,
    rows,
    notes:
      'Time from writing INTERACTION_CREATE to the gateway socket until the fake REST API receives the defer ' +
      'callback; ratios are against the bare discord.js client in this run. Each interaction is waited on until ' +
      'its reply is edited before the next batch. The adapter decides visibility and defers before any work; ' +
      'the full bot then runs `instance show` against the simulator, which shares this process, so its CPU ' +
      'time shows up in the burst rows (an upper bound for production). Edits go through @discordjs/rest’s ' +
      'client-side global limit of 50 requests/s, which bounds the run’s length, not the defer latency (interaction ' +
      'callbacks use its burst handler).',
  };
}

await runIfEntry(import.meta.url, runBench);
