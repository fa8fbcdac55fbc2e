import { nationOfPostcode } from './bank-holidays.ts';
import { datedLogMiles } from './dated-log.ts';
import { leavePeriodsOf } from './dates.ts';
import { employmentEndIso, journeysOf, selectedYears, type WizardSnapshot } from './wizard-snapshot.ts';
import { logJourneysOf } from './workplace-answers.ts';

/** One year and employment whose rebuilt mileage log totals other miles than the claim states. */
export interface LogMilesMismatch {
  year: string;
  employmentId: string;
  employerName: string;
  /** The dated log's total (whole miles). */
  logMiles: number;
  /** The miles the claim states for that employment and year. */
  claimedMiles: number;
}

/**
 * What one generated log covers: a year's every employment (`employmentId` null, the year's log
 * built for all of them) or one employment's year (issue 31: a log per year and employment).
 */
export interface MileageLogScope {
  year: string;
  employmentId: string | null;
}

/** An employment id that can name a log (the wizard's ids are `job-1`, `job-2`, ...). */
const LOG_EMPLOYMENT_ID = /^[A-Za-z0-9_-]{1,40}$/;

export function isLogEmploymentId(id: string): boolean {
  return LOG_EMPLOYMENT_ID.test(id);
}

/** The key of a claim's generated log: '2024/25' for the year's, '2024/25:job-2' for one employment's. */
export function mileageLogKey(year: string, employmentId?: string | null): string {
  return employmentId ? `${year}:${employmentId}` : year;
}

export function parseMileageLogKey(key: string): MileageLogScope {
  const at = key.indexOf(':');
  return at < 0
    ? { year: key, employmentId: null }
    : { year: key.slice(0, at), employmentId: key.slice(at + 1) };
}

/** The stored log's file name without its extension: 'mileage-log-2024-25' or 'mileage-log-2024-25-job-2'. */
export function mileageLogFileBase(year: string, employmentId?: string | null): string {
  const base = `mileage-log-${year.replace('/', '-')}`;
  return employmentId ? `${base}-${employmentId}` : base;
}

const LOG_FILE = /^mileage-log-(\d{4})-(\d{2})(?:-([A-Za-z0-9_-]{1,40}))?\.(pdf|csv)$/;

/** What a generated log's file name says it covers, or null for any other file. */
export function parseMileageLogFilename(
  filename: string,
): (MileageLogScope & { format: 'pdf' | 'csv' }) | null {
  const m = LOG_FILE.exec(filename);
  if (!m) return null;
  return { year: `${m[1]}/${m[2]}`, employmentId: m[3] ?? null, format: m[4] as 'pdf' | 'csv' };
}

/**
 * D25: a mileage log rebuilt from the claimant's journeys must total the miles claimed. For each
 * year and employment with journeys that a generated log covers (`logKeys`, see mileageLogKey: a
 * year's key covers its every employment, a year-and-employment key that one), the dated log's
 * miles against the miles stated; where they differ, HMRC would see two figures, so the claimant
 * chooses which stands and operators see it until then. `today` (YYYY-MM-DD, UK) ends the current
 * year's log.
 */
export function logMilesMismatches(
  snapshot: Pick<
    WizardSnapshot,
    'taxYears' | 'employments' | 'journeys' | 'leave' | 'personalInfo' | 'workplaces'
  >,
  logKeys: readonly string[],
  today: string,
): LogMilesMismatch[] {
  const nation = nationOfPostcode(snapshot.personalInfo.postcode);
  const leave = leavePeriodsOf(snapshot.leave);
  const logged = new Set(logKeys);
  return selectedYears(snapshot).flatMap((entry) => {
    return snapshot.employments.flatMap((e, i) => {
      if (!logged.has(entry.year) && !logged.has(mileageLogKey(entry.year, e.id))) return [];
      const own = journeysOf(snapshot, e.id);
      // Decision 077: journeys to a permanent workplace are not in the log (the server's log too).
      const journeys = logJourneysOf(own, snapshot.workplaces);
      const job = entry.jobs.find((j) => j.employmentId === e.id);
      if (own.length === 0 || !job) return [];
      const logMiles = Math.floor(
        datedLogMiles({
          journeys,
          year: entry.year,
          nation,
          leave,
          employmentEnd: employmentEndIso(e),
          today,
        }),
      );
      if (logMiles === job.businessMiles) return [];
      return [
        {
          year: entry.year,
          employmentId: e.id,
          employerName: e.employerName || `Employer ${i + 1}`,
          logMiles,
          claimedMiles: job.businessMiles,
        },
      ];
    });
  });
}

/** The sentence for one mismatch, the same on check your answers and the operator's claim page. */
export function logMilesMismatchText(m: LogMilesMismatch, withEmployer: boolean): string {
  const forWhom = withEmployer ? ` for ${m.employerName}` : '';
  return `${m.year}: the mileage log${forWhom} adds up to ${m.logMiles.toLocaleString('en-GB')} miles; the claim states ${m.claimedMiles.toLocaleString('en-GB')} miles.`;
}

/** The logs a claim's stored files hold, as keys for logMilesMismatches (one per PDF). */
export function mileageLogKeysOfFiles(files: readonly { filename?: string | null }[]): string[] {
  const keys = new Set<string>();
  for (const f of files) {
    const scope = parseMileageLogFilename(f.filename ?? '');
    if (scope?.format === 'pdf') keys.add(mileageLogKey(scope.year, scope.employmentId));
  }
  return [...keys];
}
