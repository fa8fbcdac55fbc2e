import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EARNINGS_THRESHOLD_GBP } from '@taxback/domain/expenses';

// Issue 44: SPEC.md's messages word for word. Every message and label SPEC.md quotes in §2-§5
// (screens, entities, states, validation) and §8 (the error catalogue) is in the product's source,
// or is listed below with the decision that replaced it. A message that leaves the product without
// a decision fails here. The specification and the decisions are read from the repository's own
// copies (docs/spec.md, docs/decisions/product-decisions.md, which the code's citations are checked
// against too), so the check runs wherever the repository is cloned.

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SOURCES = {
  'SPEC.md': join(ROOT, 'docs', 'spec.md'),
  'DECISIONS.md': join(ROOT, 'docs', 'decisions', 'product-decisions.md'),
} as const;
const PRODUCT = ['packages/domain/src', 'apps/web/src', 'apps/server/src'];
const SECTIONS = ['2', '3', '4', '5', '8'];

/**
 * SPEC.md's words the product no longer uses, each with the decision that replaced it: a D-number
 * of the decisions (docs/decisions/product-decisions.md), or a record docs/decisions/NNN-*.md.
 */
const REPLACED: Record<string, { decision: string; why: string }> = {
  'Company name required for {year}': {
    decision: 'D18',
    why: 'Employers are employments now (record 015), each asked its name once: "Enter the employer\'s name"',
  },
  'You could be owed thousands': {
    decision: 'D28',
    why: 'No headline amount the arithmetic would not give a plausible claimant',
  },
  'processed within 2-3 business days': {
    decision: 'D29',
    why: 'HMRC repays the claimant directly: "HMRC pays you directly", "When HMRC has processed your claim"',
  },
};

/**
 * SPEC.md's words the product writes from a constant: the source as written, and the words it
 * shows, worked out here from the same constant (so a changed figure fails too).
 */
const COMPUTED: Record<string, { source: string; shown: string }> = {
  'Do you earn over £18k per year?': {
    source: 'Do you earn over {thresholdLabel} per year?',
    shown: `Do you earn over £${Math.round(EARNINGS_THRESHOLD_GBP / 1000)}k per year?`,
  },
};

function readSpec(name: keyof typeof SOURCES): string {
  const path = SOURCES[name];
  if (!existsSync(path)) throw new Error(`${name} is not at ${path}: the repository keeps its copy there`);
  return readFileSync(path, 'utf8');
}

/** Each `## n.` section's text by its number. */
function sectionsOf(markdown: string): Map<string, string> {
  const sections = new Map<string, string>();
  const parts = markdown.split(/^## (\d+)\. .*$/m);
  for (let i = 1; i < parts.length; i += 2) sections.set(parts[i]!, parts[i + 1] ?? '');
  return sections;
}

/**
 * The single-quoted strings of a text ('…'): a quote opens after a non-letter and closes before
 * one, so an apostrophe inside ("don't", "the server's error text") neither opens nor closes one.
 * Kept: messages and labels, which begin with a capital or are more than one word; a lone
 * lower-case word ('yes', 'other', 'tx_') is a stored value, not words the claimant reads.
 */
function quotedMessages(text: string): string[] {
  const quoted = /(?<![\p{L}\p{N}])'((?:[^'\n]|(?<=\p{L})'(?=\p{L}))+?)'(?![\p{L}\p{N}])/gu;
  return [...text.matchAll(quoted)]
    .map((m) => m[1]!)
    .filter((s) => /^\p{Lu}/u.test(s) || /\s/.test(s.trim()));
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test' && entry.name !== 'node_modules') out.push(...sourceFiles(path));
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

/**
 * A source file as a claimant would read its words: comments out (a message only mentioned in a
 * comment is not in the product), JSX entities and typographic apostrophes as plain characters,
 * and runs of white space (JSX text wraps over lines) as one space.
 */
function readableSource(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[\s;{}(),])\/\/.*$/gm, '$1')
    .replace(/\{' '\}/g, ' ')
    .replace(/&apos;|&#39;|&rsquo;|[\u2018\u2019]/g, "'")
    .replace(/&quot;|&ldquo;|&rdquo;|[\u201C\u201D]/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');
}

/** A message as a pattern: SPEC's placeholders ('{year}') match a template literal's `${…}`. */
function messagePattern(message: string): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const parts = message.split(/\{\w+\}/).map(escape);
  return new RegExp(parts.join('(?:\\$\\{[^}]*\\}|\\{\\w+\\})'));
}

