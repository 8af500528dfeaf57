// Benchmark of the Slack side, with the bot in a process of its own (`bin/vpsops.js serve`, as
// production runs it) talking to the simulator in another process and to the fake Slack Web API in
// a third, while this process only sends signed `/vps` commands and times them. Measured in one run:
// ack latency (time to the HTTP 200 Slack needs within 3 s) sequentially and 20 at a time, against
// a bare Bolt app that only acks, also in its own process; and end-to-end read latency (command →
// reply posted) against the hosting API's own latency for the same calls.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { SEED_IDS } from '../src/simulator/seed-ids.js';
import { postSigned, slashCommandForm } from '../test/support/fake-slack-requests.js';
import { SLACK_CHANNEL, SLACK_USERS } from '../test/support/fake-slack-world.js';
import { runIfEntry, type BenchReport } from './report.js';
import { baselineBin, binLayout, BIN, freePort, ROOT, spawnNode, startServeProcess, startSimulatorProcess, type Child, type ServeProcess } from './support/processes.js';
import { baselineBuildRows, percentile, round, roundRows } from './support/stats.js';
import { p99Goal, type GoalRow } from './goals.js';

const N = 200;
/** Ack rounds per case, bare and bot alternating, pooled: a p99 of 2,000 samples per side, and drift in the machine's load hits both. */
const ROUNDS = Number(process.env.ROUNDS ?? 10);
const CONCURRENCY = 20;
const WARMUP = 100;
const E2E_RUNS = 100;
/** Quiet before the reads, so they measure an idle bot after its warm-up burst (V8 settles its heap). */
const QUIET_BEFORE_READS_MS = 11_000;
export const SECRET = 'bench-signing-secret';

type Row = Record<string, string | number>;

/** The fake Slack in its own process, as the load generator sees it. */
export interface SlackProcess {
  child: Child;
  apiUrl: string;
  botToken: string;
  newResponseUrl(): string;
  /** Posts the bot has made so far. */
  posts(): number;
  /** Epoch ms (sub-ms) at which the fake received the next post. */
  nextPost(): Promise<number>;
  /** users.info calls (locale lookups) the bot has made so far; they are not posts. */
  lookups(): number;
}

/** The fake Slack child; `env` reaches it (FAKE_SLACK_ID_USERS: ids answered as id-ID). */
export async function startFakeSlack(env: Record<string, string> = {}): Promise<SlackProcess> {
  const child = spawnNode(['--import', 'tsx', 'bench/slack-ack-fake-slack.ts'], { cwd: ROOT, env: { ...process.env, ...env } });
  await child.waitFor(/fake slack \{.*\}\n/);
  const info = JSON.parse(/fake slack (\{.*\})\n/.exec(child.stdout())?.[1] ?? '{}') as { apiUrl: string; botToken: string; base: string };
  let seen = 0;
  let looked = 0;
  let waiter: ((at: number) => void) | undefined;
  let read = 0;
  child.process.stdout?.on('data', () => {
    const out = child.stdout();
    looked += [...out.slice(read).matchAll(/lookup \d+\.\d+\n/g)].length;
    for (const match of out.slice(read).matchAll(/post (\d+\.\d+)\n/g)) {
      seen += 1;
      waiter?.(Number(match[1]));
      waiter = undefined;
    }
    read = out.lastIndexOf('\n') + 1;
  });
  return {
    child,
    apiUrl: info.apiUrl,
    botToken: info.botToken,
    newResponseUrl: () => `${info.base}/response/${randomUUID()}`,
    posts: () => seen,
    nextPost: () => new Promise<number>((resolve) => (waiter = resolve)),
    lookups: () => looked,
  };
}

async function once(events: string, slack: SlackProcess, text: string, agent?: Agent): Promise<number> {
  const form = slashCommandForm({ text, userId: SLACK_USERS.viewer, channelId: SLACK_CHANNEL, responseUrl: slack.newResponseUrl() });
  const start = performance.now();
  const answer = await postSigned(events, form, { secret: SECRET }, agent);
  const ms = performance.now() - start;
  if (answer.status !== 200) throw new Error(`ack failed with HTTP ${answer.status}`);
  return ms;
}

/** Sends `count` commands with at most `concurrency` in flight; returns sorted ack latencies. */
async function run(
  events: string,
  slack: SlackProcess,
  text: string,
  count: number,
  concurrency: number,
  agent?: Agent,
): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      times.push(await once(events, slack, text, agent));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return times.sort((a, b) => a - b);
}

