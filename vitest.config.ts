import { defineConfig } from 'vitest/config';

// Two groups, one after the other: unit and deploy tests (pure, in-process) run two files at a
// time; contract and end-to-end tests, which start servers and child processes and wait on real
// sockets, run one file at a time so they never compete with each other for the CPU.
const shared = { testTimeout: 30_000, hookTimeout: 20_000, pool: 'forks' as const };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/deploy/**/*.test.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'serial',
          include: ['test/contract/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
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
