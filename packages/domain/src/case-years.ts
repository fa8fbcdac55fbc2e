// D38: one claimant, one case. HMRC takes one P87 per person covering every expense of a tax
// year, and its £2,500 limit is the year's total across every kind (GOV.UK "Claim tax relief for
// your job expenses": "If your expenses are over £2,500 you must claim using a Self Assessment tax
// return"). So the route (D31) and the estimate (D21, D31) are worked out once per year on the
// mileage claim and the funnel claim's details together, never per claim. Pure: pence, no I/O.
import {
  DETAILS_EXPENSE_ORDER,
  DETAILS_SECTION_LABELS,
  detailsYears,
  type DetailsExpenseKey,
  type GeneralDetails,
} from './general-details.ts';
import { SELF_ASSESSMENT_THRESHOLD_GBP } from './mileage.ts';
import { yearReliefHundredths, type IncomeBandAnswer, type ReliefSlice } from './tax-rates.ts';
import type { TaxYear } from './tax-years.ts';
import {
  claimFigures,
  isFuelClaim,
  selectedYears,
  type TaxYearEntry,
  type WizardSnapshot,
  type YesNoAnswer,
} from './wizard-snapshot.ts';

/** The kinds of expense a case's year can hold: mileage (the wizard) and the details journey's. */
export type CaseExpenseKey = 'mileage' | DetailsExpenseKey;
/** The order a year lists its kinds: mileage, then the details journey's own order. */
export const CASE_EXPENSE_ORDER: readonly CaseExpenseKey[] = ['mileage', ...DETAILS_EXPENSE_ORDER];

/** Each kind's name for people, as a case's year lists it. */
export const CASE_KIND_LABELS: Record<CaseExpenseKey, string> = {
  mileage: 'Mileage',
  ...DETAILS_SECTION_LABELS,
};

/** D31: a year over £2,500 goes on a Self Assessment return, never a P87. */
export type CaseRoute = 'p87' | 'self-assessment';

/** What `reliefOf` reads of a mileage claim. */
export type CaseMileage = Pick<WizardSnapshot, 'vehicleInfo' | 'taxYears' | 'scottishTaxpayer'> & {
  eligibilityData?: { drivesForWork?: string } | undefined;
};
/** What `detailsEstimate` reads of a funnel claim's details. */
export type CaseDetails = Pick<GeneralDetails, 'taxYears' | 'expenses' | 'scottishTaxpayer'>;

export interface CaseInput {
  mileage?: CaseMileage | null | undefined;
  details?: CaseDetails | null | undefined;
}

export interface CaseYear {
  year: TaxYear;
  /**
   * Pence of each kind the year holds: mileage is the approved amount less what the employer paid
   * (D3); a kind is absent when no claim covers it for the year.
   */
  amounts: Partial<Record<CaseExpenseKey, number>>;
  /** Pence: the year's expenses across every kind, what the £2,500 limit is measured on. */
  pence: number;
  route: CaseRoute;
  /** D27: the mileage claim covering the year is a company vehicle's fuel claim (no AMAP amount). */
  fuel: boolean;
  /** Whether the year was priced at Scottish rates. */
  scottish: boolean;
  /** Whole percents: one for a known band, [basic, higher] otherwise (as yearReliefHundredths). */
  rates: number[];
  /** Relief in pence at the lowest and highest of `rates`, and the same in whole pounds. */
  lowPence: number;
  highPence: number;
  low: number;
  high: number;
  upperFigure: boolean;
  cappedAtTaxPaid: boolean;
  /** The claimant told us their rate for the year (a band, or taxable pay), so the figure is no range. */
  rateKnown: boolean;
  /** With taxable pay, how the relief splits across the bands (top band first); else []. */
  slices: ReliefSlice[];
  /**
   * Both claims cover the year and answer its income band, taxable pay, tax paid or Scottish
   * income tax differently: the estimate took the lower, and an operator should ask which is right.
   */
  answersDiffer: boolean;
}

/** Relief summed over years, rounded once at the end (pence, and whole pounds as estimateRelief). */
export interface CaseReliefTotal {
  lowPence: number;
  highPence: number;
  low: number;
  high: number;
}

export interface CaseYears {
  /** Newest first, as claimableTaxYears and the wizard list them. */
  years: CaseYear[];
  /** Every year, whichever route: the relief due (as the mileage estimate, estimateRelief, counts). */
  total: CaseReliefTotal;
  /** The P87 years only (as detailsEstimate counts): Self Assessment years are claimed on the return. */
  p87: CaseReliefTotal;
  upperFigure: boolean;
  /** D31: the years to claim through Self Assessment, newest first. */
  selfAssessmentYears: TaxYear[];
}

