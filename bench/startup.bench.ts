// Benchmark of process-level figures: `exec instance show` wall time (against `node -e 0` in the
// same run), console time to its first prompt, `serve` time to ready and its resident memory idle.
// Every figure is the median of RUNS fresh processes running `bin/vpsops.js` exactly as `npx vpsops`
// does (compiled dist/ when current, else the sources through tsx — the table says which), and
// `serve` talks to a fake Slack and the simulator that run in processes of their own.
import { FakeSlack } from '../test/support/fake-slack.js';
import {
  baselineBin,
  BIN,
  binLayout,
  freePort,
  scratchEnv,
  spawnNode,
  startServeProcess,
  startSimulatorProcess,
  timeRun,
} from './support/processes.js';
import { median, round } from './support/stats.js';
import { runIfEntry, type BenchReport } from './report.js';
import { goal } from './goals.js';

const RUNS = 7;
/** How long `serve` sits idle before its memory is read (the chart engine loads on the first chart, not at start). */
const IDLE_MS = 5_000;

async function repeat(runs: number, once: () => Promise<number>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push(await once());
  return median(times);
}

/** Medians of `once(bin)` for this build and the baseline build, their runs taking turns. */
async function repeatBoth(
  runs: number,
  bins: { bin: string; before: string },
  once: (bin: string) => Promise<number>,
): Promise<{ now: number; before: number }> {
  const now: number[] = [];
  const before: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const pair = [
      { bin: bins.bin, into: now },
      { bin: bins.before, into: before },
    ];
    if (i % 2 === 1) pair.reverse();
    for (const { bin, into } of pair) into.push(await once(bin));
  }
  return { now: median(now), before: median(before) };
}

/** Resident memory of a bare node process idle for IDLE_MS: the floor under serve's idle RSS. */
async function bareNodeRss(): Promise<number> {
  const child = spawnNode(['-e', 'console.log("up"); setTimeout(() => {}, 60_000)']);
  try {
    await child.waitFor(/up/);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return await child.rssMb();
  } finally {
    await child.stop();
  }
}

/** Time from spawning `vpsops console` until its prompt is written. */
async function consolePrompt(bin: string = BIN): Promise<number> {
  const scratch = scratchEnv();
  const child = spawnNode([bin, 'console'], { cwd: scratch.cwd, env: scratch.env });
  try {
    return await child.waitFor(/vps> /);
  } finally {
    child.process.stdin?.end();
    await child.stop();
    scratch.remove();
  }
}

/** Time from spawning `vpsops serve` (Slack over HTTP) until it logs "vpsops serving", and its RSS. */
async function serveReady(
  slack: FakeSlack,
  hosting: { url: string; apiKey: string },
  idleMs: number,
  bin: string = BIN,
): Promise<{ readyMs: number; readyRssMb: number; idleRssMb: number }> {
  const bot = await startServeProcess(
    hosting,
    {
      SLACK_BOT_TOKEN: slack.botToken,
      SLACK_SIGNING_SECRET: 'bench-signing-secret',
      SLACK_API_URL: slack.apiUrl,
      PORT: String(await freePort()),
    },
    bin,
  );
  try {
    const readyRssMb = await bot.child.rssMb();
    if (idleMs > 0) await new Promise((resolve) => setTimeout(resolve, idleMs));
    return { readyMs: bot.readyMs, readyRssMb, idleRssMb: await bot.child.rssMb() };
  } finally {
    await bot.stop();
  }
}

