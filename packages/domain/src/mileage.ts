import { formatNumber } from './number-format.ts';
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

// HMRC approved mileage allowance payments (ITEPA 2003 s230; GOV.UK "Rates and thresholds for
// employers: mileage allowance payments"). Cars and vans were 45p for the first 10,000 business
// miles of a tax year from 2011/12 to 2025/26 and are 55p from 6 April 2026 (2026/27); 25p beyond,
// motorbikes 24p, bicycles 20p (D21). A future change is one new row.
const RATES_TO_2025_26: AmapRateTable = {
  'car-van': { pencePerMile: 45, thresholdMiles: 10_000, pencePerMileAbove: 25 },
  motorbike: { pencePerMile: 24 },
  bicycle: { pencePerMile: 20 },
};

const RATES_FROM_2026_27: AmapRateTable = {
  'car-van': { pencePerMile: 55, thresholdMiles: 10_000, pencePerMileAbove: 25 },
  motorbike: { pencePerMile: 24 },
  bicycle: { pencePerMile: 20 },
};

const FIRST_RATE_YEAR = 2019;
const LAST_RATE_YEAR = 2026;
/** The first tax year (start year) at the 55p car and van rate. */
const FIFTY_FIVE_PENCE_FROM = 2026;

export const AMAP_RATES: Record<TaxYear, AmapRateTable> = Object.fromEntries(
  Array.from({ length: LAST_RATE_YEAR - FIRST_RATE_YEAR + 1 }, (_, i) => {
    const startYear = FIRST_RATE_YEAR + i;
    return [
      taxYearFromStartYear(startYear),
      startYear >= FIFTY_FIVE_PENCE_FROM ? RATES_FROM_2026_27 : RATES_TO_2025_26,
    ];
  }),
);

/** Rates for a tax year; later years than the table fall back to the latest, earlier to the earliest. */
export function amapRatesFor(year: TaxYear): AmapRateTable {
  const known = AMAP_RATES[year];
  if (known) return known;
  const { startYear } = taxYearInfo(year);
  const clamped = Math.min(Math.max(startYear, FIRST_RATE_YEAR), LAST_RATE_YEAR);
  return AMAP_RATES[taxYearFromStartYear(clamped)] ?? RATES_FROM_2026_27;
}

/** The car and van rate for the first 10,000 miles of a year, in pence ('55' for 2026/27). */
export function carVanRatePence(year: TaxYear): number {
  return amapRatesFor(year)['car-van'].pencePerMile;
}

/** "55p a mile for the first 10,000 business miles in 2026/27 (45p before), 25p after that". */
export function carVanRateSentence(year: TaxYear): string {
  const rates = amapRatesFor(year)['car-van'];
  const previous = amapRatesFor(taxYearFromStartYear(taxYearInfo(year).startYear - 1))['car-van'];
  const before = previous.pencePerMile !== rates.pencePerMile ? ` (${previous.pencePerMile}p before)` : '';
  const threshold = formatNumber(rates.thresholdMiles ?? 0);
  return `${rates.pencePerMile}p a mile for the first ${threshold} business miles in ${year}${before}, ${rates.pencePerMileAbove ?? rates.pencePerMile}p after that`;
}

export const SELF_ASSESSMENT_THRESHOLD_GBP = 2500;
export const BASIC_RATE = 0.2;
export const HIGHER_RATE = 0.4;

function safeMiles(miles: number): number {
  return Number.isFinite(miles) && miles > 0 ? miles : 0;
}

/** Allowance in pence for `miles` when `carVanMilesBefore` car/van miles of the year came first. */
function allowancePenceAfter(
  miles: number,
  vehicle: VehicleType,
  year: TaxYear,
  carVanMilesBefore: number,
): number {
  const m = safeMiles(miles);
  const rate = amapRatesFor(year)[vehicle];
  if (rate.thresholdMiles === undefined || rate.pencePerMileAbove === undefined) {
    return Math.round(m * rate.pencePerMile);
  }
  const left = Math.max(0, rate.thresholdMiles - carVanMilesBefore);
  const first = Math.min(m, left);
  const above = m - first;
  return Math.round(first * rate.pencePerMile + above * rate.pencePerMileAbove);
}

