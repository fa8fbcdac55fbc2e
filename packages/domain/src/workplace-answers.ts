import { isRealIsoDate } from './dates.ts';
import { isOneOffJourney, type Journey } from './journeys.ts';
import { formatPostcode } from './postcode.ts';
import {
  WORKPLACE_MESSAGES,
  WORKPLACE_QUESTIONS,
  decideWorkplace,
  isPlaceRole,
  journeysLeftOut,
  workplaceQuestionsFor,
  type ExpectationChange,
  type JourneysCount,
  type PlaceFacts,
  type WorkplaceDecision,
  type WorkplaceQuestionId,
  type WorkplaceResult,
  type WorkplaceRule,
} from './workplace-test.ts';

// Decision 077 (D39): the business-journey test asked in the wizard, for each regular place the
// claimant's journeys go to. The answers are saved with the snapshot (`workplaces`); the outcome
// is decideWorkplace's, and the journeys it leaves out are left out of the mileage log and its
// miles (logJourneysOf), in the browser and on the server alike. Pure: no clock, no zod.

/**
 * The answers about one place as the wizard holds them: any may still be missing. A change of
 * expectation answered "no" is null (absent is not answered yet).
 */
export type PlaceFactsDraft = Omit<Partial<PlaceFacts>, 'expectationChange'> & {
  expectationChange?: Partial<ExpectationChange> | null | undefined;
};

/** workplaceQuestionsFor on the wizard's answers: the questions to show, in order. */
export function placeQuestionsFor(draft: PlaceFactsDraft): WorkplaceQuestionId[] {
  const { expectationChange, ...rest } = draft;
  return workplaceQuestionsFor(
    expectationChange === null || expectationChange === undefined
      ? (rest as Partial<PlaceFacts>)
      : ({ ...rest, expectationChange } as Partial<PlaceFacts>),
  );
}

/** What is saved with the outcome: the rule and which journeys count (the reason follows from it). */
export interface WorkplaceOutcome {
  counts: JourneysCount['counts'];
  untilMonth?: number | undefined;
  fromMonth?: number | undefined;
  rule: WorkplaceRule;
}

export const WORKPLACE_RULES: readonly WorkplaceRule[] = [
  'permanent-workplace',
  'depot-or-base',
  'temporary-workplace',
  'under-40-percent',
  'permanent-workplace-24-months',
  'expectation-changed-to-over-24-months',
  'expectation-changed-to-24-months-or-less',
  'whole-employment',
  'substantially-commuting',
];

/** One regular place's answers, saved in the snapshot's `workplaces`. */
export interface WorkplaceAnswers {
  /** The place's postcode, as placeKey writes it ('WA1 1AA'). */
  place: string;
  facts: PlaceFactsDraft;
  /**
   * The first day they went there ('YYYY-MM-DD'): asked only when part of the time counts (the
   * expected length changed across 24 months, EIM32084, EIM32085), to date the change.
   */
  startedOn?: string | undefined;
  /** decideWorkplace's outcome for these answers; null while they cannot be decided. */
  outcome?: WorkplaceOutcome | null | undefined;
  /**
   * Decision 084: a place answered on the mileage step (not a destination of the journeys), with
   * the year, the employment and the miles driven there; absent for the log builder's places.
   */
  mileageStep?: MileageStepPlace | undefined;
}

/** What a place answered on the mileage step adds (decision 084; mileage-step-places.ts). */
export interface MileageStepPlace {
  employmentId: string;
  /** The tax year the miles were driven in ('2024/25'). */
  year: string;
  /** The miles driven between home and the place that year (part of `statedMiles`). */
  miles: number;
  /** The year's business miles for the employment as the claimant typed them, these included. */
  statedMiles: number;
}

/** The log builder's answers for a place its journeys go to (not the mileage step's, decision 084). */
export function journeyPlaceAnswers(
  workplaces: readonly WorkplaceAnswers[] | undefined,
  place: string,
): WorkplaceAnswers | undefined {
  return workplaces?.find((w) => w.place === place && w.mileageStep === undefined);
}

/** The most places one claim can hold answers for (one per journey at most). */
export const MAX_WORKPLACES = 50;

export const WORKPLACE_START_QUESTION = {
  question: 'When did you start going there?',
  hint: 'Your first day there. We use it to date the change in how long you expected to work there.',
  required: 'Enter the date you started going there',
  invalid: 'The date you started going there must be a real date',
} as const;

