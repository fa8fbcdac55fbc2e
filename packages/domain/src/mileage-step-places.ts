import { addIsoDays, isRealIsoDate } from './dates.ts';
import { isTaxYear, taxYearInfo } from './tax-years.ts';
import { selectedYears, type WizardSnapshot } from './wizard-snapshot.ts';
import {
  decidePlace,
  placeKey,
  workplaceFieldPath,
  workplaceReports,
  type MileageStepPlace,
  type WorkplaceAnswers,
  type WorkplaceReport,
} from './workplace-answers.ts';
import { WORKPLACE_MESSAGES, isoDatePlusMonths, type WorkplaceDecision } from './workplace-test.ts';

// Decision 084 (D39, completing decision 081): the business-journey test on the mileage step, for a
// claimant whose miles are not built from journeys (they upload their own log, or state a figure).
// For one year and employment they may say that some of the miles were regular journeys between
// home and one place; they answer HMRC's questions about it (decideWorkplace, EIM32080-EIM32085,
// booklet 490) and give the miles driven there that year. The miles the test leaves out are taken
// off the year's claim; the browser's step and the server's signing, submission and amendment all
// work it out here. Pure: no clock, no zod.

/** A step place's answers: the place's postcode and answers, with the year's miles. */
export type StepPlaceAnswers = WorkplaceAnswers & { mileageStep: MileageStepPlace };

export function isStepPlace(w: WorkplaceAnswers): w is StepPlaceAnswers {
  return w.mileageStep !== undefined;
}

/** The place answered for one year and employment on the mileage step, if any. */
export function stepPlaceOf(
  workplaces: readonly WorkplaceAnswers[] | undefined,
  year: string,
  employmentId: string,
): StepPlaceAnswers | undefined {
  return (workplaces ?? [])
    .filter(isStepPlace)
    .find((w) => w.mileageStep.year === year && w.mileageStep.employmentId === employmentId);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) => Math.max(0, (Date.parse(to) - Date.parse(from)) / DAY_MS);
const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * The share (0-1) of the year's time at the place on the side of the change that is left out. The
 * time there is the tax year cut to the days attended (from `startedOn`, for `actualMonths` when
 * given); the change falls on `startedOn` + the decision's months (journeysLeftOut's changesOn).
 * Pro rata by time, as decision 084 says: the miles of a regular pattern are spread evenly.
 */
function leftOutShare(
  decision: Extract<WorkplaceDecision, { counts: 'until' | 'from' }>,
  startedOn: string,
  year: string,
  actualMonths: number | undefined,
): number {
  const { start, end } = taxYearInfo(year);
  const yearEnd = addIsoDays(end, 1);
  const attendedUntil =
    actualMonths === undefined ? yearEnd : earlier(yearEnd, isoDatePlusMonths(startedOn, actualMonths));
  let from = later(start, startedOn);
  let to = attendedUntil;
  // Answers that put the time there outside the year: the whole year is weighed instead.
  if (to <= from) [from, to] = [start, yearEnd];
  const month = decision.counts === 'until' ? decision.untilMonth : decision.fromMonth;
  const changesOn = isoDatePlusMonths(startedOn, month);
  const cut = earlier(later(changesOn, from), to);
  const total = daysBetween(from, to);
  const before = daysBetween(from, cut);
  // 'until': the days from the change on are left out; 'from': the days before it.
  return decision.counts === 'until' ? (total - before) / total : before / total;
}

/** One step place's outcome for its year: the miles left out and the decision that leaves them out. */
export interface StepPlaceDeduction {
  year: string;
  employmentId: string;
  place: string;
  /** The miles driven there that year, as the claimant gave them. */
  miles: number;
  /** The miles the test leaves out (whole miles; the part that counts is rounded down). */
  leftOutMiles: number;
  /** The year's business miles as typed, and what may be claimed once the left-out miles are off. */
  statedMiles: number;
  claimableMiles: number;
  decision: WorkplaceDecision;
}

/**
 * The miles of one step place the business-journey test leaves out of its year: none when every
 * journey counts, all of them for a permanent workplace, and for a place whose status changed
 * part-way (EIM32084, EIM32085) the share of the year's time there on the left-out side of the
 * change. Null while the answers cannot be decided (decidePlace's problems), or the year is not one.
 */