/** Runs the benchmark and returns a table of rows for the bench runner. */
export async function runBench(): Promise<BenchReport> {
  const layout = await binLayout();
  const slack = await new FakeSlack().start();
  const hosting = await startSimulatorProcess();
  const scratch = scratchEnv();
  try {
    const nodeMs = await repeat(RUNS, () => timeRun(['-e', '0']));
    const execMs = await repeat(RUNS, () =>
      timeRun([BIN, 'exec', 'instance show web-1'], { cwd: scratch.cwd, env: scratch.env }),
    );
    const promptMs = await repeat(RUNS, consolePrompt);
    const serves: Awaited<ReturnType<typeof serveReady>>[] = [];
    for (let i = 0; i < RUNS; i += 1) serves.push(await serveReady(slack, hosting, i < 3 ? IDLE_MS : 0));
    const withIdle = serves.slice(0, 3);
    const idleRss = median(withIdle.map((s) => s.idleRssMb));
    const bareRss = await bareNodeRss();
    const before = baselineBin();
    const change = before ? await baselineChange(before, { slack, hosting, scratch }) : [];
    return {
      title: `Start-up (${RUNS} fresh processes per case, median; bin/vpsops.js runs ${layout})`,
      rows: [
        { case: 'baseline: node -e 0', ms: round(nodeMs, 0), ratio: 1, target: '' },
        { case: 'exec "instance show web-1" (embedded simulator)', ms: round(execMs, 0), ratio: round(execMs / nodeMs), target: '≤ 3×' },
        { case: 'console: spawn → first prompt', ms: round(promptMs, 0), ratio: round(promptMs / nodeMs), target: '≤ 800 ms' },
        { case: 'serve (Slack HTTP): spawn → "vpsops serving"', ms: round(median(serves.map((s) => s.readyMs)), 0), ratio: round(median(serves.map((s) => s.readyMs)) / nodeMs), target: '≤ 1000 ms' },
        { case: 'serve: RSS MB at ready', ms: round(median(serves.map((s) => s.readyRssMb)), 1), ratio: '', target: '' },
        { case: `serve: RSS MB idle ${IDLE_MS / 1000} s`, ms: round(idleRss, 1), ratio: '', target: '≤ 80 MB' },
        { case: `baseline: bare node process RSS MB idle ${IDLE_MS / 1000} s`, ms: round(bareRss, 1), ratio: '', target: '' },
        ...change,
      ],
      goals: [
        goal({ goal: `2 serve RSS idle ${IDLE_MS / 1000} s`, figure: round(idleRss, 1), baseline: `bare node ${round(bareRss, 1)} MB`, bound: '≤ 80', unit: 'MB' }),
        goal({ goal: '2 exec `instance show` ÷ `node -e 0`', figure: round(execMs / nodeMs), baseline: round(nodeMs, 0), bound: '≤ 3', unit: '×', baselineUnit: 'ms' }),
      ],
      notes:
        'ms column holds MB for the RSS rows. The exec row starts the embedded simulator in the CLI process, as ' +
        '`npx vpsops exec` does without HOSTING_API_URL; serve uses the simulator and fake Slack running in their own ' +
        'processes. VPSOPS_FROM_SOURCE=1 makes bin/vpsops.js run the TypeScript sources (the pre-build figures). ' +
        'With VPSOPS_BENCH_BASELINE set, exec, console and serve are timed again, this build and that checkout’s ' +
        'taking turns, and the change rows give this build ÷ baseline build (ratio column; above 1 is slower).',
    };
  } finally {
    scratch.remove();
    await hosting.stop();
    await slack.close();
  }
}

/** Exec, console and serve of this build against the baseline build's, runs taking turns: the change rows. */
async function baselineChange(
  before: string,
  on: { slack: FakeSlack; hosting: { url: string; apiKey: string }; scratch: ReturnType<typeof scratchEnv> },
): Promise<Record<string, string | number>[]> {
  const bins = { bin: BIN, before };
  // Each build its own data dir: one build's embedded store is not the other's to open.
  const beforeScratch = scratchEnv();
  const scratchOf = (bin: string) => (bin === before ? beforeScratch : on.scratch);
  const exec = await repeatBoth(RUNS, bins, (bin) =>
    timeRun([bin, 'exec', 'instance show web-1'], { cwd: scratchOf(bin).cwd, env: scratchOf(bin).env }),
  ).finally(() => beforeScratch.remove());
  const prompt = await repeatBoth(RUNS, bins, consolePrompt);
  const serve = await repeatBoth(RUNS, bins, async (bin) => (await serveReady(on.slack, on.hosting, 0, bin)).readyMs);
  const row = (what: string, m: { now: number; before: number }) => ({
    case: `${what}: this build ÷ baseline build (${round(m.now, 0)} / ${round(m.before, 0)} ms)`,
    ms: '',
    ratio: round(m.now / m.before),
    target: '',
  });
  return [row('exec', exec), row('console prompt', prompt), row('serve ready', serve)];
}

await runIfEntry(import.meta.url, runBench);
