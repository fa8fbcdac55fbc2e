import { describe, expect, it } from 'vitest';
import {
  estimateExpenseRelief,
  expenseEstimateBasis,
  FLAT_RATE_DEFAULT_GBP,
  FLAT_RATE_INDUSTRIES,
  flatRateExpensePence,
  isListedProfessionalBody,
  PROFESSIONAL_BODIES,
  wfhFlatRatePence,
} from './flat-rate-expenses.ts';

// HMRC's flat-rate expenses (ITEPA 2003 s367). Sources, hand-checked for each row:
// - GOV.UK "Claim tax relief for your job expenses: uniforms, work clothing and tools" (the table
//   of industries and jobs, "All other workers" and the £60 for jobs not listed);
// - HMRC's Employment Income Manual EIM32712 ("flat rate expenses: table of amounts from 2008/09")
//   and the industry pages it links (EIM32675 onward);
// - HMRC's own employee-expenses service (github.com/hmrc/employee-expenses-frontend,
//   app/config/ClaimAmounts.scala), which holds the same amounts.
// The amounts have not changed since 2008/09, so each claimable year (2022/23 to 2026/27) has them.
const YEARS = ['2022/23', '2023/24', '2024/25', '2025/26', '2026/27'];

describe('flat-rate expenses table (EIM32712, GOV.UK uniforms, work clothing and tools)', () => {
  it.each<[string, string, number, string]>([
    // GOV.UK / EIM32712 healthcare: "Nurses, midwives, chiropodists, dental nurses, ... £125"
    ['healthcare', 'nurses', 125, 'EIM32712 healthcare staff; ClaimAmounts Healthcare.list2'],
    // GOV.UK / EIM32712 healthcare: "Ambulance staff on active service £185"
    ['healthcare', 'ambulance', 185, 'EIM32712 healthcare staff; ClaimAmounts Healthcare.ambulanceStaff'],
    // GOV.UK healthcare: "hospital porters, ward clerks, ... hospital catering staff £125"
    ['healthcare', 'porters-domestics', 125, 'EIM32712; ClaimAmounts Healthcare.catering'],
    // GOV.UK healthcare: "Laboratory staff, pharmacists and pharmacy assistants £80"
    ['healthcare', 'laboratory-pharmacy', 80, 'EIM32712; ClaimAmounts Healthcare.allOther'],
    // GOV.UK airlines: "Pilots, co-pilots, flight deck crew £1,022"; "Cabin crew £720"
    ['airlines', 'pilots', 1022, 'EIM32712 airlines; ClaimAmounts Transport.Airlines.pilotsFlightDeck'],
    ['airlines', 'cabin-crew', 720, 'EIM32712 airlines; ClaimAmounts Transport.Airlines.cabinCrew'],
    // GOV.UK police force: "Uniformed police officers (ranks up to and including chief inspector) £140"
    ['police', 'officers', 140, 'EIM32712 police; ClaimAmounts Police.policeOfficer'],
    // GOV.UK fire service: "Uniformed firefighters and fire officers £80"
    ['fire-service', 'firefighters', 80, 'EIM32712 fire service; ClaimAmounts.fireService'],
    // GOV.UK prisons: "Uniformed prison officers £80"
    ['prisons', 'officers', 80, 'EIM32712 prisons; ClaimAmounts.prisons'],
    // GOV.UK agriculture: "All workers £100"; forestry: "All workers £100"
    ['agriculture', 'all', 100, 'EIM32712 agriculture; ClaimAmounts.agriculture'],
    ['forestry', 'all', 100, 'EIM32712 forestry; ClaimAmounts.forestry'],
    // GOV.UK building: "Joiners and carpenters £140"; "All other workers £120". Stone masons £120
    // are EIM32712's Building materials row, not Building's (issue 43; the old Building id still
    // resolves, flat-rate-tree.test.ts).
    ['building', 'joiners-carpenters', 140, 'EIM32712 building; ClaimAmounts Construction.joinersCarpenters'],
    [
      'building-materials',
      'stone-masons',
      120,
      'EIM32712 building materials; ClaimAmounts Construction.stoneMasons',
    ],
    ['building', 'all-other', 120, 'EIM32712 building; ClaimAmounts Construction.allOther'],
    // GOV.UK seamen: "Carpenters (seamen) passenger liners £165"
    ['seamen', 'carpenters-liners', 165, 'EIM32712 seamen; ClaimAmounts Transport.Seamen.passengerLiners'],
    // GOV.UK public transport: "Garage hands (including cleaners) £80"; "Conductors and drivers £60"
    ['public-transport', 'garage-hands', 80, 'EIM32712; ClaimAmounts Transport.PublicTransport.garageHands'],
    [
      'public-transport',
      'conductors-drivers',
      60,
      'EIM32712; ClaimAmounts PublicTransport.conductorsDrivers',
    ],
    // GOV.UK electrical: "Those workers incurring laundry costs only £60"; "All other workers £120"
    ['electrical', 'laundry-only', 60, 'EIM32712 electrical; ClaimAmounts Electrical.onlyLaundry'],
    ['electrical', 'all-other', 120, 'EIM32712 electrical; ClaimAmounts Electrical.allOther'],
    // GOV.UK: "If your job is not listed ... you can claim £60" (the general deduction)
    ['other', 'all', 60, 'GOV.UK uniforms, work clothing and tools; ClaimAmounts.defaultRate'],
  ])('%s / %s: £%i in every claimable year (%s)', (industry, jobId, pounds) => {
    for (const year of YEARS) {
      expect(flatRateExpensePence(industry, jobId, year)).toBe(pounds * 100);
    }
  });

  it('applies from 2008/09, when the table took effect, and not before', () => {
    expect(flatRateExpensePence('healthcare', 'nurses', '2008/09')).toBe(12_500);
    expect(flatRateExpensePence('healthcare', 'nurses', '2007/08')).toBeNull();
  });

  it('knows no industry or job outside the table', () => {
    expect(flatRateExpensePence('astronauts', 'all', '2024/25')).toBeNull();
    expect(flatRateExpensePence('healthcare', 'surgeon', '2024/25')).toBeNull();
    expect(flatRateExpensePence('healthcare', 'nurses', 'not-a-year')).toBeNull();
  });

  it('has unique ids and a positive whole-pound amount for every job', () => {
    const industries = FLAT_RATE_INDUSTRIES.map((i) => i.id);
    expect(new Set(industries).size).toBe(industries.length);
    for (const industry of FLAT_RATE_INDUSTRIES) {
      const jobs = industry.jobs.map((j) => j.id);
      expect(new Set(jobs).size).toBe(jobs.length);
      for (const j of industry.jobs) {
        for (const a of j.amounts)
          expect(Number.isInteger(a.pounds) && a.pounds >= FLAT_RATE_DEFAULT_GBP - 5).toBe(true);
      }
    }
  });
});

