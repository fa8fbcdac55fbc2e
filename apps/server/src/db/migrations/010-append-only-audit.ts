import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

// D22 and issue 11: the audit trail is append-only. The code only ever inserts into audit_events;
// these triggers make the database refuse an UPDATE, a DELETE (and, on PostgreSQL, a TRUNCATE) of
// its rows too, whoever sends it. Dropping the table (a test's fresh schema) is still possible.
const MESSAGE = 'audit_events is append-only';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(
        `create or replace function audit_events_append_only() returns trigger language plpgsql as $$
         begin raise exception '${MESSAGE}' using errcode = 'P0001'; end $$`,
      )
      .execute(db);
    await sql`create trigger audit_events_no_change before update or delete on audit_events
              for each row execute function audit_events_append_only()`.execute(db);
    await sql`create trigger audit_events_no_truncate before truncate on audit_events
              for each statement execute function audit_events_append_only()`.execute(db);
    return;
  }
  for (const event of ['update', 'delete']) {
    await sql
      .raw(
        `create trigger audit_events_no_${event} before ${event} on audit_events
         begin select raise(abort, '${MESSAGE}'); end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists audit_events_no_truncate on audit_events`.execute(db);
    await sql`drop trigger if exists audit_events_no_change on audit_events`.execute(db);
    await sql`drop function if exists audit_events_append_only()`.execute(db);
    return;
  }
  await sql`drop trigger if exists audit_events_no_update`.execute(db);
  await sql`drop trigger if exists audit_events_no_delete`.execute(db);
}
