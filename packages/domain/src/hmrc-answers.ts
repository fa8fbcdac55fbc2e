// D40 (issue 42): HMRC answers a case year by year. It may repay a past year, give the relief
// through the tax code for the current one, reduce or refuse a year with a reason, or say the year
// belongs on a Self Assessment return (D31). The record keeps, per tax year, the decision, the
// amount and how it is given, the date and HMRC's reason; an admin's correction is a new version
// with its own reason, and every version is kept (D35). Pure: pence and ISO dates, no I/O.
import { calculateFee, NO_FEES, type FeeBreakdown, type FeeSettings } from './fees.ts';
import { formatPence } from './money.ts';
import type { ClaimStatus } from './claim-status.ts';
import type { TaxYear } from './tax-years.ts';

export const HMRC_DECISIONS = ['accepted', 'reduced', 'refused', 'self-assessment'] as const;
export type HmrcDecision = (typeof HMRC_DECISIONS)[number];

/** How HMRC gives the relief of an accepted or reduced year. */
export const RELIEF_GIVEN_AS = ['repayment', 'tax-code'] as const;
export type ReliefGivenAs = (typeof RELIEF_GIVEN_AS)[number];

export const HMRC_DECISION_LABELS: Record<HmrcDecision, string> = {
  accepted: 'Accepted',
  reduced: 'Reduced',
  refused: 'Refused',
  'self-assessment': 'Needs Self Assessment',
};

export const RELIEF_GIVEN_AS_LABELS: Record<ReliefGivenAs, string> = {
  repayment: 'Repayment',
  'tax-code': 'Tax code change',
};

/** One version of HMRC's answer for one year of a case. */
export interface YearAnswer {
  year: TaxYear;
  decision: HmrcDecision;
  /** Pence HMRC gives for the year (accepted or reduced); null when refused or sent to Self Assessment. */
  pence: number | null;
  givenAs: ReliefGivenAs | null;
  /** The UK day HMRC decided (its letter's date). */
  decidedOn: string;
  /** HMRC's reason, in the operator's words; needed for a reduced or refused year. */
  hmrcReason: string;
  /** 1 for the first answer, then one more for each correction. */
  version: number;
}

/** D35 with D40: the states of a claim that has been sent to HMRC, so HMRC can have answered it. */
export const HMRC_ANSWERABLE_STATES: readonly ClaimStatus[] = [
  'sent-to-hmrc',
  'repaid',
  'rejected',
  'needs-self-assessment',
];

/** Whether HMRC can have answered a claim in this state (it has been sent to HMRC). */
export const sentToHmrc = (status: string): boolean =>
  (HMRC_ANSWERABLE_STATES as readonly string[]).includes(status);

/** Whether a decision gives money (and so has an amount and a way it is given). */
export const decisionGivesRelief = (decision: HmrcDecision): boolean =>
  decision === 'accepted' || decision === 'reduced';

/** Whether a decision must say HMRC's reason. */
export const decisionNeedsReason = (decision: HmrcDecision): boolean =>
  decision === 'reduced' || decision === 'refused';

export const YEAR_ANSWER_MESSAGES = {
  year: 'Select the tax year HMRC answered',
  yearNotInCase: (year: string) => `${year} is not one of the tax years this claim covers`,
  decision: 'Select HMRC’s decision',
  amountRequired: 'Enter the amount HMRC gives for the year, like 123.45',
  amountInvalid: 'Enter the amount HMRC gives in pounds and pence, like 123.45',
  amountNotZero: 'Enter an amount more than £0, or choose “Refused”',
  givenAsRequired: 'Select how HMRC gives the relief',
  hmrcReasonRequired: 'Enter HMRC’s reason',
  overClaimed: (claimed: string) =>
    `The amount is more than the ${claimed} claimed for the year: enter HMRC’s reason for it`,
  correctionReasonRequired: 'Enter the reason for this correction',
  stale: 'HMRC’s answer for this year was changed by someone else. Check it and try again.',
} as const;

/**
 * Problems with an answer against the case it is for, by field: the year must be one the case
 * claims, and an amount over the year's claimed expenses needs HMRC's reason (a typing slip is
 * the likely cause; HMRC can include interest or another adjustment, which the reason says).
 */
export function yearAnswerProblems(
  answer: Pick<YearAnswer, 'year' | 'decision' | 'pence' | 'hmrcReason'>,
  caseYears: readonly { year: string; pence: number }[],
): Record<string, string> {
  const year = caseYears.find((y) => y.year === answer.year);
  if (!year) return { year: YEAR_ANSWER_MESSAGES.yearNotInCase(answer.year) };
  if (answer.pence !== null && answer.pence > year.pence && answer.hmrcReason.trim() === '')
    return { hmrcReason: YEAR_ANSWER_MESSAGES.overClaimed(formatPence(year.pence)) };
  return {};
}

