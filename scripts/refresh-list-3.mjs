/* global Buffer, console, process, fetch */
// Rebuilds packages/domain/src/data/list-3.ts, our copy of HMRC's "Professional bodies approved for
// tax relief (List 3)", from HMRC's own machine-readable copy of the list: the file
// conf/professional-bodies.json of HMRC's service hmrc/professional-subscriptions-frontend on GitHub
// (each entry: name, synonyms, startYear). The list is HMRC's, published under the Open Government
// Licence v3.0 (HMRC's repository under the Apache License 2.0); the output names both (D39). It is
// a typed TypeScript module rather than a .json file: the domain is a composite TypeScript project,
// which takes a JSON import only when its tsconfig lists the file.
//
// Usage (Node 20, no dependencies; CI has no internet, so the input is a file or a URL given here):
//
//   node scripts/refresh-list-3.mjs <professional-bodies.json: a path or an https URL> \
//     [--commit <HMRC repository commit the file was taken from>] \
//     [--source-date <YYYY-MM-DD, the date of that commit>] \
//     [--retrieved <YYYY-MM-DD, default today in UTC>] \
//     [--out <file, default packages/domain/src/data/list-3.ts>] [--check]
//
// For example, from a clone of HMRC's repository:
//   git -C professional-subscriptions-frontend show HEAD:conf/professional-bodies.json > /tmp/pb.json
//   node scripts/refresh-list-3.mjs /tmp/pb.json --commit "$(git -C professional-subscriptions-frontend \
//     log -1 --format=%H -- conf/professional-bodies.json)" --source-date 2026-05-26
//
// --check writes nothing: it exits 1 when the output would differ from the file at --out (the same
// input with the same --commit, --source-date and --retrieved gives the same bytes). The output
// keeps HMRC's order and names (trimmed, runs of spaces made one); `from` is the first tax year HMRC
// allows relief for (startYear 2018 is "with effect from 6 April 2018", so "2018/19"); `synonyms`
// are HMRC's synonyms followed by the former or other names List 3 gives inside a name
// ("(formerly X)", "(previously called X)", "(known as X)", "(English name - X)"). It is written as
// Prettier would write it with this repository's settings.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PRINT_WIDTH = 110; // .prettierrc.json

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    commit: { type: 'string' },
    'source-date': { type: 'string' },
    retrieved: { type: 'string' },
    out: { type: 'string' },
    check: { type: 'boolean', default: false },
  },
});

function fail(message) {
  console.error(`refresh-list-3: ${message}`);
  process.exit(1);
}

if (positionals.length !== 1) fail("give one input: a path or URL of HMRC's professional-bodies.json");
const input = positionals[0];
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const retrieved = flags.retrieved ?? new Date().toISOString().slice(0, 10);
if (!isoDate.test(retrieved)) fail(`--retrieved must be YYYY-MM-DD, not ${retrieved}`);
if (flags['source-date'] !== undefined && !isoDate.test(flags['source-date']))
  fail(`--source-date must be YYYY-MM-DD, not ${flags['source-date']}`);
if (flags.commit !== undefined && !/^[0-9a-f]{7,40}$/.test(flags.commit))
  fail(`--commit must be a git commit id, not ${flags.commit}`);
const out = flags.out ?? join(root, 'packages/domain/src/data/list-3.ts');

