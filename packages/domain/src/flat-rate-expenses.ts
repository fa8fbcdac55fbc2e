import { SELF_ASSESSMENT_THRESHOLD_GBP } from './mileage.ts';
import { yearReliefHundredths, type IncomeBandAnswer } from './tax-rates.ts';
import type { TaxYear } from './tax-years.ts';
import { isTaxYear, taxYearInfo } from './tax-years.ts';

// D30: HMRC's flat-rate expenses for uniforms, work clothing and tools (ITEPA 2003 s367, the
// "fixed sum deductions for repairing and maintaining work equipment"; EIM32712 and the industry
// pages it links, EIM32675 onward; GOV.UK "Claim tax relief for your job expenses: uniforms, work
// clothing and tools", whose table HMRC's own employee-expenses service uses). The amounts are
// yearly, in whole pounds, and have applied unchanged since 2008/09 (EIM32712: "from 2008/09").
// A job not listed in its industry, or an industry not listed, takes the general £60 (GOV.UK:
// "All other workers ... £60"). A future change is a new `amounts` entry with its first year.

export interface FlatRateAmount {
  /** First tax year the amount applies to; it applies until the next entry's year. */
  from: TaxYear;
  pounds: number;
}

export interface FlatRateJob {
  id: string;
  label: string;
  amounts: readonly FlatRateAmount[];
}

export interface FlatRateIndustry {
  id: string;
  label: string;
  jobs: readonly FlatRateJob[];
}

/** The year the current amounts took effect (EIM32712). */
export const FLAT_RATE_FROM: TaxYear = '2008/09';
/** GOV.UK: the flat rate for any job not listed, and for "all other workers" where none is given. */
export const FLAT_RATE_DEFAULT_GBP = 60;

const since = (pounds: number): readonly FlatRateAmount[] => [{ from: FLAT_RATE_FROM, pounds }];
const job = (id: string, label: string, pounds: number): FlatRateJob => ({
  id,
  label,
  amounts: since(pounds),
});
const allOther = (pounds: number): FlatRateJob => job('all-other', 'All other workers', pounds);

