import { SELF_ASSESSMENT_THRESHOLD_GBP } from './mileage.ts';
import { formatPounds } from './number-format.ts';
import { yearReliefHundredths, type IncomeBandAnswer } from './tax-rates.ts';
import type { TaxYear } from './tax-years.ts';
import { isTaxYear, taxYearInfo } from './tax-years.ts';

// D30: HMRC's flat-rate expenses for uniforms, work clothing and tools (ITEPA 2003 s367, the
// "fixed sum deductions for repairing and maintaining work equipment"). The tree is HMRC's:
// industry, then job, then the follow-up questions HMRC's own service asks.
//
// Sources, named beside each row:
// - EIM32712: HMRC's Employment Income Manual, "flat rate expenses: table of agreed amounts",
//   the amounts fixed for 2008/09 onwards (industry letters a, b, c... are its rows);
// - GOV.UK "Check how much tax relief you can claim for uniforms, work clothing and tools"
//   (gov.uk/guidance/job-expenses-for-uniforms-work-clothing-and-tools): the same table, and
//   "If your industry and job are not shown, you can claim a flat rate expense amount of £60";
// - HMRC's employee-expenses service (github.com/hmrc/employee-expenses-frontend): amounts in
//   app/config/ClaimAmounts.scala, the jobs it lists in conf/messages, and who it turns away in
//   app/navigation (police, armed forces);
// - EIM67200 (nursing staff): the shoes and stockings or tights allowance;
// - EIM68131 (police): special constables get no flat rate.
// The amounts are yearly, in whole pounds, unchanged since 2008/09. A future change is a new
// `amounts` entry with its first year.

export interface FlatRateAmount {
  /** First tax year the amount applies to; it applies until the next entry's year. */
  from: TaxYear;
  pounds: number;
}

export interface FlatRateJob {
  id: string;
  label: string;
  /** HMRC's amount per tax year; empty for a job HMRC gives no flat rate (see `excluded`). */
  amounts: readonly FlatRateAmount[];
  /** Other names HMRC's service uses for the job, found by `searchFlatRateJobs`. */
  keywords?: readonly string[];
  /** EIM67200: the job may add the shoes and stockings or tights allowance. */
  shoesAndStockings?: boolean;
  /** HMRC gives this job no flat rate: why, in plain words (the claim for it is £0). */
  excluded?: string;
}

export interface FlatRateIndustry {
  id: string;
  label: string;
  /** What the industry covers, as HMRC words it, where the label alone would not say. */
  hint?: string;
  keywords?: readonly string[];
  jobs: readonly FlatRateJob[];
}

/** The year the current amounts took effect (EIM32712). */
export const FLAT_RATE_FROM: TaxYear = '2008/09';
/** GOV.UK: the flat rate for any job not listed, and for "all other workers" where none is given. */
export const FLAT_RATE_DEFAULT_GBP = 60;

const since = (pounds: number): readonly FlatRateAmount[] => [{ from: FLAT_RATE_FROM, pounds }];
const job = (
  id: string,
  label: string,
  pounds: number,
  more: Omit<FlatRateJob, 'id' | 'label' | 'amounts'> = {},
): FlatRateJob => ({ id, label, amounts: since(pounds), ...more });
const allOther = (pounds: number): FlatRateJob => job('all-other', 'All other workers', pounds);
const notEntitled = (id: string, label: string, excluded: string): FlatRateJob => ({
  id,
  label,
  amounts: [],
  excluded,
});

