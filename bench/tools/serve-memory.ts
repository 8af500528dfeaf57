// Idle `vpsops serve` memory, broken down (RSS, V8 heap used/total, external, code), for the
// investigation of goal 2: `npx tsx bench/tools/serve-memory.ts` (SERVE_NODE_OPTIONS passes NODE_OPTIONS).
import { FakeSlack } from '../../test/support/fake-slack.js';
import { freePort, startServeProcess, startSimulatorProcess } from '../support/processes.js';

const slack = await new FakeSlack().start();
const hosting = await startSimulatorProcess();
try {
  const port = await freePort();
  const bot = await startServeProcess(hosting, {
    SLACK_BOT_TOKEN: slack.botToken,
    SLACK_SIGNING_SECRET: 'bench-signing-secret',
    SLACK_API_URL: slack.apiUrl,
    PORT: String(port),
    ...(process.env.SERVE_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVE_NODE_OPTIONS } : {}),
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const metric = (name: string) =>
      Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, 'm').exec(text)?.[1]);
    const mb = (bytes: number) => Math.round(bytes / 104857.6) / 10;
    console.log({
      rssMb: Math.round((await bot.child.rssMb()) * 10) / 10,
      heapUsedMb: mb(metric('nodejs_heap_size_used_bytes')),
      heapTotalMb: mb(metric('nodejs_heap_size_total_bytes')),
      externalMb: mb(metric('nodejs_external_memory_bytes')),
    });
    console.log(
      text
        .split('\n')
        .filter((l) => /^nodejs_heap_space_size_used_bytes/.test(l))
        .join('\n'),
    );
    if (process.env.SERVE_SNAPSHOT) {
      bot.child.process.kill('SIGUSR2');
      await new Promise((resolve) => setTimeout(resolve, 15_000));
    }
  } finally {
    await bot.stop();
  }
} finally {
  await hosting.stop();
  await slack.close();
}
