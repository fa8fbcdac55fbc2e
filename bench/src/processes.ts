import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { request } from 'node:http';

// Everything the bench starts registers how to stop it here, so a crash, Ctrl-C or SIGTERM still
// leaves no server, browser or temporary database behind.
type Cleanup = { name: string; run: () => Promise<void> | void; kill?: () => void };
const cleanups: Cleanup[] = [];

export function onCleanup(name: string, run: () => Promise<void> | void, kill?: () => void): () => void {
  const entry: Cleanup = kill ? { name, run, kill } : { name, run };
  cleanups.push(entry);
  return () => {
    const i = cleanups.indexOf(entry);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

export async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const entry = cleanups.pop();
    if (!entry) break;
    try {
      await entry.run();
    } catch (error) {
      console.error(`cleanup "${entry.name}" failed: ${(error as Error).message}`);
    }
  }
}

let signalled = false;
export function installSignalHandlers(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (signalled) return;
      signalled = true;
      console.error(`\n${signal}: stopping everything the bench started…`);
      void runCleanups().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
  // While shutting down, the load generator may still trip over servers that are gone: ignore that.
  // Otherwise an uncaught error still stops everything before the process ends.
  process.on('uncaughtException', (error) => {
    if (signalled) return;
    signalled = true;
    console.error(`bench failed: ${error.stack ?? error.message}`);
    void runCleanups().finally(() => process.exit(1));
  });
  // Last resort (uncaught exit paths): synchronous kills only.
  process.on('exit', () => {
    for (const entry of cleanups) entry.kill?.();
  });
}

export interface Child {
  name: string;
  proc: ChildProcess;
  /** Last lines of stderr/stdout, to explain a failed start without dumping everything. */
  tail: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

export function startChild(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Child {
  // Own process group, so the whole tree (npm → sh → vite) can be stopped with one signal.
  const proc = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer): void => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      lines.push(line.length > 400 ? `${line.slice(0, 400)}…` : line);
      if (lines.length > 30) lines.shift();
    }
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => {
    proc.once('exit', (code) => resolve(code));
    proc.once('error', (error) => {
      lines.push(error.message);
      resolve(-1);
    });
  });
  const signalGroup = (signal: NodeJS.Signals): void => {
    if (proc.pid === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
    try {
      process.kill(-proc.pid, signal);
    } catch {
      try {
        proc.kill(signal);
      } catch {
        // already gone
      }
    }
  };
  let unregister = (): void => {};
  const stop = async (): Promise<void> => {
    unregister();
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    signalGroup('SIGTERM');
    const timer = setTimeout(() => signalGroup('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  unregister = onCleanup(`stop ${name}`, stop, () => signalGroup('SIGKILL'));
  return { name, proc, tail: () => lines.join('\n'), exited, stop };
}

/** Runs a command to completion; resolves with its exit code and output tail. */
export async function runToCompletion(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<{ code: number | null; tail: string }> {
  const child = startChild(name, command, args, options);
  const timer = setTimeout(() => void child.stop(), options.timeoutMs);
  const code = await child.exited;
  clearTimeout(timer);
  await child.stop();
  return { code, tail: child.tail() };
}

export async function findFreePort(preferred?: number): Promise<number> {
  const tryListen = (port: number): Promise<number | null> =>
    new Promise((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        const got = typeof address === 'object' && address ? address.port : null;
        server.close(() => resolve(got));
      });
    });
  if (preferred !== undefined) {
    const got = await tryListen(preferred);
    if (got !== null) return got;
    throw new Error(`port ${preferred} is in use`);
  }
  const got = await tryListen(0);
  if (got === null) throw new Error('no free port');
  return got;
}

export function httpGet(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 5000,
): Promise<{ status: number; body: string }> {
  return httpRequest('GET', url, undefined, headers, timeoutMs);
}

export function httpRequest(
  method: string,
  url: string,
  body: string | Buffer | undefined,
  headers: Record<string, string> = {},
  timeoutMs = 10000,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/** Polls `url` until it answers 200, the child exits, or the time runs out. */
export async function waitForReady(child: Child, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void child.exited.then((code) => {
    exitCode = code;
  });
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(
        `${child.name} exited (code ${String(exitCode)}) before it was ready:\n${child.tail()}`,
      );
    }
    try {
      const res = await httpGet(url, {}, 2000);
      if (res.status === 200) return;
      last = `HTTP ${res.status}: ${res.body.slice(0, 200)}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${child.name} not ready after ${timeoutMs} ms (${last}):\n${child.tail()}`);
}