export const FLAT_RATE_INDUSTRIES: readonly FlatRateIndustry[] = [
  // EIM32712 Agriculture; ClaimAmounts.agriculture.
  { id: 'agriculture', label: 'Agriculture', jobs: [job('all', 'All workers', 100)] },
  {
    // EIM32712 Airlines refers to EIM50050 and EIM50070 for the amounts; GOV.UK's table and
    // ClaimAmounts.Transport.Airlines give £1,022 and £720. HMRC's service sends airline staff to
    // its postal or online form, but the amounts are the same.
    id: 'airlines',
    label: 'Airlines',
    keywords: ['transport', 'travel', 'aviation'],
    jobs: [
      job('cabin-crew', 'Cabin crew', 720),
      job('pilots', 'Pilots, co-pilots, helicopter pilots and uniformed flight deck crew', 1022),
    ],
  },
  {
    // EIM32712 Aluminium a to d; ClaimAmounts.Manufacturing.Aluminium (list1 and list2 £140,
    // list3 £80, apprentice £60, allOther £120); the jobs as conf/messages lists them.
    id: 'aluminium',
    label: 'Aluminium',
    keywords: ['manufacturing', 'warehousing', 'metal'],
    jobs: [
      job(
        'process-workers',
        'Continual casting operators, process operators, de-dimplers, driers, drill punchers, dross unloaders, firemen (lighting and keeping up furnaces), furnace operators and their helpers, leaders, mould-men, pourers, remelt department labourers and roll flatteners',
        140,
      ),
      job(
        'cable-hands-labourers',
        'Cable hands, case makers, labourers, mates, truck drivers, measurers and storekeepers',
        80,
      ),
      job('apprentices', 'Apprentices', 60),
      allOther(120),
    ],
  },
  {
    // EIM32712 Armed forces refers to EIM50125; HMRC's service answers "Armed Forces" with "You
    // cannot claim tax relief for this expense ... you get tax relief through your payroll"
    // (FifthIndustryOptions → CannotClaimExpense).
    id: 'armed-forces',
    label: 'Armed forces',
    keywords: ['army', 'navy', 'raf', 'royal air force', 'royal marines', 'military', 'soldier'],
    jobs: [
      notEntitled(
        'all',
        'All ranks',
        'The armed forces get this tax relief through their pay, so HMRC takes no claim for it',
      ),
    ],
  },
  {
    // EIM32712 Banks and building societies; HMRC's service prices the industry at defaultRate.
    id: 'banks',
    label: 'Banks and building societies',
    jobs: [job('doormen-messengers', 'Uniformed doormen and messengers', 60)],
  },
  {
    // EIM32712 Brass and copper; ClaimAmounts.Manufacturing.brassCopper.
    id: 'brass-copper',
    label: 'Brass and copper',
    keywords: ['manufacturing', 'metal'],
    jobs: [
      job('all', 'Braziers, coppersmiths, finishers, fitters, moulders, turners and all other workers', 120),
    ],
  },
  {
    // EIM32712 Building a to d; ClaimAmounts.Construction (joinersCarpenters £140, asphaltCement
    // and roofingFelt £80, labourerNavvy £60, allOther £120). Stone masons are not here: EIM32712
    // lists them under Building materials (the old id still resolves, FLAT_RATE_JOB_MOVES).
    id: 'building',
    label: 'Building',
    keywords: ['construction', 'builder'],
    jobs: [
      job('joiners-carpenters', 'Joiners and carpenters', 140),
      job('cement-asphalt-roofing', 'Cement works, roofing felt and asphalt labourers', 80),
      job('labourers-navvies', 'Labourers and navvies', 60),
      allOther(120),
    ],
  },
  {
    // EIM32712 Building materials a to c; ClaimAmounts.Construction (stoneMasons £120, tileMaker
    // £60, buildingMaterials £80).
    id: 'building-materials',
    label: 'Building materials',
    keywords: ['construction'],
    jobs: [
      job('stone-masons', 'Stone masons', 120, { keywords: ['stonemason'] }),
      job('tilemakers-labourers', 'Tilemakers and labourers', 60, { keywords: ['tile maker'] }),
      allOther(80),
    ],
  },
  {
    // EIM32712 Clothing a and b (both £60); HMRC's service gives the general £60 to clothing
    // workers outside its leather list.
    id: 'clothing',
    label: 'Clothing',
    keywords: ['textiles', 'garment'],
    jobs: [
      job(
        'lacemakers-dyers',
        'Lacemakers, hosiery bleachers, dyers, scourers and knitters, knitwear bleachers and dyers',
        60,
      ),
      allOther(60),
    ],
  },
  {
    // EIM32712 Constructional engineering a to d; ClaimAmounts.ConstructionalEngineering (list1
    // and list2 £140, list3 £80, apprentice £60, allOther £100); "including buildings, shipyards,
    // bridges and roads" is HMRC's service's description (typeOfEngineering).
    id: 'constructional-engineering',
    label: 'Constructional engineering',
    hint: 'Including buildings, shipyards, bridges and roads',
    keywords: ['engineering', 'engineer', 'construction'],
    jobs: [
      job(
        'trades',
        'Blacksmiths and their strikers, burners, caulkers, chippers, drillers, erectors, fitters, holders up, markers off, platers, riggers, riveters, rivet heaters, scaffolders, sheeters, template workers, turners and welders',
        140,
      ),
      job('labourers', 'Banksmen, labourers, shop-helpers, slewers and straighteners', 80),
      job('apprentices', 'Apprentices and storekeepers', 60),
      allOther(100),
    ],
  },
  {
    // EIM32712 Public service: docks and inland waterways a and b; ClaimAmounts.docksAndWaterways
    // £80, and HMRC's service's defaultRate for other dock workers.
    id: 'docks',
    label: 'Docks and inland waterways',
    keywords: ['port', 'canal', 'river'],
    jobs: [job('dockers', 'Dockers, dredger drivers and hopper steerers', 80), allOther(60)],
  },
  {
    // EIM32712 Electrical and electricity supply; ClaimAmounts.Electrical (onlyLaundry £60,
    // allOther £120).
    id: 'electrical',
    label: 'Electrical and electricity supply',
    jobs: [job('laundry-only', 'Workers incurring laundry costs only', 60), allOther(120)],
  },
  {
    // EIM32712 Engineering (trades ancillary to) a to e; ClaimAmounts.AncillaryEngineering
    // (patternMaker £140, labourerSupervisorUnskilledWorker £80, apprentice £60, allOther £120).
    // Motor mechanics in garage repair shops (£120) are GOV.UK's row; HMRC's service has no
    // question for them and gives them its £120 for all other workers.
    id: 'engineering-ancillary',
    label: 'Engineering (trades ancillary to)',
    hint: 'Trades relating to engineering',
    keywords: ['engineer'],
    jobs: [
      job('pattern-makers', 'Pattern makers', 140),
      job('labourers-supervisory', 'Labourers, supervisory and unskilled workers', 80),
      job('apprentices', 'Apprentices and storekeepers', 60),
      job('motor-mechanics', 'Motor mechanics in garage repair shops', 120),
      allOther(120),
    ],
  },
  {
    // EIM32712 Particular engineering a to d; HMRC's service calls it "Factory or workshop
    // engineering": ClaimAmounts.FactoryEngineering (list1 £140, list2 £120, apprentice £60,
    // allOther £80).
    id: 'engineering-factory',
    label: 'Engineering (factory or workshop)',
    hint: 'Particular engineering',
    keywords: ['engineer', 'manufacturing'],
    jobs: [
      job('pattern-makers', 'Pattern makers', 140),
      job(
        'chainmakers-galvanisers',
        'Chainmakers, cleaners, galvanisers, tinners, wire drawers in the wire drawing industry and toolmakers in the lock making industry',
        120,
      ),
      job('apprentices', 'Apprentices and storekeepers', 60),
      allOther(80),
    ],
  },
  {
    // EIM32712 Fire service; ClaimAmounts.fireService.
    id: 'fire-service',
    label: 'Fire service',
    jobs: [job('firefighters', 'Uniformed firefighters and fire officers', 80)],
  },
  // EIM32712 Food; HMRC's service gives food and catering outside the NHS its defaultRate.
  { id: 'food', label: 'Food', keywords: ['catering'], jobs: [job('all', 'All workers', 60)] },
  // EIM32712 Forestry; ClaimAmounts.forestry.
  { id: 'forestry', label: 'Forestry', jobs: [job('all', 'All workers', 100)] },
  // EIM32712 Glass; ClaimAmounts.Manufacturing.glass.
  { id: 'glass', label: 'Glass', keywords: ['manufacturing'], jobs: [job('all', 'All workers', 80)] },
  {
    // EIM32712 Healthcare staff a to e; ClaimAmounts.Healthcare (ambulanceStaff £185, list2 and
    // catering £125, allOther £80). HMRC's service prices its first healthcare list at £143: the
    // £125 with EIM67200's shoes (£12) and stockings or tights (£6); here those are asked.
    // HMRC's service also finds NHS catering staff (£125) and NHS security guards (£80) here.
    id: 'healthcare',
    label: 'Healthcare staff in the NHS, private hospitals and nursing homes',
    keywords: ['nhs', 'hospital', 'health', 'care'],
    jobs: [
      job('ambulance', 'Ambulance staff on active service', 185, { keywords: ['paramedic'] }),
      job(
        'nurses',
        'Nurses, midwives, chiropodists, dental nurses, occupational, speech, physiotherapists and other therapists, healthcare assistants, phlebotomists and radiographers',
        125,
        { shoesAndStockings: true },
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
    // EIM32712 Heating a to c; ClaimAmounts.Heating (list £120, allOther £100).
    id: 'heating',
    label: 'Heating',
    jobs: [
      job(
        'pipe-fitters-plumbers',
        'Pipe fitters and plumbers; coverers, laggers, domestic glaziers, heating engineers and their mates',
        120,
      ),
      job('all-other', 'All gas workers and all other workers', 100),
    ],
  },
  {
    // EIM32712 Iron mining; ClaimAmounts.Manufacturing.IronMining (list1 £120, allOther £100).
    id: 'iron-mining',
    label: 'Iron mining',
    keywords: ['miner'],
    jobs: [job('underground', 'Fillers, miners and underground workers', 120), allOther(100)],
  },
  {
    // EIM32712 Iron and steel; ClaimAmounts.Manufacturing.IronSteel (list1 £80, apprentice £60,
    // allOther £140).
    id: 'iron-steel',
    label: 'Iron and steel',
    keywords: ['manufacturing', 'metal', 'steelworks'],
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
    // EIM32712 Leather a and b; HMRC's service ("Clothing and textiles (including leather)"):
    // ClaimAmounts.Clothing.clothingList £80 for its list, defaultRate £60 otherwise.
    id: 'leather',
    label: 'Leather',
    keywords: ['tannery', 'clothing'],
    jobs: [
      job(
        'curriers-tanners',
        'Curriers (wet workers), fellmongering workers and tanning operatives (wet)',
        80,
      ),
      allOther(60),
    ],
  },
  {
    // EIM32712 Police force a and b; ClaimAmounts.Police (£140 each). HMRC's service asks in
    // turn: special constable (turned away: EIM68131, they have no police pay to set it
    // against), community support officer (£140), Metropolitan Police (turned away: relief
    // through payroll), rank up to and including chief inspector (£140, otherwise defaultRate
    // £60: PoliceOfficerController).
    id: 'police',
    label: 'Police force',
    jobs: [
      job('officers', 'Uniformed police officers (ranks up to and including chief inspector)', 140, {
        keywords: ['constable', 'sergeant', 'inspector'],
      }),
      job('pcso', 'Police community support officers', 140, { keywords: ['pcso'] }),
      job('above-chief-inspector', 'Police officers above the rank of chief inspector', 60, {
        keywords: ['superintendent'],
      }),
      notEntitled(
        'metropolitan',
        'Metropolitan Police officers',
        'The Metropolitan Police gives this tax relief through its payroll, so HMRC takes no claim for it',
      ),
      notEntitled(
        'special-constables',
        'Special constables',
        'Special constables are volunteers with no police pay to set the flat rate against, so HMRC gives them none',
      ),
    ],
  },
  {
    // EIM32712 Precious metals; ClaimAmounts.Manufacturing.quarryingPreciousMetals.
    id: 'precious-metals',
    label: 'Precious metals',
    keywords: ['manufacturing', 'jeweller'],
    jobs: [job('all', 'All workers', 100)],
  },
  {
    // EIM32712 Printing a to c; ClaimAmounts.Printing (list1 £140, list2 £60, allOther £100).
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
        'Bench hands (periodical and bookbinding section), compositors and readers (letterpress section), telecommunications and electronic section wire room operators, and warehousemen (paper box making section)',
        60,
      ),
      allOther(100),
    ],
  },
  // EIM32712 Prisons; ClaimAmounts.prisons.
  { id: 'prisons', label: 'Prisons', jobs: [job('officers', 'Uniformed prison officers', 80)] },
  {
    // EIM32712 Public service: public transport; ClaimAmounts.Transport.PublicTransport.
    id: 'public-transport',
    label: 'Public transport',
    keywords: ['transport', 'bus', 'travel'],
    jobs: [
      job('garage-hands', 'Garage hands (including cleaners)', 80),
      job('conductors-drivers', 'Conductors and drivers', 60),
    ],
  },
  // EIM32712 Quarrying; ClaimAmounts.Manufacturing.quarryingPreciousMetals.
  { id: 'quarrying', label: 'Quarrying', jobs: [job('all', 'All workers', 100)] },
  {
    // EIM32712 Railways (craftsmen under their own trade, all other workers £100);
    // ClaimAmounts.Transport.Railways (vehicleRepairersWagonLifters £140, vehiclePainters £80).
    id: 'railways',
    label: 'Railways',
    keywords: ['transport', 'rail', 'train', 'travel'],
    jobs: [
      job('vehicle-repairers', 'Railway vehicle repairers and railway wagon lifters', 140),
      job('vehicle-painters', 'Railway vehicle painters, letterers and repairers\u2019 assistants', 80),
      allOther(100),
    ],
  },
  {
    // EIM32712 Seamen: carpenters; ClaimAmounts.Transport.Seamen.
    id: 'seamen',
    label: 'Seamen',
    keywords: ['transport', 'ship', 'sailor'],
    jobs: [
      job('carpenters-liners', 'Carpenters (seamen): passenger liners', 165),
      job('carpenters-cargo', 'Carpenters (seamen): cargo vessels, tankers, coasters and ferries', 140),
    ],
  },
  {
    // EIM32712 Shipyards a to d; ClaimAmounts.Shipyard (list1 and list2 £140, labourer £80,
    // apprentice £60, allOther £100).
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
    // EIM32712 Textiles and textile printing a and b; ClaimAmounts.Textiles (list1 £120,
    // allOther £80).
    id: 'textiles',
    label: 'Textiles and textile printing',
    keywords: ['spinning', 'mill'],
    jobs: [
      job('carders', 'Carders, carding engineers, overlookers and technicians in spinning mills', 120),
      allOther(80),
    ],
  },
  {
    // EIM32712 Vehicles a to c; ClaimAmounts.Transport.VehicleTrade (£140, £80, allOther £60).
    id: 'vehicles',
    label: 'Vehicles',
    keywords: ['transport'],
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
    // EIM32712 Wood and furniture a to d; ClaimAmounts.Manufacturing.WoodFurniture (list1 £140,
    // list2 £120, list3 £60, allOther £100), the jobs as conf/messages lists them. Packing case
    // makers are £120 with artificial limb makers, not £60 (the old "packing-case-makers" id,
    // which also covered coopers and labourers at £60, resolves to the £60 row).
    id: 'wood-furniture',
    label: 'Wood and furniture',
    keywords: ['manufacturing', 'carpentry'],
    jobs: [
      job('carpenters', 'Carpenters, cabinet makers, joiners, wood carvers and woodcutting machinists', 140),
      job(
        'artificial-limb-makers',
        'Artificial limb makers (other than in wood), organ builders and packing case makers',
        120,
      ),
      job(
        'coopers-labourers',
        'Coopers not providing their own tools, labourers, polishers and upholsterers',
        60,
      ),
      allOther(100),
    ],
  },
  {
    // GOV.UK: "If your industry and job are not shown, you can claim ... £60"; HMRC's service
    // gives its defaultRate to retail, education, leisure and every industry it does not list.
    id: 'other',
    label: 'Any other industry, or my job is not listed',
    keywords: ['retail', 'shop', 'education', 'leisure', 'security', 'uniform'],
    jobs: [job('all', 'All other jobs', FLAT_RATE_DEFAULT_GBP)],
  },
];

