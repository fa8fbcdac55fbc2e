import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const WEB_ROOT = './apps/web';

/**
 * The web's test files that replace a module with `vi.mock` (decision 080). A replaced module is
 * shared by every file a worker runs when files share a module graph, so these keep one each.
 */
function webFilesThatMock(): string[] {
  const src = path.join(WEB_ROOT, 'src');
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => readFileSync(path.join(src, file), 'utf8').includes('vi.mock('))
    .map((file) => `src/${file.split(path.sep).join('/')}`);
}
const mocking = webFilesThatMock();

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
          // No module graph per file (decision 080): the rules hold no state between files.
          isolate: false,
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
          // One module graph per worker, not per file (decision 080): importing the app afresh for
          // each of ~80 files cost three quarters of the suite's time. Every test app still has its
          // own database, folder and Redis prefix, and nothing in the server keeps module state.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
          // The upload memory test collects garbage between samples, to measure live memory only.
          execArgv: ['--expose-gc'],
        },
      },
      // One jsdom per worker, not per file (decision 080): setting it up for each of ~50 files
      // was most of the project's time. test/setup.ts cleans the DOM, storage, stubs and spies.
      {
        extends: `${WEB_ROOT}/vite.config.ts`,
        root: WEB_ROOT,
        test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], exclude: mocking, isolate: false },
      },
      {
        extends: `${WEB_ROOT}/vite.config.ts`,
        root: WEB_ROOT,
        test: { name: 'web-mocks', include: mocking },
      },
    ],
  },
});
