import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 20_000,
    pool: 'forks',
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts', 'commands/**/*.ts', 'adapters/**/*.ts'],
      reporter: ['text-summary', 'text'],
    },
  },
});
