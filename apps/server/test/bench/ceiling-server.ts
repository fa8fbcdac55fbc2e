// `npm run bench` part (decision 028): the least a save or a restore can cost on this machine with
// our framework and database, measured beside the raw node:http server and the API. Bare Fastify,
// no plugins or hooks, and one prepared SQLite statement a request on a WAL database with the
// app's pragmas:
// - PUT /api/onboarding (the save's body): one upsert of the claim's snapshot text and revision,
//   answered `{ "saved": true }` (no revision: the bench tracks the API's revisions alone);
// - PUT /api/onboarding/steps/:stepId (a per-step save's body): the same upsert of its sections;
// - GET /api/onboarding: one SELECT of it, sent as the stored JSON text;
// - POST /api/claims (the general claim's body): one INSERT of the body's JSON text, answered
//   `{ "id": … }`, the least a stored claim can cost (decision 038's claim budget is a multiple).
// Each session is a row, keyed by x-session-id and created by its first PUT. Nothing is validated.
// PORT picks the port; it prints `listening <port>` when ready.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteDatabase as Database } from '../../src/db/sqlite-driver.ts';
import Fastify from 'fastify';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxback-ceiling-'));
const db = new Database(path.join(dir, 'ceiling.sqlite'));
db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000');
db.exec(
  'CREATE TABLE claims (session_id TEXT PRIMARY KEY, snapshot TEXT NOT NULL, revision INTEGER NOT NULL)',
);
const save = db.prepare(
  `INSERT INTO claims (session_id, snapshot, revision) VALUES (?, ?, 1)
   ON CONFLICT (session_id) DO UPDATE SET snapshot = excluded.snapshot, revision = revision + 1`,
);
const restore = db.prepare('SELECT snapshot, revision FROM claims WHERE session_id = ?');
db.exec('CREATE TABLE general_claims (id INTEGER PRIMARY KEY, session_id TEXT NOT NULL, body TEXT NOT NULL)');
const insertClaim = db.prepare('INSERT INTO general_claims (session_id, body) VALUES (?, ?)');

const app = Fastify();
const sessionOf = (headers: Record<string, unknown>) => String(headers['x-session-id'] ?? '');

app.get('/health', async () => ({ ok: true }));

app.put('/api/onboarding', async (request) => {
  const body = request.body as { snapshot?: unknown };
  save.run(sessionOf(request.headers), JSON.stringify(body.snapshot ?? null));
  return { saved: true };
});

// The per-step save's body (decision 032): the same one statement, with the sections sent.
app.put('/api/onboarding/steps/:stepId', async (request) => {
  const body = request.body as { sections?: unknown };
  save.run(sessionOf(request.headers), JSON.stringify(body.sections ?? null));
  return { saved: true };
});

app.post('/api/claims', async (request, reply) => {
  const { lastInsertRowid } = insertClaim.run(sessionOf(request.headers), JSON.stringify(request.body));
  return reply.code(201).send({ id: String(lastInsertRowid) });
});

app.get('/api/onboarding', async (request, reply) => {
  const row = restore.get(sessionOf(request.headers)) as { snapshot: string; revision: number } | undefined;
  if (!row) return reply.code(404).send({ error: 'Not found' });
  return reply
    .type('application/json; charset=utf-8')
    .send(`{"revision":${row.revision},"snapshot":${row.snapshot}}`);
});

const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`listening ${new URL(address).port}\n`);

const stop = () => {
  void app.close().then(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
