// D30: the details a general (funnel) claim needs before HMRC will take it. The claimant, the
// employments and the tax years are the wizard's own sections (same shapes, screens and rules); the
// expenses are per chosen category and tax year. Pure: figures in pence, no I/O.
import { datePartsToIso } from './dates.ts';
import type { ExpenseId } from './expenses.ts';
import { isWfhClaimableYear } from './expenses.ts';
import {
  estimateExpenseRelief,
  flatRateClaimBasis,
  flatRateClaimFor,
  wfhFlatRatePence,
  type ExpenseEstimate,
} from './flat-rate-expenses.ts';
import { SELF_ASSESSMENT_THRESHOLD_GBP } from './mileage.ts';
import type { P87Input, ReadinessItem } from './p87-readiness.ts';
import { feeReliefFor, professionalBodyByName } from './professional-bodies.ts';
import { isTaxYear, type TaxYearInfo } from './tax-years.ts';
import { alignSnapshot, normaliseSnapshot } from './wizard-snapshot.ts';
import type { Employment, TaxYearEntry, WizardSnapshot, YesNoAnswer } from './wizard-snapshot.ts';

/**
 * HMRC's flat rate for the claimant's industry and job (flat-rate-expenses.ts), with the follow-up
 * answers HMRC's service asks. Every follow-up is optional: answers stored before them price as
 * they did (issue 43).
 */
export interface FlatRateClothingAnswer {
  kind: 'flat-rate';
  industry: string;
  job: string;
  /** EIM67200, healthcare jobs with the allowance only: the employer requires them to buy shoes. */
  shoes?: boolean | undefined;
  /** Likewise stockings or tights. */
  stockings?: boolean | undefined;
  /** Per tax year, what the employer paid towards the same costs, in pence (taken off). */
  employerPays?: Record<string, number> | undefined;
  /** Tax years HMRC already gives the flat rate through the claimant's tax code (not claimed again). */
  inTaxCode?: string[] | undefined;
}

/** Uniform, work clothing and tools (and their laundry): HMRC's flat rate, or the actual cost per year. */
export type ClothingAnswer = FlatRateClothingAnswer | { kind: 'actual'; years: Record<string, number> };

/** Working from home in one year (to 2025/26 only, D21): weeks at the flat rate, or the actual cost. */
export type WfhYearAnswer = { kind: 'weeks'; weeks: number } | { kind: 'actual'; pence: number };

export interface DetailsExpenses {
  clothing?: ClothingAnswer | undefined;
  /** Professional fees and subscriptions: the body (List 3, or free text) and pence per year. */
  fees?: { body: string; years: Record<string, number> } | undefined;
  hotel?: { years: Record<string, number> } | undefined;
  /** The work share of calls only, never line rental. */
  telephone?: { years: Record<string, number> } | undefined;
  wfh?: { required: boolean; years: Record<string, WfhYearAnswer> } | undefined;
}

export interface GeneralDetails {
  personalInfo: WizardSnapshot['personalInfo'];
  employments: Employment[];
  taxYears: TaxYearEntry[];
  scottishTaxpayer: YesNoAnswer;
  expenses: DetailsExpenses;
}

/** Categories the details journey asks about, in the order it asks. Travel hands over to the mileage wizard. */
export const DETAILS_EXPENSE_ORDER = ['clothing', 'fees', 'hotel', 'telephone', 'wfh'] as const;
export type DetailsExpenseKey = (typeof DETAILS_EXPENSE_ORDER)[number];

/** The details sections a funnel claim's chosen categories ask for (uniform and laundry share one). */
export function detailsSectionsFor(selected: readonly string[]): DetailsExpenseKey[] {
  const wants: Record<DetailsExpenseKey, boolean> = {
    clothing: selected.includes('uniform') || selected.includes('laundry'),
    fees: selected.includes('fees'),
    hotel: selected.includes('hotel'),
    telephone: selected.includes('telephone'),
    wfh: selected.includes('wfh'),
  };
  return DETAILS_EXPENSE_ORDER.filter((k) => wants[k]);
}

export const DETAILS_SECTION_LABELS: Record<DetailsExpenseKey, string> = {
  clothing: 'Uniform, work clothing and tools',
  fees: 'Professional fees and subscriptions',
  hotel: 'Hotel stays',
  telephone: 'Telephone (the work share of calls)',
  wfh: 'Working from home',
};

/**
 * HMRC's P87 boxes for a year, as the worksheet lists them: the P87 asks for each kind of expense
 * in its own box ("Uniforms, work clothing and tools", "Professional fees and subscriptions",
 * "Travel and overnight expenses", "Other expenses", "Working from home").
 */
export const P87_BOXES = {
  clothing: 'Uniforms, work clothing and tools',
  fees: 'Professional fees and subscriptions',
  hotel: 'Travel and overnight expenses',
  telephone: 'Other expenses (telephone calls)',
  wfh: 'Working from home',
} as const satisfies Record<DetailsExpenseKey, string>;

