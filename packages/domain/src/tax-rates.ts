import { calculateMileageClaim, type MileageClaimFigures, type VehicleMiles } from './mileage.ts';
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

// ---------------------------------------------------------------------------------------------
// D31: relief priced on the claimant's own pay, capped at the tax they paid.
//
// Relief for employment expenses is a deduction from employment income (ITEPA 2003 s327-328,
// s231), so it comes off the top slice of taxable income: worth the rate of each band it takes
// income out of, and never more than the tax charged (GOV.UK "Claim tax relief for your job
// expenses": "you must have paid tax in the year you're claiming for"; relief can only reduce the
// tax you paid). Band limits are amounts of taxable income, above the personal allowance (ITA 2007
// s10-11, s35): GOV.UK "Income Tax rates and Personal Allowances" (rUK) and gov.scot "Scottish
// Income Tax: rates and bands" (the Scottish bands net of the £12,570 allowance). A future year
// is one new row.

/** The standard personal allowance (ITA 2007 s35), £12,570 from 2021/22 (frozen). */
export const PERSONAL_ALLOWANCE_GBP = 12_570;
/** ITA 2007 s35(2): the allowance falls by £1 for every £2 of adjusted net income above £100,000. */
export const ALLOWANCE_TAPER_FROM_GBP = 100_000;

/** One band: its rate (whole percent) up to `upTo` pounds of taxable income (null: no limit). */
export interface TaxBand {
  rate: number;
  upTo: number | null;
}

const RUK_BANDS_FROM_2023: readonly TaxBand[] = [
  { rate: 20, upTo: 37_700 },
  { rate: 40, upTo: 125_140 },
  { rate: 45, upTo: null },
];

/** rUK bands on taxable income: basic £37,700; additional rate above £150,000 in 2022/23, £125,140 since. */
export const RUK_TAX_BANDS: Record<TaxYear, readonly TaxBand[]> = {
  '2022/23': [
    { rate: 20, upTo: 37_700 },
    { rate: 40, upTo: 150_000 },
    { rate: 45, upTo: null },
  ],
  '2023/24': RUK_BANDS_FROM_2023,
  '2024/25': RUK_BANDS_FROM_2023,
  '2025/26': RUK_BANDS_FROM_2023,
  '2026/27': RUK_BANDS_FROM_2023,
};

/**
 * Scottish bands on taxable income (gov.scot's published bands less the £12,570 allowance):
 * 2025/26 starter £12,571-£15,397 → £1-£2,827; 2026/27 starter to £16,537 → £3,967, basic to
 * £29,526 → £16,956 (Scottish Budget, 13 January 2026).
 */
export const SCOTTISH_TAX_BANDS: Record<TaxYear, readonly TaxBand[]> = {
  '2022/23': [
    { rate: 19, upTo: 2_162 },
    { rate: 20, upTo: 13_118 },
    { rate: 21, upTo: 31_092 },
    { rate: 41, upTo: 150_000 },
    { rate: 46, upTo: null },
  ],
  '2023/24': [
    { rate: 19, upTo: 2_162 },
    { rate: 20, upTo: 13_118 },
    { rate: 21, upTo: 31_092 },
    { rate: 42, upTo: 125_140 },
    { rate: 47, upTo: null },
  ],
  '2024/25': [
    { rate: 19, upTo: 2_306 },
    { rate: 20, upTo: 13_991 },
    { rate: 21, upTo: 31_092 },
    { rate: 42, upTo: 62_430 },
    { rate: 45, upTo: 125_140 },
    { rate: 48, upTo: null },
  ],
  '2025/26': [
    { rate: 19, upTo: 2_827 },
    { rate: 20, upTo: 14_921 },
    { rate: 21, upTo: 31_092 },
    { rate: 42, upTo: 62_430 },
    { rate: 45, upTo: 125_140 },
    { rate: 48, upTo: null },
  ],
  '2026/27': [
    { rate: 19, upTo: 3_967 },
    { rate: 20, upTo: 16_956 },
    { rate: 21, upTo: 31_092 },
    { rate: 42, upTo: 62_430 },
    { rate: 45, upTo: 125_140 },
    { rate: 48, upTo: null },
  ],
};

/** The bands of a year (the nearest known year outside the table). */
export function taxBandsFor(year: TaxYear, scottish: boolean): readonly TaxBand[] {
  const table = scottish ? SCOTTISH_TAX_BANDS : RUK_TAX_BANDS;
  return table[year] ?? table[clampYear(year)] ?? RUK_BANDS_FROM_2023;
}

/** The personal allowance in pence for a year's income in pence (tapered above £100,000). */
function personalAllowancePence(incomePence: number): number {
  const over = Math.max(0, incomePence - ALLOWANCE_TAPER_FROM_GBP * 100);
  return Math.max(0, PERSONAL_ALLOWANCE_GBP * 100 - Math.floor(over / 2));
}

