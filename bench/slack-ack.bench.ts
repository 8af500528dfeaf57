// Benchmark of Slack ack latency: signed `/vps` slash commands sent sequentially and concurrently
// to (a) a bare Bolt app that only acks (baseline), (b) the Slack adapter with a no-op core
// (transport cost alone) and (c) the full bot — adapter + real core + hosting-API simulator + fake
// Slack Web API doing the real work in the background after each ack — all in the same run.
// Latency is the time until Slack would get its HTTP response.
import { App, HTTPReceiver } from '@slack/bolt';
import { createSlackAdapter } from '../adapters/slack/index.js';
import type { Dispatcher } from '../src/core/ports.js';
import { SEED_IDS } from '../src/simulator/seed-ids.js';
import { toBoltLogger } from '../adapters/slack/bolt-logger.js';
import { FakeSlack } from '../test/support/fake-slack.js';
import { postSigned, slashCommandForm } from '../test/support/fake-slack-requests.js';
import { SLACK_CHANNEL, SLACK_USERS, startSlackWorld } from '../test/support/fake-slack-world.js';
import { runIfEntry } from './report.js';

const N = 200;
const CONCURRENCY = 20;
const WARMUP = 100;

interface Target {
  events: string;
  secret: string;
  responseUrl: () => string;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

async function once(target: Target, text: string): Promise<number> {
  const form = slashCommandForm({ text, userId: SLACK_USERS.viewer, channelId: SLACK_CHANNEL, responseUrl: target.responseUrl() });
  const start = process.hrtime.bigint();
  const answer = await postSigned(target.events, form, { secret: target.secret });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (answer.status !== 200) throw new Error(`ack failed with HTTP ${answer.status}`);
  return ms;
}

/** Sends `count` commands with at most `concurrency` in flight; returns sorted latencies. */
async function run(target: Target, text: string, count: number, concurrency: number): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      times.push(await once(target, text));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return times.sort((a, b) => a - b);
}

async function startBareApp(slack: FakeSlack, secret: string): Promise<{ target: Target; stop: () => Promise<void> }> {
  const receiver = new HTTPReceiver({ signingSecret: secret, logger: toBoltLogger(undefined) });
  const app = new App({
    token: slack.botToken,
    receiver,
    logger: toBoltLogger(undefined),
    clientOptions: { slackApiUrl: slack.apiUrl },
    deferInitialization: true,
  });
  app.command('/vps', async ({ ack }) => ack());
  await app.init();
  const server = await receiver.start({ port: 0, host: '127.0.0.1' });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    target: { events: `http://127.0.0.1:${port}/slack/events`, secret, responseUrl: () => slack.newResponseUrl() },
    stop: () => receiver.stop(),
  };
}

/** The adapter over a core that does nothing: what transport alone costs. */
async function startTransportOnly(slack: FakeSlack, secret: string): Promise<{ target: Target; stop: () => Promise<void> }> {
  const noop: Dispatcher = {
    dispatch: async () => undefined,
    act: async () => undefined,
    commands: () => [],
    visibilityFor: () => 'channel',
    completeInstance: async () => [],
  };
  const adapter = createSlackAdapter({ botToken: slack.botToken, signingSecret: secret, apiUrl: slack.apiUrl, port: 0, host: '127.0.0.1' });
  await adapter.start(noop);
  return {
    target: { events: `http://127.0.0.1:${adapter.port}/slack/events`, secret, responseUrl: () => slack.newResponseUrl() },
    stop: () => adapter.stop(),
  };
}

/** Waits until the fake Slack stops receiving posts (the bot's background work has finished). */
async function drain(slack: FakeSlack): Promise<void> {
  let last = -1;
  for (let stable = 0, i = 0; stable < 3 && i < 200; i += 1) {
    const seen = slack.calls.length + slack.responses.length;
    stable = seen === last ? stable + 1 : 0;
    last = seen;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const round = (n: number): number => Number(n.toFixed(2));

/** Runs the benchmark and returns a table of rows for the bench runner. */
export async function runBench(): Promise<{ title: string; rows: Record<string, string | number>[]; notes?: string }> {
  const world = await startSlackWorld();
  const bare = await startBareApp(world.slack, world.signingSecret);
  const transport = await startTransportOnly(world.slack, world.signingSecret);
  const text = `instance show ${SEED_IDS.instances.web1}`;
  const bot: Target = {
    events: `http://127.0.0.1:${world.adapter.port}/slack/events`,
    secret: world.signingSecret,
    responseUrl: () => world.slack.newResponseUrl(),
  };
  const rows: Record<string, string | number>[] = [];
  try {
    await run(bare.target, text, WARMUP, 4);
    await run(transport.target, text, WARMUP, 4);
    await run(bot, text, WARMUP, 4);
    await drain(world.slack);
    for (const [mode, concurrency] of [
      ['sequential', 1],
      [`concurrent ×${CONCURRENCY}`, CONCURRENCY],
    ] as const) {
      const baseline = await run(bare.target, text, N, concurrency);
      const b50 = percentile(baseline, 50);
      const b99 = percentile(baseline, 99);
      rows.push({ case: `${mode}: bare Bolt (ack only)`, p50_ms: round(b50), p99_ms: round(b99), ratio_p50: 1, ratio_p99: 1 });
      for (const [name, target] of [
        ['vpsops adapter, no-op core', transport.target],
        ['vpsops full bot', bot],
      ] as const) {
        const times = await run(target, text, N, concurrency);
        await drain(world.slack);
        const p50 = percentile(times, 50);
        const p99 = percentile(times, 99);
        rows.push({ case: `${mode}: ${name}`, p50_ms: round(p50), p99_ms: round(p99), ratio_p50: round(p50 / b50), ratio_p99: round(p99 / b99) });
      }
    }
  } finally {
    await bare.stop();
    await transport.stop();
    await world.close();
  }
  return {
    title: `Slack ack latency (${N} signed /vps commands per case, loopback)`,
    rows,
    notes:
      'Time from sending a signed slash command to its HTTP 200 (the ack Slack needs within 3 s); ratios are ' +
      'against the bare Bolt app in this run. The adapter acks before any work; the full bot then runs ' +
      '`instance show` and posts the reply in the background, and since the simulator and the fake Slack ' +
      'share this process, their CPU time lands in the full-bot rows too (an upper bound for production).',
  };
}

await runIfEntry(import.meta.url, runBench);
