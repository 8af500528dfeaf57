import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Three groups, one after another: pure in-process tests, two files at a time (they use the CPU);
// the contract and end-to-end files that drive one bot; then, in a group of their own ("alone"),
// the files that run several replicas or processes, kill servers, or wait on pacing and poll
// timers. The last two groups mostly wait (timers, sockets, child processes), so they run three
// files at a time on the 2 cores: measured on the quiet 2-core machine with coverage, e2e 108 s →
// 79 s and alone 108 s → 85 s, every test passing. Their waits use short settings the tests pass
// (lease TTLs, poll and pacing intervals), not the product's defaults. Every group shares one
// module graph per worker (isolate: false): a fresh import of the app per file cost more than most
// files' tests (39 e2e files: 249 s → 96 s); each file starts and stops its own servers and bots.
const shared = { testTimeout: 30_000, hookTimeout: 20_000, pool: 'forks' as const, isolate: false };
const ALONE = [
  'test/e2e/*replicas*.test.ts',
  'test/e2e/*watch*.test.ts',
  'test/e2e/alert-storm.test.ts',
  'test/e2e/redis-kill-confirm.test.ts',
  'test/e2e/serve-slow-clients.test.ts',
  'test/e2e/serve-crash-interrupted.test.ts',
  'test/e2e/unknown-outcome.test.ts',
  'test/e2e/console-smoke.test.ts',
  'test/e2e/exec-parallel.test.ts',
  'test/e2e/slack-slow-api.test.ts',
  'test/contract/*replicas*.test.ts',
  'test/contract/*race*.test.ts',
  'test/contract/*faults*.test.ts',
  'test/contract/*adopt*.test.ts',
  'test/contract/expiry-clock-redis.test.ts',
];

// The unit and e2e files CI measured longest (3 s and more; the alone group keeps Vitest's order),
// started first in their group, longest first. A fresh clone has no recorded durations, so Vitest
// orders by file size: a long file starting late leaves one worker finishing it while the other
// waits at the group's end. Keep it to files measured long.
const LONGEST_FIRST = [
  'test/deploy/npm-pack.test.ts',
  'test/deploy/image.test.ts',
  'test/unit/api/redact-encodings.test.ts',
  'test/unit/watch/storm-property.test.ts',
  'test/unit/adapters/slack/store-outage.test.ts',
  'test/unit/serve/http-server.test.ts',
  'test/unit/watch/storm-page-card.test.ts',
  'test/unit/i18n/catalogue.test.ts',
  'test/e2e/schedule-quiet.test.ts',
  'test/e2e/power-start-restart.test.ts',
  'test/e2e/commands-estate.test.ts',
  'test/contract/store-embedded.test.ts',
  'test/e2e/exec-approve.test.ts',
  'test/e2e/exec-estate.test.ts',
  'test/e2e/exec-locale.test.ts',
  'test/e2e/console-cli.test.ts',
  'test/e2e/exec-remote-api.test.ts',
  'test/e2e/exec-cli.test.ts',
  'test/e2e/console-approve.test.ts',
  'test/e2e/exec-wait-json.test.ts',
];

/** Vitest's order (groups, then recorded durations or file size) with LONGEST_FIRST moved ahead. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((path) => file.moduleId.endsWith(`/${path}`));
      return at === -1 ? LONGEST_FIRST.length : at;
    };
    const group = (file: TestSpecification) => file.project.config.sequence.groupOrder;
    // A stable sort: the rest keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/deploy/**/*.test.ts'],
          maxWorkers: 2,
          // The in-process files: about 65 s instead of 170 s for the group without isolation.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'e2e',
          include: ['test/contract/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          exclude: ALONE,
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...shared,
          name: 'alone',
          include: ALONE,
          maxWorkers: 3,
          sequence: { groupOrder: 2 },
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts', 'commands/**/*.ts', 'adapters/**/*.ts'],
      reporter: ['text-summary', 'text'],
    },
  },
});