async function readInput(source) {
  if (/^https?:\/\//.test(source)) {
    const res = await fetch(source);
    if (!res.ok) fail(`${source}: HTTP ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }
  return readFileSync(source);
}

/** Trimmed, with runs of white space made one space (List 3 has a few doubled or trailing). */
const tidy = (s) => s.replace(/\s+/g, ' ').trim();

/** "2018" -> "2018/19": the tax year that starts on 6 April of that year. */
const taxYear = (startYear) => `${startYear}/${String((startYear + 1) % 100).padStart(2, '0')}`;

// Former or other names that List 3 writes inside a body's name. Each runs to the next comma,
// closing bracket or " - " (where List 3 goes on with a note on what is allowed).
const OTHER_NAME =
  /(?:\(|\s[-–―]\s)(?:formerly|previously called|previously|also known as|known as|English name -)\s+(?:the\s+)?([^,()]+?)\s*(?=,|\)|\s[-–―]\s|$)/gi;

function otherNames(name) {
  return [...name.matchAll(OTHER_NAME)].map((m) => tidy(m[1])).filter((s) => s.length > 1);
}

function convert(entries) {
  if (!Array.isArray(entries)) fail('the input is not a JSON array of bodies');
  return entries.map((entry, i) => {
    const where = `entry ${i + 1}`;
    if (entry === null || typeof entry !== 'object') fail(`${where} is not an object`);
    if (typeof entry.name !== 'string' || tidy(entry.name) === '') fail(`${where} has no name`);
    const name = tidy(entry.name);
    const hmrcSynonyms = entry.synonyms ?? [];
    if (!Array.isArray(hmrcSynonyms) || hmrcSynonyms.some((s) => typeof s !== 'string'))
      fail(`${where} (${name}): synonyms is not a list of names`);
    const synonyms = [];
    for (const s of [...hmrcSynonyms.map(tidy), ...otherNames(name)]) {
      if (s !== '' && s !== name && !synonyms.includes(s)) synonyms.push(s);
    }
    const body = { name };
    if (synonyms.length > 0) body.synonyms = synonyms;
    if (entry.startYear !== undefined && entry.startYear !== null) {
      const y = entry.startYear;
      if (!Number.isInteger(y) || y < 1900 || y > 2999) fail(`${where} (${name}): startYear ${y}`);
      body.from = taxYear(y);
    }
    return body;
  });
}

// TypeScript as Prettier prints it here (single quotes unless a string has more of them than
// double quotes; a body on one line when it fits the print width, else one key a line).
function str(s) {
  const single = (s.match(/'/g) ?? []).length;
  const double = (s.match(/"/g) ?? []).length;
  const q = single > double ? '"' : "'";
  return q + s.replace(/\\/g, '\\\\').replaceAll(q, `\\${q}`) + q;
}

const fits = (line) => line.length <= PRINT_WIDTH;

function list(items, indent, head, tail) {
  const flat = `${head}[${items.map(str).join(', ')}]${tail}`;
  if (fits(indent + flat)) return [indent + flat];
  return [`${indent}${head}[`, ...items.map((i) => `${indent}  ${str(i)},`), `${indent}]${tail}`];
}

function bodyLines(body, indent) {
  const parts = [`name: ${str(body.name)}`];
  if (body.synonyms) parts.push(`synonyms: [${body.synonyms.map(str).join(', ')}]`);
  if (body.from) parts.push(`from: ${str(body.from)}`);
  const flat = `${indent}{ ${parts.join(', ')} },`;
  if (fits(flat)) return [flat];
  const inner = `${indent}  `;
  return [
    `${indent}{`,
    `${inner}name: ${str(body.name)},`,
    ...(body.synonyms ? list(body.synonyms, inner, 'synonyms: ', ',') : []),
    ...(body.from ? [`${inner}from: ${str(body.from)},`] : []),
    `${indent}},`,
  ];
}

function typescriptModule(meta, bodies) {
  const lines = [
    '// Generated by scripts/refresh-list-3.mjs from HMRC\'s own copy of List 3 ("Professional bodies',
    '// approved for tax relief"); do not edit by hand: run the script on a newer copy. Contains public',
    '// sector information licensed under the Open Government Licence v3.0.',
    '',
    'export interface List3Body {',
    '  /** As List 3 gives it, its notes in brackets included. */',
    '  name: string;',
    "  /** HMRC's synonyms, then the former or other names List 3 gives inside the name. */",
    '  synonyms?: readonly string[];',
    '  /** The first tax year HMRC allows relief for, e.g. "2018/19" (HMRC\'s startYear 2018). */',
    '  from?: string;',
    '}',
    '',
    'export interface List3Data {',
    ...Object.keys(meta).map((k) => `  ${k}: ${typeof meta[k]};`),
    '  bodies: readonly List3Body[];',
    '}',
    '',
    'export const LIST_3: List3Data = {',
    ...Object.entries(meta).map(([k, v]) => {
      const line = `  ${k}: ${typeof v === 'string' ? str(v) : String(v)},`;
      return fits(line) || typeof v !== 'string' ? line : `  ${k}:\n    ${str(v)},`;
    }),
    '  bodies: [',
    ...bodies.flatMap((b) => bodyLines(b, '    ')),
    '  ],',
    '};',
  ];
  return `${lines.join('\n')}\n`;
}

const raw = await readInput(input);
let entries;
try {
  entries = JSON.parse(raw.toString('utf8'));
} catch (e) {
  fail(`${input} is not JSON: ${e.message}`);
}
const bodies = convert(entries);
const commit = flags.commit;
const meta = {
  title: 'Professional bodies approved for tax relief (List 3)',
  publisher: 'HM Revenue & Customs',
  page: 'https://www.gov.uk/government/publications/professional-bodies-approved-for-tax-relief-list-3',
  source: `https://github.com/hmrc/professional-subscriptions-frontend/blob/${commit ?? 'main'}/conf/professional-bodies.json`,
  sourceCommit: commit ?? '',
  sourceDate: flags['source-date'] ?? '',
  sourceSha256: createHash('sha256').update(raw).digest('hex'),
  // Of JSON.stringify(bodies): a body edited by hand no longer matches it (a domain test checks).
  bodiesSha256: createHash('sha256').update(JSON.stringify(bodies)).digest('hex'),
  licence: 'Open Government Licence v3.0',
  licenceUrl: 'https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/',
  attribution:
    "Contains public sector information licensed under the Open Government Licence v3.0: HMRC's List 3, as HMRC's service professional-subscriptions-frontend holds it (that repository: Apache License 2.0).",
  retrieved,
  count: bodies.length,
};
const text = typescriptModule(meta, bodies);

if (flags.check) {
  let current = '';
  try {
    current = readFileSync(out, 'utf8');
  } catch {
    fail(`${out} cannot be read`);
  }
  if (current !== text) fail(`${out} differs from what ${input} gives`);
  console.log(`${out} is what ${input} gives (${bodies.length} bodies)`);
} else {
  writeFileSync(out, text);
  const since = bodies.filter((b) => b.from).length;
  const named = bodies.filter((b) => b.synonyms).length;
  console.log(`${out}: ${bodies.length} bodies (${since} with a first year, ${named} with other names)`);
}
