import { describe, expect, it } from 'vitest';
import {
  FLAT_RATE_INDUSTRIES,
  FLAT_RATE_IN_TAX_CODE_REASON,
  FLAT_RATE_JOB_MOVES,
  flatRateClaimBasis,
  flatRateClaimFor,
  flatRateExpensePence,
  flatRateJob,
  resolveFlatRateJob,
  searchFlatRateJobs,
} from './flat-rate-expenses.ts';
import {
  createDetailsSaveSchema,
  DETAILS_MESSAGES,
  generalDetailsSchema,
  MAX_EXPENSE_PENCE,
} from './general-details-schemas.ts';
import { clothingLine, detailsYears, type ClothingAnswer, type GeneralDetails } from './general-details.ts';
import { fieldErrors } from './schema-validation.ts';
import { claimableTaxYears } from './tax-years.ts';
import { createEmptySnapshot } from './wizard-snapshot.ts';

// Issue 43: the flat-rate tree as HMRC has it (ITEPA 2003 s367). Sources, as the table names them:
// - EIM32712: HMRC's Employment Income Manual, "flat rate expenses: table of agreed amounts"
//   (2008/09 onwards); the letters (a, b, ...) are its rows;
// - GOV.UK "Check how much tax relief you can claim for uniforms, work clothing and tools";
// - HMRC's employee-expenses service (github.com/hmrc/employee-expenses-frontend):
//   app/config/ClaimAmounts.scala for amounts, conf/messages for jobs, app/navigation for who it
//   turns away;
// - EIM67200 (nursing staff: shoes £12, stockings or tights £6); EIM68131 (special constables);
//   EIM32710 (an employer's contribution reduces the flat rate).
// The amounts have not changed since 2008/09, so 2023/24 and 2026/27 have the same figure.
const YEARS = ['2023/24', '2026/27'] as const;

// 26 November 2026: the claimable years are 2022/23 to 2026/27; the claim chooses two of them.
const TODAY = new Date('2026-11-26T12:00:00Z');
const CHOSEN = ['2024/25', '2025/26'];

function details(clothing: ClothingAnswer): GeneralDetails {
  const empty = createEmptySnapshot(claimableTaxYears(TODAY));
  return {
    personalInfo: {
      title: '',
      firstName: 'Grace',
      lastName: 'Hopper',
      dateOfBirth: { day: '9', month: '12', year: '1985' },
      email: 'grace@example.com',
      phone: '07700 900456',
      homeAddress: '2 Dock Road, Hull',
      postcode: 'HU1 1AA',
    },
    employments: [
      {
        id: 'job-1',
        employerName: 'Humber Steel Erectors Ltd',
        payeReference: '123/AB45678',
        noPayeReference: false,
        jobTitle: 'Fitter',
        continuing: 'yes',
        endDate: { day: '', month: '', year: '' },
      },
    ],
    taxYears: empty.taxYears.map((y) => ({ ...y, selected: CHOSEN.includes(y.year) })),
    scottishTaxpayer: 'no',
    expenses: { clothing },
  };
}

