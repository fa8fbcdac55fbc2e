// Decision 058: migration 032 gives the details journey's signature its own columns beside the
// claim form's. Details signed since decision 055 had written their method over the claim form's;
// going up copies it to the new columns. Through the real database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration032 from '../src/db/migrations/032-details-signature-columns.ts';
import { createTestApp, newSessionId, validClaimBody } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function funnelClaim(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/claims',
    headers: { 'x-session-id': newSessionId() },
    payload: validClaimBody(),
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('migration 032', () => {
  it('goes down and up again, copying the method of details signed since decision 055', async () => {
    const signed = await funnelClaim();
    const notSigned = await funnelClaim();
    const db = t.app.db as unknown as Kysely<unknown>;
    await migration032.down(db);
    // As decision 055 left them: the details' signature written over the claim form's.
    await sql`update form_responses
      set details_signed_at = '2026-11-26T12:00:00.000Z', signature_method = 'typed',
        signature_typed_name = 'Nia Nurse'
      where id = ${signed}`.execute(db);
    await migration032.up(db);
    const rows = await t.app.db
      .selectFrom('form_responses')
      .select(['id', 'signature_method', 'details_signature_method', 'details_typed_name'])
      .where('id', 'in', [signed, notSigned])
      .execute();
    expect(rows.find((r) => r.id === signed)).toMatchObject({
      details_signature_method: 'typed',
      details_typed_name: 'Nia Nurse',
    });
    expect(rows.find((r) => r.id === notSigned)).toMatchObject({
      signature_method: 'drawn',
      details_signature_method: null,
      details_typed_name: null,
    });
  });
});
