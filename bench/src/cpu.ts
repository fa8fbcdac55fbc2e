import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

// CPU time a process has used (user + system), read from /proc on Linux: the bench divides what a
// server used during its rounds by the requests it answered, a figure that moves less with a
// shared machine's load than requests a second do (decision 029).

let ticksPerSecond: number | null = null;

function clockTicks(): number {
  if (ticksPerSecond === null) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** The process's CPU time so far in microseconds, or null where /proc cannot tell (not Linux, gone). */
export function cpuMicros(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which is in parentheses and may hold spaces): utime is the
    // 14th field of the line, stime the 15th, in clock ticks.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null;
    return ((utime + stime) * 1e6) / clockTicks();
  } catch {
    return null;
  }
}