describe('every industry and job of EIM32712 and HMRC’s service, in two tax years', () => {
  it.each<[string, string, number]>([
    ['agriculture', 'all', 100], // EIM32712 Agriculture; ClaimAmounts.agriculture
    ['airlines', 'pilots', 1022], // GOV.UK airlines (EIM32712 → EIM50050); Airlines.pilotsFlightDeck
    ['airlines', 'cabin-crew', 720], // GOV.UK airlines (EIM32712 → EIM50070); Airlines.cabinCrew
    ['aluminium', 'process-workers', 140], // EIM32712 Aluminium a; Aluminium.list1, list2
    ['aluminium', 'cable-hands-labourers', 80], // EIM32712 Aluminium b; Aluminium.list3
    ['aluminium', 'apprentices', 60], // EIM32712 Aluminium c; Aluminium.apprentice
    ['aluminium', 'all-other', 120], // EIM32712 Aluminium d; Aluminium.allOther
    ['banks', 'doormen-messengers', 60], // EIM32712 Banks and building societies
    ['brass-copper', 'all', 120], // EIM32712 Brass and copper; Manufacturing.brassCopper
    ['building', 'joiners-carpenters', 140], // EIM32712 Building a; Construction.joinersCarpenters
    ['building', 'cement-asphalt-roofing', 80], // EIM32712 Building b; Construction.asphaltCement
    ['building', 'labourers-navvies', 60], // EIM32712 Building c; Construction.labourerNavvy
    ['building', 'all-other', 120], // EIM32712 Building d; Construction.allOther
    ['building-materials', 'stone-masons', 120], // EIM32712 Building materials a; Construction.stoneMasons
    ['building-materials', 'tilemakers-labourers', 60], // EIM32712 Building materials b; Construction.tileMaker
    ['building-materials', 'all-other', 80], // EIM32712 Building materials c; Construction.buildingMaterials
    ['clothing', 'lacemakers-dyers', 60], // EIM32712 Clothing a
    ['clothing', 'all-other', 60], // EIM32712 Clothing b
    ['constructional-engineering', 'trades', 140], // EIM32712 Constructional engineering a; list1, list2
    ['constructional-engineering', 'labourers', 80], // EIM32712 Constructional engineering b; list3
    ['constructional-engineering', 'apprentices', 60], // EIM32712 Constructional engineering c
    ['constructional-engineering', 'all-other', 100], // EIM32712 Constructional engineering d
    ['docks', 'dockers', 80], // EIM32712 Docks and inland waterways a; ClaimAmounts.docksAndWaterways
    ['docks', 'all-other', 60], // EIM32712 Docks and inland waterways b; ClaimAmounts.defaultRate
    ['electrical', 'laundry-only', 60], // EIM32712 Electrical a; Electrical.onlyLaundry
    ['electrical', 'all-other', 120], // EIM32712 Electrical b; Electrical.allOther
    ['engineering-ancillary', 'pattern-makers', 140], // EIM32712 ancillary a; AncillaryEngineering.patternMaker
    ['engineering-ancillary', 'labourers-supervisory', 80], // EIM32712 ancillary b
    ['engineering-ancillary', 'apprentices', 60], // EIM32712 ancillary c; AncillaryEngineering.apprentice
    ['engineering-ancillary', 'motor-mechanics', 120], // GOV.UK ancillary: motor mechanics in garages
    ['engineering-ancillary', 'all-other', 120], // EIM32712 ancillary; AncillaryEngineering.allOther
    ['engineering-factory', 'pattern-makers', 140], // EIM32712 Particular engineering a; FactoryEngineering.list1
    ['engineering-factory', 'chainmakers-galvanisers', 120], // EIM32712 Particular engineering b; list2
    ['engineering-factory', 'apprentices', 60], // EIM32712 Particular engineering c; apprentice
    ['engineering-factory', 'all-other', 80], // EIM32712 Particular engineering d; allOther
    ['fire-service', 'firefighters', 80], // EIM32712 Fire service; ClaimAmounts.fireService
    ['food', 'all', 60], // EIM32712 Food
    ['forestry', 'all', 100], // EIM32712 Forestry; ClaimAmounts.forestry
    ['glass', 'all', 80], // EIM32712 Glass; Manufacturing.glass
    ['healthcare', 'ambulance', 185], // EIM32712 Healthcare a; Healthcare.ambulanceStaff
    ['healthcare', 'nurses', 125], // EIM32712 Healthcare b (without EIM67200's shoes and stockings)
    ['healthcare', 'porters-domestics', 125], // EIM32712 Healthcare c; Healthcare.list2, catering
    ['healthcare', 'laboratory-pharmacy', 80], // EIM32712 Healthcare d; Healthcare.allOther
    ['healthcare', 'uniformed-ancillary', 80], // EIM32712 Healthcare e; Security.nhsSecurity
    ['heating', 'pipe-fitters-plumbers', 120], // EIM32712 Heating a, b; Heating.list
    ['heating', 'all-other', 100], // EIM32712 Heating c; Heating.allOther
    ['iron-mining', 'underground', 120], // EIM32712 Iron mining a; IronMining.list1
    ['iron-mining', 'all-other', 100], // EIM32712 Iron mining b; IronMining.allOther
    ['iron-steel', 'labourers', 80], // EIM32712 Iron and steel a; IronSteel.list1
    ['iron-steel', 'apprentices', 60], // EIM32712 Iron and steel b; IronSteel.apprentice
    ['iron-steel', 'all-other', 140], // EIM32712 Iron and steel c; IronSteel.allOther
    ['leather', 'curriers-tanners', 80], // EIM32712 Leather a; Clothing.clothingList
    ['leather', 'all-other', 60], // EIM32712 Leather b; ClaimAmounts.defaultRate
    ['police', 'officers', 140], // EIM32712 Police force a; Police.policeOfficer
    ['police', 'pcso', 140], // EIM32712 Police force b; Police.communitySupportOfficer
    ['police', 'above-chief-inspector', 60], // HMRC's service: not up to chief inspector → defaultRate
    ['precious-metals', 'all', 100], // EIM32712 Precious metals; quarryingPreciousMetals
    ['printing', 'letterpress', 140], // EIM32712 Printing a; Printing.list1
    ['printing', 'bench-hands', 60], // EIM32712 Printing b; Printing.list2
    ['printing', 'all-other', 100], // EIM32712 Printing c; Printing.allOther
    ['prisons', 'officers', 80], // EIM32712 Prisons; ClaimAmounts.prisons
    ['public-transport', 'garage-hands', 80], // EIM32712 Public transport a; PublicTransport.garageHands
    ['public-transport', 'conductors-drivers', 60], // EIM32712 Public transport b
    ['quarrying', 'all', 100], // EIM32712 Quarrying; quarryingPreciousMetals
    ['railways', 'vehicle-repairers', 140], // Railways.vehicleRepairersWagonLifters
    ['railways', 'vehicle-painters', 80], // Railways.vehiclePainters
    ['railways', 'all-other', 100], // EIM32712 Railways: all other workers; Railways.allOther
    ['seamen', 'carpenters-liners', 165], // EIM32712 Seamen a; Seamen.passengerLiners
    ['seamen', 'carpenters-cargo', 140], // EIM32712 Seamen b; Seamen.cargoTankersCoastersFerries
    ['shipyards', 'trades', 140], // EIM32712 Shipyards a; Shipyard.list1, list2
    ['shipyards', 'labourers', 80], // EIM32712 Shipyards b; Shipyard.labourer
    ['shipyards', 'apprentices', 60], // EIM32712 Shipyards c; Shipyard.apprentice
    ['shipyards', 'all-other', 100], // EIM32712 Shipyards d; Shipyard.allOther
    ['textiles', 'carders', 120], // EIM32712 Textiles a; Textiles.list1
    ['textiles', 'all-other', 80], // EIM32712 Textiles b; Textiles.allOther
    ['vehicles', 'builders-repairers', 140], // EIM32712 Vehicles a; VehicleTrade.buildersRepairersWagonLifters
    ['vehicles', 'painters-assistants', 80], // EIM32712 Vehicles b; VehicleTrade.paintersLetterersAssistants
    ['vehicles', 'all-other', 60], // EIM32712 Vehicles c; VehicleTrade.allOther
    ['wood-furniture', 'carpenters', 140], // EIM32712 Wood and furniture a; WoodFurniture.list1
    ['wood-furniture', 'artificial-limb-makers', 120], // EIM32712 Wood and furniture b; list2
    ['wood-furniture', 'coopers-labourers', 60], // EIM32712 Wood and furniture c; list3
    ['wood-furniture', 'all-other', 100], // EIM32712 Wood and furniture d; allOther
    ['other', 'all', 60], // GOV.UK "If your industry and job are not shown ... £60"; defaultRate
  ])('%s / %s: £%i in 2023/24 and 2026/27', (industry, jobId, pounds) => {
    for (const year of YEARS) {
      expect(flatRateExpensePence(industry, jobId, year)).toBe(pounds * 100);
      expect(flatRateClaimFor({ industry, job: jobId, year })).toMatchObject({
        pence: pounds * 100,
        grossPence: pounds * 100,
      });
    }
  });

  // EIM32712's industries (Public service split into its two parts, as HMRC's service asks them).
  it('has every industry of EIM32712, each with at least one job, and the £60 for the rest', () => {
    const eim32712 = [
      'agriculture',
      'airlines',
      'aluminium',
      'armed-forces',
      'banks',
      'brass-copper',
      'building',
      'building-materials',
      'clothing',
      'constructional-engineering',
      'docks',
      'electrical',
      'engineering-ancillary',
      'engineering-factory',
      'fire-service',
      'food',
      'forestry',
      'glass',
      'healthcare',
      'heating',
      'iron-mining',
      'iron-steel',
      'leather',
      'police',
      'precious-metals',
      'printing',
      'prisons',
      'public-transport',
      'quarrying',
      'railways',
      'seamen',
      'shipyards',
      'textiles',
      'vehicles',
      'wood-furniture',
    ];
    expect(FLAT_RATE_INDUSTRIES.map((i) => i.id).sort()).toEqual([...eim32712, 'other'].sort());
    for (const industry of FLAT_RATE_INDUSTRIES) expect(industry.jobs.length).toBeGreaterThan(0);
  });

  it('moves stone masons to building materials (EIM32712), and the old id still prices', () => {
    expect(flatRateJob('building', 'stone-masons')?.label).toBe('Stone masons');
    expect(resolveFlatRateJob('building', 'stone-masons')?.industry.id).toBe('building-materials');
    expect(
      FLAT_RATE_INDUSTRIES.find((i) => i.id === 'building')?.jobs.some((j) => j.id === 'stone-masons'),
    ).toBe(false);
    for (const [from, to] of Object.entries(FLAT_RATE_JOB_MOVES)) {
      const [industry = '', job = ''] = from.split('/');
      expect(resolveFlatRateJob(industry, job)?.job.id).toBe(to.job);
    }
  });

  it('has no amount before 2008/09, when the table took effect', () => {
    expect(flatRateExpensePence('constructional-engineering', 'trades', '2007/08')).toBeNull();
    expect(flatRateClaimFor({ industry: 'glass', job: 'all', year: '2007/08' })).toBeNull();
    expect(flatRateClaimFor({ industry: 'glass', job: 'astronaut', year: '2024/25' })).toBeNull();
  });
});