export const FLAT_RATE_INDUSTRIES: readonly FlatRateIndustry[] = [
  { id: 'agriculture', label: 'Agriculture', jobs: [job('all', 'All workers', 100)] },
  {
    id: 'airlines',
    label: 'Airlines',
    jobs: [
      job('cabin-crew', 'Cabin crew', 720),
      job('pilots', 'Pilots, co-pilots and flight deck crew', 1022),
    ],
  },
  {
    id: 'banks',
    label: 'Banks and building societies',
    jobs: [job('doormen-messengers', 'Uniformed doormen and messengers', 60)],
  },
  { id: 'brass-copper', label: 'Brass and copper', jobs: [job('all', 'All workers', 120)] },
  {
    id: 'building',
    label: 'Building',
    jobs: [
      job('joiners-carpenters', 'Joiners and carpenters', 140),
      job('stone-masons', 'Stone masons', 120),
      job('cement-asphalt-roofing', 'Cement works, roofing felt and asphalt labourers', 80),
      job('labourers-navvies', 'Labourers and navvies', 60),
      allOther(120),
    ],
  },
  {
    id: 'electrical',
    label: 'Electrical and electricity supply',
    jobs: [job('laundry-only', 'Workers incurring laundry costs only', 60), allOther(120)],
  },
  {
    id: 'engineering-ancillary',
    label: 'Engineering (trades ancillary to)',
    jobs: [
      job('pattern-makers', 'Pattern makers', 140),
      job('labourers-supervisory', 'Labourers, supervisory and unskilled workers', 80),
      job('apprentices', 'Apprentices and storekeepers', 60),
      allOther(120),
    ],
  },
  {
    id: 'fire-service',
    label: 'Fire service',
    jobs: [job('firefighters', 'Uniformed firefighters and fire officers', 80)],
  },
  { id: 'food', label: 'Food', jobs: [job('all', 'All workers', 60)] },
  { id: 'forestry', label: 'Forestry', jobs: [job('all', 'All workers', 100)] },
  {
    id: 'healthcare',
    label: 'Healthcare staff in the NHS, private hospitals and nursing homes',
    jobs: [
      job('ambulance', 'Ambulance staff on active service', 185),
      job(
        'nurses',
        'Nurses, midwives, chiropodists, dental nurses, occupational, speech, physiotherapists and other therapists, healthcare assistants, phlebotomists and radiographers',
        125,
      ),
      job(
        'porters-domestics',
        'Plaster room orderlies, hospital porters, ward clerks, sterile supply workers, hospital domestics and hospital catering staff',
        125,
      ),
      job('laboratory-pharmacy', 'Laboratory staff, pharmacists and pharmacy assistants', 80),
      job(
        'uniformed-ancillary',
        'Uniformed ancillary staff: maintenance workers, grounds staff, drivers, parking attendants, security guards, receptionists and other uniformed staff',
        80,
      ),
    ],
  },
  {
    id: 'heating',
    label: 'Heating',
    jobs: [
      job(
        'pipe-fitters-plumbers',
        'Pipe fitters and plumbers; coverers, laggers, domestic glaziers, heating engineers and their mates',
        120,
      ),
      allOther(100),
    ],
  },
  {
    id: 'iron-mining',
    label: 'Iron mining',
    jobs: [job('underground', 'Fillers, miners and underground workers', 120), allOther(100)],
  },
  {
    id: 'iron-steel',
    label: 'Iron and steel',
    jobs: [
      job(
        'labourers',
        'Day labourers, general labourers, stockmen, timekeepers, warehouse staff and weighmen',
        80,
      ),
      job('apprentices', 'Apprentices', 60),
      allOther(140),
    ],
  },
  {
    id: 'police',
    label: 'Police force',
    jobs: [
      job('officers', 'Uniformed police officers (ranks up to and including chief inspector)', 140),
      job('pcso', 'Police community support officers', 140),
    ],
  },
  { id: 'precious-metals', label: 'Precious metals', jobs: [job('all', 'All workers', 100)] },
  {
    id: 'printing',
    label: 'Printing',
    jobs: [
      job(
        'letterpress',
        'Letterpress section: electrical engineers (rotary presses), electrotypers, ink and roller makers, machine minders (rotary), maintenance engineers (rotary presses) and stereotypers',
        140,
      ),
      job(
        'bench-hands',
        'Bench hands (periodical publishing), bench hands (production), compositors, readers, T and E section workers, wire room operators and warehousemen',
        60,
      ),
      allOther(100),
    ],
  },
  { id: 'prisons', label: 'Prisons', jobs: [job('officers', 'Uniformed prison officers', 80)] },
  {
    id: 'public-transport',
    label: 'Public transport',
    jobs: [
      job('garage-hands', 'Garage hands (including cleaners)', 80),
      job('conductors-drivers', 'Conductors and drivers', 60),
    ],
  },
  { id: 'quarrying', label: 'Quarrying', jobs: [job('all', 'All workers', 100)] },
  {
    id: 'railways',
    label: 'Railways',
    jobs: [
      job('vehicle-repairers', 'Railway vehicle repairers and railway wagon lifters', 140),
      job('vehicle-painters', 'Railway vehicle painters, letterers and repairers\u2019 assistants', 80),
      allOther(100),
    ],
  },
  {
    id: 'seamen',
    label: 'Seamen',
    jobs: [
      job('carpenters-liners', 'Carpenters (seamen): passenger liners', 165),
      job('carpenters-cargo', 'Carpenters (seamen): cargo vessels, tankers, coasters and ferries', 140),
    ],
  },
  {
    id: 'shipyards',
    label: 'Shipyards',
    jobs: [
      job(
        'trades',
        'Blacksmiths and their strikers, boilermakers, burners, carpenters, caulkers, drillers, furnacemen (platers), holders up, fitters, platers, plumbers, riveters, sheet iron workers, shipwrights, tubers and welders',
        140,
      ),
      job('labourers', 'Labourers', 80),
      job('apprentices', 'Apprentices and storekeepers', 60),
      allOther(100),
    ],
  },
  {
    id: 'vehicles',
    label: 'Vehicles',
    jobs: [
      job('builders-repairers', 'Builders, railway vehicle repairers and railway wagon lifters', 140),
      job(
        'painters-assistants',
        'Railway vehicle painters and letterers, railway wagon builders\u2019 and repairers\u2019 assistants',
        80,
      ),
      allOther(60),
    ],
  },
  {
    id: 'wood-furniture',
    label: 'Wood and furniture',
    jobs: [
      job('carpenters', 'Carpenters, cabinet makers, joiners, wood carvers and woodcutting machinists', 140),
      job('artificial-limb-makers', 'Artificial limb makers (if not in another industry)', 120),
      job('packing-case-makers', 'Packing case makers, coopers and labourers', 60),
      allOther(100),
    ],
  },
  {
    id: 'other',
    label: 'Any other industry, or my job is not listed',
    jobs: [job('all', 'All other jobs', FLAT_RATE_DEFAULT_GBP)],
  },
];

