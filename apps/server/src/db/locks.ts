import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { DbDialect } from './connect.ts';
import type { Database } from './database.ts';

/**
 * Holds `key` until the transaction ends, so transactions for one key run one at a time: an
 * advisory lock on PostgreSQL; SQLite already runs one transaction at a time.
 */
export async function lockForTransaction(
  trx: Transaction<Database>,
  dialect: DbDialect,
  key: string,
): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
