import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          // Integration tests share one database per file; keep files apart.
          fileParallelism: false,
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
