/**
 * `npm run loadtest` (issue 35, decision 036): two compiled instances (apps/server/dist) on one
 * fresh PostgreSQL database and one Redis, all at 127.0.0.1, loaded step by step with three
 * workloads: the wizard's whole-snapshot save (PUT /api/onboarding), its restore
 * (GET /api/onboarding) and a claimant mix (70% save, 25% restore, 5% general claim). Per step it
 * prints throughput, p50/p99, errors, 503s and their latency, pool waits and requests shed, the job
 * backlog and the liveness/readiness latency (probed from a worker thread, as a load balancer
 * would); then the knee and the break of the mix. At the knee one instance is SIGKILLed mid-step,
 * and it checks that the jobs it held ran elsewhere within 60 s and that no message went twice.
 * Last, a floor: the highest mix step on stubs that answer at once, so the figures the machine and
 * the generator add are printed beside the servers' (decision 046).
 *
 * Bounded in time: about ten minutes in full; `--quick` runs a few short steps. Flags:
 * `--quick`, `--max=N` (the highest concurrency), `--seconds=N` (a mix step's length).
 * Environment: LOADTEST_DATABASE_URL (an admin URL on 127.0.0.1, default
 * postgres://postgres@127.0.0.1:5432/postgres), LOADTEST_REDIS_URL (default
 * redis://127.0.0.1:6379), LOADTEST_PORT_BASE (instances on base+1 and base+2, their health ports
 * on base+3 and base+4), LOADTEST_CPU_PROF (a folder for the instances' CPU profiles).
 * It exits 1 when a check fails (see the verdicts at the end) and stops everything it started.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import pg from 'pg';
import { createSessionId } from '@taxback/domain';
import {
  findFreePort,
  httpRequest,
  installSignalHandlers,
  onCleanup,
  runCleanups,
  runToCompletion,
  startChild,
  waitForReady,
  type Child,
} from './src/processes.ts';
import { claimBody, saveBody } from './src/fixtures.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = path.join(ROOT, 'apps/server/dist/server/main.js');
const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const QUICK = args.includes('--quick');
const MAX = Number(flag('max') ?? (QUICK ? 200 : 2400));
const MIX_SECONDS = Number(flag('seconds') ?? (QUICK ? 6 : 15));
const SINGLE_SECONDS = QUICK ? 5 : 10;
const upTo = (steps: number[]) => steps.filter((c) => c <= MAX);
const STEPS = {
  save: upTo(QUICK ? [50] : [100, 800, 2400]),
  restore: upTo(QUICK ? [50] : [100, 800, 2400]),
  mix: upTo(QUICK ? [10, 50, 200] : [10, 50, 100, 200, 400, 800, 1600, 2400]),
};
const TAKEOVER_LIMIT_S = 60;
const PROBE_EVERY_MS = 200;

// The acceptance lines of issue 35.
const LIVENESS_P99_MS = 50;
const READINESS_MAX_MS = 1000;
const SHED_P99_MS = 100;

type Kind = 'save' | 'restore' | 'claim';
type Workload = 'save' | 'restore' | 'mix';

interface StepStats {
  workload: Workload;
  connections: number;
  seconds: number;
  latencies: number[];
  ok: number;
  shed: number;
  shedLatencies: number[];
  conflicts: number;
  otherFailures: number;
  errors: number;
  timeouts: number;
  /** Sessions whose claim was answered 201. */
  claimsAccepted: string[];
  probes: ProbeWindow;
  note?: string;
}

interface ProbeWindow {
  live: number[];
  ready: number[];
  liveFailures: number;
  readyFailures: number;
  backlogMax: number;
  backlogOldestMax: number;
  overLimit: boolean;
  alerts: number;
  poolWaits: number;
  shed: number;
  waitingMax: number;
}

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return Number.NaN;
  const sorted = Float64Array.from(xs).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const ms = (x: number) => (Number.isNaN(x) ? '–' : x >= 100 ? x.toFixed(0) : x.toFixed(1));

function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost')
    throw new Error(`the load test talks to 127.0.0.1 only, not ${host}`);
}