/** Taxable income in pence: employment income less the (tapered) personal allowance. */
function taxableIncomePence(incomePence: number): number {
  return Math.max(0, incomePence - personalAllowancePence(incomePence));
}

/** Each band's share of the taxable income between `fromPence` and `toPence`, top band first. */
function bandSlices(
  bands: readonly TaxBand[],
  fromPence: number,
  toPence: number,
): { rate: number; pence: number }[] {
  const slices: { rate: number; pence: number }[] = [];
  let lower = 0;
  for (const band of bands) {
    const upper = band.upTo === null ? Number.POSITIVE_INFINITY : band.upTo * 100;
    const pence = Math.max(0, Math.min(toPence, upper) - Math.max(fromPence, lower));
    if (pence > 0) slices.push({ rate: band.rate, pence });
    lower = upper;
  }
  return slices.reverse();
}

/**
 * Income tax in pence on a year's employment income (pounds), rUK or Scottish: the allowance
 * (tapered above £100,000), then each band at its rate. Non-savings, non-dividend income only.
 */
export function incomeTaxOnPay(payPounds: number, year: TaxYear, scottish: boolean): number {
  const pay = Number.isFinite(payPounds) && payPounds > 0 ? Math.round(payPounds * 100) : 0;
  const slices = bandSlices(taxBandsFor(year, scottish), 0, taxableIncomePence(pay));
  return Math.round(slices.reduce((sum, s) => sum + (s.pence * s.rate) / 100, 0));
}

/** One band's part of a deduction's relief: pounds of taxable income taken out of it, and their tax. */
export interface ReliefSlice {
  rate: number;
  /** Pounds of taxable income the deduction takes out of this band. */
  amount: number;
  /** Pounds of tax relief from this band (exact to the penny). */
  relief: number;
}

export interface ReliefOnPay {
  /** Pence of relief before the cap: the tax on the pay less the tax on the pay after the deduction. */
  uncappedPence: number;
  /** Pence of relief after the cap at the tax paid (when given). */
  pence: number;
  /** Top band first; a deduction spanning the basic and higher bands has one slice for each. */
  slices: ReliefSlice[];
  capped: boolean;
}

function cleanPounds(x: number | null | undefined): number | undefined {
  return typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : undefined;
}

/**
 * D31: what a deduction of `deductionPence` is worth to someone whose taxable pay for the year was
 * `taxablePay` pounds: it comes off the top slice of their taxable income, each band at its rate
 * (so relief spanning the basic and higher bands is priced at each), and never more than
 * `taxPaid` pounds when that is given (from the P60).
 */
export function reliefOnPay(input: {
  year: TaxYear;
  scottish: boolean;
  taxablePay: number;
  deductionPence: number;
  taxPaid?: number | undefined;
}): ReliefOnPay {
  const pay = Math.round((cleanPounds(input.taxablePay) ?? 0) * 100);
  const deduction = Number.isFinite(input.deductionPence) ? Math.max(0, Math.round(input.deductionPence)) : 0;
  const after = Math.max(0, pay - deduction);
  const slices = bandSlices(
    taxBandsFor(input.year, input.scottish),
    taxableIncomePence(after),
    taxableIncomePence(pay),
  );
  const exact = slices.reduce((sum, s) => sum + (s.pence * s.rate) / 100, 0);
  const uncappedPence = Math.round(exact);
  const taxPaid = cleanPounds(input.taxPaid);
  const capPence = taxPaid === undefined ? Number.POSITIVE_INFINITY : Math.round(taxPaid * 100);
  return {
    uncappedPence,
    pence: Math.min(uncappedPence, capPence),
    slices: slices.map((s) => ({
      rate: s.rate,
      amount: s.pence / 100,
      relief: Math.round((s.pence * s.rate) / 100) / 100,
    })),
    capped: uncappedPence > capPence,
  };
}

export interface YearEstimateInput {
  year: TaxYear;
  entries: VehicleMiles[];
  band?: IncomeBandAnswer;
  /**
   * D31: the year's taxable pay in pounds (the P60's "pay"), optional. With it, relief comes off
   * the top slice of taxable income and the band answer is not needed.
   */
  taxablePay?: number | null;
  /** D31: the income tax paid that year in pounds (the P60's "tax"), optional: the cap on relief. */
  taxPaid?: number | null;
}

export interface YearEstimate {
  year: TaxYear;
  claimable: number;
  taxableExcess: number;
  /** The taxable-excess sentence, or null when the employer paid no more than the approved amount. */
  excessNotice: string | null;
  /** Whole percents: one for a known band, [basic, higher] otherwise. */
  rates: number[];
  /** Whole pounds at the lowest and highest of `rates` (equal for a known band or pay). */
  low: number;
  high: number;
  /**
   * D31: true when neither the year's taxable pay nor its tax paid was given, so the figure is an
   * upper one (relief cannot be more than the tax paid, which we do not know).
   */
  upperFigure: boolean;
  /** D31: true when the figure was cut to the tax paid that year. */
  cappedAtTaxPaid: boolean;
  /** D31: with taxable pay, how the relief splits across the bands (top band first); else []. */
  slices: ReliefSlice[];
}