// EIM67200: nurses and the other staff of the healthcare row b who must buy shoes and stockings or
// tights add £12 and £6; HMRC's service prices that row at £143 (ClaimAmounts.Healthcare.list1).
describe('healthcare shoes and stockings or tights (EIM67200)', () => {
  it('adds £12 for shoes and £6 for stockings or tights to the £125: £143', () => {
    for (const year of YEARS) {
      const both = flatRateClaimFor({
        industry: 'healthcare',
        job: 'nurses',
        year,
        shoes: true,
        stockings: true,
      });
      expect(both).toMatchObject({ ratePence: 12_500, shoesPence: 1200, stockingsPence: 600, pence: 14_300 });
      expect(both?.grossPence).toBe(14_300);
    }
    const shoes = flatRateClaimFor({ industry: 'healthcare', job: 'nurses', year: '2024/25', shoes: true });
    expect(shoes?.pence).toBe(13_700);
    const stockings = flatRateClaimFor({
      industry: 'healthcare',
      job: 'nurses',
      year: '2024/25',
      stockings: true,
    });
    expect(stockings?.pence).toBe(13_100);
    const nurse = flatRateClaimFor({
      industry: 'healthcare',
      job: 'nurses',
      year: '2024/25',
      shoes: true,
      stockings: true,
    });
    expect(flatRateClaimBasis(nurse!)).toBe(
      'Flat rate: Healthcare staff in the NHS, private hospitals and nursing homes, Nurses, midwives, chiropodists, dental nurses, occupational, speech, physiotherapists and other therapists, healthcare assistants, phlebotomists and radiographers £125, with £12 for shoes and £6 for stockings or tights',
    );
  });

  it('adds nothing for a job without the allowance', () => {
    const porter = flatRateClaimFor({
      industry: 'healthcare',
      job: 'porters-domestics',
      year: '2024/25',
      shoes: true,
      stockings: true,
    });
    expect(porter).toMatchObject({ pence: 12_500, shoesPence: 0, stockingsPence: 0 });
    expect(FLAT_RATE_INDUSTRIES.flatMap((i) => i.jobs.filter((j) => j.shoesAndStockings))).toHaveLength(1);
  });
});

