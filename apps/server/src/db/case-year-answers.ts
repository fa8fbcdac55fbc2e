import type { Kysely, Transaction } from 'kysely';
import type { TaxYear, YearAnswer } from '@taxback/domain';
import type { Database, Row } from './database.ts';

// D40: HMRC's answer for each tax year of a case (migration 036), read one way for the operator's
// claim page and the claimant's status page. Every version is a row; none is ever changed.

type Db = Kysely<Database> | Transaction<Database>;

/** A stored version as the domain's YearAnswer. */
export const yearAnswerOfRow = (r: Row<'case_year_answers'>): YearAnswer => ({
  year: r.year as TaxYear,
  version: Number(r.version),
  decision: r.decision,
  pence: r.pence === null ? null : Number(r.pence),
  givenAs: r.given_as,
  decidedOn: r.decided_on,
  hmrcReason: r.hmrc_reason,
});

/** Every version of every year's answer of a case, oldest first, with the name of who recorded it. */
export function caseYearAnswerRows(db: Db, caseId: string) {
  return db
    .selectFrom('case_year_answers as a')
    .leftJoin('operator_users as o', 'o.id', 'a.operator_id')
    .selectAll('a')
    .select('o.name as operator')
    .where('a.case_id', '=', caseId)
    .orderBy('a.year')
    .orderBy('a.version')
    .execute();
}
