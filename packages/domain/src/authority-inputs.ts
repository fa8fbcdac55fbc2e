// The two claims' answers as an AuthorityInput (D19). One mapping each, used by the browser (the
// document shown before signing) and the server (the signed PDF and the hash), so they cannot differ.
import type { AuthorityCase, AuthorityExpenseYear, AuthorityInput, AuthorityTerms } from './authority.ts';
import { caseYearRows, caseYears, type CaseDetails } from './case-years.ts';
import { detailsEstimate, detailsYears, type GeneralDetails } from './general-details.ts';
import { EXPENSE_CATEGORIES } from './expenses.ts';
import { datePartsToIso } from './dates.ts';
import { isFuelClaim } from './wizard-snapshot.ts';
import type { LogMilesMismatch } from './log-mismatch.ts';
import { figuresByJob, reliefOf } from './wizard-snapshot.ts';
import type { WizardSnapshot } from './wizard-snapshot.ts';

/**
 * The mileage wizard's snapshot as signed: the claimant with title and date of birth, and per year
 * each employment with miles (employer, PAYE reference, job title, miles, its own claimable
 * amount), with the year's estimate at the claimant's rates (D21), as the screens show it. A fuel
 * claim (company vehicle, D27) gives no amounts. `logMismatches` (logMilesMismatches of the claim's
 * generated logs, on the day shown or signed) are said on it too (D25, issue 31). In a case (D38),
 * `caseDetails` (the funnel claim's details) makes it the case's authority: every amount of each
 * year across kinds, its route and the estimate on the year's total.
 */
export function authorityInputOfSnapshot(
  snapshot: WizardSnapshot,
  terms: AuthorityTerms,
  signedAt?: string,
  logMismatches: readonly LogMilesMismatch[] = [],
  caseDetails?: CaseDetails | null,
): AuthorityInput {
  const p = snapshot.personalInfo;
  const fuel = isFuelClaim(snapshot);
  const { years } = figuresByJob(snapshot);
  const estimate = reliefOf(snapshot);
  const dob = datePartsToIso(p.dateOfBirth);
  return {
    kind: 'mileage',
    claimant: {
      ...(p.title === '' ? {} : { title: p.title }),
      fullName: [p.firstName, p.lastName].filter((s) => s !== '').join(' '),
      ...(dob === null ? {} : { dateOfBirth: dob }),
      address: p.homeAddress,
      postcode: p.postcode,
      email: p.email,
      phone: p.phone,
    },
    agent: terms.agent,
    fee: terms.fee,
    years: years.map((y) => ({
      year: y.year,
      employments: y.jobs.map((j) => {
        const e = snapshot.employments.find((x) => x.id === j.employmentId);
        return {
          employerName: j.employerName,
          payeReference: e && !e.noPayeReference ? e.payeReference : '',
          jobTitle: e?.jobTitle ?? '',
          miles: j.miles,
          claimablePounds: fuel ? undefined : Math.max(0, j.allowance - j.employerPayment),
        };
      }),
      claimablePounds: fuel ? undefined : y.claimable,
      estimatePounds: fuel ? undefined : (estimate.years.find((e) => e.year === y.year)?.low ?? 0),
    })),
    ...(logMismatches.length === 0
      ? {}
      : {
          logMismatches: logMismatches.map((m) => ({
            year: m.year,
            employerName: m.employerName,
            logMiles: m.logMiles,
            claimedMiles: m.claimedMiles,
          })),
        }),
    ...(caseDetails ? { case: authorityCaseOf(snapshot, caseDetails) } : {}),
    signedAt,
  };
}

/** D38: the case's years as the authority lists them, from the same rows the wizard shows. */
function authorityCaseOf(snapshot: WizardSnapshot, details: CaseDetails): AuthorityCase {
  const figures = caseYears({ mileage: snapshot, details });
  return {
    years: caseYearRows(figures.years).map((row, i) => ({
      year: row.year,
      lines: row.amounts.map((a) => ({ label: a.label, pounds: a.pence / 100 })),
      totalPounds: row.pence / 100,
      selfAssessment: row.route === 'self-assessment',
      estimatePounds: figures.years[i]!.low,
    })),
    estimatePounds: figures.total.low,
  };
}

/**
 * The general claim form's shorter authority: the claimant and the expenses chosen; with its
 * details (D30), the claimant's date of birth and address and each year's amounts and estimate.
 */
export function authorityInputOfGeneralClaim(
  claim: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    selectedExpenses: readonly string[];
  },
  terms: AuthorityTerms,
  signedAt?: string,
  details?: GeneralDetails | null,
): AuthorityInput {
  const dob = details ? datePartsToIso(details.personalInfo.dateOfBirth) : null;
  return {
    kind: 'general',
    claimant: {
      fullName: `${claim.firstName} ${claim.lastName}`.trim(),
      ...(dob === null ? {} : { dateOfBirth: dob }),
      address: details?.personalInfo.homeAddress ?? '',
      postcode: details?.personalInfo.postcode ?? '',
      email: claim.email,
      phone: claim.phone,
    },
    agent: terms.agent,
    fee: terms.fee,
    years: [],
    expenses: claim.selectedExpenses.map((id) => EXPENSE_CATEGORIES.find((c) => c.id === id)?.label ?? id),
    ...(details ? { expenseYears: expenseYearsOf(details) } : {}),
    signedAt,
  };
}

function expenseYearsOf(details: GeneralDetails): AuthorityExpenseYear[] {
  const estimate = detailsEstimate(details);
  return detailsYears(details).map((y) => {
    const e = estimate.years.find((x) => x.year === y.year);
    return {
      year: y.year,
      lines: y.lines.map((l) => ({ label: l.box, pounds: l.pence / 100 })),
      totalPounds: y.pence / 100,
      estimatePounds: e === undefined || e.selfAssessmentRequired ? undefined : e.lowPence / 100,
    };
  });
}
