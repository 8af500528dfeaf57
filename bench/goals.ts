// The goals of issue 43 as the benchmarks report them: each a figure measured beside its baseline in
// the same run, a bound, and pass or fail. `npm run bench` prints every goal row of the benchmarks it
// ran in one table at the end (markdown, the shape docs/benchmarks.md keeps); with BENCH_REPEAT=n
// each benchmark runs n times and a goal's figure and baseline are the medians over the runs.
import { median, overRounds, round } from './support/stats.js';

/** How a figure must compare with its bound. */
export type GoalOp = '≤' | '<' | '≥' | '=';

/** One goal's figure in one run. */
export interface GoalRow {
  /** The issue's goal number and what is measured, e.g. "1 Slack ack sequential, p99 ÷ bare Bolt". */
  goal: string;
  figure: number;
  /** The baseline measured in the same run (a number, or words when it is a count of another case). */
  baseline: number | string;
  /** Unit of the figure ('×', 'ms', 'MB', '') and of the baseline (default the figure's). */
  unit: string;
  baselineUnit: string;
  op: GoalOp;
  bound: number;
}

/** A goal row (pass is decided when printed, from the figure and the bound). */
export function goal(row: {
  goal: string;
  figure: number;
  baseline: number | string;
  bound: `${GoalOp} ${number}`;
  unit?: string;
  baselineUnit?: string;
}): GoalRow {
  const [op, value] = row.bound.split(' ') as [GoalOp, string];
  const unit = row.unit ?? '';
  const baselineUnit = row.baselineUnit ?? unit;
  return {
    goal: row.goal,
    figure: row.figure,
    baseline: row.baseline,
    unit,
    baselineUnit,
    op,
    bound: Number(value),
  };
}

export function passes(row: Pick<GoalRow, 'figure' | 'op' | 'bound'>): boolean {
  const { figure, op, bound } = row;
  if (!Number.isFinite(figure)) return false;
  if (op === '≤') return figure <= bound;
  if (op === '<') return figure < bound;
  if (op === '≥') return figure >= bound;
  return figure === bound;
}

/** The goal rows of repeated runs merged: per goal, the median figure and baseline (numbers) over the runs. */
export function mergeRuns(runs: GoalRow[][]): (GoalRow & { runs: number })[] {
  const byGoal = new Map<string, GoalRow[]>();
  for (const row of runs.flat()) byGoal.set(row.goal, [...(byGoal.get(row.goal) ?? []), row]);
  return [...byGoal.values()].map((rows) => {
    const baselines = rows.map((r) => r.baseline);
    const baseline = baselines.every((b) => typeof b === 'number') ? median(baselines) : baselines[0]!;
    return { ...rows[0]!, figure: median(rows.map((r) => r.figure)), baseline, runs: rows.length };
  });
}

const cell = (value: number | string, unit: string): string => {
  if (typeof value !== 'number') return value;
  // Infinity: never reached within the benchmark's wait (an incident never shown, a takeover not seen).
  if (!Number.isFinite(value)) return '∞ (never)';
  return `${Number(value.toFixed(value < 10 ? 2 : 1))}${unit ? ` ${unit}` : ''}`;
};

/** The goal table in markdown: goal, figure, baseline, bound, pass/fail (and the run count when repeated). */
export function goalTable(rows: (GoalRow & { runs?: number })[]): string {
  const repeated = rows.some((r) => (r.runs ?? 1) > 1);
  const head = ['goal', 'figure', 'baseline (same run)', 'bound', 'pass', ...(repeated ? ['runs'] : [])];
  const lines = rows.map((r) => [
    r.goal,
    cell(r.figure, r.unit),
    cell(r.baseline, r.baselineUnit),
    `${r.op} ${r.bound}${r.unit ? ` ${r.unit}` : ''}`,
    passes(r) ? 'pass' : '**fail**',
    ...(repeated ? [String(r.runs ?? 1)] : []),
  ]);
  return [head, head.map(() => '---'), ...lines].map((cols) => `| ${cols.join(' | ')} |`).join('\n');
}

/** Goal 1: the bot's pooled p99 at most 1.2× the bare library's, both from the same run's rounds. */
export function p99Goal(name: string, bareRounds: number[][], botRounds: number[][]): GoalRow {
  const bare = overRounds(bareRounds).p99;
  const bot = overRounds(botRounds).p99;
  return goal({
    goal: name,
    figure: round(bot / bare),
    baseline: round(bare),
    bound: '≤ 1.2',
    unit: '×',
    baselineUnit: 'ms',
  });
}