/**
 * Jobs that moved in the table, by their old `industry/job`: stored claims keep the old ids and
 * still price (issue 43). The old Building "stone-masons" row was EIM32712's Building materials
 * row; the old Wood and furniture "packing-case-makers" row ("packing case makers, coopers and
 * labourers", £60) goes to the £60 row, so a stored claim keeps its figure.
 */
export const FLAT_RATE_JOB_MOVES: Readonly<Record<string, { industry: string; job: string }>> = {
  'building/stone-masons': { industry: 'building-materials', job: 'stone-masons' },
  'wood-furniture/packing-case-makers': { industry: 'wood-furniture', job: 'coopers-labourers' },
};

export function flatRateIndustry(industryId: string): FlatRateIndustry | undefined {
  return FLAT_RATE_INDUSTRIES.find((i) => i.id === industryId);
}

/** An industry's job and the industry it sits in, following FLAT_RATE_JOB_MOVES for an old id. */
export function resolveFlatRateJob(
  industryId: string,
  jobId: string,
): { industry: FlatRateIndustry; job: FlatRateJob } | undefined {
  const direct = flatRateIndustry(industryId);
  const found = direct?.jobs.find((j) => j.id === jobId);
  if (direct !== undefined && found !== undefined) return { industry: direct, job: found };
  const moved = Object.hasOwn(FLAT_RATE_JOB_MOVES, `${industryId}/${jobId}`)
    ? FLAT_RATE_JOB_MOVES[`${industryId}/${jobId}`]
    : undefined;
  if (moved === undefined) return undefined;
  const industry = flatRateIndustry(moved.industry);
  const movedJob = industry?.jobs.find((j) => j.id === moved.job);
  return industry !== undefined && movedJob !== undefined ? { industry, job: movedJob } : undefined;
}

