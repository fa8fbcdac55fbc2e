/* global process, console */
// Every product decision the code cites (D1, D8, ...) must have its section in
// docs/decisions/product-decisions.md, so a citation always resolves inside the repository.
// Run by `npm run lint`; lists each unresolved citation with its file and line.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const decisionsFile = 'docs/decisions/product-decisions.md';
const searched = ['apps', 'packages', 'e2e', 'bench', 'scripts', 'docs', 'README.md'];
const skippedDirs = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'data']);
const textFile = /\.(ts|tsx|js|mjs|cjs|md|css|html|json)$/;
const citation = /\bD([1-9][0-9]?)\b/g;

const defined = new Set(
  [...fs.readFileSync(path.join(root, decisionsFile), 'utf8').matchAll(/^## D(\d+)\. /gm)].map((m) => m[1]),
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
let count = 0;
for (const file of searched.flatMap((entry) => [...files(entry)])) {
  const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
  lines.forEach((line, index) => {
    for (const match of line.matchAll(citation)) {
      count += 1;
      if (!defined.has(match[1])) unresolved.push(`${file}:${index + 1}: D${match[1]}`);
    }
  });
}

if (unresolved.length > 0) {
  console.error(`Decisions cited but not written in ${decisionsFile}:\n${unresolved.join('\n')}`);
  process.exit(1);
}
console.log(`${count} decision citations, all in ${decisionsFile}`);