export function stepPlaceDeduction(w: StepPlaceAnswers): StepPlaceDeduction | null {
  const decision = decidePlace(w);
  const { year, employmentId, miles, statedMiles } = w.mileageStep;
  if (decision === null || !decision.ok || !isTaxYear(year)) return null;
  let leftOutMiles = 0;
  if (decision.counts === 'none') leftOutMiles = miles;
  else if (decision.counts !== 'all' && isRealIsoDate(w.startedOn)) {
    const share = leftOutShare(decision, w.startedOn, year, w.facts.actualMonths);
    leftOutMiles = miles - Math.floor(miles * (1 - share));
  }
  return {
    year,
    employmentId,
    place: w.place,
    miles,
    leftOutMiles,
    statedMiles,
    claimableMiles: Math.max(0, statedMiles - leftOutMiles),
    decision,
  };
}

/**
 * The year's claim for an employment once the step's place has been answered: the miles typed less
 * the miles the test leaves out (the step writes this into the claim, decision 084).
 */
export function claimMilesAfterStep(statedMiles: number, w: StepPlaceAnswers | undefined): number {
  if (w === undefined) return statedMiles;
  const d = stepPlaceDeduction({ ...w, mileageStep: { ...w.mileageStep, statedMiles } });
  return d === null ? statedMiles : d.claimableMiles;
}

type Snapshot = Pick<WizardSnapshot, 'taxYears' | 'employments' | 'workplaces'>;

/** Every decided step place of a selected year and a job the year has, in the snapshot's order. */
export function stepPlaceDeductions(snapshot: Snapshot): StepPlaceDeduction[] {
  const years = selectedYears(snapshot);
  return (snapshot.workplaces ?? []).filter(isStepPlace).flatMap((w) => {
    const y = years.find((t) => t.year === w.mileageStep.year);
    if (!y?.jobs.some((j) => j.employmentId === w.mileageStep.employmentId)) return [];
    const d = stepPlaceDeduction(w);
    return d === null ? [] : [d];
  });
}

/** A year and employment that still claims miles the step's test leaves out. */
export interface StepMilesClaimed extends StepPlaceDeduction {
  employerName: string;
  /** The miles the claim states for that employment and year. */
  claimedMiles: number;
}

/** Each year and employment whose claim is above the miles typed less those the test leaves out. */
export function stepLeftOutMilesClaimed(snapshot: Snapshot): StepMilesClaimed[] {
  return stepPlaceDeductions(snapshot).flatMap((d) => {
    if (d.leftOutMiles === 0) return [];
    const job = snapshot.taxYears
      .find((t) => t.year === d.year)
      ?.jobs.find((j) => j.employmentId === d.employmentId);
    const claimedMiles = job?.businessMiles ?? 0;
    if (claimedMiles <= d.claimableMiles) return [];
    const employerName = snapshot.employments.find((e) => e.id === d.employmentId)?.employerName ?? '';
    return [{ ...d, employerName, claimedMiles }];
  });
}

/** The error's key for a year and employment still claiming the step's left-out miles. */
export function stepLeftOutMilesField(m: Pick<StepPlaceDeduction, 'year' | 'employmentId'>): string {
  return `stepLeftOutMiles_${m.year}_${m.employmentId}`;
}

const n = (x: number) => x.toLocaleString('en-GB');

/** What the claimant reads about one step place's left-out miles (before signing, and the operator). */
export function stepLeftOutText(d: StepPlaceDeduction): string {
  const part = d.leftOutMiles === d.miles ? 'all' : n(d.leftOutMiles);
  return `${d.year}: ${part} of the ${n(d.miles)} miles you drove between home and ${d.place} are left out. ${d.decision.reason}`;
}

export function stepLeftOutMilesMessage(m: StepMilesClaimed, withEmployer: boolean): string {
  const forWhom = withEmployer ? ` for ${m.employerName}` : '';
  return (
    `${m.year}: you claim ${n(m.claimedMiles)} miles${forWhom}, but ${n(m.leftOutMiles)} of the miles you drove to ${m.place} ` +
    `are left out because HMRC treats them as commuting. ${m.decision.reason} ` +
    `Claim ${n(m.claimableMiles)} miles or fewer, or change your answers about ${m.place}.`
  );
}

