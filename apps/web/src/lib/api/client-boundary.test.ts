import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as responses from '@taxback/domain/api/responses';
import * as adminResponses from '@taxback/domain/api/admin-responses';

// Issue 34: the web calls the API only through lib/api/client.ts, and takes every answer's shape
// from the contract rather than declaring its own (decision 033).
const SRC = join(import.meta.dirname, '..', '..');
const CLIENT = 'lib/api/client.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.includes('test-utils') ? [path] : [];
  });
}

const files = sources(SRC).map((path) => ({
  path: relative(SRC, path).split('\\').join('/'),
  text: readFileSync(path, 'utf8'),
}));

/**
 * The contract's answer types by name: each schema's (`claimDetailSchema` → `ClaimDetail`) and each
 * type the two modules export.
 */
const CONTRACT = join(import.meta.dirname, '../../../../../packages/domain/src/api');
const contractTypeNames = [
  ...new Set([
    ...[...Object.keys(responses), ...Object.keys(adminResponses)]
      .filter((name) => name.endsWith('Schema'))
      .map((name) => name[0]!.toUpperCase() + name.slice(1, -'Schema'.length)),
    ...['responses.ts', 'admin-responses.ts'].flatMap((file) =>
      [...readFileSync(join(CONTRACT, file), 'utf8').matchAll(/^export type (\w+)/gm)].map((m) => m[1]!),
    ),
  ]),
];

/**
 * An interface, or a type written out as an object (`type X = {` or `type X =\n  | {`), named as
 * one of the contract's; an alias of the contract's own type (`type UploadedFile = FileSummary`)
 * is what is wanted.
 */
const names = contractTypeNames.join('|');
const declaration = new RegExp(
  `^\\s*(export\\s+)?(interface\\s+(${names})\\b|type\\s+(${names})\\s*(<[^>]*>)?\\s*=\\s*\\|?\\s*\\{)`,
  'm',
);

describe('the API client boundary', () => {
  it('finds the sources it checks', () => {
    expect(files.map((f) => f.path)).toContain(CLIENT);
    expect(contractTypeNames).toContain('ClaimDetail');
    expect(contractTypeNames).toContain('OnboardingProgress');
  });

  it('only the client calls fetch or XMLHttpRequest', () => {
    const callers = files
      .filter((f) => f.path !== CLIENT && /\bfetch\(|new XMLHttpRequest\b/.test(f.text))
      .map((f) => f.path);
    expect(callers).toEqual([]);
  });

  it("no module outside the client's writes an /api path (the contract's entries name them)", () => {
    const literal = /(['"`])\/api\//;
    const writers = files
      .filter((f) => !f.path.startsWith('lib/api/'))
      .flatMap((f) =>
        f.text
          .split('\n')
          .filter((line) => literal.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line))
          .map((line) => `${f.path}: ${line.trim()}`),
      );
    expect(writers).toEqual([]);
  });

  it('no type re-declares an answer of the contract under its name', () => {
    const redeclared = files
      .filter((f) => declaration.test(f.text))
      .map((f) => `${f.path}: ${declaration.exec(f.text)![0].trim()}`);
    expect(redeclared).toEqual([]);
  });

  it('the check above catches a re-declaration', () => {
    expect(declaration.test('export interface FileSummary {')).toBe(true);
    expect(declaration.test('type OnboardingProgress = {')).toBe(true);
    expect(declaration.test('type UploadedFile = FileSummary;')).toBe(false);
    expect(declaration.test('  type RebateSummary,')).toBe(false);
  });
});
