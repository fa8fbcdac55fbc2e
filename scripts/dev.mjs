/* global process, console, setTimeout, clearTimeout */
// `npm run dev`: the API server, restarted when its code changes (node --watch), and the Vite dev
// server with hot reload, which proxies /api to it (apps/web/vite.config.ts). Both write here,
// each line prefixed with its name. Ctrl-C stops both; if either stops on its own, so does the
// other, and this script exits with its code.
//   PORT      the API's port (3000)        WEB_PORT  the Vite dev server's port (5173)
//   HOST      the API's interface; 127.0.0.1 here unless set, so a laptop does not serve the LAN
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';
const colour = process.stdout.isTTY && !process.env.NO_COLOR;
// Give up on a polite stop after this long and kill what is left.
const STOP_GRACE_MS = 5_000;

const require = createRequire(path.join(root, 'apps/web/package.json'));
const viteBin = path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js');

const commands = [
  {
    name: 'api',
    tint: 36,
    args: ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'],
    cwd: root,
    env: { PORT: apiPort, HOST: process.env.HOST ?? '127.0.0.1' },
  },
  {
    name: 'web',
    tint: 35,
    args: [viteBin, '--port', webPort, '--strictPort'],
    cwd: path.join(root, 'apps/web'),
    env: { DEV_API_PORT: apiPort },
  },
];

const children = new Map();
let stopping = false;
let exitCode = 0;
let killTimer;

function prefixLines(stream, label, out) {
  readline.createInterface({ input: stream }).on('line', (line) => out.write(`${label} ${line}\n`));
}

for (const command of commands) {
  const label = colour ? `\u001b[${command.tint}m[${command.name}]\u001b[0m` : `[${command.name}]`;
  const child = spawn(process.execPath, command.args, {
    cwd: command.cwd,
    env: { ...process.env, ...command.env, ...(colour ? { FORCE_COLOR: '1' } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.set(command.name, child);
  prefixLines(child.stdout, label, process.stdout);
  prefixLines(child.stderr, label, process.stderr);
  child.on('error', (error) => {
    console.error(`${label} could not start: ${error.message}`);
    exitCode = 1;
    stopAll();
  });
  child.on('exit', (code, signal) => {
    children.delete(command.name);
    if (!stopping) {
      console.error(`${label} stopped (${signal ?? `exit code ${code}`}); stopping the rest`);
      exitCode = code ?? 1;
      stopAll();
    }
    if (children.size === 0) {
      clearTimeout(killTimer);
      process.exit(exitCode);
    }
  });
}

function stopAll() {
  stopping = true;
  for (const child of children.values()) child.kill('SIGTERM');
  killTimer ??= setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
  }, STOP_GRACE_MS);
  killTimer.unref();
}

// The terminal sends Ctrl-C's SIGINT to the children as well; stopping them here also covers a
// `kill` of this script alone.
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);

console.log(
  `API on http://localhost:${apiPort}, web app with hot reload on http://localhost:${webPort} (Ctrl-C stops both)`,
);