// EIM32710: "If the employer ... contributes to the cost of such items, the nationally agreed
// flat rate expense deduction should be reduced to a corresponding extent"; GOV.UK: "If your
// employer pays towards your expenses, deduct the amount they pay"; HMRC's service turns a claim
// away when the employer paid back all of it (expensesEmployerPaid → CannotClaim).
describe('what the employer paid is taken off', () => {
  const fitter = (employerPaysPence?: number) =>
    flatRateClaimFor({
      industry: 'constructional-engineering',
      job: 'trades',
      year: '2024/25',
      employerPaysPence,
    });

  it('£140 for a constructional-engineering fitter, less £20 paid: £120', () => {
    expect(fitter(2000)).toMatchObject({ grossPence: 14_000, employerPaidPence: 2000, pence: 12_000 });
    expect(fitter(2000)?.reason).toBe('The £20 your employer paid towards these costs is taken off');
    expect(flatRateClaimBasis(fitter(2000)!)).toMatch(
      /^Flat rate: Constructional engineering, Blacksmiths .* welders £140, less £20 your employer paid$/,
    );
  });

  it('never goes below £0, and says why', () => {
    expect(fitter(14_000)).toMatchObject({ pence: 0, employerPaidPence: 14_000 });
    expect(fitter(50_000)).toMatchObject({ pence: 0, employerPaidPence: 14_000, grossPence: 14_000 });
    expect(fitter(50_000)?.reason).toContain('covers the whole flat rate, so there is nothing to claim');
  });

  it('takes off nothing for nothing paid, or a figure that is no amount', () => {
    expect(fitter(0)).toMatchObject({ pence: 14_000, employerPaidPence: 0 });
    expect(fitter(0)?.reason).toBeUndefined();
    expect(fitter(-500)?.pence).toBe(14_000);
    expect(fitter(Number.NaN)?.pence).toBe(14_000);
  });
});

