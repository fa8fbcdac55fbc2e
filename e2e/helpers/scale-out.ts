// The pieces of a scaled-out deployment on one machine, for the two-instance test (issue 15):
// a fresh PostgreSQL database, an S3 stand-in, server processes (the compiled server, as
// production runs it) and a proxy standing in for the load balancer.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { TEST_COMPANY, getDatabaseUrl, getDataDir } from './env.ts';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** The PostgreSQL server the CI uses (its admin database), whatever the main e2e run uses. */
function adminUrl(): string {
  const base = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(base);
  url.pathname = '/postgres';
  return url.toString();
}

export async function createDatabase(): Promise<{
  url: string;
  query: (sql: string, params?: unknown[]) => Promise<pg.QueryResultRow[]>;
  drop: () => Promise<void>;
}> {
  const name = `taxback_two_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // An idle connection ended by the server (the database dropped at the end, or a restart) is not
  // this test's failure: without a listener the pool's 'error' would be thrown into the worker.
  pool.on('error', () => {});
  return {
    url: url.toString(),
    query: async (sql, params = []) => (await pool.query(sql, params)).rows,
    async drop() {
      await pool.end();
      const c = new pg.Client({ connectionString: adminUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Starts a child process and resolves with its first line of stdout. */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const newline = text.indexOf('\n');
      if (newline >= 0) resolvePromise(text.slice(0, newline));
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before it was ready`)));
  });
}

export async function startS3(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['e2e/scripts/s3-server.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { port, bucket } = JSON.parse(await firstLine(child)) as { port: number; bucket: string };
  return {
    env: {
      FILE_STORE: `s3://${bucket}/claims`,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'eu-west-2',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    stop: () => stop(child),
  };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolvePromise();
    });
    child.kill('SIGTERM');
  });
}

export interface Instance {
  name: string;
  url: string;
  stop: () => Promise<void>;
}

/**
 * One server process (apps/server/dist, built by `npm run build`) on its own port and data folder,
 * or on `shared.dataDir`: the suite's own, whose keys and SQLite file it then shares (kept on stop).
 */
export async function startInstance(
  name: string,
  port: number,
  env: Record<string, string>,
  shared: { dataDir?: string } = {},
): Promise<Instance> {
  const dataDir = shared.dataDir ?? mkdtempSync(join(tmpdir(), `taxback-${name}-`));
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      ...TEST_COMPANY,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`instance ${name} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    name,
    url,
    async stop() {
      await stop(child);
      if (!shared.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Balancer {
  url: string;
  /** Which instance gets the next requests. */
  target: Instance;
  /** Every request passed on: the instance that served it, the method and the path. */
  log: Array<{ instance: string; method: string; path: string; status: number }>;
  close: () => Promise<void>;
}

/** A load balancer's stand-in: passes each request, streamed both ways, to `target`. */
export async function startBalancer(first: Instance): Promise<Balancer> {
  const balancer: Balancer = { url: '', target: first, log: [], close: async () => {} };
  const server: Server = createServer((req, res) => {
    const instance = balancer.target;
    const upstream = httpRequest(
      `${instance.url}${req.url ?? '/'}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        balancer.log.push({
          instance: instance.name,
          method: req.method ?? '',
          path: new URL(req.url ?? '/', 'http://x').pathname,
          status: answer.statusCode ?? 0,
        });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  balancer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  balancer.close = () => new Promise<void>((r) => server.close(() => r()));
  return balancer;
}

/** A second server on the suite's own data folder and database, with `env` on top (issue 47). */
export function startSuiteInstance(
  name: string,
  port: number,
  env: Record<string, string>,
): Promise<Instance> {
  const databaseUrl = getDatabaseUrl();
  return startInstance(
    name,
    port,
    { ...env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    { dataDir: getDataDir() },
  );
}
