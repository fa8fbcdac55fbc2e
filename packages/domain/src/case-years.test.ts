import { describe, expect, it } from 'vitest';
import {
  CASE_KIND_LABELS,
  caseYearRows,
  caseYears,
  selfAssessmentYearsOfCase,
  withCaseSelfAssessment,
} from './case-years.ts';
import {
  detailsEstimate,
  detailsYears,
  p87InputOfGeneralDetails,
  type GeneralDetails,
} from './general-details.ts';
import { incomeTaxOnPay } from './tax-rates.ts';
import { claimableTaxYears } from './tax-years.ts';
import { mileageSnapshot } from './test/example-snapshots.ts';
import {
  createEmptySnapshot,
  normaliseSnapshot,
  reliefOf,
  summariseClaim,
  type TaxYearEntry,
  type WizardSnapshot,
  type YesNoAnswer,
} from './wizard-snapshot.ts';
import { p87InputOfSnapshot } from './p87-snapshot.ts';

// D38: one P87 per person per tax year, covering every expense of the year. The sources each case
// is worked from:
// - ITEPA 2003 s336: relief for expenses incurred wholly, exclusively and necessarily in the
//   performance of the duties (uniform, hotel, calls, working from home); s337-338: travel in the
//   performance of the duties; s229-232 (s230 the approved amounts, AMAP): the mileage relief is
//   the approved amount less what the employer paid; s235-236: none for a company vehicle (D27).
// - s367 and List 3 ("Professional bodies approved for tax relief"): professional fees.
// - EIM32712 and HMRC's flat-rate expenses table: £125 a year for nurses' uniforms.
// - GOV.UK "Claim tax relief for your job expenses": "If your expenses are over £2,500 you must
//   claim using a Self Assessment tax return" (over: £2,500.00 itself is still a P87).
// - GOV.UK "Income Tax rates and Personal Allowances" (2025/26 rUK: personal allowance £12,570,
//   basic 20% to £50,270, higher 40%) and gov.scot "Scottish Income Tax: rates and bands"
//   (2025/26: intermediate 21% on £26,562 to £43,662), as tax-rates.ts cites them.

// 26 November 2026: the claimable years are 2022/23 to 2026/27 (D21). 2025/26 cars are 45p a mile.
const TODAY = new Date('2026-11-26T12:00:00Z');
const YEARS = claimableTaxYears(TODAY);

type YearAnswers = Partial<Pick<TaxYearEntry, 'incomeBand' | 'taxablePay' | 'taxPaid'>>;

interface MileageYear extends YearAnswers {
  year: string;
  miles: number;
  selected?: boolean;
}

/** A mileage claim (the wizard's snapshot) with one employment that paid nothing, unless told. */
function mileage(
  years: readonly MileageYear[],
  opts: { scottish?: YesNoAnswer; fuel?: boolean; vehicle?: string; ratePence?: number } = {},
): WizardSnapshot {
  const snapshot = normaliseSnapshot(
    mileageSnapshot(
      { years, vehicle: opts.vehicle ?? 'car-van', ratePence: opts.ratePence ?? 0 },
      {
        scottishTaxpayer: opts.scottish ?? '',
        eligibilityData: { drivesForWork: opts.fuel ? 'company-vehicle' : 'yes', vehicleVRM: '' },
      },
    ),
    YEARS,
  );
  return {
    ...snapshot,
    taxYears: snapshot.taxYears.map((t) => {
      const given = years.find((y) => y.year === t.year);
      if (given === undefined) return t;
      const { year: _y, miles: _m, selected: _s, ...answers } = given;
      return { ...t, ...answers };
    }),
  };
}

interface DetailsYear extends YearAnswers {
  /** Pence of professional fees (List 3) in the year. */
  fees?: number;
  /** Pence of uniform at actual cost; without it the year has the nurses' flat rate (£125). */
  clothing?: number;
}