/** One claim's answers about a year's income, as the claimant gave them. */
interface IncomeAnswers {
  scottish: YesNoAnswer;
  band: IncomeBandAnswer | '';
  taxablePay: number | undefined;
  taxPaid: number | undefined;
}

const NO_ANSWERS: IncomeAnswers = { scottish: '', band: '', taxablePay: undefined, taxPaid: undefined };

/** What a year of the case gathers from each claim before it is totalled and priced. */
interface Slot {
  amounts: Partial<Record<CaseExpenseKey, number>>;
  fuel: boolean;
  /** The mileage claim's and the details' income answers, when that claim covers the year. */
  m?: IncomeAnswers;
  d?: IncomeAnswers;
}

function answersOf(entry: TaxYearEntry, scottish: YesNoAnswer): IncomeAnswers {
  return { scottish, band: entry.incomeBand, taxablePay: entry.taxablePay, taxPaid: entry.taxPaid };
}

// 'not-sure' prices as no answer (basic and higher), so it never outweighs a band that was given.
const bandGiven = (b: IncomeBandAnswer | ''): b is IncomeBandAnswer => b !== '' && b !== 'not-sure';

/** `first`'s answers, each gap filled from `second`. */
function fill(first: IncomeAnswers, second: IncomeAnswers | undefined): IncomeAnswers {
  if (second === undefined) return first;
  return {
    scottish: first.scottish || second.scottish,
    band: bandGiven(first.band) ? first.band : bandGiven(second.band) ? second.band : first.band,
    taxablePay: first.taxablePay ?? second.taxablePay,
    taxPaid: first.taxPaid ?? second.taxPaid,
  };
}

function differ(a: IncomeAnswers | undefined, b: IncomeAnswers | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  const both = <T>(x: T | undefined | '', y: T | undefined | '') =>
    x !== undefined && x !== '' && y !== undefined && y !== '' && x !== y;
  return (
    both(a.scottish, b.scottish) ||
    (bandGiven(a.band) && bandGiven(b.band) && a.band !== b.band) ||
    both(a.taxablePay, b.taxablePay) ||
    both(a.taxPaid, b.taxPaid)
  );
}

function price(year: TaxYear, pence: number, a: IncomeAnswers) {
  const scottish = a.scottish === 'yes';
  const r = yearReliefHundredths({
    year,
    scottish,
    pence,
    band: a.band === '' ? undefined : a.band,
    taxablePay: a.taxablePay,
    taxPaid: a.taxPaid,
  });
  return { ...r, scottish, rateKnown: a.taxablePay !== undefined || r.rates.length === 1 };
}

function totalOf(lowH: number, highH: number): CaseReliefTotal {
  return {
    lowPence: Math.round(lowH / 100),
    highPence: Math.round(highH / 100),
    low: Math.round(lowH / 10_000),
    high: Math.round(highH / 10_000),
  };
}

/**
 * D38, D31, D21: a claimant's case year by year: each kind's amount, the year's total, its route
 * (Self Assessment over £2,500, as every per-claim check compares: £2,500.00 itself is a P87) and
 * the relief on the total, from the mileage claim (a fuel claim adds no amount, D27) and the
 * funnel claim's details. Only the claims that cover a year speak for it, so a year in one claim
 * is priced exactly as that claim's own estimate (reliefOf, detailsEstimate) prices it.
 *
 * Where both claims answer a year's income band, taxable pay, tax paid or Scottish income tax,
 * each answer given fills the other's gap; where both are given and differ, the year is priced
 * both ways and the lower estimate stands, flagged `answersDiffer`. Neither "first signed" nor
 * "latest" can be known here (the wizard is prefilled from the details and may be changed; the
 * details may be edited after), and an estimate must never promise more than the claimant's own
 * answers support (D31: relief cannot exceed the tax paid), so the operator asks before the P87.
 */