/** The job of an industry (an old, moved id gives the job it moved to). */
export function flatRateJob(industryId: string, jobId: string): FlatRateJob | undefined {
  return resolveFlatRateJob(industryId, jobId)?.job;
}

function poundsIn(amounts: readonly FlatRateAmount[], year: TaxYear): number | null {
  const start = taxYearInfo(year).startYear;
  let pounds: number | null = null;
  for (const a of amounts) {
    if (taxYearInfo(a.from).startYear <= start) pounds = a.pounds;
  }
  return pounds;
}

/**
 * HMRC's flat rate in pence for an industry's job in a tax year (no extras, nothing taken off):
 * null when the industry or job is not in the table or the year is before the table's first
 * amount; 0 for a job HMRC gives no flat rate (special constables, the armed forces).
 */
export function flatRateExpensePence(industryId: string, jobId: string, year: TaxYear): number | null {
  const found = flatRateJob(industryId, jobId);
  if (found === undefined || !isTaxYear(year)) return null;
  if (found.excluded !== undefined) return 0;
  const pounds = poundsIn(found.amounts, year);
  return pounds === null ? null : pounds * 100;
}

/**
 * EIM67200: healthcare staff in the nurses' row who must buy their own shoes, and stockings or
 * tights, add £12 and £6 to the £125 (HMRC's service's £143 for the row is all three).
 */
