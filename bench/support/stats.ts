// Small statistics shared by the benchmarks: percentiles of sorted samples and rounding for tables.

/** The p-th percentile (nearest rank) of an ascending array; 0 for an empty one. */
export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/** The median of any array (copied and sorted). */
export function median(values: number[]): number {
  return percentile([...values].sort((a, b) => a - b), 50);
}

/** Rounds for a table cell. */
export const round = (n: number, digits = 2): number => Number(n.toFixed(digits));

/**
 * Samples measured in rounds: p50 and p99 of all of them pooled, and the median over rounds of each
 * round's p99 (one round hit by something else on the machine moves the pooled p99, not this).
 */
export function overRounds(rounds: number[][]): { p50: number; p99: number; roundP99: number } {
  const pooled = rounds.flat().sort((a, b) => a - b);
  const perRound = rounds.map((round) => percentile([...round].sort((a, b) => a - b), 99));
  return { p50: percentile(pooled, 50), p99: percentile(pooled, 99), roundP99: median(perRound) };
}

/** One table row of samples measured in rounds, with its ratios against `against`'s. */
function roundRow(
  name: string,
  measured: ReturnType<typeof overRounds>,
  against: ReturnType<typeof overRounds>,
): Record<string, string | number> {
  return {
    case: name,
    p50_ms: round(measured.p50),
    p99_ms: round(measured.p99),
    ratio_p50: round(measured.p50 / against.p50),
    ratio_p99: round(measured.p99 / against.p99),
    round_p99_ms: round(measured.roundP99),
    ratio_round_p99: round(measured.roundP99 / against.roundP99),
  };
}

/** The two table rows of a baseline and the bot measured in rounds: pooled p50/p99, median round p99, ratios. */
export function roundRows(
  cases: { baseline: string; bot: string },
  baselineRounds: number[][],
  botRounds: number[][],
): Record<string, string | number>[] {
  const bare = overRounds(baselineRounds);
  return [roundRow(cases.baseline, bare, bare), roundRow(cases.bot, overRounds(botRounds), bare)];
}

/**
 * With a baseline build in the run (VPSOPS_BENCH_BASELINE): its row against the same bare client,
 * and the change row, this build ÷ the baseline build (above 1 is slower).
 */
export function baselineBuildRows(
  cases: { baselineBuild: string; change: string },
  bareRounds: number[][],
  botRounds: number[][],
  baselineBuildRounds: number[][],
): Record<string, string | number>[] {
  const before = overRounds(baselineBuildRounds);
  const change = roundRow(cases.change, overRounds(botRounds), before);
  return [
    roundRow(cases.baselineBuild, before, overRounds(bareRounds)),
    { ...change, p50_ms: '', p99_ms: '', round_p99_ms: '' },
  ];
}