/** The errors to answer with, keyed by stepLeftOutMilesField (empty when nothing is still claimed). */
export function stepLeftOutMilesProblems(snapshot: Snapshot): Record<string, string> {
  const several = snapshot.employments.length > 1;
  return Object.fromEntries(
    stepLeftOutMilesClaimed(snapshot).map((m) => [
      stepLeftOutMilesField(m),
      stepLeftOutMilesMessage(m, several),
    ]),
  );
}

/** A place's report for the operator, with the mileage step's year and miles when it is a step place. */
export type ClaimWorkplaceReport = WorkplaceReport & {
  mileageStep?: { year: string; employmentId: string; miles: number; leftOutMiles: number | null };
};

/** workplaceReports with each step place's year, miles and left-out miles (D39: the operator sees them). */
export function claimWorkplaceReports(
  snapshot: Snapshot & Pick<WizardSnapshot, 'journeys'>,
): ClaimWorkplaceReport[] {
  const saved = snapshot.workplaces ?? [];
  return workplaceReports(snapshot).map((report, i) => {
    const w = saved[i];
    if (w === undefined || !isStepPlace(w)) return report;
    const { year, employmentId, miles } = w.mileageStep;
    const leftOutMiles = stepPlaceDeduction(w)?.leftOutMiles ?? null;
    return { ...report, mileageStep: { year, employmentId, miles, leftOutMiles } };
  });
}

export const STEP_PLACE_QUESTIONS = {
  regular: {
    question: 'Were any of these miles regular journeys between home and one place?',
    hint: 'For example, driving to the same site, office or depot most days or every week. HMRC only counts business travel, so we check whether these journeys count.',
  },
  place: { label: 'The postcode of the place' },
  miles: (year: string) => ({
    label: `How many of these miles did you drive between home and this place in ${year}?`,
    hint: 'There and back, for the whole tax year. An estimate from your own records is fine.',
  }),
} as const;

export const STEP_PLACE_MESSAGES = {
  placeRequired: 'Enter the postcode of the place you drove to regularly',
  placeInvalid: 'Enter a real postcode for the place, like M1 1AE',
  milesRequired: (year: string) =>
    `Enter the miles you drove between home and this place in ${year}, more than 0`,
  milesOverStated: 'The miles to this place cannot be more than your business miles for the year',
} as const;

/** The key of one step place (the start of its fields' error keys): 'stepPlace_2024/25_job-1'. */
export function stepPlaceKey(year: string, employmentId: string): string {
  return `stepPlace_${year}_${employmentId}`;
}

/**
 * The mileage step's checks of its places (decision 084), keyed as the step shows them: for each
 * selected year and job with a place, its postcode, HMRC's answers (decidePlace's problems, under
 * workplaceFieldPath(stepPlaceKey, field)) and the miles driven there, more than 0 and no more
 * than the miles typed for the year. Places of years not selected are not asked (nor claimed).
 */
export function stepPlaceProblems(
  snapshot: Pick<WizardSnapshot, 'taxYears' | 'workplaces'>,
  add: (key: string, message: string) => void,
): void {
  for (const y of selectedYears(snapshot))
    for (const job of y.jobs) {
      const w = stepPlaceOf(snapshot.workplaces, y.year, job.employmentId);
      if (w === undefined) continue;
      const key = stepPlaceKey(y.year, job.employmentId);
      if (w.place.trim() === '') add(`${key}.place`, STEP_PLACE_MESSAGES.placeRequired);
      else if (placeKey(w.place) === '') add(`${key}.place`, STEP_PLACE_MESSAGES.placeInvalid);
      const d = decidePlace(w);
      if (d === null) add(workplaceFieldPath(key, 'role'), WORKPLACE_MESSAGES.role);
      else if (!d.ok) for (const [f, m] of Object.entries(d.errors)) add(workplaceFieldPath(key, f), m);
      const { miles, statedMiles } = w.mileageStep;
      if (!Number.isInteger(miles) || miles <= 0)
        add(`${key}.miles`, STEP_PLACE_MESSAGES.milesRequired(y.year));
      else if (miles > statedMiles) add(`${key}.miles`, STEP_PLACE_MESSAGES.milesOverStated);
    }
}