export const SHOES_AND_STOCKINGS_AMOUNTS: readonly {
  from: TaxYear;
  shoesPounds: number;
  stockingsPounds: number;
}[] = [{ from: FLAT_RATE_FROM, shoesPounds: 12, stockingsPounds: 6 }];

export interface FlatRateClaimInput {
  industry: string;
  job: string;
  year: TaxYear;
  /** The employer requires the claimant to buy their own shoes (a job with `shoesAndStockings`). */
  shoes?: boolean | undefined;
  /** The employer requires the claimant to buy their own stockings or tights (likewise). */
  stockings?: boolean | undefined;
  /** What the employer paid in the year towards the same costs, in pence (EIM32710). */
  employerPaysPence?: number | undefined;
  /** HMRC already gives the flat rate for this year through the claimant's tax code. */
  alreadyInTaxCode?: boolean | undefined;
}

export interface FlatRateClaim {
  /** The industry and job priced (an old, moved id gives where it moved to). */
  industry: FlatRateIndustry;
  job: FlatRateJob;
  year: TaxYear;
  /** HMRC's flat rate for the job and year, in pence. */
  ratePence: number;
  /** EIM67200's shoes and stockings or tights allowance added to the rate, in pence. */
  shoesPence: number;
  stockingsPence: number;
  /** The year's figure before anything is taken off: rate, shoes and stockings. */
  grossPence: number;
  /** The employer's contribution taken off, never more than the gross figure. */
  employerPaidPence: number;
  /** What the claimant can claim for the year, in pence: never below 0. */
  pence: number;
  /** Why the year claims less than its gross figure, in plain words; absent when it claims it all. */
  reason?: string;
  /** Set when HMRC gives the job no flat rate at all: why (pence and grossPence are then 0). */
  excluded?: string;
}