/** A nurse's funnel claim details: uniform at the flat rate (or actual cost) and fees, per year. */
function details(years: Record<string, DetailsYear>, scottish: YesNoAnswer = ''): GeneralDetails {
  const actual = Object.values(years).some((y) => y.clothing !== undefined);
  const pick = (key: 'fees' | 'clothing') =>
    Object.fromEntries(
      Object.entries(years).flatMap(([year, y]) => (y[key] === undefined ? [] : [[year, y[key]]])),
    );
  return {
    personalInfo: createEmptySnapshot(YEARS).personalInfo,
    employments: [],
    scottishTaxpayer: scottish,
    taxYears: createEmptySnapshot(YEARS).taxYears.map((t) => {
      const y = years[t.year];
      if (y === undefined) return t;
      const { fees: _f, clothing: _c, ...answers } = y;
      return { ...t, ...answers, selected: true };
    }),
    expenses: {
      clothing: actual
        ? { kind: 'actual', years: pick('clothing') }
        : { kind: 'flat-rate', industry: 'healthcare', job: 'nurses' },
      fees: { body: 'Nursing and Midwifery Council', years: pick('fees') },
    },
  };
}

const funnelClaim = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: null,
  email: null,
  selectedExpenses: ['uniform', 'fees'],
};

// ITEPA 2003 s230: 4,445 miles × 45p = £2,000.25, nothing paid (s231: all of it claimable).
const MILES_2000_25 = 4_445;

describe("the year's total across every kind decides the route (D38, D31)", () => {
  // The example: £2,000.25 of mileage (s230) and £600 of uniform (EIM32712 flat rate,
  // £125) and fees (s367, List 3, £475): each under £2,500, together £2,600.25, over it.
  it('puts £2,000.25 of mileage and £600 of uniform and fees on Self Assessment, though each is under', () => {
    const m = mileage([{ year: '2025/26', miles: MILES_2000_25 }]);
    const d = details({ '2025/26': { fees: 47_500 } });
    // Each claim alone, by its own rules and by the case's: a P87.
    expect(summariseClaim(m).years[0]?.selfAssessmentRequired).toBe(false);
    expect(detailsYears(d)[0]?.selfAssessmentRequired).toBe(false);
    expect(caseYears({ mileage: m }).years[0]?.route).toBe('p87');
    expect(caseYears({ details: d }).years[0]?.route).toBe('p87');

    const both = caseYears({ mileage: m, details: d });
    expect(both.years.map((y) => [y.year, y.amounts, y.pence, y.route])).toEqual([
      ['2025/26', { mileage: 200_025, clothing: 12_500, fees: 47_500 }, 260_025, 'self-assessment'],
    ]);
    expect(both.selfAssessmentYears).toEqual(['2025/26']);
    expect(selfAssessmentYearsOfCase({ mileage: m, details: d })).toEqual(['2025/26']);
    // As the operator's page and the claimant's wizard list the year: each kind named, in order.
    expect(caseYearRows(both.years)).toEqual([
      {
        year: '2025/26',
        amounts: [
          { kind: 'mileage', label: 'Mileage', pence: 200_025 },
          { kind: 'clothing', label: CASE_KIND_LABELS.clothing, pence: 12_500 },
          { kind: 'fees', label: CASE_KIND_LABELS.fees, pence: 47_500 },
        ],
        pence: 260_025,
        route: 'self-assessment',
        answersDiffer: false,
      },
    ]);
  });

  // GOV.UK: "over £2,500", so £2,500.00 is a P87 and £2,500.01 is not, as every per-claim check
  // (calculateMileageClaim, detailsYears) compares.
  it.each<
    [string, { miles: number; vehicle: string } | null, DetailsYear | null, number, 'p87' | 'self-assessment']
  >([
    // £2,000.25 + £125 + £374.75.
    [
      'mileage and details at exactly £2,500',
      { miles: MILES_2000_25, vehicle: 'car-van' },
      { fees: 37_475 },
      250_000,
      'p87',
    ],
    // £2,000.25 + £125 + £374.76.
    [
      'mileage and details a penny over',
      { miles: MILES_2000_25, vehicle: 'car-van' },
      { fees: 37_476 },
      250_001,
      'self-assessment',
    ],
    // £125 + £2,375.
    ['details alone at exactly £2,500', null, { fees: 237_500 }, 250_000, 'p87'],
    // £125 + £2,375.01.
    ['details alone a penny over', null, { fees: 237_501 }, 250_001, 'self-assessment'],
    // Bicycle 12,500 × 20p (s230: 20p a mile whatever the miles).
    ['a bicycle at exactly £2,500', { miles: 12_500, vehicle: 'bicycle' }, null, 250_000, 'p87'],
    // Bicycle 12,501 × 20p = £2,500.20, and £600 of details on top makes no difference to the route.
    [
      'a bicycle over, with details',
      { miles: 12_501, vehicle: 'bicycle' },
      { fees: 47_500 },
      310_020,
      'self-assessment',
    ],
  ])('%s', (_name, m, d, pence, route) => {
    const input = {
      mileage: m === null ? null : mileage([{ year: '2025/26', miles: m.miles }], { vehicle: m.vehicle }),
      details: d === null ? null : details({ '2025/26': d }),
    };
    const year = caseYears(input).years[0];
    expect([year?.pence, year?.route]).toEqual([pence, route]);
    expect(selfAssessmentYearsOfCase(input)).toEqual(route === 'p87' ? [] : ['2025/26']);
  });
});