/** A place's key: the postcode written as HMRC's formats have it, or '' when it is not one. */
export function placeKey(postcode: string): string {
  return formatPostcode(postcode) ?? '';
}

/**
 * The regular places of the journeys: each destination postcode of a regular pattern (daily,
 * weekly or monthly), once, in the order the journeys first reach it. A place reached only by
 * one-off trips is not a regular place, so no questions are asked about it.
 */
export function regularPlacesOf(journeys: readonly Pick<Journey, 'endAddress' | 'frequency' | 'tripType'>[]) {
  const places: string[] = [];
  for (const j of journeys) {
    const key = placeKey(j.endAddress);
    if (key !== '' && !isOneOffJourney(j) && !places.includes(key)) places.push(key);
  }
  return places;
}

/** The facts as decideWorkplace takes them, or null while the first question is unanswered. */
export function placeFactsOf(draft: PlaceFactsDraft): PlaceFacts | null {
  if (!isPlaceRole(draft.role)) return null;
  const { expectationChange: change, ...rest } = draft;
  if (change === undefined || change === null) return { ...rest, role: draft.role };
  // A change half answered is a change with its missing months not numbers: decideWorkplace names them.
  return {
    ...rest,
    role: draft.role,
    expectationChange: {
      afterMonths: change.afterMonths ?? Number.NaN,
      newExpectedMonths: change.newExpectedMonths ?? Number.NaN,
    },
  };
}

const QUESTION_FIELDS: Record<WorkplaceQuestionId, keyof PlaceFactsDraft | null> = {
  role: 'role',
  siteBased: 'siteBased',
  homeWorking: 'homeWorking',
  sameAsCommute: 'sameAsCommute',
  shareOfWorkingTime: 'shareOfWorkingTime',
  wholeEmployment: 'wholeEmployment',
  expectedMonths: 'expectedMonths',
  expectationChange: 'expectationChange',
  'expectationChange.afterMonths': null,
  'expectationChange.newExpectedMonths': null,
  actualMonths: 'actualMonths',
};

/**
 * The answers after `patch`, keeping only those to questions still asked (workplaceQuestionsFor):
 * an answer that made a question unnecessary takes that question's old answer away, so what is
 * saved is what the claimant sees.
 */
export function answerPlace(draft: PlaceFactsDraft, patch: PlaceFactsDraft): PlaceFactsDraft {
  const merged: PlaceFactsDraft = { ...draft, ...patch };
  const asked = new Set(placeQuestionsFor(merged).map((q) => QUESTION_FIELDS[q]));
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(merged))
    if (value !== undefined && asked.has(key as keyof PlaceFactsDraft)) kept[key] = value;
  return kept as PlaceFactsDraft;
}

/** The decision for one place's answers, the start date checked when part of the time counts. */
export function decidePlace(answers: Pick<WorkplaceAnswers, 'facts' | 'startedOn'>): WorkplaceResult | null {
  const facts = placeFactsOf(answers.facts);
  if (facts === null) return null;
  const result = decideWorkplace(facts);
  if (!result.ok || !isPartial(result)) return result;
  if (answers.startedOn === undefined || answers.startedOn === '')
    return { ok: false, errors: { startedOn: WORKPLACE_START_QUESTION.required } };
  if (!isRealIsoDate(answers.startedOn))
    return { ok: false, errors: { startedOn: WORKPLACE_START_QUESTION.invalid } };
  return result;
}

function isPartial(c: JourneysCount): c is Extract<JourneysCount, { counts: 'until' | 'from' }> {
  return c.counts === 'until' || c.counts === 'from';
}

/** The outcome saved beside the answers: the rule and which journeys count, or null. */
export function workplaceOutcomeOf(
  answers: Pick<WorkplaceAnswers, 'facts' | 'startedOn'>,
): WorkplaceOutcome | null {
  const d = decidePlace(answers);
  if (d === null || !d.ok) return null;
  if (d.counts === 'until') return { counts: 'until', untilMonth: d.untilMonth, rule: d.rule };
  if (d.counts === 'from') return { counts: 'from', fromMonth: d.fromMonth, rule: d.rule };
  return { counts: d.counts, rule: d.rule };
}

