import type { Kysely } from 'kysely';

// Issue 45: the claimant funnel on the admins' dashboard, counted without personal data. One row
// per UK day and step (landing, expenses, claim, details, signed) holding only how many times the
// step was reached that day: no cookie, no session id, no IP address, no affiliate, nothing that
// could tell one visitor from another. The server adds to it (modules/dashboard/funnel-steps.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('funnel_steps')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('funnel_steps_pk', ['day', 'step'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('funnel_steps').execute();
}
