import { nationOfPostcode } from './bank-holidays.ts';
import { datedLogMiles } from './dated-log.ts';
import { leavePeriodsOf } from './dates.ts';
import { logMilesMismatches, mileageLogKey, type LogMilesMismatch } from './log-mismatch.ts';
import { employmentEndIso, journeysOf, selectedYears, type WizardSnapshot } from './wizard-snapshot.ts';
import { stepLeftOutMilesProblems } from './mileage-step-places.ts';
import { leftOutJourneys, unansweredPlaces } from './workplace-answers.ts';

// Decision 081 (D39 with D25): a claim cannot state, for a year, more miles than its log counts when
// the difference comes from journeys the business-journey test leaves out: those miles are
// commuting, which HMRC never allows (ITEPA 2003 s338(3); EIM32080 onwards). The browser's
// evidence step and the server's signing and submission all ask this one function. A log that is
// shorter for any other reason keeps D25's choice: the claim's miles are the claimant's figure.

type Snapshot = Pick<
  WizardSnapshot,
  'taxYears' | 'employments' | 'journeys' | 'leave' | 'personalInfo' | 'workplaces'
>;

/** What a claim holds as evidence, as the server's files and the wizard's state both say it. */
export interface ClaimEvidence {
  /** The generated logs, by mileageLogKey ('2024/25', or '2024/25:job-2' for one employment's). */
  logKeys: readonly string[];
  /** The tax years with a file of the claimant's own (an upload, not a generated log). */
  uploadYears: readonly string[];
}

/** A place whose journeys the test leaves out of a log, with the decision's reason. */
export interface LeftOutPlace {
  place: string;
  reason: string;
}

/** A year and employment that claims miles the business-journey test leaves out. */
export interface LeftOutMilesClaimed extends LogMilesMismatch {
  /** The places whose journeys are left out of that employment's log, in the journeys' order. */
  places: LeftOutPlace[];
}

/**
 * The logs whose miles stand as the claim's evidence: each generated log, and each selected year
 * with no file of its own, whose evidence is the journeys alone (the evidence step accepts that;
 * the log is rebuilt from them), so removing a log or never building one changes nothing.
 */
function journeyLogKeys(snapshot: Snapshot, evidence: ClaimEvidence): string[] {
  const keys = new Set(evidence.logKeys);
  for (const { year } of selectedYears(snapshot))
    if (!evidence.uploadYears.includes(year)) keys.add(mileageLogKey(year));
  return [...keys];
}

/**
 * Each year and employment whose claimed miles exceed the miles its log counts, where the test
 * leaves journeys out of that year's log (the log of every journey would count more): the claimant
 * must lower the figure to the log's miles or fewer, or change their answers. `today` (YYYY-MM-DD,
 * UK) ends the current year's log, as logMilesMismatches.
 */
export function leftOutMilesClaimed(
  snapshot: Snapshot,
  evidence: ClaimEvidence,
  today: string,
): LeftOutMilesClaimed[] {
  if ((snapshot.workplaces ?? []).length === 0) return [];
  const nation = nationOfPostcode(snapshot.personalInfo.postcode);
  const leave = leavePeriodsOf(snapshot.leave);
  return logMilesMismatches(snapshot, journeyLogKeys(snapshot, evidence), today).flatMap((m) => {
    if (m.claimedMiles <= m.logMiles) return [];
    const own = journeysOf(snapshot, m.employmentId);
    const out = leftOutJourneys({ journeys: own, workplaces: snapshot.workplaces });
    if (out.length === 0) return [];
    const employment = snapshot.employments.find((e) => e.id === m.employmentId);
    const everyJourney = Math.floor(
      datedLogMiles({
        journeys: own,
        year: m.year,
        nation,
        leave,
        ...(employment ? { employmentEnd: employmentEndIso(employment) } : {}),
        today,
      }),
    );
    // The left-out journeys fall outside this year (a change of status dated in another year).
    if (everyJourney <= m.logMiles) return [];
    const places: LeftOutPlace[] = [];
    for (const o of out)
      if (!places.some((p) => p.place === o.place))
        places.push({ place: o.place, reason: o.decision.reason });
    return [{ ...m, places }];
  });
}

/** The error's key (and, through the wizard's fieldId, the id of the item that shows it). */
export function leftOutMilesField(m: Pick<LeftOutMilesClaimed, 'year' | 'employmentId'>): string {
  return `leftOutMiles_${m.year}_${m.employmentId}`;
}

function placesText(places: readonly LeftOutPlace[]): string {
  const names = places.map((p) => p.place);
  return names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** The message: the place, the reason and the figure, then what the claimant can do. */
export function leftOutMilesMessage(m: LeftOutMilesClaimed, withEmployer: boolean): string {
  const forWhom = withEmployer ? ` for ${m.employerName}` : '';
  const n = (x: number) => x.toLocaleString('en-GB');
  const reasons = m.places.map((p) => `${p.place}: ${p.reason}`).join(' ');
  return (
    `${m.year}: you claim ${n(m.claimedMiles)} miles${forWhom}, but your journeys to ${placesText(m.places)} ` +
    `are left out because HMRC treats them as commuting, so your mileage log counts ${n(m.logMiles)} miles. ` +
    `${reasons} Claim ${n(m.logMiles)} miles or fewer, or change your answers about ${placesText(m.places)}.`
  );
}

/**
 * The errors to show or answer with, keyed by leftOutMilesField (empty when nothing is left out),
 * and, decision 084, the mileage step's places whose left-out miles are still claimed
 * (stepLeftOutMilesProblems): the server's signing, submission and amendment ask this one function.
 */
export function leftOutMilesProblems(
  snapshot: Snapshot,
  evidence: ClaimEvidence,
  today: string,
): Record<string, string> {
  const several = snapshot.employments.length > 1;
  return {
    ...Object.fromEntries(
      leftOutMilesClaimed(snapshot, evidence, today).map((m) => [
        leftOutMilesField(m),
        leftOutMilesMessage(m, several),
      ]),
    ),
    ...stepLeftOutMilesProblems(snapshot),
  };
}

/** The key of the evidence step's error for regular places not yet answered. */
export const UNANSWERED_PLACES_FIELD = 'workplaces';

/** Decision 081: a claim restored without the answers is asked them before it goes on. */
export function unansweredPlacesMessage(places: readonly string[]): string {
  const several = places.length > 1;
  return `Answer the questions about the ${several ? 'places' : 'place'} you drive to regularly (${places.join(', ')}): HMRC only counts business travel. Build your mileage log again to answer them.`;
}

/**
 * The evidence step's checks of a claim whose evidence is a log built from its journeys: every
 * regular place answered (decision 077's questions, required since decision 081), and no year
 * claiming miles the business-journey test leaves out (leftOutMilesProblems); for any claim, no
 * year claiming the mileage step's left-out miles (decision 084).
 */
export function journeyEvidenceProblems(
  snapshot: Snapshot,
  evidence: ClaimEvidence,
  today: string,
): Record<string, string> {
  const stepProblems = stepLeftOutMilesProblems(snapshot);
  if (snapshot.journeys.length === 0 || journeyLogKeys(snapshot, evidence).length === 0) return stepProblems;
  const unanswered = unansweredPlaces(snapshot);
  if (unanswered.length > 0)
    return { [UNANSWERED_PLACES_FIELD]: unansweredPlacesMessage(unanswered), ...stepProblems };
  return leftOutMilesProblems(snapshot, evidence, today);
}
