import { describe, expect, it } from 'vitest';
import type { Journey } from './journeys.ts';
import {
  UNANSWERED_PLACES_FIELD,
  journeyEvidenceProblems,
  leftOutMilesClaimed,
  leftOutMilesField,
  leftOutMilesMessage,
  leftOutMilesProblems,
  unansweredPlacesMessage,
} from './left-out-miles.ts';
import { THIRTY_MONTH_SITE, mileageSnapshot } from './test/example-snapshots.ts';
import { normaliseSnapshot } from './wizard-snapshot.ts';
import {
  decidePlace,
  unansweredPlaces,
  workplaceFieldPath,
  workplaceProblems,
  type PlaceFactsDraft,
  type WorkplaceAnswers,
} from './workplace-answers.ts';
import { WORKPLACE_MESSAGES } from './workplace-test.ts';

// Decision 081 (D39 with D25): the business-journey test's answers are required for every regular
// place, and a year cannot claim the miles it leaves out. HMRC's sources are named beside each case.

const YEAR = '2024/25';
const SITE = 'M1 1AE';
const CLIENT = 'SK5 6AQ';
const AFTER_THE_YEAR = '2026-11-23';
const LOG = { logKeys: [YEAR], uploadYears: [] };

// England and Wales, 2024/25: 254 working days (260 weekdays less 6 weekday bank holidays, GOV.UK
// bank-holidays.json). The site, a daily return trip of 10 miles each way: 254 × 20 = 5,080 miles;
// the client, weekly, 5 miles each way: one trip a week on 52 weeks' first working day.
const SITE_MILES = 5080;

function journey(id: string, to: string, distance: number, frequency: Journey['frequency']): Journey {
  return {
    id,
    startAddress: 'WN2 1AR',
    endAddress: to,
    frequency,
    tripType: 'return',
    reason: 'temporary-workplace',
    customReason: '',
    distance,
  };
}

// EIM32080, booklet 490 paras 3.18-3.20: more than 24 months expected at 40% or more of the working
// time makes the site a permanent workplace from the first day: journeys there are commuting.
const thirtyMonthSite: PlaceFactsDraft = { ...THIRTY_MONTH_SITE, expectationChange: null };
// EIM32080: under 24 months expected, a temporary workplace: journeys there count.
const eighteenMonthSite: PlaceFactsDraft = { ...thirtyMonthSite, expectedMonths: 18, actualMonths: 18 };
// EIM32086 (Wrexham): under 40% of the working time, the 24-month test is not needed: they count.
const clientVisits: PlaceFactsDraft = {
  role: 'separate-visits',
  siteBased: false,
  homeWorking: 'no',
  sameAsCommute: false,
  shareOfWorkingTime: 10,
};

function claim(miles: number, site: PlaceFactsDraft | null, client: PlaceFactsDraft | null = clientVisits) {
  const workplaces: WorkplaceAnswers[] = [
    ...(site ? [{ place: SITE, facts: site }] : []),
    ...(client ? [{ place: CLIENT, facts: client }] : []),
  ];
  return normaliseSnapshot(
    mileageSnapshot(
      { years: [{ year: YEAR, miles }] },
      {
        journeys: [journey('site', SITE, 10, 'daily'), journey('client', CLIENT, 5, 'weekly')],
        workplaces,
      },
    ),
  );
}

describe('every regular place is answered (decision 081; D39)', () => {
  it('a place with no answers asks its first question; a decided one has no problem', () => {
    const snapshot = claim(SITE_MILES, thirtyMonthSite, null);
    expect(workplaceProblems(snapshot)).toEqual({
      [workplaceFieldPath(CLIENT, 'role')]: WORKPLACE_MESSAGES.role,
    });
    expect(unansweredPlaces(snapshot)).toEqual([CLIENT]);
  });

  it('a snapshot saved before the questions (no workplaces) loads, and asks every place', () => {
    const old = normaliseSnapshot(
      mileageSnapshot(
        { years: [{ year: YEAR, miles: 100 }] },
        { journeys: [journey('site', SITE, 10, 'daily')] },
      ),
    );
    expect(old.workplaces).toBeUndefined();
    expect(unansweredPlaces(old)).toEqual([SITE]);
    expect(journeyEvidenceProblems(old, LOG, AFTER_THE_YEAR)).toEqual({
      [UNANSWERED_PLACES_FIELD]: unansweredPlacesMessage([SITE]),
    });
    // Evidence of its own for every year: the journeys are not the claim's evidence, nothing is asked.
    expect(journeyEvidenceProblems(old, { logKeys: [], uploadYears: [YEAR] }, AFTER_THE_YEAR)).toEqual({});
  });
});