// HMRC's service: "This amount is already in your tax code" (alreadyClaimingFRESameAmount); a
// year HMRC already gives through the tax code is not claimed again.
describe('a year already in the tax code', () => {
  it('claims £0 with the reason, and keeps the figure it would have been', () => {
    const claim = flatRateClaimFor({
      industry: 'police',
      job: 'officers',
      year: '2024/25',
      alreadyInTaxCode: true,
      employerPaysPence: 2000,
    });
    expect(claim).toMatchObject({ pence: 0, grossPence: 14_000, employerPaidPence: 0 });
    expect(claim?.reason).toBe(FLAT_RATE_IN_TAX_CODE_REASON);
    expect(flatRateClaimBasis(claim!)).toBe(
      `Flat rate: Police force, Uniformed police officers (ranks up to and including chief inspector) £140. ${FLAT_RATE_IN_TAX_CODE_REASON}`,
    );
  });
});

// Who HMRC gives no flat rate: special constables (EIM68131; HMRC's service's SpecialConstable
// question leads to "You cannot claim tax relief for this expense"), Metropolitan Police officers
// and the armed forces (the same page: "you get tax relief through your payroll").
describe('jobs HMRC gives no flat rate', () => {
  it.each([
    ['police', 'special-constables', /volunteers/],
    ['police', 'metropolitan', /payroll/],
    ['armed-forces', 'all', /through their pay/],
  ])('%s / %s: £0, with the reason', (industry, jobId, why) => {
    for (const year of YEARS) {
      const claim = flatRateClaimFor({ industry, job: jobId, year, shoes: true, employerPaysPence: 100 });
      expect(claim).toMatchObject({ pence: 0, grossPence: 0, employerPaidPence: 0 });
      expect(claim?.excluded).toMatch(why);
      expect(claim?.reason).toBe(claim?.excluded);
      expect(flatRateExpensePence(industry, jobId, year)).toBe(0);
    }
  });

  it('refuses special constables but not community support officers', () => {
    const special = flatRateClaimFor({ industry: 'police', job: 'special-constables', year: '2025/26' });
    expect(flatRateClaimBasis(special!)).toBe(
      'Flat rate: Police force, Special constables: nothing to claim. Special constables are volunteers with no police pay to set the flat rate against, so HMRC gives them none',
    );
    expect(flatRateClaimFor({ industry: 'police', job: 'pcso', year: '2025/26' })?.excluded).toBeUndefined();
  });
});

