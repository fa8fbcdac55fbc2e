// D38 (issue 42): migration 035 keys every submitted claim by its person (names, date of birth
// and postcode), claims made before it included. Through the real database (SQLite, or
// PostgreSQL with TEST_DATABASE_URL).
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration035 from '../src/db/migrations/035-person-keys.ts';
import { submitGeneralClaim, submitMileageClaim } from './admin-helpers.ts';
import { createTestApp, newSessionId } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const keysOf = async () => ({
  mileage: await t.app.db
    .selectFrom('onboarding_claims')
    .select(['id', 'person_key'])
    .orderBy('id')
    .execute(),
  general: await t.app.db.selectFrom('form_responses').select(['id', 'person_key']).orderBy('id').execute(),
});

describe('migration 035', () => {
  it('goes down and up again, keying submitted claims as submitting them does, and nothing partial', async () => {
    const submitted = await submitMileageClaim(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const funnelOnly = await submitGeneralClaim(t);
    // A draft with a person in it: drafts are not matched, so not keyed.
    const draftSession = newSessionId();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/onboarding',
      headers: { 'x-session-id': draftSession },
      payload: {
        revision: 0,
        currentStep: 'eligibility',
        lastStepCompleted: null,
        snapshot: { personalInfo: { firstName: 'Ada', lastName: 'Lovelace', postcode: 'LS1 1AA' } },
      },
    });
    expect(saved.statusCode).toBe(200);

    const before = await keysOf();
    const submittedKey = before.mileage.find((r) => r.id === submitted.id)?.person_key;
    expect(submittedKey).toMatch(/^[0-9a-f]{64}$/);
    expect(before.general.find((r) => r.id === funnelOnly)?.person_key).toBeNull();

    const db = t.app.db as unknown as Kysely<unknown>;
    await migration035.down(db);
    await migration035.up(db);
    // The same key as submitting made, and no key where a part of the person is missing.
    expect(await keysOf()).toEqual(before);
  });
});