/** Each answered place's answers with their outcome recomputed (what the server stores). */
export function withWorkplaceOutcomes(workplaces: readonly WorkplaceAnswers[]): WorkplaceAnswers[] {
  return workplaces.map((w) => ({ ...w, outcome: workplaceOutcomeOf(w) }));
}

/**
 * The problems of every regular place's answers, keyed `workplaces.{place}.{field}` (the wizard's
 * errors). Decision 081: every regular place must be answered before its log is built, so a place
 * with no answers (a snapshot saved before the questions were asked) asks its first question.
 */
export function workplaceProblems(snapshot: {
  journeys: readonly Journey[];
  workplaces?: readonly WorkplaceAnswers[] | undefined;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const place of regularPlacesOf(snapshot.journeys)) {
    const d = decidePlace(journeyPlaceAnswers(snapshot.workplaces, place) ?? { facts: {} });
    if (d === null) errors[workplaceFieldPath(place, 'role')] = WORKPLACE_MESSAGES.role;
    else if (!d.ok)
      for (const [field, message] of Object.entries(d.errors))
        errors[workplaceFieldPath(place, field)] = message;
  }
  return errors;
}

/** The regular places whose answers are missing or cannot be decided yet (decision 081). */
export function unansweredPlaces(snapshot: {
  journeys: readonly Journey[];
  workplaces?: readonly WorkplaceAnswers[] | undefined;
}): string[] {
  return regularPlacesOf(snapshot.journeys).filter((place) => {
    const d = decidePlace(journeyPlaceAnswers(snapshot.workplaces, place) ?? { facts: {} });
    return d === null || !d.ok;
  });
}

/** The error key (and, through fieldId, the field id) of one answer about a place. */
export function workplaceFieldPath(place: string, field: string): string {
  return `workplaces.${place.replace(/\s+/g, '')}.${field}`;
}

/** A journey of a log with the days it counts on: from `countsFrom`, before `countsUntil`. */
export type LogJourney = Journey & { countsFrom?: string; countsUntil?: string };

/** One place's decided answers, for the journeys that go there. */
export interface PlaceDecision {
  place: string;
  answers: WorkplaceAnswers;
  decision: WorkplaceDecision;
}

/** The places whose answers decide (those of regular places, answered without problems). */
export function decidedPlaces(snapshot: {
  journeys: readonly Journey[];
  workplaces?: readonly WorkplaceAnswers[] | undefined;
}): PlaceDecision[] {
  const places = regularPlacesOf(snapshot.journeys);
  return (snapshot.workplaces ?? []).flatMap((answers) => {
    if (!places.includes(answers.place) || answers.mileageStep !== undefined) return [];
    const decision = decidePlace(answers);
    return decision !== null && decision.ok ? [{ place: answers.place, answers, decision }] : [];
  });
}

/**
 * The journeys that go into a mileage log and its miles: a journey to a place HMRC treats as a
 * permanent workplace is left out; one to a place that was permanent for part of the time counts
 * on the other part only (journeysLeftOut's changesOn). A journey to a place without answers, or
 * with answers that cannot be decided yet, counts as it did before the test was asked.
 */
export function logJourneysOf(
  journeys: readonly Journey[],
  workplaces: readonly WorkplaceAnswers[] | undefined,
): LogJourney[] {
  const decided = decidedPlaces({ journeys, workplaces });
  if (decided.length === 0) return [...journeys];
  return journeys.flatMap((j): LogJourney[] => {
    const d = decided.find((p) => p.place === placeKey(j.endAddress));
    if (d === undefined || d.decision.counts === 'all') return [j];
    if (d.decision.counts === 'none') return [];
    const { changesOn } = journeysLeftOut(d.decision, d.answers.startedOn ?? '', []);
    if (changesOn === undefined) return [j];
    return [
      d.decision.counts === 'until' ? { ...j, countsUntil: changesOn } : { ...j, countsFrom: changesOn },
    ];
  });
}

/** A journey left out of the claim (wholly or from a date on), with the place's decision. */
export interface LeftOutJourney {
  journey: Journey;
  /** Its number in the claimant's list (1 for the first journey). */
  number: number;
  place: string;
  decision: WorkplaceDecision;
  /** 'all': every trip left out; 'from' or 'until': trips from or before `changesOn` left out. */
  part: 'all' | 'from' | 'until';
  changesOn?: string;
}

