import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_21_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Scans the page as it is now with axe-core (WCAG 2.1 A and AA rules) and fails with a readable
 * list of every violation and the elements involved.
 */
export async function expectNoA11yViolations(page: Page, context: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_A_AA).analyze();
  const violations = results.violations.map((violation) => {
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
}