async function main(): Promise<void> {
  installSignalHandlers();
  const started = Date.now();
  const adminUrl = process.env.LOADTEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.LOADTEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  assertLoopback(adminUrl);
  assertLoopback(redisUrl);

  if (!fs.existsSync(SERVER)) {
    console.log('building the server (npm run build:server)…');
    const build = await runToCompletion('build:server', 'npm', ['run', 'build:server'], {
      cwd: ROOT,
      env: process.env,
      timeoutMs: 180_000,
    });
    if (build.code !== 0) throw new Error(`the server build failed:\n${build.tail}`);
  }

  // A fresh database, dropped at the end.
  const dbName = `taxback_load_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  onCleanup(`drop ${dbName}`, async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await c.end();
  });
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const db = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
  onCleanup('close the checking pool', () => db.end());

  const base = process.env.LOADTEST_PORT_BASE ? Number(process.env.LOADTEST_PORT_BASE) : null;
  const ports = [
    await findFreePort(base === null ? undefined : base + 1),
    await findFreePort(base === null ? undefined : base + 2),
  ];
  // Decision 046: each instance answers liveness and readiness on a port and thread of their own,
  // where a balancer's probes go.
  const healthPorts = [
    await findFreePort(base === null ? undefined : base + 3),
    await findFreePort(base === null ? undefined : base + 4),
  ];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxback-loadtest-'));
  onCleanup('remove the data folders', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const shared = {
    ...process.env,
    NODE_ENV: 'production',
    // Production refuses to start without them (decision 034); these are labelled as not real.
    COMPANY_NAME: process.env.COMPANY_NAME ?? 'TaxBack',
    COMPANY_ADDRESS: process.env.COMPANY_ADDRESS ?? 'Load-test address, not a real one',
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: redisUrl,
    DATA_KEY: randomBytes(32).toString('base64'),
    SIGNING_KEY: randomBytes(32).toString('base64'),
    // Every connection comes from 127.0.0.1: the per-IP limit would measure itself.
    RATE_LIMIT_MAX: '1000000000',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // One file store for both (as S3 would be): a job may render a file the other instance stored.
    FILE_STORE: path.join(dataDir, 'files'),
  };
  const warnings = { backlog: 0 };
  const instances: { name: string; url: string; healthUrl: string; child: Child }[] = [];
  // One after the other: the first runs the migrations.
  for (const [i, name] of ['a', 'b'].entries()) {
    const port = ports[i] as number;
    // LOADTEST_CPU_PROF=<dir>: each instance writes a V8 CPU profile there when it stops (b, killed,
    // writes none); summarise one with bench/src/profile-top.ts.
    const profile = process.env.LOADTEST_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.LOADTEST_CPU_PROF)}`]
      : [];
    const child = startChild(
      `instance ${name}`,
      process.execPath,
      [...profile, '--enable-source-maps', SERVER],
      {
        cwd: ROOT,
        env: {
          ...shared,
          PORT: String(port),
          HEALTH_PORT: String(healthPorts[i]),
          DATA_DIR: path.join(dataDir, name),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
        },
      },
    );
    child.proc.stdout?.on('data', (chunk: Buffer) => {
      warnings.backlog += chunk.toString().split('job backlog over its limit').length - 1;
    });
    const url = `http://127.0.0.1:${port}`;
    const healthUrl = `http://127.0.0.1:${healthPorts[i]}`;
    await waitForReady(child, `${healthUrl}/api/health/ready`, 60_000);
    instances.push({ name, url, healthUrl, child });
  }
  const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
  console.log(
    `two instances up: ${a.url} and ${b.url} (health on ${a.healthUrl} and ${b.healthUrl}); database ${dbName}; Redis ${redisUrl}`,
  );

  // Seeded wizard claims: one per connection at the highest step, so no two saves in flight
  // ever share a claim (which would be a genuine 409).
  const seedCount = MAX + 100;
  const sessions = await seed(seedCount, [a.url, b.url]);
  console.log(`seeded ${sessions.length} wizard claims`);

  const prober = startProber([a, b].map((i) => ({ name: i.name, url: i.healthUrl })));
  const claim = claimBody().body;
  const results: StepStats[] = [];
  const runStep = async (
    workload: Workload,
    connections: number,
    seconds: number,
    urls: string[],
    during?: (elapsedMs: number) => void,
    note?: string,
  ): Promise<StepStats> => {
    await prober.reset();
    const stats = await load({ workload, connections, seconds, urls, sessions, claim, during });
    stats.probes = await prober.reset();
    if (note) stats.note = note;
    results.push(stats);
    printRow(stats);
    // Let the closed connections drain before the next step.
    await new Promise((r) => setTimeout(r, 1500));
    return stats;
  };

  printHeader();
  for (const c of STEPS.save) await runStep('save', c, SINGLE_SECONDS, [a.url, b.url]);
  for (const c of STEPS.restore) await runStep('restore', c, SINGLE_SECONDS, [a.url, b.url]);
  const mix: StepStats[] = [];
  for (const c of STEPS.mix) mix.push(await runStep('mix', c, MIX_SECONDS, [a.url, b.url]));

  const knee = findKnee(mix);
  const breakAt = findBreak(mix);

  // The kill: the knee's load on both, instance b SIGKILLed half way through.
  const killConnections = knee?.step.connections ?? mix.at(-1)?.connections ?? 50;
  let killedAt = 0;
  let heldAtKill: string[] = [];
  const kill = runStep(
    'mix',
    killConnections,
    MIX_SECONDS * 2,
    [a.url, b.url],
    (elapsed) => {
      if (killedAt === 0 && elapsed >= MIX_SECONDS * 1000) {
        killedAt = Date.now();
        b.child.proc.kill('SIGKILL');
        prober.drop(b.name);
        void db
          .query<{ id: string }>("SELECT id FROM jobs WHERE status = 'running'")
          .then((r) => (heldAtKill = r.rows.map((row) => row.id)));
      }
    },
    'b SIGKILLed half way (errors: connections refused by it; no balancer in front)',
  );
  await kill;
  // Jobs still running (lease not renewed) 5 s after the kill were the dead instance's.
  const sinceKill = Date.now() - killedAt;
  if (sinceKill < 5000) await new Promise((r) => setTimeout(r, 5000 - sinceKill));
  const deadsJobs =
    heldAtKill.length === 0
      ? []
      : (
          await db.query<{ id: string }>("SELECT id FROM jobs WHERE status = 'running' AND id = ANY($1)", [
            heldAtKill,
          ])
        ).rows.map((r) => r.id);
  let takeoverSeconds: number | null = deadsJobs.length === 0 ? 0 : null;
  while (takeoverSeconds === null && Date.now() - killedAt < (TAKEOVER_LIMIT_S + 15) * 1000) {
    const left = await db.query<{ n: string }>(
      "SELECT count(*) AS n FROM jobs WHERE id = ANY($1) AND status <> 'done'",
      [deadsJobs],
    );
    if (Number(left.rows[0]?.n) === 0) takeoverSeconds = (Date.now() - killedAt) / 1000;
    else await new Promise((r) => setTimeout(r, 500));
  }
  if (takeoverSeconds === null) {
    const rows = await db.query(
      'SELECT name, status, attempts, run_at, locked_until, last_error FROM jobs WHERE id = ANY($1)',
      [deadsJobs],
    );
    console.log(`the dead instance's jobs ${((Date.now() - killedAt) / 1000).toFixed(0)} s after the kill:`);
    console.table(rows.rows);
  }
  const duplicates = await db.query<{ kind: string; n: string }>(`
    SELECT 'sms' AS kind, count(*) AS n FROM (
      SELECT to_phone, body FROM sms_outbox GROUP BY to_phone, body HAVING count(*) > 1) d
    UNION ALL
    SELECT 'email', count(*) FROM (
      SELECT to_email, subject, body_text FROM email_outbox GROUP BY 1, 2, 3 HAVING count(*) > 1) d`);
  const dupes = duplicates.rows.reduce((n, r) => n + Number(r.n), 0);
  const accepted = results.flatMap((s) => s.claimsAccepted);
  const claimsAccepted = accepted.length;
  const claimsStored = Number(
    (
      await db.query<{ n: string }>('SELECT count(*) AS n FROM form_responses WHERE session_id = ANY($1)', [
        accepted,
      ])
    ).rows[0]?.n ?? 0,
  );
  const backlogLeft = await db.query<{ status: string; n: string }>(
    'SELECT status, count(*) AS n FROM jobs GROUP BY status ORDER BY status',
  );
  prober.stop();

  // The floor: the same generator and prober against two stubs in a process of their own that
  // answer at once (health 200, everything else 503), at the highest mix step. What it measures is
  // what this machine and this generator add to any server's figures; the verdicts stay as they are.
  const floor = await measureFloor(STEPS.mix.at(-1) ?? 50, sessions, claim);
  printRow(floor);

  // Verdicts: issue 35's "done when", for the mix.
  const mixRows = results.filter((s) => s.workload === 'mix');
  const verdicts: [string, boolean, string][] = [];
  const worstLive = Math.max(...mixRows.map((s) => pct(s.probes.live, 99)));
  verdicts.push([
    `liveness p99 ≤ ${LIVENESS_P99_MS} ms at every mix step`,
    worstLive <= LIVENESS_P99_MS && mixRows.every((s) => s.probes.liveFailures === 0),
    `worst p99 ${ms(worstLive)} ms (floor here: ${ms(pct(floor.probes.live, 99))} ms)`,
  ]);
  const worstReady = Math.max(...mixRows.map((s) => Math.max(...s.probes.ready, 0)));
  verdicts.push([
    `readiness answers within ${READINESS_MAX_MS} ms at every mix step`,
    worstReady <= READINESS_MAX_MS && mixRows.every((s) => s.probes.readyFailures === 0),
    `worst ${ms(worstReady)} ms`,
  ]);
  const shedRows = mixRows.filter((s) => s.shed > 0);
  const worstShed = Math.max(0, ...shedRows.map((s) => pct(s.shedLatencies, 99)));
  verdicts.push([
    `503s answered in ≤ ${SHED_P99_MS} ms (p99) once shedding starts`,
    worstShed <= SHED_P99_MS,
    shedRows.length === 0
      ? 'no step shed'
      : `worst p99 ${ms(worstShed)} ms (floor here: ${ms(pct(floor.shedLatencies, 99))} ms at ${floor.connections} connections)`,
  ]);
  verdicts.push([
    'every claim answered 201 is stored',
    claimsStored === claimsAccepted,
    `${claimsAccepted} answered 201, ${claimsStored} of them stored`,
  ]);
  const maxBacklog = Math.max(...mixRows.map((s) => s.probes.backlogMax));
  const reported = mixRows.some((s) => s.probes.overLimit) ? warnings.backlog > 0 : true;
  verdicts.push([
    'the job backlog stays under its limit or is reported',
    reported,
    `max ${maxBacklog}; ${warnings.backlog} warning line(s) logged`,
  ]);
  verdicts.push([
    `the dead instance's jobs ran within ${TAKEOVER_LIMIT_S} s`,
    takeoverSeconds !== null && takeoverSeconds <= TAKEOVER_LIMIT_S,
    `${deadsJobs.length} held by b at the kill (of ${heldAtKill.length} running); ` +
      (takeoverSeconds === null ? 'not all ran' : `all done ${takeoverSeconds.toFixed(1)} s after it`),
  ]);
  verdicts.push(['no message sent twice (outbox tables)', dupes === 0, `${dupes} repeated message(s)`]);

  console.log('');
  console.log(
    `knee (mix): ${knee ? `${knee.step.connections} connections (${knee.reason})` : 'none found up to the last step'}`,
  );
  console.log(
    `break (mix): ${breakAt ? `${breakAt.step.connections} connections (${breakAt.reason})` : `none up to ${STEPS.mix.at(-1) ?? 0} connections`}`,
  );
  console.log(
    `SIGKILL of b at ${killConnections} connections, ${MIX_SECONDS} s into a ${MIX_SECONDS * 2} s step`,
  );
  console.log(`jobs at the end: ${backlogLeft.rows.map((r) => `${r.status} ${r.n}`).join(', ')}`);
  console.log('');
  for (const [label, ok, detail] of verdicts) console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}: ${detail}`);
  console.log(
    `\n${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(
        ' ',
      )}; the load generator shares the machine with the servers, so figures are indicative. Took ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  );
  process.exitCode = verdicts.every(([, ok]) => ok) ? 0 : 1;
}