// The case must never drift from the per-claim estimates (reliefOf, detailsEstimate) where only
// one claim is in it: same pence, same route, same rates, same relief to the penny.
describe('one claim alone gives what its own functions give', () => {
  it.each<[string, WizardSnapshot]>([
    ['no band: basic and higher', mileage([{ year: '2025/26', miles: 3_000 }])],
    [
      'a band per year, an SA year and a year the employer paid 10p',
      mileage(
        [
          { year: '2026/27', miles: 12_000, incomeBand: 'higher' },
          { year: '2025/26', miles: 2_000, incomeBand: 'basic' },
          { year: '2024/25', miles: 6_000 },
        ],
        { ratePence: 10 },
      ),
    ],
    [
      'taxable pay and tax paid (D31)',
      mileage([{ year: '2025/26', miles: 5_000, taxablePay: 51_000, taxPaid: 7_832 }]),
    ],
    [
      'Scottish, not sure',
      mileage([{ year: '2024/25', miles: 5_000, incomeBand: 'not-sure' }], { scottish: 'yes' }),
    ],
    ['a fuel claim (D27)', mileage([{ year: '2025/26', miles: 9_000 }], { fuel: true })],
  ])('mileage: %s', (_name, m) => {
    const relief = reliefOf(m);
    const c = caseYears({ mileage: m });
    expect(
      c.years.map((y) => [
        y.year,
        y.pence,
        y.rates,
        y.low,
        y.high,
        y.upperFigure,
        y.cappedAtTaxPaid,
        y.slices,
      ]),
    ).toEqual(
      relief.years.map((y) => [
        y.year,
        Math.round(y.claimable * 100),
        y.rates,
        y.low,
        y.high,
        y.upperFigure,
        y.cappedAtTaxPaid,
        y.slices,
      ]),
    );
    expect([c.total.low, c.total.high, c.upperFigure]).toEqual([relief.low, relief.high, relief.upperFigure]);
    expect(c.years.map((y) => y.route === 'self-assessment')).toEqual(
      summariseClaim(m).years.map((y) => y.selfAssessmentRequired),
    );
    expect(c.selfAssessmentYears).toEqual(p87InputOfSnapshot(m, true).selfAssessmentYears);
  });

  it.each<[string, GeneralDetails]>([
    ['flat rate and fees, no band', details({ '2025/26': { fees: 12_000 }, '2024/25': { fees: 12_000 } })],
    [
      'bands, pay, tax paid and an SA year',
      details({
        '2025/26': { fees: 300_000, incomeBand: 'higher' },
        '2024/25': { fees: 45_000, taxablePay: 51_000 },
        '2023/24': { fees: 45_000, incomeBand: 'basic', taxPaid: 50 },
      }),
    ],
    [
      'actual uniform costs, Scottish',
      details({ '2025/26': { clothing: 33_333, incomeBand: 'intermediate' } }, 'yes'),
    ],
  ])('details: %s', (_name, d) => {
    const estimate = detailsEstimate(d);
    const c = caseYears({ details: d });
    // detailsEstimate lists oldest first (HMRC's form); the case newest first (claimableTaxYears).
    const oldestFirst = [...c.years].reverse();
    expect(
      oldestFirst.map((y) => [
        y.year,
        y.pence,
        y.rates,
        y.lowPence,
        y.highPence,
        y.upperFigure,
        y.cappedAtTaxPaid,
        y.rateKnown,
        y.route === 'self-assessment',
      ]),
    ).toEqual(
      estimate.years.map((y) => [
        y.year,
        y.pence,
        y.rates,
        y.lowPence,
        y.highPence,
        y.upperFigure,
        y.cappedAtTaxPaid,
        y.rateKnown,
        y.selfAssessmentRequired,
      ]),
    );
    // detailsEstimate counts the P87 years only.
    expect([c.p87.lowPence, c.p87.highPence, c.upperFigure]).toEqual([
      estimate.lowPence,
      estimate.highPence,
      estimate.upperFigure,
    ]);
    expect([...c.selfAssessmentYears].reverse()).toEqual(
      p87InputOfGeneralDetails(d, funnelClaim, true).selfAssessmentYears,
    );
  });
});

