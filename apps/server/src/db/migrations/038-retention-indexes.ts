import type { Kysely } from 'kysely';

// Issue 45 (D16): the purge deletes old rows a batch at a time by age (jobs/retention.ts); each of
// its look-ups walks an index on the column it compares, so a batch stays short at a million rows.
// sms_outbox(created_at) and resume_attempts(created_at) have theirs from migration 001.

const INDEXES = [
  { name: 'email_outbox_created_idx', table: 'email_outbox', columns: ['created_at'] },
  { name: 'jobs_finished_idx', table: 'jobs', columns: ['status', 'finished_at'] },
  { name: 'operator_sessions_expires_idx', table: 'operator_sessions', columns: ['expires_at'] },
  { name: 'resume_codes_expires_idx', table: 'resume_codes', columns: ['expires_at'] },
  { name: 'status_codes_expires_idx', table: 'status_codes', columns: ['expires_at'] },
  { name: 'status_attempts_created_idx', table: 'status_attempts', columns: ['created_at'] },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES)
    await db.schema
      .createIndex(index.name)
      .on(index.table)
      .columns([...index.columns])
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await db.schema.dropIndex(index.name).ifExists().execute();
}
