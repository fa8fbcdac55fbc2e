import type { Kysely } from 'kysely';
import { summariseClaim, withCaseSelfAssessment, type GeneralDetails } from '@taxback/domain';
import { generalClaimReference } from '@taxback/domain/reference';
import type { Database, Row } from '../../db/database.ts';
import { readSnapshot } from './claim-columns.ts';
import { caseDetailsOf, mileageCaseSelfAssessment } from './claim-files.ts';

// D38 (decision 073): what a submitted mileage claim tells its claimant, the same on the
// submission's answer and on every later restore of the confirmation: the reference they follow
// (the case's, when the claim follows its case) and its figures with the case's Self Assessment
// years marked.

type Claim = Pick<
  Row<'onboarding_claims'>,
  'case_id' | 'follows_case' | 'submission_reference' | 'snapshot' | 'snapshot_version'
>;

/** The reference the claimant follows: the case's when the claim follows its case; else its own. */
export async function followedReference(db: Kysely<Database>, claim: Claim): Promise<string | null> {
  if (claim.follows_case === 1 && claim.case_id !== null) {
    const head = await db
      .selectFrom('form_responses')
      .select(['id', 'reference'])
      .where('id', '=', claim.case_id)
      .executeTakeFirst();
    if (head) return generalClaimReference(head);
  }
  return claim.submission_reference;
}

/**
 * The claim's own figures; in a case, each year the case's total makes a Self Assessment year
 * marked so, so the confirmation tells the claimant what the operator's readiness list says.
 */
export async function caseTotalsOf(
  db: Kysely<Database>,
  claim: Claim,
  /** The case's funnel details when the caller has read them already (caseDetailsOf). */
  read?: GeneralDetails | null,
) {
  const snapshot = readSnapshot(claim.snapshot, claim.snapshot_version);
  const totals = summariseClaim(snapshot);
  const details = read === undefined ? await caseDetailsOf(db, claim.case_id) : read;
  const caseYearsDue = mileageCaseSelfAssessment(snapshot, details);
  return caseYearsDue ? withCaseSelfAssessment(totals, caseYearsDue) : totals;
}

/**
 * What the wizard reads of its case's funnel claim (the expenses and the income answers, from
 * caseDetailsOf), so the claimant sees each year across kinds as the operator does; null outside
 * a case.
 */
export function wizardCaseDetails(details: GeneralDetails | null) {
  if (details === null) return null;
  return {
    taxYears: details.taxYears,
    expenses: details.expenses,
    scottishTaxpayer: details.scottishTaxpayer,
  };
}