// Claims stored before issue 43: `clothing: {kind:'flat-rate', industry, job}` with the old table's
// ids. Each still parses and prices exactly as it did (the old table's figures, by id).
describe('stored answers from before still price the same', () => {
  const before: [string, string, number][] = [
    ['agriculture', 'all', 100],
    ['airlines', 'cabin-crew', 720],
    ['airlines', 'pilots', 1022],
    ['banks', 'doormen-messengers', 60],
    ['brass-copper', 'all', 120],
    ['building', 'joiners-carpenters', 140],
    ['building', 'stone-masons', 120],
    ['building', 'cement-asphalt-roofing', 80],
    ['building', 'labourers-navvies', 60],
    ['building', 'all-other', 120],
    ['electrical', 'laundry-only', 60],
    ['electrical', 'all-other', 120],
    ['engineering-ancillary', 'pattern-makers', 140],
    ['engineering-ancillary', 'labourers-supervisory', 80],
    ['engineering-ancillary', 'apprentices', 60],
    ['engineering-ancillary', 'all-other', 120],
    ['fire-service', 'firefighters', 80],
    ['food', 'all', 60],
    ['forestry', 'all', 100],
    ['healthcare', 'ambulance', 185],
    ['healthcare', 'nurses', 125],
    ['healthcare', 'porters-domestics', 125],
    ['healthcare', 'laboratory-pharmacy', 80],
    ['healthcare', 'uniformed-ancillary', 80],
    ['heating', 'pipe-fitters-plumbers', 120],
    ['heating', 'all-other', 100],
    ['iron-mining', 'underground', 120],
    ['iron-mining', 'all-other', 100],
    ['iron-steel', 'labourers', 80],
    ['iron-steel', 'apprentices', 60],
    ['iron-steel', 'all-other', 140],
    ['police', 'officers', 140],
    ['police', 'pcso', 140],
    ['precious-metals', 'all', 100],
    ['printing', 'letterpress', 140],
    ['printing', 'bench-hands', 60],
    ['printing', 'all-other', 100],
    ['prisons', 'officers', 80],
    ['public-transport', 'garage-hands', 80],
    ['public-transport', 'conductors-drivers', 60],
    ['quarrying', 'all', 100],
    ['railways', 'vehicle-repairers', 140],
    ['railways', 'vehicle-painters', 80],
    ['railways', 'all-other', 100],
    ['seamen', 'carpenters-liners', 165],
    ['seamen', 'carpenters-cargo', 140],
    ['shipyards', 'trades', 140],
    ['shipyards', 'labourers', 80],
    ['shipyards', 'apprentices', 60],
    ['shipyards', 'all-other', 100],
    ['vehicles', 'builders-repairers', 140],
    ['vehicles', 'painters-assistants', 80],
    ['vehicles', 'all-other', 60],
    ['wood-furniture', 'carpenters', 140],
    ['wood-furniture', 'artificial-limb-makers', 120],
    ['wood-furniture', 'packing-case-makers', 60],
    ['wood-furniture', 'all-other', 100],
    ['other', 'all', 60],
  ];

  it.each(before)('%s / %s: £%i a year, on the P87 line', (industry, jobId, pounds) => {
    const stored = JSON.parse(
      JSON.stringify(details({ kind: 'flat-rate', industry, job: jobId })),
    ) as unknown;
    const parsed = generalDetailsSchema.parse(stored);
    expect(parsed.expenses.clothing).toEqual({ kind: 'flat-rate', industry, job: jobId });
    expect(detailsYears(parsed).map((y) => y.lines[0]?.pence)).toEqual([pounds * 100, pounds * 100]);
    expect(clothingLine({ kind: 'flat-rate', industry, job: jobId }, '2026/27')?.basis).toMatch(
      /^Flat rate: /,
    );
  });
});

