import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

// D38: the pairs of claims an admin marked not duplicates (case-merges.ts writes them), read by
// the claim page and the queue's duplicate flag.

type Db = Kysely<Database>;

/** The claims among `ids` an admin marked not duplicates of each other, as 'a b' pair keys. */
export async function dismissedPairs(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('duplicate_dismissals')
    .select(['claim_a', 'claim_b'])
    .where((eb) => eb.or([eb('claim_a', 'in', ids), eb('claim_b', 'in', ids)]))
    .execute();
  return new Set(rows.map((r) => pairKey(r.claim_a, r.claim_b)));
}

export const pairKey = (x: string, y: string) => (x < y ? `${x} ${y}` : `${y} ${x}`);