const STUB = `
  const http = require('node:http');
  const ready = JSON.stringify({ status: 'ok', db: 'ok', checkedInMs: 0,
    jobs: { count: 0, oldestAgeSeconds: null, limit: 1, overLimit: false, alerts: 0 },
    pool: { requests: { waits: 0, shed: 0, waiting: 0 } } });
  const refused = JSON.stringify({ error: 'stub' });
  for (const port of process.argv.slice(1).map(Number))
    http.createServer((req, res) => {
      const [status, body] = req.url === '/api/health' ? [200, '{"status":"ok"}']
        : req.url === '/api/health/ready' ? [200, ready] : [503, refused];
      res.writeHead(status, ['content-type', 'application/json', 'retry-after', '2']);
      res.end(body);
    }).listen(port, '127.0.0.1');
`;

/** One mix step against the stubs (see the floor in main), with its own prober. */
async function measureFloor(connections: number, sessions: Seeded[], claim: string): Promise<StepStats> {
  // The load on one stub process, the probes on another, as the instances' are on a thread of their own.
  const stubs = [];
  for (const name of ['stub', 'health stub']) {
    const ports = [await findFreePort(), await findFreePort()];
    const child = startChild(name, process.execPath, ['-e', STUB, ...ports.map(String)], {
      cwd: ROOT,
      env: process.env,
    });
    const urls = ports.map((port) => `http://127.0.0.1:${port}`);
    for (const url of urls) await waitForReady(child, `${url}/api/health`, 10_000);
    stubs.push({ child, urls });
  }
  const [stub, health] = stubs as [(typeof stubs)[0], (typeof stubs)[0]];
  const urls = stub.urls;
  const prober = startProber(health.urls.map((url, i) => ({ name: `stub${i}`, url })));
  await prober.reset();
  const stats = await load({ workload: 'mix', connections, seconds: MIX_SECONDS, urls, sessions, claim });
  stats.probes = await prober.reset();
  stats.note = 'floor: the same load and probes on stubs that answer at once (health 200, else 503)';
  prober.stop();
  await Promise.all(stubs.map((started) => started.child.stop()));
  return stats;
}

