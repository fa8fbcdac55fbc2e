import type { Kysely, Transaction } from 'kysely';
import { feesChargedOn, type FeeSettings, type TaxYear, type YearAnswer } from '@taxback/domain';
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

/** Whether stored terms (authority_terms) agreed to a fee on tax-code relief (D41). */
function termsChargeTaxCode(text: string | null): boolean {
  if (!text) return false;
  try {
    const terms = JSON.parse(text) as { fee?: { onTaxCode?: unknown } } | null;
    return terms?.fee?.onTaxCode === true;
  } catch {
    return false;
  }
}

/**
 * D41: the fee settings a case is charged on. Relief through the tax code is charged only when
 * today's settings say so and every signed claim of the case signed terms that said so too; the
 * claims are read only when the setting is on.
 */
export async function caseChargedFees(db: Db, caseId: string, fees: FeeSettings): Promise<FeeSettings> {
  if (!fees.onTaxCode) return feesChargedOn(fees, null);
  const signedTerms = async (table: 'form_responses' | 'onboarding_claims') =>
    (
      await db
        .selectFrom(table)
        .select('authority_terms')
        .where((eb) => eb.or([eb('id', '=', caseId), eb('case_id', '=', caseId)]))
        .where('authority_terms', 'is not', null)
        .execute()
    ).map((r) => r.authority_terms);
  const terms = [...(await signedTerms('form_responses')), ...(await signedTerms('onboarding_claims'))];
  return feesChargedOn(fees, { onTaxCode: terms.length > 0 && terms.every(termsChargeTaxCode) });
}