describe("the estimate is on the year's total (D21, D31)", () => {
  // 2025/26 rUK, taxable pay £51,000: taxable income £51,000 − £12,570 = £38,430, of which £730
  // is above the £37,700 basic band (£50,270 − £12,570). The case's £2,450.25 (£2,000.25 of
  // mileage + £125 uniform + £325 fees) comes off the top: £730 at 40% = £292, then £1,720.25 at
  // 20% = £344.05; £636.05 in all. Each claim priced alone would put both on the same top slice:
  // mileage £730 × 40% + £1,270.25 × 20% = £546.05, details £450 × 40% = £180, £726.05 in all.
  const m = mileage([{ year: '2025/26', miles: MILES_2000_25, taxablePay: 51_000 }]);
  const d = details({ '2025/26': { fees: 32_500 } });

  it('splits the combined total across the basic and higher bands on taxable pay', () => {
    const y = caseYears({ mileage: m, details: d }).years[0];
    expect(y).toMatchObject({
      pence: 245_025,
      route: 'p87',
      rates: [20, 40],
      lowPence: 63_605,
      highPence: 63_605,
    });
    expect(y?.slices).toEqual([
      { rate: 40, amount: 730, relief: 292 },
      { rate: 20, amount: 1_720.25, relief: 344.05 },
    ]);
    // The pay was given in the mileage claim only: it fills the details' gap, no disagreement.
    expect(y?.answersDiffer).toBe(false);
    const separately =
      caseYears({ mileage: m }).years[0]!.lowPence + caseYears({ details: fillPay(d) }).years[0]!.lowPence;
    expect(separately).toBe(72_605);
  });

  it.each<[string, YearAnswers, number, boolean]>([
    // Tax on £51,000: £37,700 × 20% + £730 × 40% = £7,832, more than £636.05: not capped.
    [
      'pay and the tax on it',
      { taxablePay: 51_000, taxPaid: incomeTaxOnPay(51_000, '2025/26', false) / 100 },
      63_605,
      false,
    ],
    // £636.05 on pay, capped at £500 of tax paid.
    ['pay and £500 of tax paid', { taxablePay: 51_000, taxPaid: 500 }, 50_000, true],
    // Higher rate on £2,450.25 = £980.10, capped at £600 of tax paid.
    ['higher rate and £600 of tax paid', { incomeBand: 'higher', taxPaid: 600 }, 60_000, true],
  ])('caps the relief at the tax paid: %s', (_name, answers, pence, capped) => {
    const y = caseYears({
      mileage: mileage([{ year: '2025/26', miles: MILES_2000_25, ...answers }]),
      details: d,
    }).years[0];
    expect([y?.lowPence, y?.highPence, y?.cappedAtTaxPaid, y?.upperFigure]).toEqual([
      pence,
      pence,
      capped,
      false,
    ]);
  });

  // gov.scot 2025/26: £40,000 of pay is £27,430 of taxable income, inside the intermediate band
  // (£14,921 to £31,092 above the allowance), and so is £40,000 − £2,450.25: all at 21%,
  // £514.5525 → 51,455 pence. The same pay in rUK is all basic rate: 20%, £490.05.
  it.each<[string, YesNoAnswer, YearAnswers, number[], number, number]>([
    ['Scottish on pay', 'yes', { taxablePay: 40_000 }, [21], 51_455, 51_455],
    ['rUK on the same pay', 'no', { taxablePay: 40_000 }, [20], 49_005, 49_005],
    // Not sure: Scottish basic 20% to higher 42% (£1,029.105 → 102,911 pence).
    ['Scottish, not sure', 'yes', { incomeBand: 'not-sure' }, [20, 42], 49_005, 102_911],
    ['Scottish, top rate 48%', 'yes', { incomeBand: 'top' }, [48], 117_612, 117_612],
  ])(
    'prices the total at Scottish rates where they pay Scottish tax: %s',
    (_name, scottish, answers, rates, low, high) => {
      const y = caseYears({
        mileage: mileage([{ year: '2025/26', miles: MILES_2000_25, ...answers }], { scottish }),
        details: d,
      }).years[0];
      expect([y?.scottish, y?.rates, y?.lowPence, y?.highPence]).toEqual([
        scottish === 'yes',
        rates,
        low,
        high,
      ]);
    },
  );

  // estimateRelief's rule: each year's exact relief summed, rounded to pounds once at the end.
  it('rounds the case totals once, and counts Self Assessment years in `total` but not in `p87`', () => {
    // Two basic-rate years of £451.50 fees: £90.30 of relief each (£90 each rounded), £180.60 (£181).
    const c = caseYears({
      details: details({
        '2024/25': { clothing: 0, fees: 45_150, incomeBand: 'basic' },
        '2023/24': { clothing: 0, fees: 45_150, incomeBand: 'basic' },
      }),
      // 2025/26: 8,890 miles × 45p = £4,000.50, over £2,500 on its own.
      mileage: mileage([{ year: '2025/26', miles: 2 * MILES_2000_25, incomeBand: 'basic' }]),
    });
    expect(c.years.map((y) => [y.year, y.low, y.route])).toEqual([
      ['2025/26', 800, 'self-assessment'],
      ['2024/25', 90, 'p87'],
      ['2023/24', 90, 'p87'],
    ]);
    // £4,000.50 at 20% = £800.10; with the two £90.30: £980.70.
    expect(c.total).toEqual({ lowPence: 98_070, highPence: 98_070, low: 981, high: 981 });
    expect(c.p87).toEqual({ lowPence: 18_060, highPence: 18_060, low: 181, high: 181 });
    expect(c.selfAssessmentYears).toEqual(['2025/26']);
  });
});