export function caseYears(input: CaseInput): CaseYears {
  const byYear = new Map<TaxYear, Slot>();
  const at = (year: TaxYear): Slot => {
    const slot = byYear.get(year) ?? { amounts: {}, fuel: false };
    byYear.set(year, slot);
    return slot;
  };

  const mileage = input.mileage;
  if (mileage) {
    const fuel = isFuelClaim(mileage);
    const entries = selectedYears(mileage);
    // claimFigures covers the selected years in the snapshot's order, as reliefOf pairs them.
    claimFigures(mileage).years.forEach((y, i) => {
      const slot = at(y.year);
      const entry = entries[i];
      if (entry !== undefined) slot.m = answersOf(entry, mileage.scottishTaxpayer);
      // D27, ITEPA 2003 s235-236: a company vehicle has no mileage allowance relief.
      if (fuel) slot.fuel = true;
      else slot.amounts.mileage = Math.round(y.claimable * 100);
    });
  }

  const details = input.details;
  if (details) {
    const entries = new Map(details.taxYears.map((y) => [y.year, y]));
    for (const y of detailsYears(details)) {
      const slot = at(y.year);
      const entry = entries.get(y.year);
      if (entry !== undefined) slot.d = answersOf(entry, details.scottishTaxpayer);
      for (const line of y.lines) slot.amounts[line.key] = (slot.amounts[line.key] ?? 0) + line.pence;
    }
  }

  let lowAll = 0;
  let highAll = 0;
  let lowP87 = 0;
  let highP87 = 0;
  // 'YYYY/YY' is fixed width, so comparing the strings orders the years.
  const years = [...byYear.keys()]
    .sort((a, b) => b.localeCompare(a))
    .map((year): CaseYear => {
      const slot = byYear.get(year)!;
      const amounts: Partial<Record<CaseExpenseKey, number>> = {};
      for (const key of CASE_EXPENSE_ORDER) {
        const pence = slot.amounts[key];
        if (pence !== undefined) amounts[key] = pence;
      }
      const pence = Object.values(amounts).reduce((sum, p) => sum + p, 0);
      const route: CaseRoute = pence > SELF_ASSESSMENT_THRESHOLD_GBP * 100 ? 'self-assessment' : 'p87';
      const priced = [slot.d && fill(slot.d, slot.m), slot.m && fill(slot.m, slot.d)]
        .filter((a): a is IncomeAnswers => a !== undefined)
        .map((a) => price(year, pence, a))
        // The lower estimate first; on a tie the details' (stable sort).
        .sort((a, b) => a.highH - b.highH || a.lowH - b.lowH);
      const r = priced[0] ?? price(year, pence, NO_ANSWERS);
      lowAll += r.lowH;
      highAll += r.highH;
      if (route === 'p87') {
        lowP87 += r.lowH;
        highP87 += r.highH;
      }
      return {
        year,
        amounts,
        pence,
        route,
        fuel: slot.fuel,
        scottish: r.scottish,
        rates: r.rates,
        lowPence: Math.round(r.lowH / 100),
        highPence: Math.round(r.highH / 100),
        low: Math.round(r.lowH / 10_000),
        high: Math.round(r.highH / 10_000),
        upperFigure: r.upperFigure,
        cappedAtTaxPaid: r.cappedAtTaxPaid,
        rateKnown: r.rateKnown,
        slices: r.slices,
        answersDiffer: differ(slot.d, slot.m),
      };
    });

  return {
    years,
    total: totalOf(lowAll, highAll),
    p87: totalOf(lowP87, highP87),
    upperFigure: years.some((y) => y.upperFigure),
    selfAssessmentYears: years.filter((y) => y.route === 'self-assessment').map((y) => y.year),
  };
}

/** A case's year as pages list it: each kind it holds in order, named, then the year's total. */
export interface CaseYearRow {
  year: TaxYear;
  amounts: { kind: CaseExpenseKey; label: string; pence: number }[];
  pence: number;
  route: CaseRoute;
  answersDiffer: boolean;
}

/** The case's years as the operator's page and the claimant's wizard both list them. */
export function caseYearRows(years: readonly CaseYear[]): CaseYearRow[] {
  return years.map((y) => ({
    year: y.year,
    amounts: CASE_EXPENSE_ORDER.flatMap((kind) => {
      const pence = y.amounts[kind];
      return pence === undefined ? [] : [{ kind, label: CASE_KIND_LABELS[kind], pence }];
    }),
    pence: y.pence,
    route: y.route,
    answersDiffer: y.answersDiffer,
  }));
}

/** D31, D38: the case's years HMRC takes only through Self Assessment, for the readiness list. */
export function selfAssessmentYearsOfCase(input: CaseInput): TaxYear[] {
  return caseYears(input).selfAssessmentYears;
}

/**
 * D38 with D31: a claim's own figures as the claimant reads them, with each year its case makes a
 * Self Assessment year (the year's total across kinds over £2,500) marked so, though the claim's
 * own share is under the limit. The amounts are the claim's own and unchanged.
 */
export function withCaseSelfAssessment<
  T extends {
    years: readonly { year: string; selfAssessmentRequired: boolean }[];
    selfAssessmentRequired: boolean;
  },
>(summary: T, caseSelfAssessmentYears: readonly string[]): T {
  const years = summary.years.map((y) =>
    caseSelfAssessmentYears.includes(y.year) ? { ...y, selfAssessmentRequired: true } : y,
  );
  return { ...summary, years, selfAssessmentRequired: years.some((y) => y.selfAssessmentRequired) };
}
