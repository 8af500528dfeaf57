// `npm run bench [name…]`: runs every bench/<name>.bench.ts in turn and prints its table, then one
// table of every goal the benchmarks measured (figure, its baseline from the same run, bound,
// pass/fail). A new benchmark is a file here exporting `runBench(): Promise<BenchReport>` — it is
// picked up by name, no list to edit. Every benchmark measures against a baseline in the same run
// and reports ratios, so results compare across machines. BENCH_REPEAT=n runs each named benchmark
// n times in a row; the goal table then gives the median of each figure over the runs.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { goalTable, mergeRuns, type GoalRow } from './goals.js';
import { printReport, type BenchReport } from './report.js';

const dir = fileURLToPath(new URL('.', import.meta.url));
const names = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.slice(0, -'.bench.ts'.length))
  .sort();

const only = process.argv.slice(2);
const unknown = only.filter((name) => !names.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}; available: ${names.join(', ')}`);
  process.exit(2);
}
const repeat = Math.max(1, Number(process.env.BENCH_REPEAT ?? 1));
const goalRuns: GoalRow[][] = [];
for (const name of names) {
  if (only.length > 0 && !only.includes(name)) continue;
  for (let run = 1; run <= repeat; run += 1) {
    const started = performance.now();
    const module = (await import(`./${name}.bench.js`)) as { runBench(): Promise<BenchReport> };
    const report = await module.runBench();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const of = repeat > 1 ? `, run ${run} of ${repeat}` : '';
    printReport(report, `\n## ${name}: ${report.title}  (${seconds} s${of})`);
    if (report.goals?.length) goalRuns.push(report.goals);
  }
}
if (goalRuns.length > 0) {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  console.log(`\n## Goals (issue 43), ${when} UTC${repeat > 1 ? `, median of ${repeat} runs` : ''}\n`);
  console.log(goalTable(mergeRuns(goalRuns)));
}
process.exit(0);
