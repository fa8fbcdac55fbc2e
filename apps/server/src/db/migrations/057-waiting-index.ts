import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Issue 45 (decision 093): the dashboard's "waiting now" sums migration 051's 'open' rows per
// status and UTC day group, over every kind and affiliate. The table's key leads with the day, so
// each dashboard read every open row from the table and grouped them in a temporary b-tree: 30 ms
// of a dashboard at 100,000 claims on SQLite. This index holds the rows in the order the sum
// groups them, with every column it reads, so the sum streams from the index alone (and a kind or
// affiliate asked for is tested there too).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index dashboard_daily_waiting_idx
    on dashboard_daily (measure, status, day, late, kind, affiliate, claims)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists dashboard_daily_waiting_idx`.execute(db);
}
