// `npm run bench`: runs each benchmark in turn and prints its table. Every benchmark measures the
// bot against a baseline in the same run and reports ratios, so results compare across machines.
import { runBench as chartRender } from './chart-render.bench.js';
import { runBench as discordHttp } from './discord-http.bench.js';
import { runBench as discordInteraction } from './discord-interaction.bench.js';
import { printReport, type BenchReport } from './report.js';
import { runBench as slackAck } from './slack-ack.bench.js';

const benches: [string, () => Promise<BenchReport>][] = [
  ['slack', slackAck],
  ['discord', discordInteraction],
  ['discord-http', discordHttp],
  ['charts', chartRender],
];

const only = process.argv.slice(2);
for (const [name, run] of benches) {
  if (only.length > 0 && !only.includes(name)) continue;
  const started = performance.now();
  const report = await run();
  printReport(report, `\n## ${report.title}  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
process.exit(0);