// HMRC "Professional bodies approved for tax relief (List 3)" (ITEPA 2003 s343-344).
describe('professional bodies (List 3)', () => {
  it('recognises listed bodies whatever the case and spacing, and flags free text', () => {
    expect(isListedProfessionalBody('Nursing and Midwifery Council')).toBe(true);
    expect(isListedProfessionalBody('  royal   college of nursing ')).toBe(true);
    expect(isListedProfessionalBody('My Local Nurses Club')).toBe(false);
    expect(isListedProfessionalBody('')).toBe(false);
    expect(PROFESSIONAL_BODIES.length).toBeGreaterThanOrEqual(30);
  });
});

// D21, D31: relief is the deduction at the claimant's rate (GOV.UK "Claim tax relief for your job
// expenses": "you get tax relief based on what you've spent and the rate at which you pay tax";
// its example: "if you claim £60 and pay tax at a rate of 20% ... you get £12"). Rates from GOV.UK
// "Income Tax rates" and gov.scot "Scottish Income Tax" (tax-rates.ts). The £2,500 limit: GOV.UK
// "If your expenses are over £2,500 you must claim using a Self Assessment tax return".
describe('estimate for a flat-rate claim (D21, D31)', () => {
  const nurse = (year: string) => ({ year, pence: flatRateExpensePence('healthcare', 'nurses', year) ?? 0 });

  it("GOV.UK's own example: £60 at 20% is £12", () => {
    const e = estimateExpenseRelief({
      scottish: false,
      years: [{ ...nurse('2024/25'), pence: 6000, band: 'basic' }],
    });
    expect(e.highPence).toBe(1200);
  });

  it("a nurse's £125 for three years at 20%: £25 a year, £75", () => {
    const e = estimateExpenseRelief({
      scottish: false,
      years: ['2023/24', '2024/25', '2025/26'].map((y) => ({ ...nurse(y), band: 'basic' as const })),
    });
    expect(e.years.map((y) => y.highPence)).toEqual([2500, 2500, 2500]);
    expect(e.lowPence).toBe(7500);
    expect(e.highPence).toBe(7500);
    expect(e.upperFigure).toBe(true);
  });

  it("a nurse's £125 at 40%: £50 a year", () => {
    const e = estimateExpenseRelief({ scottish: false, years: [{ ...nurse('2024/25'), band: 'higher' }] });
    expect(e.years[0]).toMatchObject({ rates: [40], lowPence: 5000, highPence: 5000 });
  });

  it('Scottish rates: intermediate 21% (£26.25), higher 41% in 2022/23 and 42% in 2024/25', () => {
    const e = estimateExpenseRelief({
      scottish: true,
      years: [
        { ...nurse('2022/23'), band: 'higher' },
        { ...nurse('2024/25'), band: 'higher' },
        { ...nurse('2025/26'), band: 'intermediate' },
      ],
    });
    expect(e.years.map((y) => y.highPence)).toEqual([5125, 5250, 2625]);
    expect(e.highPence).toBe(5125 + 5250 + 2625);
  });

  it('not sure of the band: basic and higher, £25 to £50', () => {
    const e = estimateExpenseRelief({ scottish: false, years: [nurse('2025/26')] });
    expect(e.years[0]).toMatchObject({ rates: [20, 40], lowPence: 2500, highPence: 5000, rateKnown: false });
    const notSure = estimateExpenseRelief({
      scottish: false,
      years: [{ ...nurse('2025/26'), band: 'not-sure' }],
    });
    expect(notSure.years[0]).toMatchObject({ rates: [20, 40], rateKnown: false });
  });

  // GOV.UK "Income Tax rates and Personal Allowances": additional rate 45% over £125,140.
  it("a nurse's £125 at the additional rate of 45%: £56.25 a year, £56 rounded", () => {
    const e = estimateExpenseRelief({
      scottish: false,
      years: [{ ...nurse('2024/25'), band: 'additional' }],
    });
    expect(e.years[0]).toMatchObject({ rates: [45], lowPence: 5625, highPence: 5625, rateKnown: true });
  });

  // gov.scot "Scottish Income Tax 2024 to 2025": starter 19%, basic 20%, advanced 45%, top 48%.
  it('Scottish starter 19%, advanced 45% and top 48% rates in 2024/25', () => {
    const e = estimateExpenseRelief({
      scottish: true,
      years: (['starter', 'advanced', 'top'] as const).map((band) => ({ ...nurse('2024/25'), band })),
    });
    expect(e.years.map((y) => y.rates)).toEqual([[19], [45], [48]]);
    expect(e.years.map((y) => y.highPence)).toEqual([2375, 5625, 6000]);
  });

  it('says how each figure was reached, plainly when the income was not given', () => {
    const [known, unknown, sa] = estimateExpenseRelief({
      scottish: false,
      years: [
        { ...nurse('2024/25'), band: 'higher' },
        nurse('2025/26'),
        { year: '2023/24', pence: 300_000, band: 'basic' },
      ],
    }).years;
    expect(expenseEstimateBasis(known!)).toBe('at your rate of 40%');
    expect(expenseEstimateBasis(unknown!)).toBe(
      'you have not told us your income, so this is between the basic rate (20%) and the higher rate (40%)',
    );
    expect(expenseEstimateBasis(sa!)).toBe('claimed on a Self Assessment tax return, not counted here');
  });

  it('is capped at the tax paid, and on taxable pay comes off the top band', () => {
    const capped = estimateExpenseRelief({
      scottish: false,
      years: [{ ...nurse('2024/25'), band: 'higher', taxPaid: 30 }],
    });
    expect(capped.years[0]).toMatchObject({ highPence: 3000, cappedAtTaxPaid: true, upperFigure: false });
    const onPay = estimateExpenseRelief({
      scottish: false,
      years: [{ ...nurse('2024/25'), taxablePay: 60_000 }],
    });
    expect(onPay.years[0]).toMatchObject({ rates: [40], highPence: 5000 });
  });

  it('a year over £2,500 is flagged for Self Assessment and left out of the P87 total', () => {
    const e = estimateExpenseRelief({
      scottish: false,
      years: [
        { year: '2024/25', pence: 250_001, band: 'basic' },
        { ...nurse('2025/26'), band: 'basic' },
      ],
    });
    expect(e.years.map((y) => y.selfAssessmentRequired)).toEqual([true, false]);
    expect(e.highPence).toBe(2500);
    const atLimit = estimateExpenseRelief({ scottish: false, years: [{ year: '2024/25', pence: 250_000 }] });
    expect(atLimit.years[0]?.selfAssessmentRequired).toBe(false);
  });
});

// GOV.UK working from home: "£6 a week from 6 April 2020"; the relief ended after 2025/26 (D21).
describe('working from home weekly flat rate', () => {
  it('is £6 a week, whole weeks up to 52', () => {
    expect(wfhFlatRatePence(1)).toBe(600);
    expect(wfhFlatRatePence(52)).toBe(31_200);
    expect(wfhFlatRatePence(60)).toBe(31_200);
    expect(wfhFlatRatePence(-3)).toBe(0);
  });
});
