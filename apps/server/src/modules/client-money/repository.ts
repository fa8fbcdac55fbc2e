import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  POSTING_KINDS,
  ledgerBalancesOf,
  postingProblem,
  type AccountBalances,
  type LedgerEntry,
  type PostingKind,
} from '@taxback/domain';
import type { Database } from '../../db/database.ts';

// D41 (migration 044): the ledger's queries. A posting is written only when the domain says its
// entries balance; balances are sums of entries, never stored, so they cannot drift from them.

type Db = Kysely<Database> | Transaction<Database>;

/** Writes one balanced posting and its entries; returns its id. Unbalanced entries are a bug. */
export async function writePosting(
  trx: Db,
  input: {
    idempotencyKey: string;
    caseId: string;
    kind: PostingKind;
    entries: LedgerEntry[];
    postedOn: string;
    operatorId: string;
    at: string;
  },
): Promise<string> {
  const problem = postingProblem(input.entries);
  if (problem) throw new Error(`Refusing an unbalanced ${input.kind} posting: ${problem}`);
  const id = randomUUID();
  await trx
    .insertInto('ledger_postings')
    .values({
      id,
      idempotency_key: input.idempotencyKey,
      case_id: input.caseId,
      kind: input.kind,
      amount_pence: input.entries.reduce((sum, e) => sum + Math.max(0, e.pence), 0),
      posted_on: input.postedOn,
      operator_id: input.operatorId,
      created_at: input.at,
    })
    .execute();
  await trx
    .insertInto('ledger_entries')
    .values(
      input.entries.map((e) => ({
        id: randomUUID(),
        posting_id: id,
        case_id: e.caseId,
        account: e.account,
        pence: e.pence,
      })),
    )
    .execute();
  return id;
}

export const postingByKey = (db: Db, key: string) =>
  db.selectFrom('ledger_postings').select(['id']).where('idempotency_key', '=', key).executeTakeFirst();

/** A case's balance in every account (PostgreSQL sums as text: read as numbers). */
export async function caseBalances(db: Db, caseId: string): Promise<AccountBalances> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['account', (eb) => eb.fn.sum<string | number>('pence').as('pence')])
    .where('case_id', '=', caseId)
    .groupBy('account')
    .execute();
  const entries = rows.map((r) => ({ caseId, account: r.account, pence: Number(r.pence) }));
  return ledgerBalancesOf(entries).cases.get(caseId) ?? ledgerBalancesOf([]).totals;
}

/** The sum of every entry ever posted: zero while every posting balanced. */
export async function ledgerNet(db: Db): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.sum<string | number | null>('pence').as('net'))
    .executeTakeFirst();
  return Number(row?.net ?? 0);
}

/** A case's postings, oldest first. */
export async function casePostings(db: Db, caseId: string) {
  const rows = await db
    .selectFrom('ledger_postings')
    .select(['kind', 'amount_pence', 'posted_on', 'created_at'])
    .where('case_id', '=', caseId)
    .orderBy('created_at')
    // A receipt and its fee are posted in one transaction, at one instant: within an instant the
    // postings are listed in the order money moves (POSTING_KINDS), never by their random ids.
    .orderBy(
      sql`case kind ${sql.join(
        POSTING_KINDS.map((k, i) => sql`when ${k} then ${i}`),
        sql` `,
      )} else ${POSTING_KINDS.length} end`,
    )
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    kind: r.kind,
    amountPence: Number(r.amount_pence),
    postedOn: r.posted_on,
    createdAt: r.created_at,
  }));
}

/** The case's current bank details (its newest version), or undefined. */
export const currentBankDetails = (db: Db, caseId: string) =>
  db
    .selectFrom('client_bank_details')
    .selectAll()
    .where('case_id', '=', caseId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