/**
 * Which journeys the test leaves out and why, for the claimant before signing and the operator.
 * One-off trips with a date are placed by journeysLeftOut; a regular pattern to a place that
 * changed status is left out from (or until) the day it changed.
 */
export function leftOutJourneys(snapshot: {
  journeys: readonly Journey[];
  workplaces?: readonly WorkplaceAnswers[] | undefined;
}): LeftOutJourney[] {
  const decided = decidedPlaces(snapshot);
  return snapshot.journeys.flatMap((journey, i): LeftOutJourney[] => {
    const d = decided.find((p) => p.place === placeKey(journey.endAddress));
    if (d === undefined || d.decision.counts === 'all') return [];
    const base = { journey, number: i + 1, place: d.place, decision: d.decision };
    if (d.decision.counts === 'none') return [{ ...base, part: 'all' }];
    const split = journeysLeftOut(d.decision, d.answers.startedOn ?? '', [journey]);
    const changesOn = split.changesOn;
    if (split.counted.length > 0) return [];
    if (split.leftOut.length > 0) return [{ ...base, part: 'all', ...(changesOn ? { changesOn } : {}) }];
    // A pattern: the part on the permanent side of the change is left out.
    return [
      {
        ...base,
        part: d.decision.counts === 'until' ? 'from' : 'until',
        ...(changesOn ? { changesOn } : {}),
      },
    ];
  });
}

const HOME_WORKING_ANSWERS = ['no', 'by-choice', 'required'] as const;

function numberOrNone(x: unknown): number | undefined {
  return typeof x === 'number' && Number.isFinite(x) ? x : undefined;
}

function booleanOrNone(x: unknown): boolean | undefined {
  return typeof x === 'boolean' ? x : undefined;
}

/** The answers as a saved copy holds them, read defensively (the browser's restore, without zod). */
export function readPlaceFacts(raw: unknown): PlaceFactsDraft {
  if (typeof raw !== 'object' || raw === null) return {};
  const r = raw as Record<string, unknown>;
  const change =
    typeof r.expectationChange === 'object' && r.expectationChange !== null
      ? (r.expectationChange as Record<string, unknown>)
      : undefined;
  const draft: PlaceFactsDraft = {
    role: isPlaceRole(r.role) ? r.role : undefined,
    siteBased: booleanOrNone(r.siteBased),
    homeWorking: HOME_WORKING_ANSWERS.find((h) => h === r.homeWorking),
    sameAsCommute: booleanOrNone(r.sameAsCommute),
    shareOfWorkingTime: numberOrNone(r.shareOfWorkingTime),
    wholeEmployment: booleanOrNone(r.wholeEmployment),
    expectedMonths: numberOrNone(r.expectedMonths),
    expectationChange:
      r.expectationChange === null
        ? null
        : change === undefined
          ? undefined
          : {
              afterMonths: numberOrNone(change.afterMonths),
              newExpectedMonths: numberOrNone(change.newExpectedMonths),
            },
    actualMonths: numberOrNone(r.actualMonths),
  };
  // Without answerPlace here: the browser restores drafts with this before any question is shown.
  return Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined)) as PlaceFactsDraft;
}

function readOutcome(raw: unknown): WorkplaceOutcome | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const rule = WORKPLACE_RULES.find((x) => x === r.rule);
  const counts = (['all', 'none', 'until', 'from'] as const).find((x) => x === r.counts);
  if (rule === undefined || counts === undefined) return null;
  return {
    counts,
    rule,
    ...(counts === 'until' ? { untilMonth: numberOrNone(r.untilMonth) ?? 0 } : {}),
    ...(counts === 'from' ? { fromMonth: numberOrNone(r.fromMonth) ?? 0 } : {}),
  };
}

function readMileageStep(raw: unknown): MileageStepPlace | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  if (typeof r.employmentId !== 'string' || typeof r.year !== 'string') return undefined;
  return {
    employmentId: r.employmentId,
    year: r.year,
    miles: numberOrNone(r.miles) ?? 0,
    statedMiles: numberOrNone(r.statedMiles) ?? 0,
  };
}

/**
 * The saved places, read defensively (restore): the outcome as saved, which the server worked out
 * from the same answers; the wizard decides again from the answers whenever it shows one.
 */