export interface ReliefEstimate {
  scottish: boolean;
  years: YearEstimate[];
  /** Whole pounds over all years, each from the exact pence sum. */
  low: number;
  high: number;
  /** D31: true when any year's figure is an upper one (no taxable pay or tax paid for it). */
  upperFigure: boolean;
  reliefCapNotice: typeof RELIEF_CAP_NOTICE;
  claim: MileageClaimFigures;
}

/** D31: an estimate's wording when it is an upper figure (no taxable pay or tax paid given). */
export const UPPER_FIGURE_NOTICE =
  'This is an upper figure: the relief cannot be more than the income tax you paid, which your P60 shows.';

/** One year's relief on `pence` of deductions, in hundredths of a penny (pence × percent). */
export interface YearReliefHundredths {
  rates: number[];
  lowH: number;
  highH: number;
  upperFigure: boolean;
  cappedAtTaxPaid: boolean;
  slices: ReliefSlice[];
}

/**
 * D21, D31: what `pence` of deductions in a year are worth: on the year's taxable pay when given
 * (top slice, band by band), else at the claimant's band (or basic and higher), capped at the tax
 * paid when given. Shared by the mileage estimate and the general claim's expenses estimate.
 */
export function yearReliefHundredths(input: {
  year: TaxYear;
  scottish: boolean;
  pence: number;
  band?: IncomeBandAnswer | undefined;
  taxablePay?: number | null | undefined;
  taxPaid?: number | null | undefined;
}): YearReliefHundredths {
  const pence = Number.isFinite(input.pence) ? Math.max(0, Math.round(input.pence)) : 0;
  const taxablePay = cleanPounds(input.taxablePay);
  const taxPaid = cleanPounds(input.taxPaid);
  const capHundredths = taxPaid === undefined ? Number.POSITIVE_INFINITY : Math.round(taxPaid * 100) * 100;
  let rates: number[];
  let lowH: number;
  let highH: number;
  let slices: ReliefSlice[] = [];
  if (taxablePay !== undefined) {
    const onPay = reliefOnPay({
      year: input.year,
      scottish: input.scottish,
      taxablePay,
      deductionPence: pence,
    });
    slices = onPay.slices;
    rates = slices.length > 0 ? [...new Set(slices.map((s) => s.rate))].sort((a, b) => a - b) : [0];
    lowH = highH = onPay.uncappedPence * 100;
  } else {
    rates = reliefRatesFor(input.year, input.scottish, input.band);
    lowH = pence * Math.min(...rates);
    highH = pence * Math.max(...rates);
  }
  return {
    rates,
    lowH: Math.min(lowH, capHundredths),
    highH: Math.min(highH, capHundredths),
    upperFigure: taxablePay === undefined && taxPaid === undefined,
    cappedAtTaxPaid: highH > capHundredths,
    slices,
  };
}

/**
 * D21, D31: each year's claimable amount at the claimant's rate (or basic and higher), with the
 * notices. Where the year's taxable pay is given, the relief comes off the top slice of taxable
 * income, band by band; where its tax paid is given, the relief is capped at it. Without either,
 * the year's figure is an upper one (`upperFigure`).
 */
export function estimateRelief(input: {
  scottish: boolean;
  years: readonly YearEstimateInput[];
}): ReliefEstimate {
  const claim = calculateMileageClaim(input.years);
  // Sums in hundredths of a penny (pence × percent), rounded to pounds once at the end.
  let lowSum = 0;
  let highSum = 0;
  const years = claim.years.map((y, i) => {
    const given = input.years[i];
    const r = yearReliefHundredths({
      year: y.year,
      scottish: input.scottish,
      pence: Math.round(y.claimable * 100),
      band: given?.band,
      taxablePay: given?.taxablePay,
      taxPaid: given?.taxPaid,
    });
    lowSum += r.lowH;
    highSum += r.highH;
    return {
      year: y.year,
      claimable: y.claimable,
      taxableExcess: y.taxableExcess,
      excessNotice: y.taxableExcess > 0 ? taxableExcessNotice(y.year, y.taxableExcess) : null,
      rates: r.rates,
      low: Math.round(r.lowH / 10_000),
      high: Math.round(r.highH / 10_000),
      upperFigure: r.upperFigure,
      cappedAtTaxPaid: r.cappedAtTaxPaid,
      slices: r.slices,
    };
  });
  return {
    scottish: input.scottish,
    years,
    low: Math.round(lowSum / 10_000),
    high: Math.round(highSum / 10_000),
    upperFigure: years.some((y) => y.upperFigure),
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