function allowancePence(miles: number, vehicle: VehicleType, year: TaxYear): number {
  return allowancePenceAfter(miles, vehicle, year, 0);
}

/** Pounds, exact to the penny. The 10,000-mile threshold applies within each tax year. */
export function calculateAllowance(miles: number, vehicle: VehicleType, year: TaxYear): number {
  return allowancePence(miles, vehicle, year) / 100;
}

/** What the employer paid towards one vehicle's business miles in a year (D21). */
export type EmployerPaid = { kind: 'ppm'; pence: number } | { kind: 'total'; pounds: number };

export interface VehicleMiles {
  vehicle: VehicleType;
  miles: number;
  employerPaid?: EmployerPaid;
  /**
   * Entries of one threshold group share the year's 10,000 car and van miles: one group per
   * employment, or one for employments with the same or associated employers (ITEPA 2003
   * s230(4); EIM31280; D18). Entries without a group share one threshold.
   */
  thresholdGroup?: string;
  /**
   * The employment the miles were driven for. Relief is the shortfall of the approved amount
   * against what that employment paid for the same kind of vehicle (ITEPA 2003 s229-231,
   * EIM31235): one employment's, or one vehicle kind's, taxable excess never reduces another's
   * relief. Entries without one are compared together, still kind by kind.
   */
  employment?: string;
}

export interface YearVehicles {
  year: TaxYear;
  entries: VehicleMiles[];
}

export interface VehicleMilesFigures {
  vehicle: VehicleType;
  miles: number;
  allowance: number;
  employerPayment: number;
}

/**
 * A year's figures with the vehicles behind them. `taxableExcess` is what the employer paid above
 * the approved amount: taxable, and no relief is due for it (ITEPA 2003 s229-230; EIM31220, EIM31240).
 */
export interface YearClaimFigures extends YearFigures {
  entries: VehicleMilesFigures[];
}

export interface MileageClaimFigures {
  years: YearClaimFigures[];
  totalMiles: number;
  /** Whole pounds from the exact pence sums. */
  totalAllowance: number;
  totalEmployerPayment: number;
  totalClaimable: number;
  /** Exact pence of the total claimable, for estimates that must not round twice. */
  totalClaimablePence: number;
  selfAssessmentRequired: boolean;
  /** True when the employer paid at or above the approved amount in every year (D27). */
  nothingClaimable: boolean;
}

function employerPaymentPence(paid: EmployerPaid | undefined, miles: number): number {
  if (paid === undefined) return 0;
  if (paid.kind === 'ppm') {
    return Number.isFinite(paid.pence) && paid.pence > 0 ? Math.round(miles * paid.pence) : 0;
  }
  return Number.isFinite(paid.pounds) && paid.pounds > 0 ? Math.round(paid.pounds * 100) : 0;
}

/**
 * D21: per tax year, one or more vehicles each with what the employer paid. Cars and vans of one
 * threshold group share the year's 10,000-mile threshold in the order given; motorbikes and
 * bicycles are flat. The
 * approved amount and the payments are compared per employment and kind of vehicle for the year
 * (ITEPA 2003 s229-231; EIM31220, EIM31235): relief is the shortfall, and a surplus is a taxable
 * excess that never reduces another employment's or vehicle kind's relief.
 */