interface Seeded {
  id: string;
  n: number;
  revision: number;
}

async function seed(count: number, urls: string[]): Promise<Seeded[]> {
  const sessions: Seeded[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const id = createSessionId();
      const url = urls[n % urls.length] as string;
      const res = await httpRequest('PUT', `${url}/api/onboarding`, saveBody(0, n), {
        'content-type': 'application/json',
        'x-session-id': id,
      });
      if (res.status !== 200) throw new Error(`seeding failed: HTTP ${res.status} ${res.body.slice(0, 200)}`);
      sessions.push({ id, n, revision: (JSON.parse(res.body) as { revision: number }).revision });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return sessions;
}

/** One step: `connections` keep-alive connections spread over `urls`, for `seconds`. */
async function load(options: {
  workload: Workload;
  connections: number;
  seconds: number;
  urls: string[];
  sessions: Seeded[];
  claim: string;
  during?: ((elapsedMs: number) => void) | undefined;
}): Promise<StepStats> {
  const { workload, connections, seconds, urls, sessions, claim } = options;
  const stats: StepStats = {
    workload,
    connections,
    seconds,
    latencies: [],
    ok: 0,
    shed: 0,
    shedLatencies: [],
    conflicts: 0,
    otherFailures: 0,
    errors: 0,
    timeouts: 0,
    claimsAccepted: [],
    probes: emptyWindow(),
  };
  const idle = [...sessions];
  let r = 0;
  const pick = (): Kind => {
    if (workload !== 'mix') return workload;
    const x = Math.random();
    return x < 0.7 ? 'save' : x < 0.95 ? 'restore' : 'claim';
  };
  const run = autocannon({
    url: urls,
    connections,
    duration: seconds,
    pipelining: 1,
    timeout: 10,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>, c: Record<string, unknown>) => {
          const kind = pick();
          c.kind = kind;
          c.t0 = performance.now();
          if (kind === 'save') {
            const s = idle.shift() ?? sessions[r++ % sessions.length];
            c.session = s;
            return {
              ...req,
              method: 'PUT',
              path: '/api/onboarding',
              headers: { 'content-type': 'application/json', 'x-session-id': s?.id ?? '' },
              body: saveBody(s?.revision ?? 0, s?.n ?? 0),
            };
          }
          if (kind === 'restore') {
            return {
              ...req,
              method: 'GET',
              path: '/api/onboarding',
              headers: { 'x-session-id': sessions[r++ % sessions.length]?.id ?? '' },
            };
          }
          c.claimSession = createSessionId();
          return {
            ...req,
            method: 'POST',
            path: '/api/claims',
            headers: { 'content-type': 'application/json', 'x-session-id': c.claimSession as string },
            body: claim,
          };
        },
        onResponse: (status: number, body: string, c: Record<string, unknown>) => {
          const took = performance.now() - (c.t0 as number);
          stats.latencies.push(took);
          if (status >= 200 && status < 300) stats.ok += 1;
          else if (status === 503) {
            stats.shed += 1;
            stats.shedLatencies.push(took);
          } else if (status === 409) stats.conflicts += 1;
          else stats.otherFailures += 1;
          if (c.kind === 'claim' && status === 201) stats.claimsAccepted.push(c.claimSession as string);
          const s = c.session as Seeded | undefined;
          if (s) {
            if (status === 200) {
              const revision = (JSON.parse(body) as { revision?: unknown }).revision;
              if (typeof revision === 'number') s.revision = revision;
            }
            idle.push(s);
            c.session = undefined;
          }
        },
      },
    ],
  } as unknown as autocannon.Options) as unknown as Promise<autocannon.Result> & { stop: () => void };
  const unregister = onCleanup('stop the load generator', () => run.stop());
  const t0 = Date.now();
  const tick = options.during ? setInterval(() => options.during?.(Date.now() - t0), 100) : null;
  try {
    const result = await run;
    stats.errors = result.errors - result.timeouts;
    stats.timeouts = result.timeouts;
  } finally {
    if (tick) clearInterval(tick);
    unregister();
  }
  // A request lost with its connection never hands its claim back.
  for (const s of sessions) if (!idle.includes(s)) idle.push(s);
  return stats;
}

