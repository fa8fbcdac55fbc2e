import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Issues 28 and 29 (D32-D35): the casework columns both kinds of claim share, written by the
// thread and information requests (issue 28) and read by the operators' queues and flags
// (issue 29). Kept on the claim row so a queue page counts and flags claims without joins.
//   last_action_at          the last operator or claimant action on the claim (queue "waiting")
//   reply_due_on            UK date (YYYY-MM-DD) the open information request is due; NULL: none open
//   reply_received_at       when the claimant answered; NULL once an operator acts on it
//   operator_unread_count   claimant messages no operator has read yet
//   superseded_authorities  signed authorities replaced by a later one (an amendment)
const TABLES = ['form_responses', 'onboarding_claims'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('last_action_at', 'text').execute();
    await db.schema.alterTable(table).addColumn('reply_due_on', 'text').execute();
    await db.schema.alterTable(table).addColumn('reply_received_at', 'text').execute();
    await db.schema
      .alterTable(table)
      .addColumn('operator_unread_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('superseded_authorities', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`UPDATE ${sql.table(table)} SET last_action_at = COALESCE(status_changed_at, updated_at)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    for (const column of [
      'superseded_authorities',
      'operator_unread_count',
      'reply_received_at',
      'reply_due_on',
      'last_action_at',
    ]) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
