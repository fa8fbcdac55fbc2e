/* global process, console, Buffer */
// Runs npm scripts one after another, as `a && b && c` would, and prints each one's wall and CPU
// seconds (decision 080). Scripts joined by `+` (`lint+typecheck`) run side by side as one phase
// (decision 087): each is mostly one busy thread, so on two cores the pair takes the time of the
// longer. Their output is printed whole, one script after the other, when each ends.
// Usage: node scripts/phases.mjs <script>[+<script>...] [...]
// With PHASES_REPORT=<file>, each finished phase is also appended to that file as a line of JSON,
// which .ci/run prints in its phase table.
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';

/** CPU seconds (user and system) of every child process this one has waited for, so far. */
function childCpuSeconds() {
  // /proc/self/stat: fields 16 and 17 (cutime, cstime), in clock ticks of 1/100 s on Linux.
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[13]) + Number(fields[14]);
  return ticks / 100;
}

/** Every core's busy seconds since boot (/proc/stat), which counts processes that outlive their parent. */
function machineCpuSeconds() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = ticks;
  return (user + nice + system + irq + softirq + steal) / 100;
}

/** Runs `npm run <script>`; alone it shares the terminal, beside others its output is kept until it ends. */
function run(script, alone) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: alone ? 'inherit' : ['inherit', 'pipe', 'pipe'] });
    const output = [];
    if (!alone) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('close', (code) => {
      if (!alone) process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

const phases = process.argv.slice(2).map((arg) => arg.split('+'));
if (phases.length === 0) {
  console.error('usage: node scripts/phases.mjs <npm script>[+<npm script>...] [...]');
  process.exit(2);
}

const rows = [];
let status = 0;
for (const scripts of phases) {
  const startedAt = Date.now();
  const cpuBefore = childCpuSeconds();
  const machineBefore = machineCpuSeconds();
  const codes = await Promise.all(scripts.map((script) => run(script, scripts.length === 1)));
  const failed = codes.find((code) => code !== 0);
  const row = {
    phase: scripts.map((script) => `npm run ${script}`).join(' + '),
    wallSeconds: Math.round((Date.now() - startedAt) / 1000),
    cpuSeconds: Math.round(childCpuSeconds() - cpuBefore),
    machineCpuSeconds: Math.round(machineCpuSeconds() - machineBefore),
    status: failed ?? 0,
  };
  rows.push(row);
  if (process.env.PHASES_REPORT) appendFileSync(process.env.PHASES_REPORT, `${JSON.stringify(row)}\n`);
  if (row.status !== 0) {
    status = row.status;
    break;
  }
}

const width = Math.max(26, ...rows.map((row) => row.phase.length));
console.log(`\n${'phase'.padEnd(width)} wall s   CPU s  machine CPU s`);
for (const row of rows) {
  const mark = row.status === 0 ? '' : `  (failed, exit ${row.status})`;
  console.log(
    `${row.phase.padEnd(width)} ${String(row.wallSeconds).padStart(6)} ${String(row.cpuSeconds).padStart(7)} ${String(row.machineCpuSeconds).padStart(14)}${mark}`,
  );
}
process.exit(status);