/** The claimant's words for why a year already in the tax code claims nothing. */
export const FLAT_RATE_IN_TAX_CODE_REASON =
  'HMRC already gives this flat rate through your tax code for this year, so it is not claimed again';

/**
 * A year's flat-rate claim for uniforms, work clothing and tools: HMRC's rate for the job, with
 * the healthcare shoes and stockings allowance where the job has it (EIM67200), less what the
 * employer paid towards the same costs (EIM32710: "reduced to a corresponding extent", never
 * below nothing). A job HMRC gives no flat rate, or a year HMRC already gives it through the tax
 * code, claims nothing, with the reason. Null when the industry or job is not in the table, or
 * the year is not a tax year from 2008/09.
 */
export function flatRateClaimFor(input: FlatRateClaimInput): FlatRateClaim | null {
  const found = resolveFlatRateJob(input.industry, input.job);
  if (found === undefined || !isTaxYear(input.year)) return null;
  const { year } = input;
  const base = { industry: found.industry, job: found.job, year };
  if (found.job.excluded !== undefined) {
    return {
      ...base,
      ratePence: 0,
      shoesPence: 0,
      stockingsPence: 0,
      grossPence: 0,
      employerPaidPence: 0,
      pence: 0,
      reason: found.job.excluded,
      excluded: found.job.excluded,
    };
  }
  const rate = poundsIn(found.job.amounts, year);
  if (rate === null) return null;
  const extras = found.job.shoesAndStockings === true ? extrasIn(year) : null;
  const shoesPence = input.shoes === true && extras !== null ? extras.shoesPounds * 100 : 0;
  const stockingsPence = input.stockings === true && extras !== null ? extras.stockingsPounds * 100 : 0;
  const ratePence = rate * 100;
  const grossPence = ratePence + shoesPence + stockingsPence;
  const figures = { ...base, ratePence, shoesPence, stockingsPence, grossPence };
  if (input.alreadyInTaxCode === true) {
    return { ...figures, employerPaidPence: 0, pence: 0, reason: FLAT_RATE_IN_TAX_CODE_REASON };
  }
  const paid = wholePence(input.employerPaysPence);
  const employerPaidPence = Math.min(paid, grossPence);
  const pence = grossPence - employerPaidPence;
  if (paid === 0) return { ...figures, employerPaidPence, pence };
  return {
    ...figures,
    employerPaidPence,
    pence,
    reason:
      pence === 0
        ? `Your employer paid ${poundsText(paid)} towards these costs, which covers the whole flat rate, so there is nothing to claim`
        : `The ${poundsText(paid)} your employer paid towards these costs is taken off`,
  };
}

