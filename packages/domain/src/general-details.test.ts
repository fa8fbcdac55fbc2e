import { describe, expect, it } from 'vitest';
import { fieldErrors } from './schema-validation.ts';
import { createDetailsSaveSchema, DETAILS_MESSAGES } from './general-details-schemas.ts';
import {
  detailsEstimate,
  detailsPlan,
  detailsYears,
  feeLine,
  mileagePrefillOf,
  p87InputOfGeneralDetails,
  unlistedProfessionalBody,
  type GeneralDetails,
} from './general-details.ts';
import { FLAT_RATE_IN_TAX_CODE_REASON } from './flat-rate-expenses.ts';
import { p87Readiness } from './p87-readiness.ts';
import { createEmptySnapshot } from './wizard-snapshot.ts';
import { claimableTaxYears } from './tax-years.ts';

// 26 November 2026: the claimable years are 2022/23 to 2026/27 (D21, current + 4).
const TODAY = new Date('2026-11-26T12:00:00Z');
const schema = createDetailsSaveSchema(TODAY);

function nurse(overrides: Partial<GeneralDetails['expenses']> = {}): GeneralDetails {
  const empty = createEmptySnapshot(claimableTaxYears(TODAY));
  return {
    personalInfo: {
      title: '',
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: { day: '4', month: '3', year: '1990' },
      email: 'ada@example.com',
      phone: '07700 900123',
      homeAddress: '1 High Street, Leeds',
      postcode: 'LS1 1AA',
    },
    employments: [
      {
        id: 'job-1',
        employerName: 'Leeds Teaching Hospitals NHS Trust',
        payeReference: '123/AB45678',
        noPayeReference: false,
        jobTitle: 'Staff nurse',
        continuing: 'yes',
        endDate: { day: '', month: '', year: '' },
      },
    ],
    taxYears: empty.taxYears.map((y) => ({
      ...y,
      selected: ['2023/24', '2024/25', '2025/26'].includes(y.year),
    })),
    scottishTaxpayer: 'no',
    expenses: {
      clothing: { kind: 'flat-rate', industry: 'healthcare', job: 'nurses' },
      fees: {
        body: 'Nursing and Midwifery Council',
        years: { '2023/24': 12_000, '2024/25': 12_000, '2025/26': 12_000 },
      },
      ...overrides,
    },
  };
}

const claim = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '07700 900123',
  email: 'ada@example.com',
  selectedExpenses: ['uniform', 'fees'],
};

describe('details of a general claim (D30)', () => {
  it("puts each year's flat rate and fee in HMRC's boxes", () => {
    const years = detailsYears(nurse());
    expect(years.map((y) => [y.year, y.pence])).toEqual([
      ['2023/24', 24_500],
      ['2024/25', 24_500],
      ['2025/26', 24_500],
    ]);
    expect(years[0]?.lines.map((l) => [l.box, l.pence])).toEqual([
      ['Uniforms, work clothing and tools', 12_500],
      ['Professional fees and subscriptions', 12_000],
    ]);
  });

  it('is ready for HMRC when every answer is there, with the NI number', () => {
    expect(p87Readiness(p87InputOfGeneralDetails(nurse(), claim, true))).toEqual([]);
    const noNi = p87Readiness(p87InputOfGeneralDetails(nurse(), claim, false));
    expect(noNi.map((i) => i.field)).toEqual(['niNumber']);
  });

  it("lists a year's missing fee, a body not on List 3, and a claim with no details at all", () => {
    const details = nurse({ fees: { body: 'Leeds Nurses Club', years: { '2023/24': 5000 } } });
    const labels = p87Readiness(p87InputOfGeneralDetails(details, claim, true)).map((i) => i.label);
    expect(unlistedProfessionalBody(details)).toBe('Leeds Nurses Club');
    expect(unlistedProfessionalBody(nurse())).toBeNull();
    expect(labels).toEqual([
      'Professional fees and subscriptions (2024/25)',
      'Professional fees and subscriptions (2025/26)',
    ]);
    const none = p87Readiness(p87InputOfGeneralDetails(null, claim, false)).map((i) => i.field);
    expect(none).toContain('dateOfBirth');
    expect(none).toContain('employments');
  });

  it('estimates at 20% when the claimant says basic rate: £49 a year', () => {
    const d = nurse();
    d.taxYears = d.taxYears.map((y) => ({ ...y, incomeBand: 'basic' }));
    expect(detailsEstimate(d).highPence).toBe(3 * 4900);
  });

  // Each year at the band the claimant chose for it (GOV.UK "Income Tax rates", gov.scot "Scottish
  // Income Tax"); a year with no band is the basic-to-higher range, never a guess at one rate.
  it("uses each year's own band, Scottish rates when they pay Scottish tax, and a range without one", () => {
    const d = nurse();
    const bands: Record<string, 'higher' | 'intermediate' | ''> = {
      '2023/24': 'higher',
      '2024/25': 'intermediate',
      '2025/26': '',
    };
    d.taxYears = d.taxYears.map((y) => ({ ...y, incomeBand: bands[y.year] ?? '' }));
    d.scottishTaxpayer = 'yes';
    const scottish = detailsEstimate(d);
    // £245 a year: 2023/24 higher 42% = £102.90; 2024/25 intermediate 21% = £51.45; 2025/26 20% to 42%.
    expect(scottish.years.map((y) => [y.year, y.rates, y.lowPence, y.highPence, y.rateKnown])).toEqual([
      ['2023/24', [42], 10_290, 10_290, true],
      ['2024/25', [21], 5145, 5145, true],
      ['2025/26', [20, 42], 4900, 10_290, false],
    ]);
    d.scottishTaxpayer = 'no';
    // Not Scottish: "intermediate" is no band of theirs, so that year is a range too.
    expect(detailsEstimate(d).years.map((y) => y.rates)).toEqual([[40], [20, 40], [20, 40]]);
  });
});