export interface ExpenseLine {
  key: DetailsExpenseKey;
  box: string;
  pence: number;
  /** How the amount was reached, for the worksheet and check your answers. */
  basis: string;
}

export interface DetailsYear {
  year: string;
  lines: ExpenseLine[];
  pence: number;
  selfAssessmentRequired: boolean;
}

export function selectedDetailYears(details: Pick<GeneralDetails, 'taxYears'>): string[] {
  // Oldest first, as HMRC's form and the worksheet list them.
  return details.taxYears
    .filter((y) => y.selected)
    .map((y) => y.year)
    .sort();
}

/**
 * A year's uniform line. The flat rate is priced by flatRateClaimFor alone, so the P87 line, the
 * estimate and the worksheet agree: the job's rate, any shoes and stockings allowance, less the
 * employer's contribution; nothing (with the reason) for a job HMRC gives none or a year already
 * in the tax code.
 */
export function clothingLine(c: ClothingAnswer, year: string): ExpenseLine | null {
  if (c.kind === 'flat-rate') {
    const claim = flatRateClaimFor({
      industry: c.industry,
      job: c.job,
      year,
      shoes: c.shoes,
      stockings: c.stockings,
      employerPaysPence: c.employerPays?.[year],
      alreadyInTaxCode: c.inTaxCode?.includes(year) ?? false,
    });
    if (claim === null) return null;
    return { key: 'clothing', box: P87_BOXES.clothing, pence: claim.pence, basis: flatRateClaimBasis(claim) };
  }
  const pence = c.years[year];
  return pence === undefined
    ? null
    : { key: 'clothing', box: P87_BOXES.clothing, pence, basis: 'Actual cost, with receipts' };
}

function wfhLine(w: NonNullable<DetailsExpenses['wfh']>, year: string): ExpenseLine | null {
  const a = w.years[year];
  if (a === undefined || !isWfhClaimableYear(year)) return null;
  return a.kind === 'weeks'
    ? {
        key: 'wfh',
        box: P87_BOXES.wfh,
        pence: wfhFlatRatePence(a.weeks),
        basis: `${a.weeks} weeks at £6 a week`,
      }
    : { key: 'wfh', box: P87_BOXES.wfh, pence: a.pence, basis: 'Actual extra household costs' };
}

/**
 * D39: a fee counts only for a body on HMRC's List 3, and only from the year HMRC approved it
 * (ITEPA 2003 s343-344); otherwise the year's line is £0 and says why (EIM32885 for a union).
 */
export function feeLine(body: string, pence: number, year: string): ExpenseLine {
  const relief = isTaxYear(year) ? feeReliefFor(body, year) : null;
  if (relief?.counts) return { key: 'fees', box: P87_BOXES.fees, pence, basis: relief.body.name };
  return {
    key: 'fees',
    box: P87_BOXES.fees,
    pence: 0,
    basis: `${body}: does not count (${relief?.reason ?? 'not a tax year'})`,
  };
}

/** Each selected year's expenses in HMRC's boxes, and whether the year must go through Self Assessment (D31). */
export function detailsYears(details: Pick<GeneralDetails, 'taxYears' | 'expenses'>): DetailsYear[] {
  const e = details.expenses;
  return selectedDetailYears(details).map((year) => {
    const lines: ExpenseLine[] = [];
    const push = (line: ExpenseLine | null) => {
      if (line !== null) lines.push(line);
    };
    if (e.clothing) push(clothingLine(e.clothing, year));
    const fee = e.fees?.years[year];
    if (e.fees && fee !== undefined) push(feeLine(e.fees.body, fee, year));
    const hotel = e.hotel?.years[year];
    if (hotel !== undefined) push({ key: 'hotel', box: P87_BOXES.hotel, pence: hotel, basis: 'Hotel stays' });
    const phone = e.telephone?.years[year];
    if (phone !== undefined)
      push({
        key: 'telephone',
        box: P87_BOXES.telephone,
        pence: phone,
        basis: 'Work calls (not line rental)',
      });
    if (e.wfh) push(wfhLine(e.wfh, year));
    const pence = lines.reduce((sum, l) => sum + l.pence, 0);
    return { year, lines, pence, selfAssessmentRequired: pence > SELF_ASSESSMENT_THRESHOLD_GBP * 100 };
  });
}

/** D21, D31: the estimate for the details' years at the claimant's rate (each year's income band). */
export function detailsEstimate(details: GeneralDetails): ExpenseEstimate {
  const bands = new Map(details.taxYears.map((y) => [y.year, y]));
  return estimateExpenseRelief({
    scottish: details.scottishTaxpayer === 'yes',
    years: detailsYears(details).map((y) => {
      const entry = bands.get(y.year);
      return {
        year: y.year,
        pence: y.pence,
        band: entry?.incomeBand === '' ? undefined : entry?.incomeBand,
        taxablePay: entry?.taxablePay ?? null,
        taxPaid: entry?.taxPaid ?? null,
      };
    }),
  });
}

/**
 * A professional body typed in that is not on HMRC's List 3 (D30): the operator checks it against
 * the full list before sending; it does not stop the claim.
 */