export function readWorkplaces(raw: readonly unknown[]): WorkplaceAnswers[] {
  return raw.slice(0, MAX_WORKPLACES).flatMap((w): WorkplaceAnswers[] => {
    if (typeof w !== 'object' || w === null) return [];
    const r = w as Record<string, unknown>;
    const typed = typeof r.place === 'string' ? r.place.trim().slice(0, 10) : '';
    const mileageStep = readMileageStep(r.mileageStep);
    // A mileage step's place keeps its postcode as typed, so the step can say what is wrong with it.
    const place = placeKey(typed) || (mileageStep ? typed : '');
    if (place === '' && mileageStep === undefined) return [];
    const startedOn = typeof r.startedOn === 'string' ? r.startedOn : undefined;
    const answers = { place, facts: readPlaceFacts(r.facts), ...(startedOn ? { startedOn } : {}) };
    return [{ ...answers, outcome: readOutcome(r.outcome), ...(mileageStep ? { mileageStep } : {}) }];
  });
}

/** One place as the operator sees it (D39: "the operator sees each answer"). */
export interface WorkplaceReport {
  place: string;
  /** Each question asked, in order, with the claimant's answer in words ('' when not answered). */
  answers: { question: string; answer: string }[];
  /** The outcome, or null while the answers cannot be decided (then `problems` says why). */
  outcome: {
    counts: JourneysCount['counts'];
    rule: WorkplaceRule;
    reason: string;
    sources: string[];
    changesOn: string | null;
  } | null;
  problems: string[];
  /** The numbers (1 for the first) of the journeys left out, wholly or in part. */
  leftOutJourneys: number[];
}

function answerWords(id: WorkplaceQuestionId, facts: PlaceFactsDraft, startedOn?: string): string {
  const yesNo = (b: boolean | undefined) => (b === undefined ? '' : b ? 'Yes' : 'No');
  const n = (x: number | undefined, unit: string) => (x === undefined ? '' : `${x}${unit}`);
  switch (id) {
    case 'role':
    case 'homeWorking': {
      const value = facts[id];
      return WORKPLACE_QUESTIONS[id].options?.find((o) => o.id === value)?.label ?? '';
    }
    case 'siteBased':
    case 'sameAsCommute':
    case 'wholeEmployment':
      return yesNo(facts[id]);
    case 'shareOfWorkingTime':
      return n(facts.shareOfWorkingTime, '%');
    case 'expectedMonths':
    case 'actualMonths':
      return n(facts[id], ' months');
    case 'expectationChange':
      return facts.expectationChange === undefined ? '' : facts.expectationChange === null ? 'No' : 'Yes';
    case 'expectationChange.afterMonths':
      return n(facts.expectationChange?.afterMonths, ' months');
    case 'expectationChange.newExpectedMonths':
      return n(facts.expectationChange?.newExpectedMonths, ' months');
  }
  return startedOn ?? '';
}

/** Every saved place's answers in words, its outcome with HMRC's reason and sources, for operators. */
export function workplaceReports(snapshot: {
  journeys: readonly Journey[];
  workplaces?: readonly WorkplaceAnswers[] | undefined;
}): WorkplaceReport[] {
  const out = leftOutJourneys(snapshot);
  return (snapshot.workplaces ?? []).map((w) => {
    const answers = placeQuestionsFor(w.facts).map((id) => ({
      question: WORKPLACE_QUESTIONS[id].question,
      answer: answerWords(id, w.facts),
    }));
    const d = decidePlace(w);
    if (d !== null && d.ok && (d.counts === 'until' || d.counts === 'from'))
      answers.push({ question: WORKPLACE_START_QUESTION.question, answer: w.startedOn ?? '' });
    const changesOn =
      d !== null && d.ok && w.startedOn && (d.counts === 'until' || d.counts === 'from')
        ? (journeysLeftOut(d, w.startedOn, []).changesOn ?? null)
        : null;
    return {
      place: w.place,
      answers,
      outcome:
        d !== null && d.ok
          ? { counts: d.counts, rule: d.rule, reason: d.reason, sources: [...d.sources], changesOn }
          : null,
      problems: d !== null && !d.ok ? Object.values(d.errors) : [],
      leftOutJourneys: w.mileageStep ? [] : out.filter((o) => o.place === w.place).map((o) => o.number),
    };
  });
}
