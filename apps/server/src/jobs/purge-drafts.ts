import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { deleteInBatches, PURGE_BATCH_SIZE } from '../db/batches.ts';
import type { Database } from '../db/database.ts';
import { CALL_BACK_RETENTION_DAYS } from '@taxback/domain/schemas';
import type { FileStore } from '../storage/file-store.ts';
import type { JobQueue } from './queue.ts';
import { DEFAULT_RETENTION, purgeExpiredRecords, type RetentionSettings } from './retention.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PurgeDraftsOptions {
  db: Kysely<Database>;
  store: FileStore;
  retentionDays: number;
  now?: Date;
  log?: FastifyBaseLogger;
}

/**
 * D16: wizard drafts never submitted and untouched for `retentionDays` are deleted with their
 * files and resume codes. Submitted claims are never touched. Returns how many drafts went.
 */
export async function purgeDrafts(options: PurgeDraftsOptions): Promise<number> {
  const { db, store } = options;
  const cutoff = new Date(
    (options.now ?? new Date()).getTime() - options.retentionDays * DAY_MS,
  ).toISOString();

  const staleBatch = () =>
    db
      .selectFrom('onboarding_claims')
      .select(['id', 'session_id'])
      .where('status', '=', 'draft')
      .where((eb) =>
        eb.or([
          eb('last_activity_at', '<', cutoff),
          eb.and([eb('last_activity_at', 'is', null), eb('updated_at', '<', cutoff)]),
        ]),
      )
      .limit(PURGE_BATCH_SIZE)
      .execute();

  let purged = 0;
  // A batch of drafts at a time, each deleted in its own short transaction with its files.
  for (;;) {
    const stale = await staleBatch();
    let gone = 0;
    for (const draft of stale) {
      const storageKeys = await db.transaction().execute(async (trx) => {
        // Re-check inside the transaction: the claimant may have come back since the scan.
        const deleted = await trx
          .deleteFrom('onboarding_claims')
          .where('id', '=', draft.id)
          .where('status', '=', 'draft')
          .where((eb) =>
            eb.or([
              eb('last_activity_at', '<', cutoff),
              eb.and([eb('last_activity_at', 'is', null), eb('updated_at', '<', cutoff)]),
            ]),
          )
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) return null;
        const files = await trx
          .selectFrom('stored_files')
          .select(['id', 'storage_key'])
          .where('session_id', '=', draft.session_id)
          .where('claim_kind', '=', 'onboarding')
          .execute();
        if (files.length > 0) {
          await trx
            .deleteFrom('stored_files')
            .where(
              'id',
              'in',
              files.map((f) => f.id),
            )
            .execute();
        }
        await trx.deleteFrom('resume_codes').where('session_id', '=', draft.session_id).execute();
        return files.map((f) => f.storage_key);
      });
      if (storageKeys === null) continue;
      // Bytes go after the rows are gone, so no row ever points at missing bytes.
      for (const key of storageKeys) await store.delete(key).catch(() => {});
      purged++;
      gone++;
    }
    if (stale.length < PURGE_BATCH_SIZE || gone === 0) break;
  }
  if (purged > 0) options.log?.info({ purged }, 'purged abandoned drafts');
  return purged;
}

/** D27: call-back requests older than CALL_BACK_RETENTION_DAYS are deleted. Returns how many went. */
export async function purgeCallBacks(
  options: Pick<PurgeDraftsOptions, 'db' | 'now' | 'log'>,
): Promise<number> {
  const cutoff = new Date(
    (options.now ?? new Date()).getTime() - CALL_BACK_RETENTION_DAYS * DAY_MS,
  ).toISOString();
  const purged = await deleteInBatches(async (limit) => {
    const deleted = await options.db
      .deleteFrom('call_back_requests')
      .where('id', 'in', (eb) =>
        eb.selectFrom('call_back_requests').select('id').where('created_at', '<', cutoff).limit(limit),
      )
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  });
  if (purged > 0) options.log?.info({ purged }, 'purged old call-back requests');
  return purged;
}

export const PURGE_JOB = 'purge';
const PURGE_EVERY_MS = 60 * 60 * 1000;

export type PurgeOptions = Omit<PurgeDraftsOptions, 'now'> & { retention?: RetentionSettings };

/**
 * One whole purge: drafts, call-back requests, then what retention.ts ages out, then finished
 * jobs; each a batch at a time. Submitted claims, their files and the audit trail are never touched.
 */
export async function purgeAll(options: PurgeOptions, queue: Pick<JobQueue, 'purgeFinished'>, now: Date) {
  const retention = options.retention ?? DEFAULT_RETENTION;
  return {
    drafts: await purgeDrafts({ ...options, now }),
    callBacks: await purgeCallBacks({ ...options, now }),
    ...(await purgeExpiredRecords({ db: options.db, settings: retention, now, log: options.log })),
    finishedJobs: await queue.purgeFinished(retention.finishedJobDays),
  };
}

/**
 * The hourly purge as a scheduled job (decision 022): run once per hour across all instances,
 * retried like any job when it fails.
 */
export function registerPurgeJob(queue: JobQueue, options: PurgeOptions & { now?: () => Date }): void {
  queue.handle(PURGE_JOB, async () => {
    await purgeAll(options, queue, options.now?.() ?? new Date());
  });
  queue.every(PURGE_JOB, PURGE_EVERY_MS);
}