export function unlistedProfessionalBody(details: Pick<GeneralDetails, 'expenses'>): string | null {
  const body = details.expenses.fees?.body;
  return body !== undefined && professionalBodyByName(body) === undefined ? body : null;
}

/** What the chosen categories still lack (readiness items, D17), per category and year. */
export function missingExpenses(
  details: Pick<GeneralDetails, 'taxYears' | 'expenses'>,
  selectedExpenses: readonly string[],
): ReadinessItem[] {
  const items: ReadinessItem[] = [];
  const years = selectedDetailYears(details);
  const e = details.expenses;
  for (const key of detailsSectionsFor(selectedExpenses)) {
    const label = DETAILS_SECTION_LABELS[key];
    if (key === 'clothing' && e.clothing?.kind === 'flat-rate') continue;
    if (key === 'wfh' && e.wfh !== undefined && !e.wfh.required)
      items.push({ field: 'expenses.wfh.required', label: 'Working from home: proof it was required' });
    const answered = (year: string): boolean => {
      switch (key) {
        case 'clothing':
          return e.clothing?.kind === 'actual' && e.clothing.years[year] !== undefined;
        case 'fees':
          return e.fees?.years[year] !== undefined;
        case 'hotel':
          return e.hotel?.years[year] !== undefined;
        case 'telephone':
          return e.telephone?.years[year] !== undefined;
        case 'wfh':
          return !isWfhClaimableYear(year) || e.wfh?.years[year] !== undefined;
      }
    };
    for (const year of years) {
      if (!answered(year)) items.push({ field: `expenses.${key}.${year}`, label: `${label} (${year})` });
    }
  }
  return items;
}

/** D17, D30: the P87 readiness input of a general claim with its details (the claim's own contact details win). */
export function p87InputOfGeneralDetails(
  details: GeneralDetails | null,
  claim: {
    firstName: string | null;
    lastName: string | null;
    phone: string | null;
    email: string | null;
    selectedExpenses: readonly string[];
  },
  hasNiNumber: boolean,
): P87Input {
  if (details === null) {
    return {
      firstName: claim.firstName,
      lastName: claim.lastName,
      phone: claim.phone,
      email: claim.email,
      hasNiNumber,
      employments: [],
    };
  }
  const p = details.personalInfo;
  const years = detailsYears(details);
  return {
    firstName: p.firstName || claim.firstName,
    lastName: p.lastName || claim.lastName,
    dateOfBirth: datePartsToIso(p.dateOfBirth),
    hasNiNumber,
    address: p.homeAddress,
    postcode: p.postcode,
    phone: p.phone || claim.phone,
    email: p.email || claim.email,
    employments: details.employments.map((e) => ({
      employerName: e.employerName,
      payeReference: e.noPayeReference ? '' : e.payeReference,
      jobTitle: e.jobTitle,
      continuing: e.continuing === '' ? null : e.continuing === 'yes',
      endDate: datePartsToIso(e.endDate),
    })),
    expenseYears: years.map((y) => y.year),
    expenseItems: missingExpenses(details, claim.selectedExpenses),
    selfAssessmentYears: years.filter((y) => y.selfAssessmentRequired).map((y) => y.year),
  };
}

/** The chosen categories of a funnel claim as ExpenseIds the details journey asks about. */
export function asksDetailsFor(selected: readonly ExpenseId[]): boolean {
  return detailsSectionsFor(selected).length > 0;
}

/**
 * The details journey's screens (D30), in order: the wizard's sections, each chosen expense, travel
 * (which says it is claimed in the mileage wizard, decision 052), then check and sign.
 */
export type DetailsStepId =
  'about-you' | 'employments' | 'tax-years' | DetailsExpenseKey | 'travel' | 'check' | 'sign';

export function detailsPlan(selected: readonly string[]): DetailsStepId[] {
  return [
    'about-you',
    'employments',
    'tax-years',
    ...detailsSectionsFor(selected),
    ...(claimsTravel(selected) ? (['travel'] as const) : []),
    'check',
    'sign',
  ];
}

/** D30, decision 052: travel (miles) chosen in the funnel is claimed in the mileage wizard. */
export function claimsTravel(selected: readonly string[]): boolean {
  return selected.includes('travel');
}

/**
 * Decision 052: the mileage wizard's first draft for a funnel claimant who chose travel, from what
 * the details journey already holds: the claimant, the employments, the tax years with their
 * income bands, and Scottish income tax. Everything else (vehicle, miles, employer payments) is
 * the wizard's to ask; the claimant sees and can change every prefilled answer.
 */
export function mileagePrefillOf(details: GeneralDetails, years?: readonly TaxYearInfo[]): WizardSnapshot {
  return alignSnapshot(
    normaliseSnapshot(
      {
        personalInfo: details.personalInfo,
        scottishTaxpayer: details.scottishTaxpayer,
        employments: details.employments,
        taxYears: details.taxYears.map((y) => ({
          year: y.year,
          selected: y.selected,
          incomeBand: y.incomeBand,
        })),
      },
      years,
    ),
  );
}
