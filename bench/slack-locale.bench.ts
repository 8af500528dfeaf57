// Benchmark of the Slack locale lookup (issue 28): what `users.info` with include_locale costs a
// command's ack and its first reply, with a cold cache (the first command of each of N users: the
// bot asks Slack for the user's locale before it answers) and a warm one (the same user's next
// command: the locale is cached). The bot runs `bin/vpsops.js serve` in its own process against
// the simulator and the fake Slack (each in its own process, slack-ack.bench.ts's helpers); half
// the users are id-ID, so half the replies are Indonesian. Cold and warm alternate per user, so
// drift in the machine's load hits both alike.
import { SEED_IDS } from '../src/simulator/seed-ids.js';
import { postSigned, slashCommandForm } from '../test/support/fake-slack-requests.js';
import { SLACK_CHANNEL } from '../test/support/fake-slack-world.js';
import { runIfEntry, type BenchReport } from './report.js';
import { drain, SECRET, settled, startBot, startFakeSlack, type SlackProcess } from './slack-ack.bench.js';
import { startSimulatorProcess } from './support/processes.js';
import { percentile, round } from './support/stats.js';

const USERS = Number(process.env.USERS ?? 100);
const WARMUP = 50;
/** Quiet before each sample, so every command finds the bot idle, as a lone command does. */
const GAP_MS = 200;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sample {
  ackMs: number;
  replyMs: number;
  lookups: number;
}

/** One `/vps instance show` by `userId`: time to the HTTP 200 (ack), and to the first post back. */
async function command(events: string, slack: SlackProcess, userId: string): Promise<Sample> {
  const form = slashCommandForm({
    text: `instance show ${SEED_IDS.instances.web1}`,
    userId,
    channelId: SLACK_CHANNEL,
    responseUrl: slack.newResponseUrl(),
  });
  const lookupsBefore = slack.lookups();
  const posted = slack.nextPost();
  const start = performance.timeOrigin + performance.now();
  const answer = await postSigned(events, form, { secret: SECRET });
  const ackMs = performance.timeOrigin + performance.now() - start;
  if (answer.status !== 200) throw new Error(`ack failed with HTTP ${answer.status}`);
  const replyMs = (await posted) - start;
  await drain(slack);
  return { ackMs, replyMs, lookups: slack.lookups() - lookupsBefore };
}

function rows(name: string, samples: Sample[], base?: Sample[]): Record<string, string | number>[] {
  const sorted = (pick: (s: Sample) => number, list: Sample[]) => list.map(pick).sort((a, b) => a - b);
  const stat = (pick: (s: Sample) => number) => {
    const mine = sorted(pick, samples);
    const theirs = base ? sorted(pick, base) : mine;
    return {
      p50_ms: round(percentile(mine, 50)),
      p99_ms: round(percentile(mine, 99)),
      ratio_p50: round(percentile(mine, 50) / percentile(theirs, 50)),
      ratio_p99: round(percentile(mine, 99) / percentile(theirs, 99)),
    };
  };
  const lookups = samples.reduce((n, s) => n + s.lookups, 0);
  return [
    { case: `ack: ${name}`, ...stat((s) => s.ackMs), users_info_calls: lookups },
    { case: `first reply: ${name}`, ...stat((s) => s.replyMs), users_info_calls: lookups },
  ];
}

/** Runs the benchmark and returns a table of rows for the bench runner. */
export async function runBench(): Promise<BenchReport> {
  const slack = await startFakeSlack({ FAKE_SLACK_ID_USERS: '^UL\\d*[13579]$' });
  let hosting: Awaited<ReturnType<typeof startSimulatorProcess>> | undefined;
  let bot: Awaited<ReturnType<typeof startBot>> | undefined;
  const cold: Sample[] = [];
  const warm: Sample[] = [];
  try {
    hosting = await startSimulatorProcess();
    bot = await startBot(slack, hosting);
    // Warm-up by one user (the JIT and the connections, not the cache of the users measured).
    for (let i = 0; i < WARMUP; i += 1) await command(bot.events, slack, 'UWARMUP');
    await settled(bot.child.process.pid);
    for (let i = 0; i < USERS; i += 1) {
      await pause(GAP_MS);
      cold.push(await command(bot.events, slack, `UL${i}`));
      await pause(GAP_MS);
      warm.push(await command(bot.events, slack, `UL${i}`));
    }
  } finally {
    await bot?.stop();
    await hosting?.stop();
    await slack.child.stop();
  }
  return {
    title: `Slack locale lookup (${USERS} users, each: a first command with a cold cache, then a warm one; bot in its own process)`,
    rows: [...rows('warm cache (locale cached)', warm), ...rows('cold cache (users.info first)', cold, warm)],
    notes:
      'Ack: signed `/vps instance show` → HTTP 200; first reply: → the first post reaching the fake Slack (response_url ' +
      'or chat.postMessage; users.info calls are counted apart, not as posts). Cold: the first command of a user the bot ' +
      'has not seen (it asks users.info with include_locale after the ack, waiting at most 800 ms); warm: the same ' +
      `user’s next command (cached for an hour). ${GAP_MS} ms of quiet before each command; ratios are against the warm ` +
      'rows. The fake Slack answers users.info over loopback in about a millisecond; real Slack takes a network round ' +
      'trip (tens to hundreds of ms), which a cold first reply pays once per user per hour, capped by the 800 ms budget.',
  };
}

await runIfEntry(import.meta.url, runBench);