function emptyWindow(): ProbeWindow {
  return {
    live: [],
    ready: [],
    liveFailures: 0,
    readyFailures: 0,
    backlogMax: 0,
    backlogOldestMax: 0,
    overLimit: false,
    alerts: 0,
    poolWaits: 0,
    shed: 0,
    waitingMax: 0,
  };
}

/**
 * Probes liveness and readiness of each instance every 200 ms from a worker thread (its own event
 * loop, so the load generator's work does not delay the probes or their figures), over one
 * kept-alive connection per instance and check, as a load balancer does. The worker keeps each
 * window's figures itself; the main thread asks for them at the end of a step.
 */
function startProber(targets: { name: string; url: string }[]) {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    let targets = workerData.targets;
    const agents = {};
    const empty = () => ({ live: [], ready: [], liveFailures: 0, readyFailures: 0, backlogMax: 0,
      backlogOldestMax: 0, overLimit: false, alerts: 0, poolWaits: 0, shed: 0, waitingMax: 0 });
    let w = empty();
    const last = {};
    function record(t, kind, ms, status, body) {
      if (kind === 'live') { if (status === 200) w.live.push(ms); else w.liveFailures += 1; return; }
      if (status !== 200) { w.readyFailures += 1; return; }
      w.ready.push(ms);
      const b = JSON.parse(body);
      w.backlogMax = Math.max(w.backlogMax, b.jobs.count);
      w.backlogOldestMax = Math.max(w.backlogOldestMax, b.jobs.oldestAgeSeconds ?? 0);
      w.overLimit = w.overLimit || b.jobs.overLimit;
      w.alerts = Math.max(w.alerts, b.jobs.alerts);
      w.waitingMax = Math.max(w.waitingMax, b.pool.requests.waiting);
      const p = last[t.name];
      if (p) { w.poolWaits += b.pool.requests.waits - p.waits; w.shed += b.pool.requests.shed - p.shed; }
      last[t.name] = { waits: b.pool.requests.waits, shed: b.pool.requests.shed };
    }
    parentPort.on('message', (m) => {
      if (m.drop) targets = targets.filter((t) => t.name !== m.drop);
      if (m.reset) { parentPort.postMessage(w); w = empty(); }
    });
    function probe(t, kind) {
      const agent = (agents[t.name + kind] ??= new http.Agent({ keepAlive: true, maxSockets: 1 }));
      const path = kind === 'live' ? '/api/health' : '/api/health/ready';
      const t0 = performance.now();
      const req = http.get(t.url + path, { agent, timeout: 2000 }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => { if (targets.includes(t)) record(t, kind, performance.now() - t0, res.statusCode, body); });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => { if (targets.includes(t)) record(t, kind, performance.now() - t0, 0, ''); });
    }
    setInterval(() => { for (const t of targets) { probe(t, 'live'); probe(t, 'ready'); } }, ${PROBE_EVERY_MS});
    `,
    { eval: true, workerData: { targets } },
  );
  onCleanup('stop the prober', () => worker.terminate().then(() => {}));
  return {
    /** The window since the last reset; starts a new one. */
    reset(): Promise<ProbeWindow> {
      return new Promise((resolve) => {
        worker.once('message', (window: ProbeWindow) => resolve(window));
        worker.postMessage({ reset: true });
      });
    },
    drop(name: string) {
      worker.postMessage({ drop: name });
    },
    stop() {
      void worker.terminate();
    },
  };
}

function findKnee(mix: StepStats[]): { step: StepStats; reason: string } | null {
  const rate = (s: StepStats) => s.ok / s.seconds;
  const baseP99 = mix[0] ? pct(mix[0].latencies, 99) : Number.NaN;
  let best = 0;
  for (const [i, s] of mix.entries()) {
    if (s.shed > s.latencies.length * 0.01) return { step: s, reason: 'shedding starts' };
    if (i > 0 && rate(s) < best * 1.1) return { step: s, reason: 'throughput stops rising' };
    if (i > 0 && pct(s.latencies, 99) > baseP99 * 10)
      return { step: s, reason: 'p99 ten times the first step’s' };
    best = Math.max(best, rate(s));
  }
  return null;
}

/** The first step with more than 1% failures other than 503, or 2xx throughput under half its peak so far. */
function findBreak(mix: StepStats[]): { step: StepStats; reason: string } | null {
  let peak = 0;
  for (const s of mix) {
    const failed = s.errors + s.timeouts + s.otherFailures;
    if (failed > (s.latencies.length + s.errors) * 0.01)
      return { step: s, reason: `${failed} failures other than 503` };
    if (s.ok / s.seconds < peak * 0.5) return { step: s, reason: '2xx throughput under half its peak' };
    peak = Math.max(peak, s.ok / s.seconds);
  }
  return null;
}

const COLUMNS = [
  ['workload', 8],
  ['conns', 6],
  ['req/s', 7],
  ['2xx/s', 7],
  ['p50', 6],
  ['p99', 7],
  ['errors', 7],
  ['503s', 7],
  ['503 p99', 8],
  ['pool waits', 11],
  ['shed', 7],
  ['backlog', 8],
  ['live p99/max', 13],
  ['ready p99/max', 14],
] as const;

function printHeader(): void {
  console.log('');
  console.log(COLUMNS.map(([name, w]) => name.padStart(w)).join(' '));
  console.log(
    '(latencies in ms; errors: connection errors, timeouts and answers other than 2xx, 409 and 503)',
  );
}

function printRow(s: StepStats): void {
  const seconds = s.seconds;
  const cells = [
    s.workload,
    String(s.connections),
    ((s.latencies.length + s.errors) / seconds).toFixed(0),
    (s.ok / seconds).toFixed(0),
    ms(pct(s.latencies, 50)),
    ms(pct(s.latencies, 99)),
    String(s.errors + s.timeouts + s.otherFailures),
    String(s.shed),
    ms(pct(s.shedLatencies, 99)),
    String(s.probes.poolWaits),
    String(s.probes.shed),
    `${s.probes.backlogMax}${s.probes.overLimit ? '!' : ''}`,
    `${ms(pct(s.probes.live, 99))}/${ms(Math.max(0, ...s.probes.live))}`,
    `${ms(pct(s.probes.ready, 99))}/${ms(Math.max(0, ...s.probes.ready))}`,
  ];
  console.log(
    cells.map((c, i) => c.padStart(COLUMNS[i]?.[1] ?? 6)).join(' ') + (s.note ? `  ${s.note}` : ''),
  );
}

main()
  .catch((error: unknown) => {
    console.error(
      `loadtest failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exitCode = 1;
  })
  .finally(() => runCleanups());
