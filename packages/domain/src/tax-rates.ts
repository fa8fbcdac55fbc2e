import {
  calculateMileageClaim,
  reliefAtRate,
  type MileageClaimFigures,
  type VehicleMiles,
} from './mileage.ts';
import { formatPounds } from './number-format.ts';
import { formatPostcode } from './postcode.ts';
import type { TaxYear } from './tax-years.ts';
import { taxYearFromStartYear, taxYearInfo } from './tax-years.ts';

// D21: what a year's relief is worth depends on the claimant's income-tax band that year. Relief
// for employment expenses is a deduction from employment income (ITEPA 2003 s231), so it is worth
// the claimable amount at the claimant's top rate. Rates from GOV.UK "Income Tax rates and
// allowances for current and past years" and "Scottish Income Tax" (rates set by the Scottish
// Parliament each year). A future change is one new row.

export type RukBand = 'basic' | 'higher' | 'additional';
export type ScottishBand = 'starter' | 'basic' | 'intermediate' | 'higher' | 'advanced' | 'top';
/** The answer to "Which best describes your income in that year?"; 'not-sure' gives a range. */
export type IncomeBandAnswer = RukBand | ScottishBand | 'not-sure';

export const RUK_BANDS: readonly RukBand[] = ['basic', 'higher', 'additional'];
export const SCOTTISH_BANDS: readonly ScottishBand[] = [
  'starter',
  'basic',
  'intermediate',
  'higher',
  'advanced',
  'top',
];

export type RukRates = Record<RukBand, number>;
/** Percentages; `advanced` is null in years before the advanced band (2024/25). */
export type ScottishRates = Record<Exclude<ScottishBand, 'advanced'>, number> & { advanced: number | null };

const RUK: RukRates = { basic: 20, higher: 40, additional: 45 };

export const RUK_RATES: Record<TaxYear, RukRates> = {
  '2022/23': RUK,
  '2023/24': RUK,
  '2024/25': RUK,
  '2025/26': RUK,
  '2026/27': RUK,
};

export const SCOTTISH_RATES: Record<TaxYear, ScottishRates> = {
  '2022/23': { starter: 19, basic: 20, intermediate: 21, higher: 41, advanced: null, top: 46 },
  '2023/24': { starter: 19, basic: 20, intermediate: 21, higher: 42, advanced: null, top: 47 },
  '2024/25': { starter: 19, basic: 20, intermediate: 21, higher: 42, advanced: 45, top: 48 },
  '2025/26': { starter: 19, basic: 20, intermediate: 21, higher: 42, advanced: 45, top: 48 },
  '2026/27': { starter: 19, basic: 20, intermediate: 21, higher: 42, advanced: 45, top: 48 },
};

const FIRST_RATES_YEAR = 2022;
const LAST_RATES_YEAR = 2026;

function clampYear(year: TaxYear): TaxYear {
  const { startYear } = taxYearInfo(year);
  return taxYearFromStartYear(Math.min(Math.max(startYear, FIRST_RATES_YEAR), LAST_RATES_YEAR));
}

export function rukRatesFor(year: TaxYear): RukRates {
  return RUK_RATES[year] ?? RUK_RATES[clampYear(year)] ?? RUK;
}

export function scottishRatesFor(year: TaxYear): ScottishRates {
  const rates = SCOTTISH_RATES[year] ?? SCOTTISH_RATES[clampYear(year)];
  if (rates === undefined) throw new Error(`No Scottish rates for ${year}`);
  return rates;
}

export function isIncomeBandAnswer(x: unknown, scottish: boolean): x is IncomeBandAnswer {
  const bands: readonly string[] = scottish ? SCOTTISH_BANDS : RUK_BANDS;
  return x === 'not-sure' || (typeof x === 'string' && bands.includes(x));
}

/**
 * The relief rates (whole percent) for a year and band: one rate for a known band, basic and higher
 * when the claimant is not sure or did not answer (SPEC.md's two figures, at the year's rates).
 * A Scottish 'advanced' answer before that band existed (2024/25) is the higher rate, which then
 * covered those incomes; a band that does not fit the regime is treated as not sure.
 */
export function reliefRatesFor(year: TaxYear, scottish: boolean, band?: IncomeBandAnswer): number[] {
  if (scottish) {
    const r = scottishRatesFor(year);
    switch (band) {
      case 'starter':
      case 'basic':
      case 'intermediate':
      case 'higher':
      case 'top':
        return [r[band]];
      case 'advanced':
        return [r.advanced ?? r.higher];
      default:
        return [r.basic, r.higher];
    }
  }
  const r = rukRatesFor(year);
  switch (band) {
    case 'basic':
    case 'higher':
    case 'additional':
      return [r[band]];
    default:
      return [r.basic, r.higher];
  }
}

/** D21: shown wherever a refund figure is (GOV.UK: relief cannot exceed the tax paid). */
export const RELIEF_CAP_NOTICE =
  'The tax relief for a year cannot be more than the income tax you paid in that year.';

/** D21: where the employer paid more than HMRC's approved amount for a year. */
export function taxableExcessNotice(year: TaxYear, excessPounds: number): string {
  const pence = Number.isInteger(excessPounds) ? 0 : 2;
  const amount = formatPounds(excessPounds, { min: pence, max: 2 });
  return `In ${year} your employer paid ${amount} more than HMRC's approved mileage rates. That extra is taxable, and no tax relief is due for ${year}.`;
}