// Issue 43: one pricing (flatRateClaimFor) for the P87 line, its words and the estimate. A nurse
// who buys shoes and tights (EIM67200: £125 + £12 + £6), whose employer paid £43 in 2023/24
// (EIM32710: taken off), and whose tax code already has the flat rate for 2025/26.
describe('the flat rate with its follow-up answers (issue 43)', () => {
  it('puts the same figure on the P87 line, in its words and in the estimate', () => {
    const d = nurse({
      clothing: {
        kind: 'flat-rate',
        industry: 'healthcare',
        job: 'nurses',
        shoes: true,
        stockings: true,
        employerPays: { '2023/24': 4300 },
        inTaxCode: ['2025/26'],
      },
      fees: undefined,
    });
    d.taxYears = d.taxYears.map((y) => ({ ...y, incomeBand: 'basic' }));
    const years = detailsYears(d);
    expect(years.map((y) => [y.year, y.lines.map((l) => l.pence), y.pence])).toEqual([
      ['2023/24', [10_000], 10_000],
      ['2024/25', [14_300], 14_300],
      ['2025/26', [0], 0],
    ]);
    const job =
      'Healthcare staff in the NHS, private hospitals and nursing homes, Nurses, midwives, chiropodists, dental nurses, occupational, speech, physiotherapists and other therapists, healthcare assistants, phlebotomists and radiographers';
    expect(years.map((y) => y.lines[0]?.basis)).toEqual([
      `Flat rate: ${job} £125, with £12 for shoes and £6 for stockings or tights, less £43 your employer paid`,
      `Flat rate: ${job} £125, with £12 for shoes and £6 for stockings or tights`,
      `Flat rate: ${job} £125, with £12 for shoes and £6 for stockings or tights. ${FLAT_RATE_IN_TAX_CODE_REASON}`,
    ]);
    // 20% of £100, £143 and nothing.
    expect(detailsEstimate(d).years.map((y) => y.highPence)).toEqual([2000, 2860, 0]);
  });

  it('prices an answer stored before the follow-ups as it did: £125 a year', () => {
    expect(detailsYears(nurse()).map((y) => y.lines[0]?.pence)).toEqual([12_500, 12_500, 12_500]);
    expect(detailsYears(nurse())[0]?.lines[0]?.basis).toMatch(
      /^Flat rate: Healthcare staff .* radiographers £125$/,
    );
  });
});

// Decision 052: travel chosen in the funnel is claimed in the mileage wizard, prefilled from here.
describe('travel hands over to the mileage wizard (D30)', () => {
  it('adds a travel screen after the other expenses, and none without travel', () => {
    expect(detailsPlan(['travel', 'uniform'])).toEqual([
      'about-you',
      'employments',
      'tax-years',
      'clothing',
      'travel',
      'check',
      'sign',
    ]);
    expect(detailsPlan(['uniform'])).not.toContain('travel');
  });

  it("prefills the wizard's draft with the claimant, employments, years and bands, and no miles", () => {
    const d = nurse();
    d.taxYears = d.taxYears.map((y) => ({ ...y, incomeBand: y.year === '2024/25' ? 'higher' : '' }));
    const draft = mileagePrefillOf(d, claimableTaxYears(TODAY));
    expect(draft.personalInfo).toEqual(d.personalInfo);
    expect(draft.employments).toEqual(d.employments);
    expect(draft.scottishTaxpayer).toBe('no');
    expect(draft.taxYears.filter((y) => y.selected).map((y) => y.year)).toEqual([
      '2025/26',
      '2024/25',
      '2023/24',
    ]);
    expect(draft.taxYears.find((y) => y.year === '2024/25')?.incomeBand).toBe('higher');
    // One job entry per employment per year, with no miles: the wizard asks them.
    expect(draft.taxYears.every((y) => y.jobs.length === 1 && y.jobs[0]!.businessMiles === 0)).toBe(true);
    expect(draft.taxYears[0]!.jobs[0]!.employmentId).toBe('job-1');
    expect(draft.vehicleInfo.type).toBe('');
  });
});

