/* global console, performance */
// Compiles the server to JavaScript for production (D24: no TypeScript loader at run time). One
// ESM bundle per entry point under apps/server/dist/server/, with the domain package compiled in
// and every npm dependency left as an import (native modules such as better-sqlite3 must be).
// The output sits two folders below apps/server, as the sources do, so paths the server resolves
// from its own file (apps/server/assets) are the same compiled or not.
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const deps = (path) => Object.keys(JSON.parse(readFileSync(join(root, path), 'utf8')).dependencies ?? {});
const external = [
  ...new Set([...deps('apps/server/package.json'), ...deps('packages/domain/package.json')]),
].filter((name) => !name.startsWith('@taxback/'));
const outdir = join(root, 'apps/server/dist/server');

rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
await build({
  absWorkingDir: root,
  entryPoints: [
    'apps/server/src/main.ts',
    'apps/server/src/cli/create-operator.ts',
    // Decision 029: loaded by piscina as a worker thread, so it is an entry point of its own.
    'apps/server/src/documents/render-worker.ts',
    // Decision 046: liveness and readiness on a thread of their own (HEALTH_PORT).
    'apps/server/src/http/health-worker.ts',
  ],
  outdir,
  outbase: 'apps/server/src',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external: [...external, ...external.map((name) => `${name}/*`)],
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
});
console.log(`server compiled to apps/server/dist/server in ${Math.round(performance.now() - started)} ms`);
