import type { Kysely } from 'kysely';

// The operator back-office (D22): roles, a second factor and lockout on operator accounts;
// server-side operator sessions (a table, so any instance serves them); a claim's workflow state
// (version for optimistic concurrency, HMRC's repayment and our fee), its status history and notes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('operator_users')
    // Accounts made before roles existed were made by admin:create for the first admin.
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('admin'))
    .execute();
  for (const [column, type] of [
    ['disabled_at', 'text'],
    ['totp_secret', 'text'],
    ['totp_enrolled_at', 'text'],
    ['totp_last_step', 'integer'],
    ['locked_until', 'text'],
  ] as const) {
    await db.schema.alterTable('operator_users').addColumn(column, type).execute();
  }
  await db.schema
    .alterTable('operator_users')
    .addColumn('failed_sign_ins', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('operator_sessions')
    // SHA-256 of the cookie's random token: a leaked table row does not sign anyone in.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('pending_totp_secret', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operator_sessions_operator_idx')
    .on('operator_sessions')
    .column('operator_id')
    .execute();

  for (const table of ['form_responses', 'onboarding_claims']) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    for (const column of ['repaid_pence', 'fee_pence', 'claimant_pence']) {
      await db.schema.alterTable(table).addColumn(column, 'integer').execute();
    }
    await db.schema.alterTable(table).addColumn('status_changed_at', 'text').execute();
  }
  await db.schema
    .createIndex('onboarding_claims_submitted_idx')
    .on('onboarding_claims')
    .columns(['status', 'submitted_at'])
    .execute();
  await db.schema
    .createIndex('form_responses_status_created_idx')
    .on('form_responses')
    .columns(['status', 'created_at'])
    .execute();

  // The operators' list sorts a status's claims by name too.
  await db.schema
    .createIndex('form_responses_status_name_idx')
    .on('form_responses')
    .columns(['status', 'full_name'])
    .execute();
  await db.schema
    .createIndex('onboarding_claims_status_name_idx')
    .on('onboarding_claims')
    .columns(['status', 'full_name'])
    .execute();

  await db.schema
    .createTable('claim_status_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('claim_kind', 'text', (c) => c.notNull())
    .addColumn('claim_id', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text', (c) => c.notNull())
    .addColumn('to_status', 'text', (c) => c.notNull())
    // The claim's version after this change: orders the history even when two share a timestamp.
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('claim_status_history_claim_idx')
    .on('claim_status_history')
    .columns(['claim_id', 'version'])
    .execute();

  await db.schema
    .createTable('claim_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('claim_kind', 'text', (c) => c.notNull())
    .addColumn('claim_id', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('claim_notes_claim_idx')
    .on('claim_notes')
    .columns(['claim_id', 'created_at'])
    .execute();

  await db.schema
    .createIndex('audit_events_actor_idx')
    .on('audit_events')
    .columns(['actor', 'created_at'])
    .execute();
  await db.schema.createIndex('audit_events_created_idx').on('audit_events').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_events_created_idx').ifExists().execute();
  await db.schema.dropIndex('audit_events_actor_idx').ifExists().execute();
  await db.schema.dropTable('claim_notes').ifExists().execute();
  await db.schema.dropTable('claim_status_history').ifExists().execute();
  await db.schema.dropIndex('onboarding_claims_status_name_idx').ifExists().execute();
  await db.schema.dropIndex('form_responses_status_name_idx').ifExists().execute();
  await db.schema.dropIndex('form_responses_status_created_idx').ifExists().execute();
  await db.schema.dropIndex('onboarding_claims_submitted_idx').ifExists().execute();
  for (const table of ['form_responses', 'onboarding_claims']) {
    for (const column of ['status_changed_at', 'claimant_pence', 'fee_pence', 'repaid_pence', 'version']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
  await db.schema.dropTable('operator_sessions').ifExists().execute();
  for (const column of [
    'failed_sign_ins',
    'locked_until',
    'totp_last_step',
    'totp_enrolled_at',
    'totp_secret',
    'disabled_at',
    'role',
  ]) {
    await db.schema.alterTable('operator_users').dropColumn(column).execute();
  }
}