export function flatRateIndustry(industryId: string): FlatRateIndustry | undefined {
  return FLAT_RATE_INDUSTRIES.find((i) => i.id === industryId);
}

export function flatRateJob(industryId: string, jobId: string): FlatRateJob | undefined {
  return flatRateIndustry(industryId)?.jobs.find((j) => j.id === jobId);
}

/**
 * The flat-rate expense in pence for an industry's job in a tax year, or null when the industry or
 * job is not in HMRC's table or the year is before the table's first amount.
 */
export function flatRateExpensePence(industryId: string, jobId: string, year: TaxYear): number | null {
  const found = flatRateJob(industryId, jobId);
  if (found === undefined || !isTaxYear(year)) return null;
  const start = taxYearInfo(year).startYear;
  let pounds: number | null = null;
  for (const a of found.amounts) {
    if (taxYearInfo(a.from).startYear <= start) pounds = a.pounds;
  }
  return pounds === null ? null : pounds * 100;
}

// ---------------------------------------------------------------------------------------------
// Professional fees and subscriptions (ITEPA 2003 s343-344): relief for an annual subscription is
// due only to a body HMRC has approved, published as "Professional bodies approved for tax relief
// (List 3)" on GOV.UK. Names below are as List 3 gives them; a body typed in that is not on this
// list is kept as free text and flagged for an operator to check against the full list.

export const PROFESSIONAL_BODIES_LIST_URL =
  'https://www.gov.uk/government/publications/professional-bodies-approved-for-tax-relief-list-3';

export const PROFESSIONAL_BODIES: readonly string[] = [
  'Association of Chartered Certified Accountants',
  'BCS, The Chartered Institute for IT',
  'British Dental Association',
  'British Medical Association',
  'British Psychological Society',
  'Chartered Institute of Building',
  'Chartered Institute of Environmental Health',
  'Chartered Institute of Management Accountants',
  'Chartered Institute of Marketing',
  'Chartered Institute of Personnel and Development',
  'Chartered Institute of Procurement and Supply',
  'Chartered Institute of Taxation',
  'Chartered Management Institute',
  'Chartered Society of Physiotherapy',
  'General Dental Council',
  'General Medical Council',
  'General Optical Council',
  'General Pharmaceutical Council',
  'Health and Care Professions Council',
  'Institute of Chartered Accountants in England and Wales',
  'Institution of Civil Engineers',
  'Institution of Engineering and Technology',
  'Institution of Mechanical Engineers',
  'Law Society',
  'Medical Defence Union',
  'Medical Protection Society',
  'Nursing and Midwifery Council',
  'Royal College of Midwives',
  'Royal College of Nursing',
  'Royal Institute of British Architects',
  'Royal Institution of Chartered Surveyors',
  'Royal Pharmaceutical Society',
  'Royal Society of Chemistry',
];

/** Whether a body's name is one of PROFESSIONAL_BODIES (ignoring case and spacing). */
export function isListedProfessionalBody(name: string): boolean {
  const key = normaliseBody(name);
  return key !== '' && PROFESSIONAL_BODIES.some((b) => normaliseBody(b) === key);
}

