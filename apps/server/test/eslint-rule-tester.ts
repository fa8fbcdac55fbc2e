import { describe, it } from 'vitest';
import { RuleTester, type ESLint, type Rule } from 'eslint';

// For the tests of the repository's own ESLint rules (scripts/eslint-*.mjs): one of a script's
// rules, and ESLint's RuleTester running its cases as vitest tests.

RuleTester.describe = describe;
RuleTester.it = it;

/** The rule `ruleName` of the plugin `exportName` in `scripts/<script>`, with a tester for ES modules. */
export async function localRule(
  script: string,
  exportName: string,
  ruleName: string,
): Promise<{ rule: Rule.RuleModule; tester: RuleTester }> {
  const href = new URL(`../../../scripts/${script}`, import.meta.url).href;
  const plugin = ((await import(href)) as Record<string, ESLint.Plugin>)[exportName];
  const rule = plugin?.rules?.[ruleName] as Rule.RuleModule | undefined;
  if (!rule) throw new Error(`no rule ${ruleName} in scripts/${script}`);
  return { rule, tester: new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }) };
}
