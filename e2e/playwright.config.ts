import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { APP_PORT, BASE_URL, MARKETING_PORT, MARKETING_SITE_URL, TEST_COMPANY } from './helpers/env.ts';

const E2E_DIR = fileURLToPath(new URL('.', import.meta.url));
const ROOT = resolve(E2E_DIR, '..');

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  throw new Error(
    `Chromium not found at ${chromiumPath}: run \`apt-get install -y chromium\` or set CHROMIUM_PATH`,
  );
}

// Playwright starts web servers BEFORE globalSetup, so the per-run data folder is made here.
// Workers load this file again with the parent's environment, so they reuse the same folder.
// The main process removes it on exit, after the servers have stopped (E2E_KEEP_DATA=1 keeps it).
if (!process.env.E2E_DATA_DIR) {
  const dir = mkdtempSync(join(tmpdir(), 'taxback-e2e-'));
  process.env.E2E_DATA_DIR = dir;
  if (process.env.E2E_KEEP_DATA !== '1') {
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
}
const dataDir = process.env.E2E_DATA_DIR;

if (process.env.E2E_A11Y === 'off' && !process.env.TEST_WORKER_INDEX) {
  console.log(
    'Accessibility scans are off for this run (E2E_A11Y=off): a pass that repeats scanned screens.',
  );
}

// Without E2E_DATABASE_URL the server must use SQLite in the fresh folder, whatever the shell has.
const databaseUrl = process.env.E2E_DATABASE_URL;
if (!databaseUrl) delete process.env.DATABASE_URL;

export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.e2e.ts',
  // Per port, so two runs on one machine (E2E_APP_PORT) never delete each other's artifacts.
  outputDir: join(ROOT, 'test-results', APP_PORT === 3210 ? 'e2e' : `e2e-${APP_PORT}`),
  // Tests are independent (each has its own browser context); two cores → two workers.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Never hide a failure behind a retry.
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.E2E_JSON_REPORT ?? join(ROOT, 'test-results', 'e2e-report.json') }],
  ],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // A trace records a DOM snapshot and a screenshot at every action of every test, kept only for
    // a failure: a fifth of the suite's CPU. CI keeps nothing but its printed output, so it records
    // none (decision 082); a failure there is rerun here with the trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      name: 'marketing',
      command: 'node e2e/scripts/marketing-server.mjs',
      cwd: ROOT,
      url: MARKETING_SITE_URL,
      env: { MARKETING_PORT: String(MARKETING_PORT) },
      reuseExistingServer: false,
      timeout: 15_000,
    },
    {
      name: 'app',
      // The compiled server (`npm run build`), as production runs it (D24).
      command: 'node --enable-source-maps apps/server/dist/server/main.js',
      cwd: ROOT,
      url: `${BASE_URL}/api/health`,
      env: {
        PORT: String(APP_PORT),
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        // Every browser of the suite, and the claims seeded through the API (decision 086), reach
        // the app from 127.0.0.1: the per-address limit (1,000 requests a minute by default) would
        // answer the suite's later tests 429 on a fast run. The limit itself is tested by the
        // server's integration tests (app.integration, rate-limit-redis); the per-route throttles
        // the journeys check (resume, status) keep their own limits.
        RATE_LIMIT_MAX: '1000000',
        ...TEST_COMPANY,
        MARKETING_SITE_URL,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
  ],
});
