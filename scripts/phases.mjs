/* global process, console */
// Runs npm scripts one after another, as `a && b && c` would, and prints each one's wall and CPU
// seconds (decision 080). Usage: node scripts/phases.mjs <script> [<script> ...]
// With PHASES_REPORT=<file>, each finished phase is also appended to that file as a line of JSON,
// which .ci/run prints in its phase table.
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';

/** CPU seconds (user and system) of every child process this one has waited for, so far. */
function childCpuSeconds() {
  // /proc/self/stat: fields 16 and 17 (cutime, cstime), in clock ticks of 1/100 s on Linux.
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[13]) + Number(fields[14]);
  return ticks / 100;
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/phases.mjs <npm script> [<npm script> ...]');
  process.exit(2);
}

const rows = [];
let status = 0;
for (const script of scripts) {
  const startedAt = Date.now();
  const cpuBefore = childCpuSeconds();
  const run = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  const row = {
    phase: `npm run ${script}`,
    wallSeconds: Math.round((Date.now() - startedAt) / 1000),
    cpuSeconds: Math.round(childCpuSeconds() - cpuBefore),
    status: run.status ?? 1,
  };
  rows.push(row);
  if (process.env.PHASES_REPORT) appendFileSync(process.env.PHASES_REPORT, `${JSON.stringify(row)}\n`);
  if (row.status !== 0) {
    status = row.status;
    break;
  }
}

console.log('\nphase                      wall s   CPU s');
for (const row of rows) {
  const mark = row.status === 0 ? '' : `  (failed, exit ${row.status})`;
  console.log(
    `${row.phase.padEnd(26)} ${String(row.wallSeconds).padStart(6)} ${String(row.cpuSeconds).padStart(7)}${mark}`,
  );
}
process.exit(status);
