/* global process, console */
// Sums test results from vitest and Playwright JSON reports into the one line the CI host reads:
//   Summary: N passed, M failed
// Usage: node e2e/scripts/summarise.mjs vitest=<report.json>[,<fallback.log>] playwright=<report.json> ...
// A vitest source may name a fallback: the console log of a run, read when the JSON is missing.
// A source with no readable result counts as one failure: a step that never reported did not pass.
// The names of failed (and flaky) tests are printed above the summary, so the tail of a CI log says
// which test it was.
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** The first line of an error message, without colours, at most 300 characters. */
function firstLine(message) {
  return (
    stripColours(String(message ?? ''))
      .split('\n')[0]
      ?.slice(0, 300) ?? ''
  );
}

/** Titles of the tests that did not pass, in every report read. */
const failures = [];

/** @returns {{ passed: number, failed: number } | null} */
function readVitestJson(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  let failed = report.numFailedTests ?? 0;
  for (const result of report.testResults ?? []) {
    const statuses = (result.assertionResults ?? []).map((a) => a.status);
    for (const assertion of result.assertionResults ?? []) {
      if (assertion.status === 'failed' || assertion.status === 'pending') {
        // The report's name (which pass) and the first line of the error say why, in the log's tail.
        const why = firstLine(assertion.failureMessages?.[0]);
        failures.push(
          `${assertion.status}: [${basename(file)}] ${result.name} > ${assertion.fullName ?? assertion.title}${why ? ` (${why})` : ''}`,
        );
      }
    }
    if (result.status === 'failed' && !statuses.includes('failed')) {
      failures.push(
        `failed to run: ${result.name}${result.message ? ` (${result.message.split('\n')[0]})` : ''}`,
      );
    }
    // A test still 'pending' when the run ended never finished: its worker died (skipped tests
    // are 'skipped'), and vitest may still call the file passed.
    failed += statuses.filter((status) => status === 'pending').length;
    // A file that fails to load has no failed assertions of its own but must still count.
    if (result.status === 'failed' && !statuses.includes('failed')) failed += 1;
  }
  if (report.success === false && failed === 0) failed = 1;
  return { passed: report.numPassedTests ?? 0, failed };
}

/** Reads vitest's closing "Tests  12 passed | 1 failed (13)" line from a console log. */
function readVitestLog(file) {
  if (!existsSync(file)) return null;
  // eslint-disable-next-line no-control-regex
  const text = readFileSync(file, 'utf8').replace(/\u001b\[[0-9;]*m/g, '');
  const lines = text.split('\n').filter((line) => /^\s*Tests\s+\d+/.test(line));
  const last = lines.at(-1);
  if (!last) return null;
  const count = (word) => Number(new RegExp(`(\\d+) ${word}`).exec(last)?.[1] ?? 0);
  let failed = count('failed');
  const filesLine =
    text
      .split('\n')
      .filter((line) => /^\s*Test Files\s+\d+/.test(line))
      .at(-1) ?? '';
  if (/\d+ failed/.test(filesLine) && failed === 0) failed = 1;
  return { passed: count('passed'), failed };
}

/** Drops the terminal colour codes a report's messages carry. */
function stripColours(text) {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

function readPlaywrightJson(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const stats = report.stats ?? {};
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          // The first line of the last try's error says why, in the CI log's tail.
          const error = (test.results ?? []).at(-1)?.error?.message ?? '';
          const why = stripColours(String(error)).split('\n')[0]?.slice(0, 300) ?? '';
          failures.push(
            `${test.status}: ${[...titles, spec.title].join(' > ')} [${test.projectName ?? ''}]${why ? ` (${why})` : ''}`,
          );
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, [suite.title]);
  for (const error of report.errors ?? [])
    failures.push(`error: ${String(error.message ?? '').split('\n')[0]}`);
  let failed = (stats.unexpected ?? 0) + (stats.flaky ?? 0);
  // Errors outside tests (config, webServer, global setup) leave the counts at zero.
  if (failed === 0 && (report.errors ?? []).length > 0) failed = 1;
  return { passed: stats.expected ?? 0, failed };
}

let passed = 0;
let failed = 0;
for (const arg of process.argv.slice(2)) {
  const [kind, spec = ''] = arg.split(/=(.*)/s);
  const [primary = '', fallback] = spec.split(',');
  let result = null;
  try {
    if (kind === 'vitest') result = readVitestJson(primary) ?? (fallback ? readVitestLog(fallback) : null);
    else if (kind === 'playwright') result = readPlaywrightJson(primary);
    else throw new Error(`unknown report kind "${kind}"`);
  } catch (error) {
    console.error(`summarise: could not read ${arg}: ${error instanceof Error ? error.message : error}`);
  }
  if (result === null) {
    console.error(`summarise: no result from ${arg}; counted as 1 failed`);
    failed += 1;
  } else {
    passed += result.passed;
    failed += result.failed;
  }
}
for (const line of failures) console.log(`summarise: ${line}`);
console.log(`Summary: ${passed} passed, ${failed} failed`);