/** The details with the year's taxable pay (£51,000) given there too, to price them alone on it. */
function fillPay(d: GeneralDetails): GeneralDetails {
  return { ...d, taxYears: d.taxYears.map((t) => (t.selected ? { ...t, taxablePay: 51_000 } : t)) };
}

describe('a fuel claim adds no mileage (D27, ITEPA 2003 s235-236)', () => {
  it('leaves a company vehicle out of the total: 10,000 miles and £600 of details stay a P87', () => {
    const m = mileage([{ year: '2025/26', miles: 10_000, incomeBand: 'basic' }], { fuel: true });
    const c = caseYears({ mileage: m, details: details({ '2025/26': { fees: 47_500 } }) });
    expect(c.years.map((y) => [y.year, y.amounts, y.pence, y.fuel, y.route, y.lowPence])).toEqual([
      // £600 at the mileage claim's basic rate: £120.
      ['2025/26', { clothing: 12_500, fees: 47_500 }, 60_000, true, 'p87', 12_000],
    ]);
    // Alone, a fuel year is there with nothing in it, as reliefOf has it.
    expect(caseYears({ mileage: m }).years.map((y) => [y.year, y.amounts, y.pence, y.fuel])).toEqual([
      ['2025/26', {}, 0, true],
    ]);
  });
});

describe('years covered by one claim only', () => {
  // Mileage covers 2025/26 and 2024/25 (and answered a band for 2023/24, which it does not claim);
  // the details cover 2025/26 and 2023/24.
  const m = mileage([
    { year: '2025/26', miles: MILES_2000_25 },
    { year: '2024/25', miles: 1_000, incomeBand: 'higher' },
    { year: '2023/24', miles: 0, selected: false, incomeBand: 'higher' },
  ]);
  const d = details({ '2025/26': { fees: 47_500 }, '2023/24': { fees: 12_000, incomeBand: 'basic' } });
  const c = caseYears({ mileage: m, details: d });

  it('lists every year either claim covers, newest first, with the kinds each holds', () => {
    expect(c.years.map((y) => [y.year, y.amounts, y.route])).toEqual([
      ['2025/26', { mileage: 200_025, clothing: 12_500, fees: 47_500 }, 'self-assessment'],
      // 1,000 × 45p.
      ['2024/25', { mileage: 45_000 }, 'p87'],
      // £125 flat rate + £120 fees.
      ['2023/24', { clothing: 12_500, fees: 12_000 }, 'p87'],
    ]);
  });

  it("prices a year as the one claim covering it does, and never by the other's answers", () => {
    const mileageYear = reliefOf(m).years.find((y) => y.year === '2024/25');
    const detailsYear = detailsEstimate(d).years.find((y) => y.year === '2023/24');
    const [, y2024, y2023] = c.years;
    expect([y2024?.rates, y2024?.low, y2024?.high]).toEqual([
      mileageYear?.rates,
      mileageYear?.low,
      mileageYear?.high,
    ]);
    // The mileage claim's 'higher' for 2023/24 is not used: it does not claim that year.
    expect([y2023?.rates, y2023?.lowPence, y2023?.answersDiffer]).toEqual([
      [20],
      detailsYear?.lowPence,
      false,
    ]);
  });
});

