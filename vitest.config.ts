import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core machines this
    // runs on. Two keep both cores busy; every test app has its own database and folder (and its
    // own Redis key prefix), so files need not wait for each other (decision 054).
    maxWorkers: 2,
    // CI sets VITEST_JSON_REPORT so .ci/run can print one exact pass/fail summary line.
    reporters: process.env.VITEST_JSON_REPORT
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON_REPORT }]]
      : ['default'],
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          // Table tests that walk every day or half hour of decades: seconds of CPU each, so a
          // busy machine must not turn them into timeouts.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
          // The upload memory test collects garbage between samples, to measure live memory only.
          execArgv: ['--expose-gc'],
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
