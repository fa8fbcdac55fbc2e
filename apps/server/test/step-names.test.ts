import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 34 (decision 031): a wizard step is named by its plan id everywhere. Its number is a storage
// key read and written only through the plan's mapping (storageIndexOf / stepAtStorageIndex), so no
// file name, wire field, state field or comparison in the web, the server, their tests or the e2e
// specs may name or decide a step by a number literal.

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SCANNED = [
  'apps/web/src',
  'apps/server/src',
  'apps/server/test',
  'e2e/tests',
  'e2e/helpers',
  'bench/src',
];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mjs)$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** The ways a step number used to appear; each names the rule it breaks. */
const NUMBERED_STEP: [RegExp, string][] = [
  [
    /\b(currentStep|lastStepCompleted|returnTo)\s*(===|!==|==|!=|<=|>=|<|>)\s*-?\d/,
    'compares a step with a number',
  ],
  [/\b(currentStep|lastStepCompleted|returnTo|rebuildStep)\s*:\s*-?\d+\s*[,}\n]/, 'sets a step to a number'],
  [/\bdata-step(=|['"]?\s*,\s*)['"]\d/, 'expects a numbered data-step'],
  [
    /\b(stepIndex|stepIdAt|isWizardStepIndex|rebuildStep)\b/,
    'uses a numbered-step helper that no longer exists',
  ],
  [/\bstep-\d{2}-/, 'names a step file by number'],
];

const files = SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir)));

describe('wizard steps are named, not numbered', () => {
  it('scans the web, the server, their tests and the e2e specs', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.endsWith(join('steps', 'check-answers.tsx')))).toBe(true);
  });

  it('no step file is named by a number', () => {
    const numbered = files.filter((f) => /(^|[/\\])step-\d+/.test(relative(ROOT, f)));
    expect(numbered).toEqual([]);
  });

  it('no code names or decides a step by a number literal', () => {
    const problems: string[] = [];
    for (const file of files) {
      if (file.endsWith('step-names.test.ts')) continue;
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const [pattern, why] of NUMBERED_STEP) {
          if (pattern.test(line)) problems.push(`${relative(ROOT, file)}:${i + 1} ${why}: ${line.trim()}`);
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('the check catches the old forms', () => {
    const caught = (line: string) => NUMBERED_STEP.some(([pattern]) => pattern.test(line));
    expect(caught('if (state.currentStep === 8) return;')).toBe(true);
    expect(caught('payload: { revision: 0, currentStep: 8, lastStepCompleted: 7 },')).toBe(true);
    expect(caught("await expect(step).toHaveAttribute('data-step', '4');")).toBe(true);
    expect(caught(`root.querySelector('[data-testid="wizard-step"][data-step="0"]')`)).toBe(true);
    expect(caught("import { StepEvidence } from './steps/step-08-evidence.tsx';")).toBe(true);
    expect(caught("payload: { revision: 0, currentStep: 'evidence', lastStepCompleted: null },")).toBe(false);
    expect(caught("current_step: storageIndexOf('evidence'),")).toBe(false);
  });
});