function extrasIn(year: TaxYear): { shoesPounds: number; stockingsPounds: number } | null {
  const start = taxYearInfo(year).startYear;
  let found: { shoesPounds: number; stockingsPounds: number } | null = null;
  for (const a of SHOES_AND_STOCKINGS_AMOUNTS) {
    if (taxYearInfo(a.from).startYear <= start) found = a;
  }
  return found;
}

function wholePence(pence: number | undefined): number {
  return pence !== undefined && Number.isFinite(pence) ? Math.max(0, Math.round(pence)) : 0;
}

/** £140, or £20.50 where there are pence. */
function poundsText(pence: number): string {
  return formatPounds(pence / 100, pence % 100 === 0 ? { min: 0, max: 0 } : { min: 2, max: 2 });
}

/**
 * How a year's flat-rate claim was reached, in plain words for the P87 worksheet and check your
 * answers: "Flat rate: Constructional engineering, Blacksmiths ... welders £140, less £20 your
 * employer paid".
 */
export function flatRateClaimBasis(claim: FlatRateClaim): string {
  const head = `Flat rate: ${claim.industry.label}, ${claim.job.label}`;
  if (claim.excluded !== undefined) return `${head}: nothing to claim. ${claim.excluded}`;
  const extras = [
    ...(claim.shoesPence > 0 ? [`${poundsText(claim.shoesPence)} for shoes`] : []),
    ...(claim.stockingsPence > 0 ? [`${poundsText(claim.stockingsPence)} for stockings or tights`] : []),
  ];
  let text = `${head} ${poundsText(claim.ratePence)}`;
  if (extras.length > 0) text += `, with ${extras.join(' and ')}`;
  if (claim.employerPaidPence > 0) text += `, less ${poundsText(claim.employerPaidPence)} your employer paid`;
  if (claim.pence === 0 && claim.reason !== undefined) text += `. ${claim.reason}`;
  return text;
}

