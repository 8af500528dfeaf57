import { defineConfig } from 'vitest/config';

// Three groups, one after another. Pure in-process tests run two files at a time, and so do the
// contract and end-to-end files that drive one bot; the files that run several replicas or
// processes, kill servers, or wait on pacing and poll timers run alone, one file at a time, so a
// neighbour's CPU use cannot stretch their timings. Every group shares one module graph per worker
// (isolate: false): a fresh import of the app per file cost more than most files' tests (39 e2e
// files: 249 s → 96 s); each file starts and stops its own servers, stores and bots.
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
  'test/e2e/slack-slow-api.test.ts',
  'test/contract/*replicas*.test.ts',
  'test/contract/*race*.test.ts',
  'test/contract/*faults*.test.ts',
  'test/contract/*adopt*.test.ts',
  'test/contract/expiry-clock-redis.test.ts',
];

export default defineConfig({
  test: {
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
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...shared,
          name: 'alone',
          include: ALONE,
          fileParallelism: false,
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
