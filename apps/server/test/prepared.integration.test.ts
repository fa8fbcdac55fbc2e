import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionId } from '@taxback/domain';
import type { Database } from '../src/db/database.ts';
import { prepareQuery } from '../src/db/prepared.ts';
import { createTestApp, usingPostgres } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const NOW = '2026-11-21T10:00:00.000Z';

describe(`prepareQuery (${usingPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function insertCode(id: string, session: string, phoneHash: string) {
    await t.app.db
      .insertInto('resume_codes')
      .values({
        id,
        code_hash: `hash-${id}`,
        session_id: session,
        phone_hash: phoneHash,
        created_at: NOW,
        expires_at: NOW,
        used_at: null,
      })
      .execute();
  }

  it('runs with each call’s values, keeping the values built into the query', async () => {
    const a = createSessionId();
    const b = createSessionId();
    await insertCode('c1', a, 'p1');
    await insertCode('c2', a, 'p2');
    await insertCode('c3', b, 'p1');
    const byPhone = prepareQuery((db, p) =>
      db
        .selectFrom('resume_codes')
        .select(['id'])
        .where('session_id', '=', p('session'))
        .where('phone_hash', '=', p('phone'))
        .where('expires_at', '=', NOW)
        .orderBy('id'),
    );
    const ids = async (session: string, phone: string) =>
      (await byPhone.execute(t.app.db, { session, phone })).rows.map((r) => r.id);
    expect(await ids(a, 'p1')).toEqual(['c1']);
    expect(await ids(a, 'p2')).toEqual(['c2']);
    expect(await ids(b, 'p1')).toEqual(['c3']);
    expect(await ids(b, 'p2')).toEqual([]);
  });

  it('puts one named value in every place it is used, and works inside a transaction', async () => {
    const session = createSessionId();
    await insertCode('d1', session, 'x');
    const stamp = prepareQuery((db, p) =>
      db
        .updateTable('resume_codes')
        .set({ used_at: p('at'), expires_at: p('at') })
        .where('id', '=', p('id')),
    );
    await t.app.db.transaction().execute(async (trx) => {
      const result = await stamp.execute(trx, { id: 'd1', at: '2026-12-01T00:00:00.000Z' });
      expect(Number(result.numAffectedRows)).toBe(1);
    });
    const row = await t.app.db
      .selectFrom('resume_codes')
      .select(['used_at', 'expires_at'])
      .where('id', '=', 'd1')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ used_at: '2026-12-01T00:00:00.000Z', expires_at: '2026-12-01T00:00:00.000Z' });
  });

  it('answers each row as Kysely’s own driver does: names quoted or repeated, every type of value', async () => {
    const session = createSessionId();
    await insertCode('e1', session, 'q"\\x');
    await insertCode('e2', session, 'plain');
    const awkward = (db: Kysely<Database>, sessionId: string) =>
      db
        .selectFrom('resume_codes')
        .select([
          'id',
          'phone_hash as we"ird\\name',
          'used_at',
          // A repeated name: the later column wins, as in better-sqlite3's own rows.
          'code_hash as id',
          sql<number>`length(phone_hash)`.as('size'),
          sql<number>`cast(1.5 as real)`.as('ratio'),
          sql<string>`'it''s'`.as('text'),
        ])
        .where('session_id', '=', sessionId)
        .orderBy('code_hash');
    const rows = prepareQuery((db, p) => awkward(db, p('session')));
    const prepared = await rows.execute(t.app.db, { session });
    const { rows: viaKysely } = await t.app.db.executeQuery(awkward(t.app.db, session).compile());
    expect(prepared.rows).toStrictEqual(viaKysely);
    expect(prepared.rows).toEqual([
      { id: 'hash-e1', 'we"ird\\name': 'q"\\x', used_at: null, size: 4, ratio: 1.5, text: "it's" },
      { id: 'hash-e2', 'we"ird\\name': 'plain', used_at: null, size: 5, ratio: 1.5, text: "it's" },
    ]);
    // Every row its own object, the same again on a second run.
    expect(prepared.rows[0]).not.toBe(prepared.rows[1]);
    expect((await rows.execute(t.app.db, { session })).rows).toStrictEqual(viaKysely);
  });

  it('refuses a call that leaves a value out', async () => {
    const q = prepareQuery((db, p) => db.selectFrom('resume_codes').select('id').where('id', '=', p('id')));
    await expect(q.execute(t.app.db, {})).rejects.toThrow("missing parameter 'id'");
  });

  it('refuses, when first used, a query that changed a value or wrote it into the SQL', async () => {
    const changed = prepareQuery((db, p) =>
      db
        .selectFrom('resume_codes')
        .select('id')
        .where('id', '=', `${p<string>('id')}-x`),
    );
    await expect(changed.execute(t.app.db, { id: 'a' })).rejects.toThrow(
      "parameter 'id' is not a query value",
    );
    const inlined = prepareQuery((db, p) =>
      db
        .selectFrom('resume_codes')
        .select('id')
        .where('id', '=', sql.lit(p<string>('id'))),
    );
    await expect(inlined.execute(t.app.db, { id: 'a' })).rejects.toThrow('inlined into the SQL');
  });
});
