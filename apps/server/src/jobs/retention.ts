import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { deleteInBatches } from '../db/batches.ts';
import type { Database } from '../db/database.ts';

// D16 with issue 45: what the service keeps and for how long, beyond the claims themselves (a
// claim, its files, thread, HMRC records and audit trail are kept; abandoned drafts and call-back
// requests have their own purges in purge-drafts.ts). Every rule deletes in batches
// (db/batches.ts) on an indexed column, from the hourly purge job.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The configured ages, in days (README: "What is kept, and for how long"). */
export interface RetentionSettings {
  /** Texts and emails not about a claim (one-time codes, sign-in notices), once sent or failed. */
  outboxDays: number;
  /** Texts and emails about a claim (the claim page lists them), once sent or failed. */
  claimNoticeDays: number;
  /** Jobs that finished (a failed job stays until an operator retries or it is dealt with). */
  finishedJobDays: number;
  /** The hashed-IP records of resume and status sign-in attempts (their throttle looks back minutes). */
  attemptDays: number;
}

export const DEFAULT_RETENTION: RetentionSettings = {
  outboxDays: 30,
  claimNoticeDays: 730,
  finishedJobDays: 7,
  attemptDays: 30,
};

/** Operator sessions and one-time codes go this long after they expire (never while usable). */
export const EXPIRED_GRACE_DAYS = 1;

/** Each rule's count of rows deleted by one purge. */
export interface RetentionResult {
  texts: number;
  emails: number;
  claimTexts: number;
  claimEmails: number;
  operatorSessions: number;
  resumeCodes: number;
  statusCodes: number;
  resumeAttempts: number;
  statusAttempts: number;
}

const DONE_STATES = ['sent', 'failed'];

/**
 * Deletes what has outlived its age: delivered or failed texts and emails (those about a claim
 * after `claimNoticeDays`, the rest after `outboxDays`; a queued one is never deleted), operator
 * sessions and resume and status codes a day after they expired, and sign-in attempt records
 * after `attemptDays`. Finished jobs are the queue's to purge (JobStore.purgeFinished).
 */
export async function purgeExpiredRecords(options: {
  db: Kysely<Database>;
  settings: RetentionSettings;
  now: Date;
  batchSize?: number;
  log?: FastifyBaseLogger;
}): Promise<RetentionResult> {
  const { db, settings, batchSize } = options;
  const ago = (days: number) => new Date(options.now.getTime() - days * DAY_MS).toISOString();
  const expiredBefore = ago(EXPIRED_GRACE_DAYS);
  const batches = (run: (limit: number) => Promise<{ numDeletedRows: bigint }>) =>
    deleteInBatches(async (limit) => Number((await run(limit)).numDeletedRows), batchSize);

  const outbox = (table: 'sms_outbox' | 'email_outbox', aboutAClaim: boolean) => {
    const before = ago(aboutAClaim ? settings.claimNoticeDays : settings.outboxDays);
    return batches((limit) =>
      db
        .deleteFrom(table)
        .where('id', 'in', (eb) =>
          eb
            .selectFrom(table)
            .select('id')
            .where('created_at', '<', before)
            .where('status', 'in', DONE_STATES)
            .where('claim_id', aboutAClaim ? 'is not' : 'is', null)
            .limit(limit),
        )
        .executeTakeFirstOrThrow(),
    );
  };
  const expired = (table: 'operator_sessions' | 'resume_codes' | 'status_codes') =>
    batches((limit) =>
      db
        .deleteFrom(table)
        .where('id', 'in', (eb) =>
          eb.selectFrom(table).select('id').where('expires_at', '<', expiredBefore).limit(limit),
        )
        .executeTakeFirstOrThrow(),
    );
  const attempts = (table: 'resume_attempts' | 'status_attempts') => {
    const before = ago(settings.attemptDays);
    return batches((limit) =>
      db
        .deleteFrom(table)
        .where('id', 'in', (eb) =>
          eb.selectFrom(table).select('id').where('created_at', '<', before).limit(limit),
        )
        .executeTakeFirstOrThrow(),
    );
  };

  // One rule after another: each is short statements, and the purge is not in a hurry.
  const result: RetentionResult = {
    texts: await outbox('sms_outbox', false),
    emails: await outbox('email_outbox', false),
    claimTexts: await outbox('sms_outbox', true),
    claimEmails: await outbox('email_outbox', true),
    operatorSessions: await expired('operator_sessions'),
    resumeCodes: await expired('resume_codes'),
    statusCodes: await expired('status_codes'),
    resumeAttempts: await attempts('resume_attempts'),
    statusAttempts: await attempts('status_attempts'),
  };
  if (Object.values(result).some((n) => n > 0)) options.log?.info(result, 'purged expired records');
  return result;
}
