import type { Kysely } from 'kysely';

// D29 (issue 47, decision 079): a nomination signed at a vendor's page (Dropbox Sign's embedded
// signing) is a request first. Its row is kept while the claimant signs; the vendor's signed event
// (or a check when the claimant comes back) stores the signed PDF and audit trail as a
// `nominations` row and moves this one from pending to signed in the same transaction, so the same
// event twice stores once. Bank details and payouts only ever see `nominations`: never a pending one.
//   nomination_requests  id, case_id, claim_kind, claim_id, session_id and reference (what the
//                        stored files and their names need), signature_id (unique), provider,
//                        state (pending | signed | declined), created_at, checked_at (the last
//                        time the vendor was asked), closed_at

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('nomination_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('claim_kind', 'text', (c) => c.notNull())
    .addColumn('claim_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('signature_id', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('checked_at', 'text')
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema
    .createIndex('nomination_requests_case')
    .on('nomination_requests')
    .columns(['case_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('nomination_requests').execute();
}