export interface YearEstimateInput {
  year: TaxYear;
  entries: VehicleMiles[];
  band?: IncomeBandAnswer;
}

export interface YearEstimate {
  year: TaxYear;
  claimable: number;
  taxableExcess: number;
  /** The taxable-excess sentence, or null when the employer paid no more than the approved amount. */
  excessNotice: string | null;
  /** Whole percents: one for a known band, [basic, higher] otherwise. */
  rates: number[];
  /** Whole pounds at the lowest and highest of `rates` (equal for a known band). */
  low: number;
  high: number;
}

export interface ReliefEstimate {
  scottish: boolean;
  years: YearEstimate[];
  /** Whole pounds over all years, each from the exact pence sum. */
  low: number;
  high: number;
  reliefCapNotice: typeof RELIEF_CAP_NOTICE;
  claim: MileageClaimFigures;
}

/** D21: each year's claimable amount at the claimant's rate (or basic and higher), with the notices. */
export function estimateRelief(input: {
  scottish: boolean;
  years: readonly YearEstimateInput[];
}): ReliefEstimate {
  const claim = calculateMileageClaim(input.years);
  let lowTimesPercent = 0;
  let highTimesPercent = 0;
  const years = claim.years.map((y, i) => {
    const rates = reliefRatesFor(y.year, input.scottish, input.years[i]?.band);
    const lowRate = Math.min(...rates);
    const highRate = Math.max(...rates);
    const pence = Math.round(y.claimable * 100);
    lowTimesPercent += pence * lowRate;
    highTimesPercent += pence * highRate;
    return {
      year: y.year,
      claimable: y.claimable,
      taxableExcess: y.taxableExcess,
      excessNotice: y.taxableExcess > 0 ? taxableExcessNotice(y.year, y.taxableExcess) : null,
      rates,
      low: reliefAtRate(pence, lowRate),
      high: reliefAtRate(pence, highRate),
    };
  });
  return {
    scottish: input.scottish,
    years,
    low: Math.round(lowTimesPercent / 10_000),
    high: Math.round(highTimesPercent / 10_000),
    reliefCapNotice: RELIEF_CAP_NOTICE,
    claim,
  };
}

// Scottish income tax follows where the claimant lives (ITA 2007 s80D), so a postcode can only
// suggest it: the wizard prefills the answer and asks the claimant to confirm. These postcode areas
// are wholly or mainly in Scotland.
export const SCOTTISH_POSTCODE_AREAS: readonly string[] = [
  'AB',
  'DD',
  'DG',
  'EH',
  'FK',
  'G',
  'HS',
  'IV',
  'KA',
  'KW',
  'KY',
  'ML',
  'PA',
  'PH',
  'TD',
  'ZE',
];

/**
 * Districts that cross the border (to confirm against a postcode directory): TD12 and TD15 (around
 * Coldstream and Berwick-upon-Tweed) include addresses in Northumberland, DG16 (Gretna) a few in
 * Cumbria. A claimant there is asked the question with no strong suggestion.
 */
export const BORDER_POSTCODE_DISTRICTS: readonly string[] = ['TD12', 'TD15', 'DG16'];

export interface ScottishPrefill {
  /** The suggested answer to "Do you pay Scottish income tax?", always for the claimant to confirm. */
  scottish: boolean;
  /** The postcode's district crosses the border, so the suggestion is weaker. */
  borderDistrict: boolean;
}

/** A suggestion from a home postcode, or null when it is not a valid UK postcode. */
export function scottishTaxPrefill(postcode: string): ScottishPrefill | null {
  const formatted = formatPostcode(postcode);
  if (formatted === null) return null;
  const district = formatted.split(' ')[0] ?? '';
  const area = /^[A-Z]+/.exec(district)?.[0] ?? '';
  return {
    scottish: SCOTTISH_POSTCODE_AREAS.includes(area),
    borderDistrict: BORDER_POSTCODE_DISTRICTS.includes(district),
  };
}

const BAND_NAMES: Record<Exclude<IncomeBandAnswer, 'not-sure'>, string> = {
  starter: 'Starter rate',
  basic: 'Basic rate',
  intermediate: 'Intermediate rate',
  higher: 'Higher rate',
  advanced: 'Advanced rate',
  additional: 'Additional rate',
  top: 'Top rate',
};

/**
 * D21: the answers to "Which best describes your income in that year?" for a year, each with the
 * year's rate ('Higher rate (42%)'), then "Not sure". Scottish bands only where they existed.
 */
export function incomeBandOptions(
  year: TaxYear,
  scottish: boolean,
): { id: IncomeBandAnswer; label: string }[] {
  const bands: { id: IncomeBandAnswer; rate: number | null }[] = scottish
    ? SCOTTISH_BANDS.map((id) => ({ id, rate: scottishRatesFor(year)[id] }))
    : RUK_BANDS.map((id) => ({ id, rate: rukRatesFor(year)[id] }));
  return [
    ...bands
      .filter((b): b is { id: Exclude<IncomeBandAnswer, 'not-sure'>; rate: number } => b.rate !== null)
      .map((b) => ({ id: b.id, label: `${BAND_NAMES[b.id]} (${b.rate}%)` })),
    { id: 'not-sure', label: 'Not sure' },
  ];
}
