// Vitest's sequencer, with one change: within a group, the files that took longest in a recorded
// run start first (test/durations.json), so two workers finish together instead of one idling
// while the other runs a long file picked last. Vitest does this from its own results cache, but a
// fresh clone (CI) has none and falls back to file size, which says little about a file that
// starts processes. Files missing from the record (new ones) start first, as Vitest's do.
// Refresh the record from a JSON report: node bin/test-durations.js <vitest.json>.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const recorded = JSON.parse(
  readFileSync(new URL('../durations.json', import.meta.url), 'utf8'),
) as Record<string, number>;

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const grouped = await super.sort(files);
    const seconds = (spec: TestSpecification) =>
      recorded[relative(spec.project.config.root, spec.moduleId)] ?? Number.POSITIVE_INFINITY;
    const groupOf = (spec: TestSpecification) => grouped.findIndex((s) => s.project === spec.project);
    return [...grouped].sort((a, b) => groupOf(a) - groupOf(b) || seconds(b) - seconds(a));
  }
}