/**
 * Opens (or keeps open) `count` connections of `agent` to the server with a GET each, unmeasured:
 * servers close a connection idle for 5 s, and a side's rounds can be further apart than that, so
 * without this some rounds would start on new connections and others not, by chance.
 */
async function warmConnections(events: string, agent: Agent, count: number): Promise<void> {
  const get = () =>
    new Promise<void>((resolve) => {
      const req = request(events, { agent, method: 'GET' }, (res) => {
        res.resume();
        res.on('end', () => resolve());
      });
      // A socket the server closed just then: the round opens a new one, as it would anyway.
      req.on('error', () => resolve());
      req.end();
    });
  await Promise.all(Array.from({ length: count }, get));
}

/** Waits until the fake Slack stops receiving posts (the bot's background work has finished). */
export async function drain(slack: SlackProcess): Promise<void> {
  let last = -1;
  for (let stable = 0, i = 0; stable < 3 && i < 400; i += 1) {
    const seen = slack.posts();
    stable = seen === last ? stable + 1 : 0;
    last = seen;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Command → first post back (response_url or chat.postMessage) as the fake Slack clocks it; ms. */
async function endToEnd(events: string, slack: SlackProcess, text: string, settle = true): Promise<number> {
  const responseUrl = slack.newResponseUrl();
  const form = slashCommandForm({ text, userId: SLACK_USERS.viewer, channelId: SLACK_CHANNEL, responseUrl });
  const posted = slack.nextPost();
  const start = performance.timeOrigin + performance.now();
  await postSigned(events, form, { secret: SECRET });
  const ms = (await posted) - start;
  if (settle) await drain(slack);
  return ms;
}

/**
 * The hosting API's own latency for what `instance show` asks of it: the instance detail, then the
 * private-network list (to name the instance's network), one after the other as the command does.
 */
async function apiLatency(hosting: { url: string; apiKey: string }): Promise<number> {
  const get = async (path: string) => {
    const res = await fetch(`${hosting.url}${path}`, { headers: { 'x-apikey': hosting.apiKey } });
    await res.arrayBuffer();
  };
  const start = performance.now();
  await get(`/instance/${SEED_IDS.instances.web1}/detail`);
  await get('/network/vswitches');
  return performance.now() - start;
}

/** The quiet before each read and each API-alone sample: after it, every process wakes up as for a lone command. */
const READ_GAP_MS = 200;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads and the API alone, interleaved and paced alike (each after READ_GAP_MS of quiet), so both
 * pay the same wake-up costs and the same drift; plus the API alone back to back, for reference.
 */
async function reads(
  events: string,
  slack: SlackProcess,
  hosting: { url: string; apiKey: string },
  text: string,
  runs: number,
): Promise<{ api: number[]; e2e: number[]; apiBackToBack: number[]; e2eBackToBack: number[] }> {
  const api: number[] = [];
  const e2e: number[] = [];
  const apiBackToBack: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    await pause(READ_GAP_MS);
    api.push(await apiLatency(hosting));
    await pause(READ_GAP_MS);
    e2e.push(await endToEnd(events, slack, text));
  }
  const e2eBackToBack: number[] = [];
  for (let i = 0; i < runs; i += 1) apiBackToBack.push(await apiLatency(hosting));
  // The next command as soon as the reply is in (its audit record may still be closing).
  for (let i = 0; i < runs; i += 1) e2eBackToBack.push(await endToEnd(events, slack, text, false));
  await drain(slack);
  const sorted = (list: number[]) => list.sort((x, y) => x - y);
  return { api: sorted(api), e2e: sorted(e2e), apiBackToBack: sorted(apiBackToBack), e2eBackToBack: sorted(e2eBackToBack) };
}

/** The two rows of one read measurement: the API alone, and command → reply with the overhead over it. */
function readRows(tag: string, api: number[], e2e: number[], how = ''): Row[] {
  const a50 = percentile(api, 50);
  const e50 = percentile(e2e, 50);
  const apiCase = how ? `hosting API alone${how}` : 'hosting API alone (GET instance detail, then vswitches)';
  return [
    { case: `read${tag}: ${apiCase}`, p50_ms: round(a50), p99_ms: round(percentile(api, 99)), ratio_p50: 1, ratio_p99: '' },
    {
      case: `read${tag}: command → reply posted${how}`,
      p50_ms: round(e50),
      p99_ms: round(percentile(e2e, 99)),
      ratio_p50: round(e50 / a50),
      ratio_p99: '',
      overhead_p50_ms: round(e50 - a50),
    },
  ];
}

/** CPU time (ms) a process has used so far, from /proc (NaN where there is none). */
async function cpuMs(pid: number | undefined): Promise<number> {
  try {
    const { readFile } = await import('node:fs/promises');
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * Waits (at most 20 s) until a process has used under 20 ms of CPU in half a second: start-up work
 * (JIT, module loading) is over, so the cases measure the steady state.
 * Time to ready and the first chart are the startup and chart-render benchmarks' business.
 */
export async function settled(pid: number | undefined): Promise<void> {
  let last = await cpuMs(pid);
  for (let i = 0; i < 40; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await cpuMs(pid);
    if (!(now - last >= 20)) return;
    last = now;
  }
}

export async function startBot(
  slack: SlackProcess,
  hosting: { url: string; apiKey: string },
  bin: string = BIN,
): Promise<ServeProcess & { events: string }> {
  const port = await freePort();
  const bot = await startServeProcess(hosting, {
    SLACK_BOT_TOKEN: slack.botToken,
    SLACK_SIGNING_SECRET: SECRET,
    SLACK_API_URL: slack.apiUrl,
    PORT: String(port),
    // SLACK_ACK_NODE_OPTIONS profiles the bot (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
    ...(process.env.SLACK_ACK_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SLACK_ACK_NODE_OPTIONS } : {}),
  }, bin);
  return { ...bot, events: `http://127.0.0.1:${port}/slack/events` };
}

async function startBare(slack: SlackProcess): Promise<{ child: Child; events: string }> {
  const child = spawnNode(['--import', 'tsx', 'bench/support/bare-bolt-process.ts'], {
    cwd: ROOT,
    env: { ...process.env, SLACK_SIGNING_SECRET: SECRET, SLACK_BOT_TOKEN: slack.botToken, SLACK_API_URL: slack.apiUrl },
  });
  await child.waitFor(/listening on \d+/);
  const port = /listening on (\d+)/.exec(child.stdout())?.[1] ?? '0';
  return { child, events: `http://127.0.0.1:${port}/slack/events` };
}

/** Runs the benchmark and returns a table of rows for the bench runner. */
export async function runBench(): Promise<BenchReport> {
  const layout = await binLayout();
  const slack = await startFakeSlack();
  // Whatever started is stopped in finally, also when a later start fails.
  let hosting: Awaited<ReturnType<typeof startSimulatorProcess>> | undefined;
  let bare: Awaited<ReturnType<typeof startBare>> | undefined;
  let bot: Awaited<ReturnType<typeof startBot>> | undefined;
  let before: Awaited<ReturnType<typeof startBot>> | undefined;
  const beforeBin = baselineBin();
  const text = `instance show ${SEED_IDS.instances.web1}`;
  const rows: Row[] = [];
  const goals: GoalRow[] = [];
  const agents = new Map<string, Agent>();
  try {
    hosting = await startSimulatorProcess();
    bare = await startBare(slack);
    bot = await startBot(slack, hosting);
    if (beforeBin) before = await startBot(slack, hosting, beforeBin);
    await run(bare.events, slack, text, WARMUP, 4);
    await run(bot.events, slack, text, WARMUP, 4);
    if (before) await run(before.events, slack, text, WARMUP, 4);
    await drain(slack);
    await settled(bot.child.process.pid);
    if (before) await settled(before.child.process.pid);
    // Reads first, on a bot that has been quiet for a while, as a 3 a.m. command finds it.
    await new Promise((resolve) => setTimeout(resolve, QUIET_BEFORE_READS_MS));
    const { api, e2e, apiBackToBack, e2eBackToBack } = await reads(bot.events, slack, hosting, text, E2E_RUNS);
    // Each side sends through connections of its own. "Kept" rounds start on connections already
    // open (warmed just before); "new" rounds on a fresh agent's, so every round of every side opens
    // its 20 connections at once, as a burst reaching a bot that was idle for a while does.
    const roundOn = async (events: string, concurrency: number, connections: 'kept' | 'new'): Promise<number[]> => {
      if (connections === 'new') {
        agents.get(events)?.destroy();
        agents.set(events, new Agent({ keepAlive: true }));
      }
      let agent = agents.get(events);
      if (!agent) agents.set(events, (agent = new Agent({ keepAlive: true })));
      if (connections === 'kept') await warmConnections(events, agent, concurrency);
      return run(events, slack, text, N, concurrency, agent);
    };
    for (const [mode, concurrency, connections] of [
      ['sequential', 1, 'kept'],
      [`concurrent ×${CONCURRENCY}`, CONCURRENCY, 'kept'],
      [`concurrent ×${CONCURRENCY}, new connections`, CONCURRENCY, 'new'],
    ] as const) {
      const baseline: number[][] = [];
      const times: number[][] = [];
      const beforeTimes: number[][] = [];
      // One unmeasured round per side at this concurrency first: the load generator opens its new
      // connections and both servers take them (that round's tail was 2–3× the others').
      await roundOn(bare.events, concurrency, connections);
      await roundOn(bot.events, concurrency, connections);
      if (before) await roundOn(before.events, concurrency, connections);
      await drain(slack);
      for (let round = 0; round < ROUNDS; round += 1) {
        baseline.push(await roundOn(bare.events, concurrency, connections));
        // The two builds take turns going first, so neither always follows the bare app.
        const builds = [
          { events: bot.events, into: times },
          ...(before ? [{ events: before.events, into: beforeTimes }] : []),
        ];
        if (round % 2 === 1) builds.reverse();
        for (const { events, into } of builds) {
          into.push(await roundOn(events, concurrency, connections));
          await drain(slack);
        }
      }
      rows.push(...roundRows({ baseline: `ack ${mode}: bare Bolt (ack only)`, bot: `ack ${mode}: vpsops serve` }, baseline, times));
      goals.push(p99Goal(`1 Slack ack ${mode}, p99 ÷ bare Bolt`, baseline, times));
      if (before)
        rows.push(
          ...baselineBuildRows(
            { baselineBuild: `ack ${mode}: baseline build`, change: `ack ${mode}: this build ÷ baseline build` },
            baseline,
            times,
            beforeTimes,
          ),
        );
    }
    rows.push(...readRows('', api, e2e), ...readRows(' (reference)', apiBackToBack, e2eBackToBack, ', back to back'));
  } finally {
    for (const agent of agents.values()) agent.destroy();
    await before?.stop();
    await bot?.stop();
    await bare?.child.stop();
    await hosting?.stop();
    await slack.child.stop();
  }
  return {
    title: `Slack (${ROUNDS} rounds of ${N} signed /vps commands per ack case and side, ${E2E_RUNS} sequential reads; bot runs ${layout} in its own process)`,
    rows,
    goals,
    notes:
      'Ack: time from sending a signed slash command to its HTTP 200, against the bare Bolt app (own process) in this ' +
      `run; ${ROUNDS} rounds alternate bare and bot and their samples are pooled, after one unmeasured round per side at the case’s concurrency; each side sends through its own connections, opened (or kept open) by one GET each just before every round, except in the “new connections” case, where every round of every side opens its ${CONCURRENCY} at once; round_p99_ms is the median over the rounds of each round’s p99 (a round hit by something else on the machine moves the pooled p99, not this). Reads are measured first, once the ` +
      'bot has been quiet for 11 s after its warm-up burst. Each read and each ' +
      `API-alone sample follows ${READ_GAP_MS} ms of quiet, alternating, so both pay the same wake-up costs (on this VM an ` +
      'idle process answers ~2 ms slower than a busy one); the two reference rows repeat both back to back, with ' +
      'no quiet before each. Read: `instance show` from sending the command until the first reply reaches the fake Slack, against the ' +
      'same two GETs the command makes (instance detail, then the private-network list) sent directly to the simulator ' +
      '(own process); overhead_p50_ms is the difference. The fake Slack runs in a process of its own too (it clocks ' +
      'each post’s arrival), so this process only sends and times. Cases start once the bot has settled after its ' +
      'warm-up commands (under 20 ms of CPU in 0.5 s), so start-up work (JIT, module loading) is not in them. ' +
      'With VPSOPS_BENCH_BASELINE set, that checkout’s bot takes the ack cases too (its rounds taking turns with ' +
      'this one’s; the reads are this build’s only) and the change rows divide this build by it.',
  };
}

await runIfEntry(import.meta.url, runBench);
