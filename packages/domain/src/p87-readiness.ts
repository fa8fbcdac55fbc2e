import { calculateMileageClaim, isVehicleType, type EmployerPaid, type VehicleMiles } from './mileage.ts';
import { isTaxYear } from './tax-years.ts';
import { logMilesMismatchText, type LogMilesMismatch } from './log-mismatch.ts';

// What a claim still lacks before it can be copied onto HMRC's paper P87 (DECISIONS D17). Every
// input is optional: the wizard does not yet collect date of birth, employer PAYE reference or
// job title, so today's claims list them as missing, and the list shrinks as those fields arrive.

/** HMRC employer PAYE reference: tax office number, '/', 1-10 letters or digits (D17). */
const PAYE_REFERENCE = /^\d{3}\/[A-Z0-9]{1,10}$/i;

export function isPayeReference(value: string): boolean {
  return PAYE_REFERENCE.test(value.trim());
}

export interface P87YearInput {
  taxYear: string;
  vehicleType?: string | null;
  businessMiles?: number | null;
  /** What the employer paid: pence per mile or a yearly total; either counts as answered (0 is an answer). */
  employerPaidPencePerMile?: number | null;
  employerPaidTotalPence?: number | null;
}

export interface P87EmploymentInput {
  employerName?: string | null;
  /** null or '' when the claimant said "I don't have it": still missing for HMRC. */
  payeReference?: string | null;
  jobTitle?: string | null;
  /** true: still employed there; false: ended on `endDate`. */
  continuing?: boolean | null;
  endDate?: string | null;
  years?: readonly P87YearInput[];
}

export interface P87Input {
  firstName?: string | null;
  lastName?: string | null;
  dateOfBirth?: string | null;
  /** Whether an NI number is held (the number itself stays encrypted; readiness never needs it). */
  hasNiNumber?: boolean;
  address?: string | null;
  postcode?: string | null;
  phone?: string | null;
  email?: string | null;
  employments?: readonly P87EmploymentInput[];
  /**
   * D31: tax years whose expenses are over £2,500 (SELF_ASSESSMENT_THRESHOLD_GBP). HMRC takes no
   * P87 for them ("If your expenses are over £2,500 you must claim using a Self Assessment tax
   * return", GOV.UK "Claim tax relief for your job expenses"), so while one is claimed the claim is
   * not ready for HMRC. Without it, they are worked out from the employments' years (each
   * employment its own 10,000 miles); p87InputOfSnapshot gives it, knowing connected employers
   * and fuel claims.
   */
  selfAssessmentYears?: readonly string[];
  /**
   * D30: a general (funnel) claim's expenses. With `expenseYears`, the claim's years are these
   * (its employments carry no mileage years) and `expenseItems` are what its chosen expenses lack.
   */
  expenseYears?: readonly string[];
  expenseItems?: readonly ReadinessItem[];
  /**
   * D25, issue 31: where a generated mileage log totals other miles than the claim states (see
   * logMilesMismatches). HMRC would see two figures, so the claim is not ready until the claimant
   * has chosen which stands.
   */
  logMismatches?: readonly LogMilesMismatch[];
}

export interface ReadinessItem {
  /** Dotted path of the missing answer, e.g. 'employments.0.payeReference'. */
  field: string;
  /** What an operator reads, e.g. 'Employer PAYE reference (employment 1)'. */
  label: string;
}

function blank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

function missingNumber(value: number | null | undefined): boolean {
  return value === null || value === undefined || !Number.isFinite(value);
}