function normaliseBody(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// The estimate for a general claim's expenses: each year's total at the claimant's rate (D21, D31).

export interface ExpenseYearInput {
  year: TaxYear;
  /** The year's expenses in pence (flat rate, actual costs, fees, ...). */
  pence: number;
  band?: IncomeBandAnswer | undefined;
  taxablePay?: number | null;
  taxPaid?: number | null;
}

export interface ExpenseYearEstimate {
  year: TaxYear;
  pence: number;
  /** Whole percents: one for a known band, [basic, higher] otherwise. */
  rates: number[];
  /** Relief in pence at the lowest and highest of `rates` (equal for a known band or pay). */
  lowPence: number;
  highPence: number;
  upperFigure: boolean;
  cappedAtTaxPaid: boolean;
  /**
   * The claimant told us their rate for the year (a band, or taxable pay). Without it `rates` are
   * the basic and the higher rate, and the figure is a range (issue 30: honest when not given).
   */
  rateKnown: boolean;
  /** D31: expenses over £2,500: HMRC takes this year only through Self Assessment, not a P87. */
  selfAssessmentRequired: boolean;
}

export interface ExpenseEstimate {
  years: ExpenseYearEstimate[];
  /** Pence over the years that can go on a P87 (Self Assessment years are shown but not counted). */
  lowPence: number;
  highPence: number;
  upperFigure: boolean;
}

export function estimateExpenseRelief(input: {
  scottish: boolean;
  years: readonly ExpenseYearInput[];
}): ExpenseEstimate {
  let lowSum = 0;
  let highSum = 0;
  const years = input.years.map((y): ExpenseYearEstimate => {
    const pence = Number.isFinite(y.pence) ? Math.max(0, Math.round(y.pence)) : 0;
    const r = yearReliefHundredths({
      year: y.year,
      scottish: input.scottish,
      pence,
      band: y.band,
      taxablePay: y.taxablePay,
      taxPaid: y.taxPaid,
    });
    const selfAssessmentRequired = pence > SELF_ASSESSMENT_THRESHOLD_GBP * 100;
    if (!selfAssessmentRequired) {
      lowSum += r.lowH;
      highSum += r.highH;
    }
    return {
      year: y.year,
      pence,
      rates: r.rates,
      lowPence: Math.round(r.lowH / 100),
      highPence: Math.round(r.highH / 100),
      upperFigure: r.upperFigure,
      cappedAtTaxPaid: r.cappedAtTaxPaid,
      rateKnown: (y.taxablePay !== null && y.taxablePay !== undefined) || r.rates.length === 1,
      selfAssessmentRequired,
    };
  });
  return {
    years,
    lowPence: Math.round(lowSum / 100),
    highPence: Math.round(highSum / 100),
    upperFigure: years.some((y) => y.upperFigure),
  };
}

/**
 * How a year's figure was reached, in words beside it: the claimant's rate, or (no band given)
 * plainly that it is a range between the basic and the higher rate.
 */
export function expenseEstimateBasis(y: ExpenseYearEstimate): string {
  if (y.selfAssessmentRequired) return 'claimed on a Self Assessment tax return, not counted here';
  const low = Math.min(...y.rates);
  const high = Math.max(...y.rates);
  if (!y.rateKnown)
    return `you have not told us your income, so this is between the basic rate (${low}%) and the higher rate (${high}%)`;
  return low === high ? `at your rate of ${high}%` : `at your rates of ${low}% to ${high}%`;
}

// Working from home (D21, D28): GOV.UK "Claim tax relief for your job expenses: working from
// home": "£6 a week from 6 April 2020 ... you will not need to keep evidence", ended after 2025/26.
export const WFH_WEEKLY_FLAT_RATE_PENCE = 600;
export const WEEKS_IN_TAX_YEAR = 52;

/** The weekly flat rate for `weeks` weeks (whole weeks, 0 to 52), in pence. */
export function wfhFlatRatePence(weeks: number): number {
  const w = Number.isFinite(weeks) ? Math.min(WEEKS_IN_TAX_YEAR, Math.max(0, Math.floor(weeks))) : 0;
  return w * WFH_WEEKLY_FLAT_RATE_PENCE;
}
