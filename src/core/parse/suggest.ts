// "Did you mean …?" suggestions by edit distance, for unknown commands, flags and instance names.

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i]!;
      const prev = d[i - 1]!;
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
      }
    }
  }
  return d[a.length]![b.length]!;
}

/** Candidates close to `word` (case-insensitive), best first; prefix matches count as close. */
export function closest(word: string, candidates: readonly string[], limit = 3): string[] {
  const w = word.toLowerCase().slice(0, 64);
  const threshold = Math.max(2, Math.floor(w.length / 3));
  return candidates
    .map((c) => {
      const lc = c.toLowerCase();
      const distance = lc.startsWith(w) && w.length >= 2 ? 0.5 : editDistance(w, lc);
      return { c, distance };
    })
    .filter((x) => x.distance <= threshold)
    .sort((x, y) => x.distance - y.distance || x.c.localeCompare(y.c))
    .slice(0, limit)
    .map((x) => x.c);
}