// Where both claims cover a year and answer it differently, the lower estimate stands and the
// year is flagged for an operator; an answer given in one fills a gap in the other.
describe('when the two claims answer a year differently', () => {
  const year = '2025/26';
  it.each<[string, YearAnswers, YesNoAnswer, YearAnswers, YesNoAnswer, number[], boolean, boolean]>([
    [
      'details basic, mileage higher',
      { incomeBand: 'basic' },
      '',
      { incomeBand: 'higher' },
      '',
      [20],
      false,
      true,
    ],
    [
      'details higher, mileage basic',
      { incomeBand: 'higher' },
      '',
      { incomeBand: 'basic' },
      '',
      [20],
      false,
      true,
    ],
    ['only the mileage gives a band', {}, '', { incomeBand: 'higher' }, '', [40], false, false],
    [
      "'not sure' gives way to a band",
      { incomeBand: 'not-sure' },
      '',
      { incomeBand: 'higher' },
      '',
      [40],
      false,
      false,
    ],
    // Not sure at Scottish rates is 20-42%, at rUK 20-40%: the rUK range is the lower.
    ['Scottish in one, not in the other', {}, 'yes', {}, 'no', [20, 40], false, true],
    ['Scottish in one, unanswered in the other', {}, 'yes', {}, '', [20, 42], true, false],
  ])('%s', (_name, dAnswers, dScottish, mAnswers, mScottish, rates, scottish, differ) => {
    const y = caseYears({
      details: details({ [year]: { fees: 47_500, ...dAnswers } }, dScottish),
      mileage: mileage([{ year, miles: MILES_2000_25, ...mAnswers }], { scottish: mScottish }),
    }).years[0];
    expect([y?.rates, y?.scottish, y?.answersDiffer]).toEqual([rates, scottish, differ]);
  });

  it('caps at the lower tax paid when the two differ', () => {
    const y = caseYears({
      details: details({ [year]: { fees: 47_500, incomeBand: 'higher', taxPaid: 300 } }),
      mileage: mileage([{ year, miles: MILES_2000_25, incomeBand: 'higher', taxPaid: 5_000 }]),
    }).years[0];
    expect([y?.highPence, y?.cappedAtTaxPaid, y?.answersDiffer]).toEqual([30_000, true, true]);
  });
});

// D31 (GOV.UK, Claim tax relief for your job expenses: "If your expenses are over £2,500 you must
// claim using a Self Assessment tax return") with D38: the limit is on the year's total across the
// case, so a claim whose own share is under it is still told the year needs Self Assessment.
describe('a claim’s figures with its case’s Self Assessment years (D38)', () => {
  const summary = {
    years: [
      { year: '2024/25', claimable: 2250, selfAssessmentRequired: false },
      { year: '2025/26', claimable: 900, selfAssessmentRequired: false },
    ],
    selfAssessmentRequired: false,
  };
  it('marks the case’s years and keeps the amounts', () => {
    expect(withCaseSelfAssessment(summary, ['2024/25'])).toEqual({
      years: [
        { year: '2024/25', claimable: 2250, selfAssessmentRequired: true },
        { year: '2025/26', claimable: 900, selfAssessmentRequired: false },
      ],
      selfAssessmentRequired: true,
    });
  });
  it('changes nothing when the case has no such year, and never unmarks the claim’s own', () => {
    expect(withCaseSelfAssessment(summary, [])).toEqual(summary);
    const own = { years: [{ year: '2024/25', selfAssessmentRequired: true }], selfAssessmentRequired: true };
    expect(withCaseSelfAssessment(own, [])).toEqual(own);
  });
});
