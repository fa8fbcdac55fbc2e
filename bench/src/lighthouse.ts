import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { onCleanup } from './processes.ts';

export interface LighthouseResult {
  url: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /**
   * Lighthouse's own measure of the host's CPU speed (its BenchmarkIndex): its simulated mobile
   * throttling slows the host by a fixed factor, so a slower machine scores the same page lower.
   */
  benchmarkIndex: number | null;
  error?: string;
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Lighthouse's default (mobile, simulated throttling) run of one page, retried once on failure. */
export async function runLighthouse(
  url: string,
  chromePath: string,
  port?: number,
): Promise<LighthouseResult> {
  let lastError = '';
  for (let attempt = 0; attempt < 2; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: CHROME_FLAGS,
      ...(port === undefined ? {} : { port }),
    });
    // Also stopped if the bench is interrupted while Lighthouse runs.
    const unregister = onCleanup(
      'stop Chromium',
      () => chrome.kill(),
      () => {
        try {
          process.kill(chrome.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      },
    );
    try {
      const runnerResult = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      const lhr = runnerResult?.lhr;
      if (!lhr) throw new Error('no result');
      if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? null;
      return {
        url,
        performance: lhr.categories.performance?.score ?? null,
        accessibility: lhr.categories.accessibility?.score ?? null,
        bestPractices: lhr.categories['best-practices']?.score ?? null,
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
      };
    } catch (error) {
      lastError = (error as Error).message; // NO_NAVSTART and friends: one more try
    } finally {
      unregister();
      chrome.kill();
    }
  }
  return {
    url,
    performance: null,
    accessibility: null,
    bestPractices: null,
    lcpMs: null,
    tbtMs: null,
    cls: null,
    benchmarkIndex: null,
    error: lastError,
  };
}
