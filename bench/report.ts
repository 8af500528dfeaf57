// How a benchmark's result is shaped and printed, shared by `npm run bench` and each benchmark
// run on its own, so every table looks the same.
import { pathToFileURL } from 'node:url';
import { goalTable, type GoalRow } from './goals.js';

/** What every benchmark returns: a title, one row per case, how to read the numbers, and its goal rows. */
export interface BenchReport {
  title: string;
  rows: Record<string, string | number>[];
  notes?: string;
  /** The issue-43 goals this benchmark measures (bench/goals.ts), printed together at the end. */
  goals?: GoalRow[];
}

/** Prints a report to stdout (CLI output, not logging), under `heading` (default: its title). */
export function printReport(report: BenchReport, heading = report.title): void {
  console.log(heading);
  console.table(report.rows);
  if (report.notes) console.log(report.notes);
}

/** Runs and prints a benchmark when its file is the process entry (`tsx bench/x.bench.ts`). */
export async function runIfEntry(moduleUrl: string, run: () => Promise<BenchReport>): Promise<void> {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  const report = await run();
  printReport(report);
  if (report.goals?.length) console.log(`\n${goalTable(report.goals)}`);
}
