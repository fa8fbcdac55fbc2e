import type { Kysely } from 'kysely';

// Issue 29 (D34, D35): who owns an open claim, the sending to HMRC and the repayment on the
// record, and a stored count of the P87 items a mileage claim still lacks (so a queue page of
// 100,000 claims never parses wizard snapshots to show its flags).
//   owner_id            the operator who owns the claim (NULL: in the unallocated pool)
//   allocated_at        when the current owner got it
//   sent_on             UK date (YYYY-MM-DD) the claim was sent to HMRC
//   sent_method         'post' or 'other'
//   sent_method_other   how, when not by post
//   sent_tracking       the tracking reference, if any
//   repaid_on           UK date HMRC repaid
//   readiness_missing   P87 items left (mileage claims; NULL: not counted yet, read from the snapshot)
// claim_hmrc_records keeps every value of the sent and repaid records, the first and each
// correction (with its reason), never updated or deleted.
const TABLES = [
  ['form_responses', 'created_at'],
  ['onboarding_claims', 'submitted_at'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, submitted] of TABLES) {
    for (const column of [
      'owner_id',
      'allocated_at',
      'sent_on',
      'sent_method',
      'sent_method_other',
      'sent_tracking',
      'repaid_on',
    ]) {
      await db.schema.alterTable(table).addColumn(column, 'text').execute();
    }
    // The queue counts (owner, status) and a queue's page in submitted order (owner, date).
    await db.schema
      .createIndex(`${table}_owner_status_idx`)
      .on(table)
      .columns(['owner_id', 'status'])
      .execute();
    await db.schema
      .createIndex(`${table}_owner_submitted_idx`)
      .on(table)
      .columns(['owner_id', submitted])
      .execute();
  }
  await db.schema.alterTable('onboarding_claims').addColumn('readiness_missing', 'integer').execute();

  await db.schema
    .createTable('claim_hmrc_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('claim_kind', 'text', (c) => c.notNull())
    .addColumn('claim_id', 'text', (c) => c.notNull())
    // 'sent' or 'repaid'
    .addColumn('record', 'text', (c) => c.notNull())
    // JSON: the record's values (sent: on, method, methodOther, tracking; repaid: pence, on, fee, claimant)
    .addColumn('value', 'text', (c) => c.notNull())
    // NULL for the first value; a correction's reason otherwise
    .addColumn('reason', 'text')
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('claim_hmrc_records_claim_idx')
    .on('claim_hmrc_records')
    .columns(['claim_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('claim_hmrc_records').ifExists().execute();
  await db.schema.alterTable('onboarding_claims').dropColumn('readiness_missing').execute();
  for (const [table] of TABLES) {
    await db.schema.dropIndex(`${table}_owner_submitted_idx`).ifExists().execute();
    await db.schema.dropIndex(`${table}_owner_status_idx`).ifExists().execute();
    for (const column of [
      'repaid_on',
      'sent_tracking',
      'sent_method_other',
      'sent_method',
      'sent_on',
      'allocated_at',
      'owner_id',
    ]) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
