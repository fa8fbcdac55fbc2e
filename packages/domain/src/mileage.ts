import type { TaxYear } from './tax-years.ts';
import { taxYearFromStartYear, taxYearInfo } from './tax-years.ts';

// D3: the only module that computes money. All sums are done in integer pence and divided by 100
// at the end, so 10,500 miles is exactly £4,625.00 and never £4,624.999….

export type VehicleType = 'car-van' | 'motorbike' | 'bicycle';
export const VEHICLE_TYPES: readonly VehicleType[] = ['car-van', 'motorbike', 'bicycle'];

export function isVehicleType(x: unknown): x is VehicleType {
  return typeof x === 'string' && (VEHICLE_TYPES as readonly string[]).includes(x);
}

export interface AmapRate {
  pencePerMile: number;
  thresholdMiles?: number;
  pencePerMileAbove?: number;
}

export type AmapRateTable = Record<VehicleType, AmapRate>;

// HMRC approved mileage allowance payments. Unchanged since 2011/12; kept per year so a future
// change is one new row, not a code change.
const STANDARD_RATES: AmapRateTable = {
  'car-van': { pencePerMile: 45, thresholdMiles: 10_000, pencePerMileAbove: 25 },
  motorbike: { pencePerMile: 24 },
  bicycle: { pencePerMile: 20 },
};

const FIRST_RATE_YEAR = 2019;
const LAST_RATE_YEAR = 2026;

export const AMAP_RATES: Record<TaxYear, AmapRateTable> = Object.fromEntries(
  Array.from({ length: LAST_RATE_YEAR - FIRST_RATE_YEAR + 1 }, (_, i) => [
    taxYearFromStartYear(FIRST_RATE_YEAR + i),
    STANDARD_RATES,
  ]),
);

/** Rates for a tax year; later years than the table fall back to the latest, earlier to the earliest. */
export function amapRatesFor(year: TaxYear): AmapRateTable {
  const known = AMAP_RATES[year];
  if (known) return known;
  const { startYear } = taxYearInfo(year);
  const clamped = Math.min(Math.max(startYear, FIRST_RATE_YEAR), LAST_RATE_YEAR);
  return AMAP_RATES[taxYearFromStartYear(clamped)] ?? STANDARD_RATES;
}

export const SELF_ASSESSMENT_THRESHOLD_GBP = 2500;
export const BASIC_RATE = 0.2;
export const HIGHER_RATE = 0.4;

function safeMiles(miles: number): number {
  return Number.isFinite(miles) && miles > 0 ? miles : 0;
}

function allowancePence(miles: number, vehicle: VehicleType, year: TaxYear): number {
  const m = safeMiles(miles);
  const rate = amapRatesFor(year)[vehicle];
  if (rate.thresholdMiles === undefined || rate.pencePerMileAbove === undefined) {
    return Math.round(m * rate.pencePerMile);
  }
  const first = Math.min(m, rate.thresholdMiles);
  const above = Math.max(0, m - rate.thresholdMiles);
  return Math.round(first * rate.pencePerMile + above * rate.pencePerMileAbove);
}

/** Pounds, exact to the penny. The 10,000-mile threshold applies within each tax year. */
export function calculateAllowance(miles: number, vehicle: VehicleType, year: TaxYear): number {
  return allowancePence(miles, vehicle, year) / 100;
}

export interface YearInput {
  year: TaxYear;
  miles: number;
}

export interface YearFigures {
  year: TaxYear;
  miles: number;
  allowance: number;
  employerPayment: number;
  claimable: number;
  /** HMRC wants Self Assessment rather than a P87 when a year's claimable expenses exceed £2,500. */
  selfAssessmentRequired: boolean;
}

export interface RebateSummary {
  years: YearFigures[];
  totalMiles: number;
  totalAllowance: number;
  totalEmployerPayment: number;
  totalClaimable: number;
  rebate20: number;
  rebate40: number;
  selfAssessmentRequired: boolean;
}

/**
 * Per-year figures are exact to the penny; the totals and rebates are rounded to whole pounds
 * (SPEC §9), each computed from the exact pence sum so rounding never compounds.
 */
export function calculateRebate(input: {
  years: YearInput[];
  vehicle: VehicleType;
  employerRatePence?: number;
}): RebateSummary {
  const rate =
    input.employerRatePence !== undefined && Number.isFinite(input.employerRatePence)
      ? Math.max(0, input.employerRatePence)
      : 0;
  let milesTenths = 0;
  let allowanceSum = 0;
  let paymentSum = 0;
  let claimableSum = 0;
  const years: YearFigures[] = input.years.map(({ year, miles }) => {
    const m = safeMiles(miles);
    const allowance = allowancePence(m, input.vehicle, year);
    const payment = Math.round(m * rate);
    const claimable = Math.max(0, allowance - payment);
    milesTenths += Math.round(m * 10);
    allowanceSum += allowance;
    paymentSum += payment;
    claimableSum += claimable;
    return {
      year,
      miles: m,
      allowance: allowance / 100,
      employerPayment: payment / 100,
      claimable: claimable / 100,
      selfAssessmentRequired: claimable > SELF_ASSESSMENT_THRESHOLD_GBP * 100,
    };
  });
  return {
    years,
    totalMiles: milesTenths / 10,
    totalAllowance: Math.round(allowanceSum / 100),
    totalEmployerPayment: Math.round(paymentSum / 100),
    totalClaimable: Math.round(claimableSum / 100),
    // Whole-percent integers keep the product exact (0.2 has no exact binary form).
    rebate20: Math.round((claimableSum * Math.round(BASIC_RATE * 100)) / 10_000),
    rebate40: Math.round((claimableSum * Math.round(HIGHER_RATE * 100)) / 10_000),
    selfAssessmentRequired: years.some((y) => y.selfAssessmentRequired),
  };
}

/** The 'Estimate it' pop-up: miles per day × days per week × weeks per year, rounded. */
export function estimateAnnualMiles(milesPerDay: number, daysPerWeek: number, weeksPerYear: number): number {
  const product = milesPerDay * daysPerWeek * weeksPerYear;
  return Number.isFinite(product) && product > 0 ? Math.round(product) : 0;
}
