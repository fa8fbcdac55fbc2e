// Issue 45: the funnel's anonymous counts are kept in memory and added to the table in one
// statement per flush; a flush that fails keeps its counts for the next (SQLite, or PostgreSQL
// with TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/database.ts';
import { createFunnelSteps } from '../src/modules/dashboard/index.ts';
import { testClock } from './admin-helpers.ts';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function stored(): Promise<Record<string, number>> {
  const rows = await t.app.db.selectFrom('funnel_steps').selectAll().orderBy('day').orderBy('step').execute();
  return Object.fromEntries(rows.map((r) => [`${r.day} ${r.step}`, Number(r.count)]));
}

describe('the funnel’s counts (issue 45)', () => {
  it('writes nothing until a flush, then adds to the day’s counts by UK date', async () => {
    // 23:30 UTC on 14 July is 00:30 on 15 July in the UK.
    const clock = testClock('2026-07-14T23:30:00.000Z');
    const funnel = createFunnelSteps({ db: t.app.db, now: clock.now, flushAfterMs: 60_000 });
    funnel.count('landing');
    funnel.count('landing');
    funnel.count('expenses');
    expect(await stored()).toEqual({});
    await funnel.flush();
    expect(await stored()).toEqual({ '2026-07-15 expenses': 1, '2026-07-15 landing': 2 });
    funnel.count('landing');
    await funnel.close();
    expect(await stored()).toEqual({ '2026-07-15 expenses': 1, '2026-07-15 landing': 3 });
    await t.app.db.deleteFrom('funnel_steps').execute();
  });

  it('keeps the counts of a flush that failed for the next one', async () => {
    const clock = testClock('2026-11-27T10:00:00.000Z');
    let failing = true;
    const db = new Proxy(t.app.db, {
      get(target, property) {
        if (property === 'insertInto' && failing)
          return () => {
            throw new Error('the database is away');
          };
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    }) as Kysely<Database>;
    const funnel = createFunnelSteps({ db, now: clock.now, flushAfterMs: 60_000 });
    funnel.count('claim');
    await funnel.flush();
    expect(await stored()).toEqual({});
    failing = false;
    funnel.count('claim');
    await funnel.close();
    expect(await stored()).toEqual({ '2026-11-27 claim': 2 });
  });
});