describe('details save: bad input gets a message at the field (issue 30)', () => {
  const errorsOf = (body: unknown) => {
    const r = schema.safeParse(body);
    return r.success ? {} : fieldErrors(r);
  };
  const valid = () => JSON.parse(JSON.stringify(nurse())) as Record<string, unknown> & GeneralDetails;

  it('accepts a complete nurse', () => {
    expect(errorsOf(valid())).toEqual({});
  });

  it('refuses an industry or job not in the table', () => {
    const a = valid();
    a.expenses.clothing = { kind: 'flat-rate', industry: 'astronauts', job: 'all' };
    expect(errorsOf(a)['expenses.clothing.industry']).toBe(DETAILS_MESSAGES.industry);
    const b = valid();
    b.expenses.clothing = { kind: 'flat-rate', industry: 'healthcare', job: 'surgeon' };
    expect(errorsOf(b)['expenses.clothing.job']).toBe(DETAILS_MESSAGES.job);
  });

  it('refuses an amount below zero or over £100,000', () => {
    const a = valid();
    a.expenses.fees = { body: 'Royal College of Nursing', years: { '2024/25': -1 } };
    expect(errorsOf(a)['expenses.fees.years.2024/25']).toBe(DETAILS_MESSAGES.amount);
    a.expenses.fees = { body: 'Royal College of Nursing', years: { '2024/25': 10_000_001 } };
    expect(errorsOf(a)['expenses.fees.years.2024/25']).toBe(DETAILS_MESSAGES.amount);
  });

  it('refuses a year outside the chosen ones, and working from home for 2026/27', () => {
    const a = valid();
    a.expenses.hotel = { years: { '2019/20': 100 } };
    expect(errorsOf(a)['expenses.hotel.years.2019/20']).toBe(DETAILS_MESSAGES.yearNotClaimed('2019/20'));
    const b = valid();
    b.taxYears = b.taxYears.map((y) => ({ ...y, selected: true }));
    b.expenses.wfh = { required: true, years: { '2026/27': { kind: 'weeks', weeks: 10 } } };
    expect(errorsOf(b)['expenses.wfh.years.2026/27']).toBe(DETAILS_MESSAGES.wfhYear('2026/27'));
  });

  it('refuses a year that is not claimable today (the wizard rule)', () => {
    const a = valid();
    a.taxYears = [...a.taxYears, { ...a.taxYears[0]!, year: '2021/22', selected: true }];
    expect(Object.keys(errorsOf(a))).toContain('taxYears');
  });
});

// D39, ITEPA 2003 s343-344: a professional fee counts only for a body on HMRC's List 3 (HMRC's
// own copy: hmrc/professional-subscriptions-frontend conf/professional-bodies.json, May 2026), and
// only from the tax year HMRC approved it; a trade union not on List 3 does not count (EIM32885).
describe('a year’s professional fee on the P87 (issue 43)', () => {
  it.each<[string, string, string, number]>([
    ['a regulator on List 3, by its name', 'Nursing and Midwifery Council', '2024/25', 12_000],
    ['a body found by its initials, as List 3 spells them', 'RCM', '2024/25', 12_000],
    ['a trade union not on List 3', 'GMB', '2024/25', 0],
    ['a body not on List 3', 'Society of Made-Up Professionals', '2024/25', 0],
    ['a body approved from 2022/23, for 2021/22', 'Assistant Directors Guild UK', '2021/22', 0],
    ['the same body for 2022/23', 'Assistant Directors Guild UK', '2022/23', 12_000],
  ])('%s', (_name, body, year, pence) => {
    const line = feeLine(body, 12_000, year);
    expect(line.pence).toBe(pence);
    if (pence === 0) expect(line.basis).toMatch(/does not count/);
  });

  it('names the union reason for a union', () => {
    expect(feeLine('GMB', 5_000, '2024/25').basis).toContain('looks like a trade union');
  });
});