describe('leftOutMilesClaimed: no year claims the miles the test leaves out (decision 081)', () => {
  const logMilesWithoutSite = () => {
    const [m] = leftOutMilesClaimed(claim(SITE_MILES + 1_000, thirtyMonthSite), LOG, AFTER_THE_YEAR);
    return m?.logMiles ?? 0;
  };

  it('the 30-month site at 60% (EIM32080): the claim above the log is refused, naming the place and reason', () => {
    const snapshot = claim(SITE_MILES + 1_000, thirtyMonthSite);
    const found = leftOutMilesClaimed(snapshot, LOG, AFTER_THE_YEAR);
    const decision = decidePlace({ facts: thirtyMonthSite });
    if (decision === null || !decision.ok) throw new Error('the site must be decided');
    expect(found).toEqual([
      {
        year: YEAR,
        employmentId: 'job-1',
        employerName: 'Acme Ltd',
        logMiles: logMilesWithoutSite(),
        claimedMiles: SITE_MILES + 1_000,
        places: [{ place: SITE, reason: decision.reason }],
      },
    ]);
    const [m] = found;
    if (!m) throw new Error('one year');
    expect(m.logMiles).toBeLessThan(SITE_MILES);
    const message = leftOutMilesMessage(m, false);
    expect(message).toContain(SITE);
    expect(message).toContain(decision.reason);
    expect(message).toContain(`Claim ${m.logMiles.toLocaleString('en-GB')} miles or fewer`);
    expect(leftOutMilesProblems(snapshot, LOG, AFTER_THE_YEAR)).toEqual({
      [leftOutMilesField(m)]: message,
    });
  });

  // Each row: what the claim states, the site's answers, the evidence, whether it is refused.
  it.each([
    // EIM32080: lowered to the log's miles (the "Claim N miles" action), or below it (D25's choice).
    ['the log miles', 'log', thirtyMonthSite, 'log', false],
    ['fewer than the log', 'below', thirtyMonthSite, 'log', false],
    // EIM32080: an 18-month site is a temporary workplace: nothing left out, D25 keeps the figure.
    ['more than the log, nothing left out', 'above', eighteenMonthSite, 'log', false],
    // No log generated and no file of its own: the journeys are the year's evidence, still refused.
    ['more than the log, no log built', 'above', thirtyMonthSite, 'none', true],
    // Evidence of its own and no log: the claimant's own record, not the journeys, stands (D25).
    ['more than the log, own evidence only', 'above', thirtyMonthSite, 'own', false],
    // Own evidence beside a generated log: the log is checked.
    ['more than the log, own evidence and a log', 'above', thirtyMonthSite, 'both', true],
  ] as const)('%s', (_name, stated, site, files, refused) => {
    const logMiles = logMilesWithoutSite();
    const miles = stated === 'log' ? logMiles : stated === 'below' ? logMiles - 100 : SITE_MILES;
    const evidence = {
      none: { logKeys: [], uploadYears: [] },
      log: LOG,
      own: { logKeys: [], uploadYears: [YEAR] },
      both: { logKeys: [YEAR], uploadYears: [YEAR] },
    }[files];
    const found = leftOutMilesClaimed(claim(miles, site), evidence, AFTER_THE_YEAR);
    expect(found.length > 0).toBe(refused);
  });

  it('a per-employment log (issue 31) is checked for its employment, named by employer', () => {
    const snapshot = claim(SITE_MILES, thirtyMonthSite);
    const found = leftOutMilesClaimed(
      snapshot,
      { logKeys: [`${YEAR}:job-1`], uploadYears: [YEAR] },
      AFTER_THE_YEAR,
    );
    expect(found.map((m) => leftOutMilesField(m))).toEqual([`leftOutMiles_${YEAR}_job-1`]);
    const [m] = found;
    if (!m) throw new Error('one year');
    expect(leftOutMilesMessage(m, true)).toContain('for Acme Ltd');
  });

  it('a snapshot without answers leaves nothing out and refuses nothing', () => {
    expect(leftOutMilesClaimed(claim(SITE_MILES * 2, null, null), LOG, AFTER_THE_YEAR)).toEqual([]);
  });
});
