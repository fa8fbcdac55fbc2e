/* global process, console */
// Every product decision the code cites (D1, D8, ...) must have its section in
// docs/decisions/product-decisions.md, and every specification section it cites ("SPEC §3",
// "SPEC.md §2, §5") its section in docs/spec.md, so a citation always resolves inside the
// repository. Run by `npm run lint`; lists each unresolved citation with its file and line.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const decisionsFile = 'docs/decisions/product-decisions.md';
const searched = ['apps', 'packages', 'e2e', 'bench', 'scripts', 'docs', 'README.md'];
const skippedDirs = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'data']);
const textFile = /\.(ts|tsx|js|mjs|cjs|md|css|html|json)$/;
const citation = /\bD([1-9][0-9]?)\b/g;
const specFile = 'docs/spec.md';
// A specification citation: "SPEC" then its sections on the same line ("SPEC §2, §5").
const specCitation = /\bSPEC(?:\.md)?\b((?:[ ,]*(?:and |or )?§ ?\d+(?:\.\d+)?)+)/g;
const specSection = /§ ?(\d+)/g;

const defined = new Set(
  [...fs.readFileSync(path.join(root, decisionsFile), 'utf8').matchAll(/^## D(\d+)\. /gm)].map((m) => m[1]),
);

const specSections = new Set(
  [...fs.readFileSync(path.join(root, specFile), 'utf8').matchAll(/^## (\d+)\. /gm)].map((m) => m[1]),
);

function* files(relative) {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    yield relative;
    return;
  }
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.isDirectory() && !skippedDirs.has(entry.name)) yield* files(path.join(relative, entry.name));
    else if (entry.isFile() && textFile.test(entry.name)) yield path.join(relative, entry.name);
  }
}

const unresolved = [];
const unresolvedSpec = [];
let count = 0;
let specCount = 0;
for (const file of searched.flatMap((entry) => [...files(entry)])) {
  if (file === specFile) continue;
  const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
  lines.forEach((line, index) => {
    for (const match of line.matchAll(citation)) {
      count += 1;
      if (!defined.has(match[1])) unresolved.push(`${file}:${index + 1}: D${match[1]}`);
    }
    for (const match of line.matchAll(specCitation)) {
      for (const [, section] of match[1].matchAll(specSection)) {
        specCount += 1;
        if (!specSections.has(section)) unresolvedSpec.push(`${file}:${index + 1}: SPEC §${section}`);
      }
    }
  });
}

if (unresolved.length > 0)
  console.error(`Decisions cited but not written in ${decisionsFile}:\n${unresolved.join('\n')}`);
if (unresolvedSpec.length > 0)
  console.error(`Specification sections cited but not in ${specFile}:\n${unresolvedSpec.join('\n')}`);
if (unresolved.length > 0 || unresolvedSpec.length > 0) process.exit(1);
console.log(`${count} decision citations, all in ${decisionsFile}`);
console.log(`${specCount} specification citations, all in ${specFile}`);
