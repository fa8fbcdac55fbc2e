// The two claims' answers as an AuthorityInput (D19). One mapping each, used by the browser (the
// document shown before signing) and the server (the signed PDF and the hash), so they cannot differ.
import type { AuthorityInput, AuthorityTerms } from './authority.ts';
import { EXPENSE_CATEGORIES } from './expenses.ts';
import { reliefAtRate } from './mileage.ts';
import { isFuelClaim } from './wizard.ts';
import { summariseClaim } from './wizard-snapshot.ts';
import type { WizardSnapshot } from './wizard-snapshot.ts';

/**
 * The mileage wizard's snapshot as signed. Today's snapshot has one employer and no PAYE reference,
 * job title, title or date of birth; the estimate is at the basic rate (20%), as the review shows.
 * A fuel claim (company vehicle, D27) gives no estimate.
 */
export function authorityInputOfSnapshot(
  snapshot: WizardSnapshot,
  terms: AuthorityTerms,
  signedAt?: string,
): AuthorityInput {
  const p = snapshot.personalInfo;
  const fuel = isFuelClaim(snapshot);
  const summary = summariseClaim(snapshot);
  return {
    kind: 'mileage',
    claimant: {
      fullName: [p.firstName, p.lastName].filter((s) => s !== '').join(' '),
      address: p.homeAddress,
      postcode: p.postcode,
      email: p.email,
      phone: p.phone,
    },
    agent: terms.agent,
    fee: terms.fee,
    years: summary.years.map((y) => {
      const entry = snapshot.taxYears.find((t) => t.year === y.year);
      const employerName = snapshot.employmentDetails.employerName || (entry?.companyName ?? '');
      return {
        year: y.year,
        employments: [
          {
            employerName,
            payeReference: '',
            jobTitle: '',
            miles: y.miles,
            claimablePounds: fuel ? undefined : y.claimable,
          },
        ],
        claimablePounds: fuel ? undefined : y.claimable,
        estimatePounds: fuel ? undefined : reliefAtRate(Math.round(y.claimable * 100), 20),
      };
    }),
    signedAt,
  };
}

/** The general claim form's shorter authority: the claimant and the expenses chosen. */
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
): AuthorityInput {
  return {
    kind: 'general',
    claimant: {
      fullName: `${claim.firstName} ${claim.lastName}`.trim(),
      address: '',
      postcode: '',
      email: claim.email,
      phone: claim.phone,
    },
    agent: terms.agent,
    fee: terms.fee,
    years: [],
    expenses: claim.selectedExpenses.map((id) => EXPENSE_CATEGORIES.find((c) => c.id === id)?.label ?? id),
    signedAt,
  };
}