describe('details save: the flat rate’s follow-up answers (issue 30: a message at the field)', () => {
  const schema = createDetailsSaveSchema(TODAY);
  const errorsOf = (clothing: unknown) => {
    const body = JSON.parse(JSON.stringify(details({ kind: 'flat-rate', industry: 'glass', job: 'all' })));
    body.expenses.clothing = clothing;
    const r = schema.safeParse(body);
    return r.success ? {} : fieldErrors(r);
  };
  const fitter = { kind: 'flat-rate', industry: 'constructional-engineering', job: 'trades' };

  it('accepts every follow-up answered rightly, and an answer stored before them', () => {
    expect(
      errorsOf({
        kind: 'flat-rate',
        industry: 'healthcare',
        job: 'nurses',
        shoes: true,
        stockings: true,
        employerPays: { '2024/25': 2000 },
        inTaxCode: ['2025/26'],
      }),
    ).toEqual({});
    expect(errorsOf(fitter)).toEqual({});
    expect(errorsOf({ ...fitter, shoes: false, employerPays: { '2025/26': MAX_EXPENSE_PENCE } })).toEqual({});
    // The old Building stone masons id is one of Building's jobs still (it moved).
    expect(errorsOf({ kind: 'flat-rate', industry: 'building', job: 'stone-masons' })).toEqual({});
  });

  it('refuses a job that is not one of the industry’s', () => {
    expect(errorsOf({ kind: 'flat-rate', industry: 'building', job: 'trades' })).toEqual({
      'expenses.clothing.job': DETAILS_MESSAGES.job,
    });
    expect(
      errorsOf({ kind: 'flat-rate', industry: 'building-materials', job: 'joiners-carpenters' }),
    ).toEqual({
      'expenses.clothing.job': DETAILS_MESSAGES.job,
    });
  });

  it('refuses shoes and stockings for a job without the allowance', () => {
    expect(errorsOf({ ...fitter, shoes: true })).toEqual({
      'expenses.clothing.shoes': DETAILS_MESSAGES.shoesAndStockings,
    });
    expect(
      errorsOf({ kind: 'flat-rate', industry: 'healthcare', job: 'porters-domestics', stockings: true }),
    ).toEqual({ 'expenses.clothing.stockings': DETAILS_MESSAGES.shoesAndStockings });
  });

  it('refuses a contribution or a tax-code year for a year the claim did not choose', () => {
    expect(errorsOf({ ...fitter, employerPays: { '2023/24': 2000 } })).toEqual({
      'expenses.clothing.employerPays.2023/24': DETAILS_MESSAGES.yearNotClaimed('2023/24'),
    });
    expect(errorsOf({ ...fitter, inTaxCode: ['2024/25', '2026/27'] })).toEqual({
      'expenses.clothing.inTaxCode.2026/27': DETAILS_MESSAGES.yearNotClaimed('2026/27'),
    });
  });

  it('refuses more tax-code years than a claim can have', () => {
    const years = ['2024/25', '2025/26', '2024/25', '2025/26', '2024/25', '2025/26'];
    expect(errorsOf({ ...fitter, inTaxCode: years })).toEqual({
      'expenses.clothing.inTaxCode': DETAILS_MESSAGES.inTaxCode,
    });
  });

  it('refuses a contribution below £0, over £100,000, or in part pence', () => {
    for (const bad of [-1, MAX_EXPENSE_PENCE + 1, 10.5]) {
      expect(errorsOf({ ...fitter, employerPays: { '2024/25': bad } })).toEqual({
        'expenses.clothing.employerPays.2024/25': DETAILS_MESSAGES.amount,
      });
    }
  });
});

// The search for a long list: words of the job or the industry, any case, the start of a word.
describe('searchFlatRateJobs', () => {
  const ids = (q: string) => searchFlatRateJobs(q).map((m) => `${m.industry.id}/${m.job.id}`);

  it('finds a job across industries by a word of its label, whatever the case', () => {
    expect(ids('FITTER')).toEqual([
      'brass-copper/all',
      'constructional-engineering/trades',
      'heating/pipe-fitters-plumbers',
      'shipyards/trades',
    ]);
    expect(ids('nurse')).toEqual(['healthcare/nurses']);
    expect(ids('stone mason')).toEqual(['building-materials/stone-masons']);
    expect(ids('hopper')).toEqual(['docks/dockers']);
  });

  it('matches every word, in the job or its industry, the job’s own words first', () => {
    const engineer = ids('engineer');
    expect(engineer.slice(0, 3)).toEqual([
      'heating/pipe-fitters-plumbers',
      'printing/letterpress',
      'textiles/carders',
    ]);
    expect(new Set(engineer.slice(3).map((id) => id.split('/')[0]))).toEqual(
      new Set(['constructional-engineering', 'engineering-ancillary', 'engineering-factory']),
    );
    expect(ids('glass')).toEqual(['glass/all']);
    expect(ids('police constable')).toEqual(['police/officers', 'police/special-constables']);
    expect(ids('aluminium apprentice')).toEqual(['aluminium/apprentices']);
  });

  it('finds nothing for no words or words no job has', () => {
    expect(ids('')).toEqual([]);
    expect(ids('  ,. ')).toEqual([]);
    expect(ids('astronaut')).toEqual([]);
  });
});