/** The latest version of each year's answer, in tax-year order. */
export function currentYearAnswers<T extends Pick<YearAnswer, 'year' | 'version'>>(
  versions: readonly T[],
): T[] {
  const latest = new Map<string, T>();
  for (const v of versions) {
    const seen = latest.get(v.year);
    if (!seen || v.version > seen.version) latest.set(v.year, v);
  }
  return [...latest.values()].sort((a, b) => a.year.localeCompare(b.year));
}

/** D40 in plain words, one line per year, for the claimant's status page and messages. */
export function yearAnswerWords(
  answer: Pick<YearAnswer, 'year' | 'decision' | 'pence' | 'givenAs' | 'hmrcReason'>,
) {
  const amount = answer.pence !== null ? formatPence(answer.pence) : null;
  const reason = answer.hmrcReason.trim();
  const because = reason ? `: ${reason}` : '';
  switch (answer.decision) {
    case 'refused':
      return `${answer.year}: HMRC refused this year${because}`;
    case 'self-assessment':
      return `${answer.year}: HMRC says this year must be claimed on a Self Assessment tax return${because}`;
    case 'accepted':
    case 'reduced': {
      const less = answer.decision === 'reduced' ? `, less than claimed${because}` : '';
      if (answer.givenAs === 'tax-code')
        return `${answer.year}: HMRC will change your tax code${amount ? ` to give you ${amount}` : ''}${less}`;
      return `${answer.year}: HMRC repaid ${amount ?? 'the amount'}${less}`;
    }
  }
}

export interface CaseMoney {
  /** Pence HMRC repaid, summed over the years it repaid (the fee's base, D20 and D40). */
  repaidPence: number;
  /** Pence of relief HMRC gives through the tax code: no fee is taken on it unless charged (D41). */
  taxCodePence: number;
  /** Whether tax-code relief is charged (the settings and the signed terms say so, D41). */
  taxCodeCharged: boolean;
  /** What the fee is worked out on: the repayment, plus tax-code relief where it is charged. */
  feeBasePence: number;
  fee: FeeBreakdown;
}

/**
 * D40 with D20 and D41: a fee, where one is set, is worked out on what HMRC actually repaid over
 * the case's years; relief through the tax code carries none unless the fee settings charge it
 * (`onTaxCode`, which feesChargedOn sets only when the signed terms said so).
 */
export function caseMoneyOf(
  answers: readonly Pick<YearAnswer, 'decision' | 'pence' | 'givenAs'>[],
  fees: FeeSettings = NO_FEES,
): CaseMoney {
  let repaidPence = 0;
  let taxCodePence = 0;
  for (const a of answers) {
    if (!decisionGivesRelief(a.decision) || a.pence === null) continue;
    if (a.givenAs === 'tax-code') taxCodePence += a.pence;
    else repaidPence += a.pence;
  }
  const taxCodeCharged = fees.onTaxCode === true;
  const feeBasePence = repaidPence + (taxCodeCharged ? taxCodePence : 0);
  return { repaidPence, taxCodePence, taxCodeCharged, feeBasePence, fee: calculateFee(feeBasePence, fees) };
}

/**
 * D41: what the fee was worked out on, in words, for both sides: "the £450.00 HMRC repaid", and
 * the tax-code relief beside it only where that is charged.
 */
export function feeBaseWords(
  money: Pick<CaseMoney, 'repaidPence' | 'taxCodePence' | 'taxCodeCharged'>,
): string {
  const repaid = `the ${formatPence(money.repaidPence)} HMRC repaid`;
  if (!money.taxCodeCharged || money.taxCodePence <= 0) return repaid;
  const taxCode = `the ${formatPence(money.taxCodePence)} of relief through the tax code`;
  return money.repaidPence > 0 ? `${repaid} and ${taxCode}` : taxCode;
}

/**
 * D40: what the claimant's status page shows of HMRC's answers: each year's current answer in
 * words, and the money (the fee on what HMRC repaid, none on tax-code relief); null before any.
 */
export function claimantYearAnswers(versions: readonly YearAnswer[], fees: FeeSettings = NO_FEES) {
  const current = currentYearAnswers(versions);
  if (current.length === 0) return null;
  const money = caseMoneyOf(current, fees);
  return {
    years: current.map((a) => ({
      year: a.year,
      decision: a.decision,
      pence: a.pence,
      givenAs: a.givenAs,
      decidedOn: a.decidedOn,
      words: yearAnswerWords(a),
    })),
    repaidPence: money.repaidPence,
    taxCodePence: money.taxCodePence,
    feeBasePence: money.feeBasePence,
    feeOn: feeBaseWords(money),
    feePence: money.fee.totalFeePence,
    claimantPence: money.fee.claimantPence,
  };
}