const spec = sectionsOf(readSpec('SPEC.md'));
const decisions = new Set([...readSpec('DECISIONS.md').matchAll(/^## (D\d+)\. /gm)].map((m) => m[1]!));
const records = new Set(
  readdirSync(join(ROOT, 'docs', 'decisions'))
    .map((name) => /^(\d{3})-.*\.md$/.exec(name)?.[1])
    .filter((n): n is string => n !== undefined),
);
const messages = [...new Set(SECTIONS.flatMap((n) => quotedMessages(spec.get(n) ?? '')))];
const files = PRODUCT.flatMap((dir) => sourceFiles(join(ROOT, dir)));
const product = files.map((file) => ({
  file: relative(ROOT, file),
  text: readableSource(readFileSync(file, 'utf8')),
}));
const whereFound = (message: string) => {
  const pattern = messagePattern(COMPUTED[message]?.source ?? message);
  return product.filter((f) => pattern.test(f.text)).map((f) => f.file);
};

describe("SPEC.md's messages are the product's, word for word", () => {
  it('reads the quoted messages of SPEC.md §2-§5 and §8, every one of §5 and §8', () => {
    for (const n of SECTIONS) expect(spec.get(n), `SPEC.md has no section ${n}`).toBeDefined();
    // The catalogue and the validation rules, whole (a change to SPEC.md shows up here first).
    const catalogue = quotedMessages(spec.get('8')!);
    expect(catalogue).toEqual(
      expect.arrayContaining([
        'You must qualify to proceed',
        'Failed to submit form. Please try again.',
        'Both postcodes are required',
        'Unable to search addresses. Please try again.',
        'No journeys added',
        'Unexpected Application Error!',
      ]),
    );
    expect(quotedMessages(spec.get('5')!)).toEqual(
      expect.arrayContaining(['Company name required for {year}', 'Please enter a valid mileage rate']),
    );
    expect(quotedMessages(spec.get('2')!)).toContain(
      "Most UK taxpayers don't know they could be owed a refund.",
    );
    expect(messages).not.toContain('yes');
    expect(messages.length).toBeGreaterThan(60);
    expect(files.length).toBeGreaterThan(100);
  });

  it('finds each in the product, or in the decision that replaced it', () => {
    const problems = messages
      .filter((m) => !(m in REPLACED) && whereFound(m).length === 0)
      .map(
        (m) =>
          `'${m}' is in SPEC.md but not in ${PRODUCT.join(', ')}: put it back, or list it in REPLACED with its decision`,
      );
    expect(problems).toEqual([]);
  });

  it('lists only messages SPEC.md has and the product no longer uses, each with a decision that exists', () => {
    for (const [message, { decision, why }] of Object.entries(REPLACED)) {
      expect(messages, `'${message}' is not quoted in SPEC.md`).toContain(message);
      expect(whereFound(message), `'${message}' is still in the product: take it off the list`).toEqual([]);
      const exists = /^D\d+$/.test(decision) ? decisions.has(decision) : records.has(decision);
      expect(exists, `'${message}': ${decision} is neither in DECISIONS.md nor in docs/decisions`).toBe(true);
      expect(why.length, message).toBeGreaterThan(10);
    }
  });

  it('shows the words SPEC.md gives where the product writes them from a constant', () => {
    for (const [message, { shown }] of Object.entries(COMPUTED)) {
      expect(messages, `'${message}' is not quoted in SPEC.md`).toContain(message);
      expect(shown).toBe(message);
    }
  });
});

describe('how the check reads SPEC.md and the source', () => {
  it('keeps apostrophes inside a quote and leaves lone stored values out', () => {
    expect(
      quotedMessages(
        "question 'Do you earn over £18k per year?' with 'Yes, I do' and 'No, I don't'; only 'yes' proceeds; the server's error text; 'Unable to lookup address. Please enter manually.' (exception)",
      ),
    ).toEqual([
      'Do you earn over £18k per year?',
      'Yes, I do',
      "No, I don't",
      'Unable to lookup address. Please enter manually.',
    ]);
  });

  it('reads JSX text and template literals, and not comments', () => {
    const jsx = readableSource(
      "<p>\n  Most UK taxpayers don&apos;t know they could be{' '}\n  owed a refund.\n</p>",
    );
    expect(jsx).toContain("Most UK taxpayers don't know they could be owed a refund.");
    expect(messagePattern('Evidence required for {year}').test('`Evidence required for ${year}`')).toBe(true);
    expect(
      readableSource("// SPEC §8: 'No journeys added'\nconst url = 'https://example.com';"),
    ).not.toContain('No journeys added');
    expect(readableSource("const url = 'https://example.com';")).toContain('https://example.com');
  });
});
