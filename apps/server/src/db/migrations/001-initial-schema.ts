import type { Kysely } from 'kysely';
import { withDeliveryColumns } from './outbox-delivery-columns.ts';

// Only 'text', 'integer' and 'double precision' are used so the same migration runs on SQLite and
// PostgreSQL (docs/decisions/002-portable-schema.md).

export async function up(db: Kysely<unknown>): Promise<void> {
  // One function per group of tables (a 150-line limit on functions, issue 34); the same
  // statements in the same order as when this migration first shipped.
  await createGeneralClaims(db);
  await createMileageClaims(db);
  await createFilesAndMessages(db);
}

/** The general funnel's claims (form_responses) and their indexes. */
async function createGeneralClaims(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_responses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('signature', 'text')
    .addColumn('signature_file_id', 'text')
    .addColumn('selected_expenses', 'text', (c) => c.notNull())
    .addColumn('earns_over_18k', 'integer', (c) => c.notNull())
    .addColumn('affiliate_name', 'text')
    .addColumn('utm_data', 'text')
    .addColumn('full_url', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('assessment_data', 'text')
    .addColumn('signed_content_hash', 'text')
    .addColumn('signed_at', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('submitted'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('form_responses_created_at_idx')
    .on('form_responses')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('form_responses_affiliate_idx')
    .on('form_responses')
    .column('affiliate_name')
    .execute();
  await db.schema.createIndex('form_responses_status_idx').on('form_responses').column('status').execute();
}

/** The mileage wizard's claims (onboarding_claims) and their indexes. */
async function createMileageClaims(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('onboarding_claims')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().unique())
    .addColumn('drives_for_work', 'text')
    .addColumn('company_vehicle_vrm', 'text')
    .addColumn('employment_type', 'text')
    .addColumn('employer_name', 'text')
    .addColumn('business_name', 'text')
    .addColumn('utr_number', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('full_name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('mobile_number', 'text')
    .addColumn('home_address', 'text')
    .addColumn('postcode', 'text')
    .addColumn('affiliate_name', 'text')
    .addColumn('utm_data', 'text')
    .addColumn('full_url', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('current_step', 'integer')
    .addColumn('last_step_completed', 'integer')
    .addColumn('last_activity_at', 'text')
    .addColumn('vehicle_type', 'text', (c) => c.notNull().defaultTo('car-van'))
    .addColumn('selected_tax_years', 'text')
    .addColumn('mileage_data', 'text')
    .addColumn('total_hmrc_allowance', 'double precision')
    .addColumn('estimated_rebate_20_percent', 'double precision')
    .addColumn('estimated_rebate_40_percent', 'double precision')
    .addColumn('employer_mileage_rate', 'double precision')
    .addColumn('evidence_files', 'text')
    .addColumn('admin_ni_number', 'text')
    .addColumn('p60_file_url', 'text')
    .addColumn('p60_filename', 'text')
    .addColumn('signature_data', 'text')
    .addColumn('signature_url', 'text')
    .addColumn('consent_accuracy', 'integer')
    .addColumn('consent_authorization', 'integer')
    .addColumn('consent_terms', 'integer')
    .addColumn('journey_patterns', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('submission_reference', 'text', (c) => c.unique())
    .addColumn('submitted_at', 'text')
    .addColumn('resume_token', 'text')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('snapshot', 'text')
    .addColumn('signed_content_hash', 'text')
    .addColumn('signed_at', 'text')
    .addColumn('signed_ip', 'text')
    .addColumn('signed_user_agent', 'text')
    .addColumn('self_assessment_required', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The purge job scans drafts by last activity; operator lists sort and filter by these.
  await db.schema
    .createIndex('onboarding_claims_status_activity_idx')
    .on('onboarding_claims')
    .columns(['status', 'last_activity_at'])
    .execute();
  await db.schema
    .createIndex('onboarding_claims_created_at_idx')
    .on('onboarding_claims')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('onboarding_claims_affiliate_idx')
    .on('onboarding_claims')
    .column('affiliate_name')
    .execute();
}

/** Stored files, resume codes and attempts, and the text and email outboxes. */
async function createFilesAndMessages(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('claim_kind', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('tax_year', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // A retried upload of the same bytes for the same purpose is stored once.
    .addUniqueConstraint('stored_files_dedup_key', ['session_id', 'kind', 'tax_year', 'sha256'])
    .execute();
  await db.schema.createIndex('stored_files_session_idx').on('stored_files').column('session_id').execute();

  await db.schema
    .createTable('resume_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('phone_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('resume_codes_session_idx').on('resume_codes').column('session_id').execute();
  await db.schema
    .createIndex('resume_codes_phone_idx')
    .on('resume_codes')
    .columns(['phone_hash', 'created_at'])
    .execute();

  await db.schema
    .createTable('resume_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ip_hash', 'text', (c) => c.notNull())
    .addColumn('succeeded', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('resume_attempts_ip_idx')
    .on('resume_attempts')
    .columns(['ip_hash', 'created_at'])
    .execute();
  await db.schema
    .createIndex('resume_attempts_created_idx')
    .on('resume_attempts')
    .column('created_at')
    .execute();

  await withDeliveryColumns(
    db.schema
      .createTable('sms_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('to_phone', 'text', (c) => c.notNull())
      .addColumn('template', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('sms_outbox_created_idx').on('sms_outbox').column('created_at').execute();

  await db.schema
    .createTable('operator_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_login_at', 'text')
    .execute();

  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_events_entity_idx')
    .on('audit_events')
    .columns(['entity', 'entity_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'audit_events',
    'operator_users',
    'sms_outbox',
    'resume_attempts',
    'resume_codes',
    'stored_files',
    'onboarding_claims',
    'form_responses',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