export function calculateMileageClaim(years: readonly YearVehicles[]): MileageClaimFigures {
  let milesTenths = 0;
  let allowanceSum = 0;
  let paymentSum = 0;
  let claimableSum = 0;
  const out: YearClaimFigures[] = years.map(({ year, entries }) => {
    const carVanMilesByGroup = new Map<string, number>();
    let yearMiles = 0;
    let yearAllowance = 0;
    let yearPayment = 0;
    const byEmployment = new Map<string, { allowance: number; payment: number }>();
    const figures = entries.map((e) => {
      const m = safeMiles(e.miles);
      const group = e.thresholdGroup ?? '';
      const carVanMiles = carVanMilesByGroup.get(group) ?? 0;
      const allowance = allowancePenceAfter(m, e.vehicle, year, carVanMiles);
      if (e.vehicle === 'car-van') carVanMilesByGroup.set(group, carVanMiles + m);
      const payment = employerPaymentPence(e.employerPaid, m);
      yearMiles += m;
      milesTenths += Math.round(m * 10);
      yearAllowance += allowance;
      yearPayment += payment;
      // ITEPA 2003 s229(2), s231(1), EIM31235: the approved amount and the payments are compared
      // per kind of vehicle (cars and vans are one kind, sharing the threshold), per employment.
      const key = `${e.employment ?? ''}\u0000${e.vehicle}`;
      const job = byEmployment.get(key) ?? { allowance: 0, payment: 0 };
      byEmployment.set(key, { allowance: job.allowance + allowance, payment: job.payment + payment });
      return { vehicle: e.vehicle, miles: m, allowance: allowance / 100, employerPayment: payment / 100 };
    });
    let claimable = 0;
    let excess = 0;
    for (const job of byEmployment.values()) {
      claimable += Math.max(0, job.allowance - job.payment);
      excess += Math.max(0, job.payment - job.allowance);
    }
    allowanceSum += yearAllowance;
    paymentSum += yearPayment;
    claimableSum += claimable;
    return {
      year,
      entries: figures,
      miles: yearMiles,
      allowance: yearAllowance / 100,
      employerPayment: yearPayment / 100,
      claimable: claimable / 100,
      taxableExcess: excess / 100,
      selfAssessmentRequired: claimable > SELF_ASSESSMENT_THRESHOLD_GBP * 100,
    };
  });
  return {
    years: out,
    totalMiles: milesTenths / 10,
    totalAllowance: Math.round(allowanceSum / 100),
    totalEmployerPayment: Math.round(paymentSum / 100),
    totalClaimable: Math.round(claimableSum / 100),
    totalClaimablePence: claimableSum,
    selfAssessmentRequired: out.some((y) => y.selfAssessmentRequired),
    nothingClaimable: out.length > 0 && claimableSum === 0,
  };
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
  /** Pounds paid above the approved amount by the year's employments (taxable, no relief for them). */
  taxableExcess: number;
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

/** Pence of tax relief at a whole-percent rate, rounded to whole pounds (0.2 has no exact binary form). */
export function reliefAtRate(claimablePence: number, percent: number): number {
  return Math.round((claimablePence * percent) / 10_000);
}

/**
 * One vehicle and one employer rate for every year: the wizard's original shape, on top of
 * calculateMileageClaim. Per-year figures are exact to the penny; the totals and rebates are
 * rounded to whole pounds (SPEC §9), each computed from the exact pence sum so rounding never
 * compounds.
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
  return rebateSummaryOf(
    calculateMileageClaim(
      input.years.map(({ year, miles }) => ({
        year,
        entries: [{ vehicle: input.vehicle, miles, employerPaid: { kind: 'ppm', pence: rate } }],
      })),
    ),
  );
}

/** The per-year figures and the rounded totals and 20%/40% rebates (SPEC §9) of a calculated claim. */
export function rebateSummaryOf(claim: MileageClaimFigures): RebateSummary {
  return {
    years: claim.years.map((y) => ({
      year: y.year,
      miles: y.miles,
      allowance: y.allowance,
      employerPayment: y.employerPayment,
      claimable: y.claimable,
      taxableExcess: y.taxableExcess,
      selfAssessmentRequired: y.selfAssessmentRequired,
    })),
    totalMiles: claim.totalMiles,
    totalAllowance: claim.totalAllowance,
    totalEmployerPayment: claim.totalEmployerPayment,
    totalClaimable: claim.totalClaimable,
    rebate20: reliefAtRate(claim.totalClaimablePence, Math.round(BASIC_RATE * 100)),
    rebate40: reliefAtRate(claim.totalClaimablePence, Math.round(HIGHER_RATE * 100)),
    selfAssessmentRequired: claim.selfAssessmentRequired,
  };
}

/** The 'Estimate it' pop-up: miles per day × days per week × weeks per year, rounded. */
export function estimateAnnualMiles(milesPerDay: number, daysPerWeek: number, weeksPerYear: number): number {
  const product = milesPerDay * daysPerWeek * weeksPerYear;
  return Number.isFinite(product) && product > 0 ? Math.round(product) : 0;
}
