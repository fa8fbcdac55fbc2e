import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import type { AxeResults } from 'axe-core';
import { expect, type Page } from '@playwright/test';

const WCAG_21_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// The second checker (issue 16): HTML_CodeSniffer, as pa11y runs it, with its WCAG 2 AA standard.
// pa11y itself drives its own Chrome; this runs the same sniffs in the Playwright page. The script
// is evaluated through the DevTools protocol, which the page's CSP does not govern.
const require = createRequire(import.meta.url);
const HTMLCS_SOURCE = readFileSync(require.resolve('@pa11y/html_codesniffer/build/HTMLCS.js'), 'utf8');
// axe-core itself, the version @axe-core/playwright runs, injected once per document (below).
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface HtmlcsMessage {
  code: string;
  msg: string;
  element: string;
}

declare global {
  interface Window {
    axe?: typeof import('axe-core');
    HTMLCS?: {
      process: (standard: string, root: Document, done: () => void) => void;
      getMessages: () => Array<{ type: number; code: string; msg: string; element: Element }>;
    };
  }
}

/** HTML_CodeSniffer's errors (not its warnings or notices) for the page as it is now. */
export async function htmlcsErrors(page: Page): Promise<HtmlcsMessage[]> {
  if (!(await page.evaluate(() => typeof window.HTMLCS !== 'undefined'))) await page.evaluate(HTMLCS_SOURCE);
  return page.evaluate(
    () =>
      new Promise<HtmlcsMessage[]>((resolve) => {
        const htmlcs = window.HTMLCS!;
        htmlcs.process('WCAG2AA', window.document, () => {
          resolve(
            htmlcs
              .getMessages()
              .filter((m) => m.type === 1)
              .map((m) => ({ code: m.code, msg: m.msg, element: m.element.outerHTML.slice(0, 160) })),
          );
        });
      }),
  );
}

/**
 * axe-core's WCAG 2.1 A and AA violations for the page as it is now. A page without frames gets
 * axe injected once per document and `axe.run` on it: the same rules and results as
 * `AxeBuilder.analyze()`, which injects axe afresh and opens a blank page to merge frame results on
 * every scan, three times the cost (1.5 s against 0.45 s a scan here, decision 082). A page with a
 * frame (the embedded signing) goes through AxeBuilder, which scans inside frames.
 */
export async function axeViolations(page: Page): Promise<AxeResults['violations']> {
  if (page.frames().length > 1) {
    return (await new AxeBuilder({ page }).withTags(WCAG_21_A_AA).analyze()).violations;
  }
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (tags) =>
      window
        .axe!.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((results) => results.violations),
    WCAG_21_A_AA,
  );
}

/**
 * `E2E_A11Y=off` leaves the scans out: CI's second Playwright pass, on PostgreSQL, walks the same
 * screens the SQLite pass has just scanned, and the database a page's figures come from changes
 * nothing in its markup (decision 082). The Playwright config says so when a run starts.
 */
export const A11Y_SCANS_OFF = process.env.E2E_A11Y === 'off';

/**
 * Scans the page as it is now with axe-core (WCAG 2.1 A and AA rules) and with HTML_CodeSniffer
 * (WCAG 2 AA errors), and fails with a readable list of every violation and the elements involved.
 */
export async function expectNoA11yViolations(page: Page, context: string): Promise<void> {
  if (A11Y_SCANS_OFF) return;
  const violations = (await axeViolations(page)).map((violation) => {
    const nodes = violation.nodes
      .slice(0, 5)
      .map((node) => `    at ${node.target.join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`);
    const more = violation.nodes.length > 5 ? [`    …and ${violation.nodes.length - 5} more`] : [];
    return [`[${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}`, ...nodes, ...more].join(
      '\n',
    );
  });
  expect(violations, `axe found WCAG 2.1 A/AA violations on ${context}:\n${violations.join('\n')}`).toEqual(
    [],
  );
  const sniffed = (await htmlcsErrors(page)).map((m) => `${m.code}: ${m.msg}\n    at ${m.element}`);
  expect(sniffed, `HTML_CodeSniffer found WCAG 2 AA errors on ${context}:\n${sniffed.join('\n')}`).toEqual(
    [],
  );
}
