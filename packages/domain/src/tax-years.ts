/**
 * UK tax years run 6 April to 5 April. All date arithmetic here uses the UTC date parts of the
 * given Date, so the answer never depends on the machine's time zone. (Near midnight UK time the
 * UTC date can differ by one day from the UK calendar date; the one-hour window around 6 April is
 * accepted in exchange for the same answer on server and browser.)
 */
export type TaxYear = string; // '2024/25'

export interface TaxYearInfo {
  year: TaxYear;
  startYear: number;
  /** ISO date of the first day, e.g. '2024-04-06'. */
  start: string;
  /** ISO date of the last day, e.g. '2025-04-05'. */
  end: string;
  /** '6 April 2024 to 5 April 2025' */
  label: string;
}

/** HMRC accepts a claim up to 4 years after the end of the tax year. */
export const CLAIM_WINDOW_YEARS = 4;
export const CLAIMABLE_YEAR_COUNT = 4;

const TAX_YEAR = /^(\d{4})\/(\d{2})$/;

function parseStartYear(year: string): number | null {
  const m = TAX_YEAR.exec(year);
  if (!m) return null;
  const start = Number(m[1]);
  const endShort = Number(m[2]);
  if (start < 1900 || start > 2999) return null;
  return (start + 1) % 100 === endShort ? start : null;
}

export function isTaxYear(s: string): boolean {
  return parseStartYear(s) !== null;
}

export function taxYearFromStartYear(startYear: number): TaxYear {
  return `${startYear}/${String((startYear + 1) % 100).padStart(2, '0')}`;
}

export function taxYearInfo(year: TaxYear): TaxYearInfo {
  const startYear = parseStartYear(year);
  if (startYear === null) throw new Error(`Malformed tax year: ${year}`);
  return {
    year,
    startYear,
    start: `${startYear}-04-06`,
    end: `${startYear + 1}-04-05`,
    label: `6 April ${startYear} to 5 April ${startYear + 1}`,
  };
}

/** The start year of the tax year containing `date` (UTC date parts). */
function startYearOf(date: Date): number {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth(); // 0-based: 3 = April
  const d = date.getUTCDate();
  return m > 3 || (m === 3 && d >= 6) ? y : y - 1;
}

export function taxYearOf(date: Date): TaxYear {
  return taxYearFromStartYear(startYearOf(date));
}

/** ISO date: 5 April four years after the tax year ends (2021/22 → '2026-04-05'). */
export function claimDeadline(year: TaxYear): string {
  const { startYear } = taxYearInfo(year);
  return `${startYear + 1 + CLAIM_WINDOW_YEARS}-04-05`;
}

function isoDateUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * D2: the four most recent complete tax years as of `today`, newest first, never one whose claim
 * deadline has passed (the deadline day itself still counts).
 */
export function claimableTaxYears(today: Date = new Date()): TaxYearInfo[] {
  const current = startYearOf(today);
  const todayIso = isoDateUtc(today);
  const years: TaxYearInfo[] = [];
  for (let i = 1; i <= CLAIMABLE_YEAR_COUNT; i++) {
    const info = taxYearInfo(taxYearFromStartYear(current - i));
    if (claimDeadline(info.year) >= todayIso) years.push(info);
  }
  return years;
}

export function isClaimableTaxYear(year: TaxYear, today: Date = new Date()): boolean {
  return claimableTaxYears(today).some((y) => y.year === year);
}
