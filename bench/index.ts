// `npm run bench [name…]`: runs every bench/<name>.bench.ts in turn and prints its table. A new
// benchmark is a file here exporting `runBench(): Promise<BenchReport>` — it is picked up by name,
// no list to edit. Every benchmark measures against a baseline in the same run and reports ratios,
// so results compare across machines.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
for (const name of names) {
  if (only.length > 0 && !only.includes(name)) continue;
  const started = performance.now();
  const module = (await import(`./${name}.bench.js`)) as { runBench(): Promise<BenchReport> };
  const report = await module.runBench();
  printReport(report, `\n## ${name}: ${report.title}  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
process.exit(0);
