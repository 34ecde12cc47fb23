import { defineConfig } from 'vitest/config';

/**
 * Test levels follow the file suffix (STYLE.md §2.6):
 * - unit: pure code, `*.unit.spec.ts(x)`;
 * - int: SQLite, in-memory read store, Redis, HTTP through inject, `*.int.spec.ts`;
 * - e2e: real browser or child-process servers, `*.e2e.spec.ts`.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{contracts,services,projections,tests,web}/**/*.unit.spec.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          include: ['{services,projections,tests}/**/*.int.spec.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['{services,tests,web}/**/*.e2e.spec.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll gives up after 1 s by default: too short for a page on a loaded 2-core CI machine.
          expect: { poll: { timeout: 10_000 } },
          // Browser and child-process suites each start their own server.
          fileParallelism: false,
        },
      },
    ],
  },
});
