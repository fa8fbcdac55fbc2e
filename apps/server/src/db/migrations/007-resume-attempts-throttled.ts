import type { Kysely } from 'kysely';

// Issue 17: every resume attempt is recorded, including those refused by the per-IP throttle, so
// the hourly failure alert counts every failure. A throttled attempt is marked, and the per-IP
// throttle counts only attempts whose code was checked, so waiting out the window still works.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('resume_attempts')
    .addColumn('throttled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('resume_attempts').dropColumn('throttled').execute();
}