/** Every P87 answer the claim does not hold yet, in the order of HMRC's form; empty = ready. */
export function p87Readiness(input: P87Input): ReadinessItem[] {
  const items: ReadinessItem[] = [];
  const need = (field: string, label: string, isMissing: boolean) => {
    if (isMissing) items.push({ field, label });
  };
  need('firstName', 'First names', blank(input.firstName));
  need('lastName', 'Surname', blank(input.lastName));
  need('dateOfBirth', 'Date of birth', blank(input.dateOfBirth));
  need('niNumber', 'National Insurance number', input.hasNiNumber !== true);
  need('address', 'Home address', blank(input.address));
  need('postcode', 'Postcode', blank(input.postcode));
  need('phone', 'Phone number', blank(input.phone));
  need('email', 'Email address', blank(input.email));

  const employments = input.employments ?? [];
  if (employments.length === 0) items.push({ field: 'employments', label: 'At least one employment' });
  employments.forEach((job, i) => {
    const n = `employment ${i + 1}`;
    const at = `employments.${i}`;
    need(`${at}.employerName`, `Employer name (${n})`, blank(job.employerName));
    need(
      `${at}.payeReference`,
      `Employer PAYE reference (${n})`,
      blank(job.payeReference) || !isPayeReference(job.payeReference ?? ''),
    );
    need(`${at}.jobTitle`, `Job title (${n})`, blank(job.jobTitle));
    need(
      `${at}.continuing`,
      `Whether the job continues or when it ended (${n})`,
      job.continuing === null ||
        job.continuing === undefined ||
        (job.continuing === false && blank(job.endDate)),
    );
    if (input.expenseYears !== undefined) return;
    const years = job.years ?? [];
    if (years.length === 0) items.push({ field: `${at}.years`, label: `At least one tax year (${n})` });
    years.forEach((year, j) => {
      const y = `${year.taxYear}, ${n}`;
      const yat = `${at}.years.${j}`;
      need(`${yat}.vehicleType`, `Vehicle type (${y})`, blank(year.vehicleType));
      need(`${yat}.businessMiles`, `Business miles (${y})`, missingNumber(year.businessMiles));
      need(
        `${yat}.employerPaid`,
        `What the employer paid (${y})`,
        missingNumber(year.employerPaidPencePerMile) && missingNumber(year.employerPaidTotalPence),
      );
    });
  });
  if (input.expenseYears !== undefined) {
    if (input.expenseYears.length === 0) items.push({ field: 'taxYears', label: 'At least one tax year' });
    items.push(...(input.expenseItems ?? []));
  }
  for (const year of input.selfAssessmentYears ?? selfAssessmentYearsOf(employments)) {
    items.push({ field: `selfAssessment.${year}`, label: selfAssessmentLabel(year) });
  }
  const several = employments.length > 1;
  for (const m of input.logMismatches ?? []) {
    items.push({
      field: `mileageLog.${m.year}.${m.employmentId}`,
      label: `Mileage log and claim differ: ${logMilesMismatchText(m, several)}`,
    });
  }
  return items;
}

/** D31: the years whose mileage expenses (approved amount less employer payments) are over £2,500. */
function selfAssessmentYearsOf(employments: readonly P87EmploymentInput[]): string[] {
  const byYear = new Map<string, VehicleMiles[]>();
  employments.forEach((job, i) => {
    for (const y of job.years ?? []) {
      if (!isTaxYear(y.taxYear) || !isVehicleType(y.vehicleType) || missingNumber(y.businessMiles)) continue;
      const employerPaid: EmployerPaid | undefined = !missingNumber(y.employerPaidPencePerMile)
        ? { kind: 'ppm', pence: y.employerPaidPencePerMile ?? 0 }
        : !missingNumber(y.employerPaidTotalPence)
          ? { kind: 'total', pounds: (y.employerPaidTotalPence ?? 0) / 100 }
          : undefined;
      const entries = byYear.get(y.taxYear) ?? [];
      entries.push({
        vehicle: y.vehicleType,
        miles: y.businessMiles ?? 0,
        employerPaid,
        employment: `employment-${i}`,
        thresholdGroup: `employment-${i}`,
      });
      byYear.set(y.taxYear, entries);
    }
  });
  return calculateMileageClaim([...byYear].map(([year, entries]) => ({ year, entries })))
    .years.filter((y) => y.selfAssessmentRequired)
    .map((y) => y.year);
}

/** D31: the readiness item of a year that must be claimed through Self Assessment. */
export function selfAssessmentLabel(year: string): string {
  return `Self Assessment, not P87: ${year} (expenses over £2,500)`;
}

/**
 * D38 (issue 42): a case is sent to HMRC as one P87 a year, so it has one readiness list: the
 * case's first claim's items, then each following claim's items, named by its reference. An item
 * whose words the first claim already lists (a Self Assessment year across the case, the NI
 * number) is one answer of the one form, listed once.
 */
export function caseReadiness(
  own: readonly ReadinessItem[],
  followers: readonly { reference: string; items: readonly ReadinessItem[] }[],
): ReadinessItem[] {
  const listed = new Set(own.map((i) => i.label));
  const out = [...own];
  for (const f of followers)
    for (const item of f.items)
      if (!listed.has(item.label))
        out.push({ field: `case.${f.reference}.${item.field}`, label: `${f.reference}: ${item.label}` });
  return out;
}