export interface FlatRateJobMatch {
  industry: FlatRateIndustry;
  job: FlatRateJob;
}

/**
 * Jobs across every industry whose words (the job's and its industry's labels, hints and
 * keywords) take in every word of the query, ignoring case and punctuation; a word matches the
 * start of a word ("fitter" finds "fitters", "nurse" finds "nurses"). Jobs matched on their own
 * words come before those matched only through their industry; otherwise the table's order. An
 * empty query finds nothing. For an accessible search where the list is long.
 */
export function searchFlatRateJobs(query: string): FlatRateJobMatch[] {
  const wanted = searchWords(query).map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w));
  if (wanted.length === 0) return [];
  const has = (words: readonly string[], w: string) => words.some((x) => x.startsWith(w));
  const scored: { match: FlatRateJobMatch; own: boolean }[] = [];
  for (const industry of FLAT_RATE_INDUSTRIES) {
    const industryWords = searchWords(
      [industry.label, industry.hint ?? '', ...(industry.keywords ?? [])].join(' '),
    );
    for (const j of industry.jobs) {
      const jobWords = searchWords([j.label, ...(j.keywords ?? [])].join(' '));
      if (!wanted.every((w) => has(jobWords, w) || has(industryWords, w))) continue;
      scored.push({ match: { industry, job: j }, own: wanted.every((w) => has(jobWords, w)) });
    }
  }
  return [...scored.filter((s) => s.own), ...scored.filter((s) => !s.own)].map((s) => s.match);
}

function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
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
