// Issue 45 (D16): old rows are deleted a batch at a time, each batch its own short statement, so a
// purge of a million rows never holds a long lock: on SQLite the one connection is free between
// batches for the requests waiting on it, and on PostgreSQL no statement locks more than a batch.

/** Rows one purge statement deletes at most. */
export const PURGE_BATCH_SIZE = 500;

/**
 * Runs `deleteBatch(limit)` (one statement that deletes at most `limit` rows and returns how many
 * it deleted) until a batch deletes fewer than `limit`; yields to waiting I/O between batches.
 * Returns the rows deleted in all.
 */
export async function deleteInBatches(
  deleteBatch: (limit: number) => Promise<number>,
  limit = PURGE_BATCH_SIZE,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(limit);
    total += deleted;
    if (deleted < limit) return total;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
