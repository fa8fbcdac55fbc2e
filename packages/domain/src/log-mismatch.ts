import { nationOfPostcode } from './bank-holidays.ts';
import { datedLogMiles } from './dated-log.ts';
import { leavePeriodsOf } from './dates.ts';
import { employmentEndIso, journeysOf, selectedYears, type WizardSnapshot } from './wizard-snapshot.ts';

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
 * D25: a mileage log rebuilt from the claimant's journeys must total the miles claimed. For each
 * year that has a generated log (`logYears`) and each employment with journeys, the dated log's
 * miles against the miles stated; where they differ, HMRC would see two figures, so the claimant
 * chooses which stands and operators see it until then. `today` (YYYY-MM-DD, UK) ends the current
 * year's log.
 */
export function logMilesMismatches(
  snapshot: Pick<WizardSnapshot, 'taxYears' | 'employments' | 'journeys' | 'leave' | 'personalInfo'>,
  logYears: readonly string[],
  today: string,
): LogMilesMismatch[] {
  const nation = nationOfPostcode(snapshot.personalInfo.postcode);
  const leave = leavePeriodsOf(snapshot.leave);
  return selectedYears(snapshot).flatMap((entry) => {
    if (!logYears.includes(entry.year)) return [];
    return snapshot.employments.flatMap((e, i) => {
      const journeys = journeysOf(snapshot, e.id);
      const job = entry.jobs.find((j) => j.employmentId === e.id);
      if (journeys.length === 0 || !job) return [];
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
