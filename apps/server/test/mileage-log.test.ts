import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DATED_LOG_DECLARATION, DATED_LOG_LABEL, datedLogMiles } from '@taxback/domain';
import type { Journey } from '@taxback/domain';
import { buildMileageLogYear, generateMileageLog } from '../src/documents/mileage-log.ts';
import { pdfText } from './pdf-text.ts';

const journeys: Journey[] = [
  {
    id: 'j1',
    startAddress: 'WN2 1AR',
    endAddress: 'SK5 6AQ',
    frequency: 'daily',
    tripType: 'return',
    reason: 'site-visit',
    customReason: '',
    distance: 10,
  },
  {
    id: 'j2',
    startAddress: 'M1 1AE',
    endAddress: 'L1 8JQ',
    frequency: 'weekly',
    tripType: 'single',
    reason: 'other',
    customReason: '=HYPERLINK("x") visiting, "stores" 😀',
    distance: 25,
  },
];

const claimant = { fullName: 'Jane Doe', postcode: 'WN2 1AR' };
const afterYear = new Date('2025-06-01T10:00:00Z');

// 2024/25 in England and Wales has 254 working days (see packages/domain/src/dated-log.test.ts):
// 254 return trips of 10 miles and 52 weekly single trips of 25 miles (on Mondays).
describe('buildMileageLogYear (D25)', () => {
  it('dates the trips on working days; the total is the domain figure the claim uses', () => {
    const log = buildMileageLogYear(
      { claimant, journeys, vehicle: 'car-van', generatedAt: afterYear },
      '2024/25',
    );
    expect(log.nation).toBe('england-and-wales');
    expect(log.period).toBe('6 April 2024 to 5 April 2025');
    expect(log.covered).toBe('6 April 2024 to 5 April 2025');
    expect(log.rows).toHaveLength(254 + 52);
    expect(log.rows.slice(0, 2)).toEqual([
      { date: '2024-04-08', from: 'WN2 1AR', to: 'SK5 6AQ', reason: 'Site visit', trip: 'Return', miles: 20 },
      {
        date: '2024-04-08',
        from: 'M1 1AE',
        to: 'L1 8JQ',
        reason: journeys[1]?.customReason,
        trip: 'Single',
        miles: 25,
      },
    ]);
    expect(log.totalMiles).toBe(5080 + 1300);
    expect(log.totalMiles).toBe(
      datedLogMiles({ journeys, year: '2024/25', nation: 'england-and-wales', today: '2025-06-01' }),
    );
    expect(log.rows.reduce((s, r) => s + r.miles, 0)).toBe(log.totalMiles);
    expect(log.allowance).toBe(2871); // 6,380 × 45p
    expect(
      buildMileageLogYear({ claimant, journeys, vehicle: 'bicycle', generatedAt: afterYear }, '2024/25')
        .allowance,
    ).toBe(1276);
  });

  it("keeps the bank holidays of the claimant's nation, from their postcode", () => {
    const dates = (postcode: string) =>
      buildMileageLogYear(
        {
          claimant: { fullName: 'A', postcode },
          journeys: [journeys[0] as Journey],
          vehicle: 'car-van',
          generatedAt: afterYear,
        },
        '2024/25',
      ).rows.map((r) => r.date);
    expect(dates('EH1 1YZ')).not.toContain('2025-01-02');
    expect(dates('EH1 1YZ')).toHaveLength(252);
    expect(dates('WN2 1AR')).toContain('2025-01-02');
    expect(dates('BT1 1AA')).not.toContain('2025-03-17');
    expect(dates('BT1 1AA')).toContain('2025-01-02');
  });

  it('leaves out declared leave, stops at the end of the employment and at today', () => {
    const base = { claimant, journeys: [journeys[0] as Journey], vehicle: 'car-van' as const };
    const leave = buildMileageLogYear(
      { ...base, generatedAt: afterYear, leave: [{ from: '2024-08-12', to: '2024-08-23' }] },
      '2024/25',
    );
    expect(leave.rows).toHaveLength(244);
    expect(leave.leave).toEqual([{ from: '2024-08-12', to: '2024-08-23' }]);
    const ended = buildMileageLogYear(
      { ...base, generatedAt: afterYear, employment: { end: '2024-06-30' } },
      '2024/25',
    );
    expect(ended.covered).toBe('6 April 2024 to 30 June 2024');
    expect(ended.rows.at(-1)?.date).toBe('2024-06-28');
    const current = buildMileageLogYear(
      { ...base, generatedAt: new Date('2024-05-01T12:00:00Z') },
      '2024/25',
    );
    expect(current.covered).toBe('6 April 2024 to 1 May 2024');
    expect(current.rows.at(-1)?.date).toBe('2024-05-01');
    const future = buildMileageLogYear({ ...base, generatedAt: afterYear }, '2025/26');
    expect(future.covered).toBe('6 April 2025 to 1 June 2025');
    const notYet = buildMileageLogYear({ ...base, generatedAt: afterYear }, '2026/27');
    expect(notYet.covered).toBe('No working days in this tax year yet');
    expect(notYet.totalMiles).toBe(0);
  });
});

describe('generateMileageLog (D25)', () => {
  it('produces one PDF and one CSV per year with the dated trips, the label, the total and the declaration', async () => {
    const docs = await generateMileageLog({
      claimant: { ...claimant, reference: 'TB-1234' },
      journeys,
      years: ['2024/25', '2023/24'],
      vehicle: 'car-van',
      employment: { employerName: 'Example Build Co' },
      generatedAt: afterYear,
    });
    expect(docs.map((d) => d.year)).toEqual(['2024/25', '2023/24']);

    const first = docs[0];
    if (!first) throw new Error('no log');
    expect(Buffer.from(first.pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(first.pdf);
    expect(pdf.getTitle()).toBe('Mileage log 2024/25: Example Build Co');
    const text = pdfText(first.pdf);
    for (const expected of [
      'Mileage log 2024/25',
      'Employer: Example Build Co',
      DATED_LOG_LABEL,
      'Tax year: 6 April 2024 to 5 April 2025',
      'Period covered: 6 April 2024 to 5 April 2025',
      'Claimant: Jane Doe',
      'Reference: TB-1234',
      'Vehicle: Car or van',
      'Bank holidays of: England and Wales',
      'Leave: None declared',
      'Date',
      'Reason',
      'Trip',
      'Miles',
      'Mon 8 Apr 2024',
      'Fri 4 Apr 2025',
      'WN2 1AR',
      'SK5 6AQ',
      'Site visit',
      'Return',
      'Single',
      'Total business miles: 6,380',
      'HMRC mileage allowance: £2,871',
      'Declaration',
      'Page 1 of ',
    ]) {
      expect(text).toContain(expected);
    }
    // Bank holidays and weekends have no rows.
    expect(text).not.toContain('Mon 26 Aug 2024');
    expect(text).not.toContain('Sat ');
    // The declaration is wrapped over lines, every word of it on the page.
    expect(text.replace(/\s+/g, ' ')).toContain(DATED_LOG_DECLARATION);
    // Characters Helvetica cannot draw are replaced, never crash the document.
    expect(text).toContain('stores" ?');

    const lines = first.csv.trimEnd().split('\r\n');
    expect(lines.slice(0, 9)).toEqual([
      'Mileage log,Tax year 2024/25,6 April 2024 to 5 April 2025',
      DATED_LOG_LABEL,
      'Claimant,Jane Doe',
      'Employer,Example Build Co',
      'Vehicle,Car or van',
      'Period covered,6 April 2024 to 5 April 2025',
      'Bank holidays of,England and Wales',
      'Leave,None declared',
      '',
    ]);
    expect(lines[9]).toBe('Date,From,To,Reason,Trip,Miles');
    expect(lines[10]).toBe('2024-04-08,WN2 1AR,SK5 6AQ,Site visit,Return,20');
    // Claimant text is quoted and can never run as a spreadsheet formula.
    expect(lines[11]).toBe(
      '2024-04-08,M1 1AE,L1 8JQ,"\'=HYPERLINK(""x"") visiting, ""stores"" 😀",Single,25',
    );
    expect(lines.filter((l) => /^\d{4}-\d{2}-\d{2},/.test(l))).toHaveLength(254 + 52);
    expect(lines.some((l) => l.startsWith('2024-08-26,'))).toBe(false);
    expect(lines).toContain('Total business miles,6380');
    expect(lines).toContain('HMRC mileage allowance (GBP),2871.00');
    expect(lines.at(-1)).toBe(`Declaration,"${DATED_LOG_DECLARATION}"`); // it has commas, so it is quoted

    expect(docs[1]?.csv).toContain('Tax year 2023/24');
  });

  it("carries the claimant's own declaration when one is given, and no employer line without one", async () => {
    const [doc] = await generateMileageLog({
      claimant,
      journeys,
      years: ['2024/25'],
      vehicle: 'car-van',
      declaration: 'I made these journeys.',
      generatedAt: afterYear,
    });
    expect(doc?.csv).toContain('\r\nDeclaration,I made these journeys.\r\n');
    expect(doc?.csv).not.toContain('Employer');
    expect(pdfText(doc?.pdf ?? new Uint8Array())).toContain('I made these journeys.');
  });

  it('refuses nothing and writes an empty table when there are no journeys', async () => {
    const [doc] = await generateMileageLog({
      claimant: { fullName: 'Jane Doe' },
      journeys: [],
      years: ['2024/25'],
      vehicle: 'motorbike',
    });
    expect(doc?.csv).toContain('Total business miles,0');
    const text = pdfText(doc?.pdf ?? new Uint8Array());
    expect(text).toContain('No trips in this period.');
    expect(text).toContain('HMRC mileage allowance: £0.00');
  });

  it('spreads a year of trips over numbered pages', async () => {
    const [doc] = await generateMileageLog({
      claimant: { fullName: 'A' },
      journeys: [journeys[0] as Journey, { ...(journeys[0] as Journey), id: 'j3' }],
      years: ['2024/25'],
      vehicle: 'car-van',
      generatedAt: afterYear,
    });
    const pdf = await PDFDocument.load(doc?.pdf ?? new Uint8Array());
    const pages = pdf.getPageCount();
    expect(pages).toBeGreaterThan(5);
    const text = pdfText(doc?.pdf ?? new Uint8Array());
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('Mileage log 2024/25 (continued)');
    expect(text).toContain('Total business miles: 10,160');
  });
});

// D25: HMRC asks for one log per employment. Each employment's log starts on its own page of the
// year's PDF and is its own section of the CSV, with its own trips and total.
describe('one log per employment (D25)', () => {
  it('lays each employment out from its own journeys', async () => {
    const [daily, weekly] = journeys as [Journey, Journey];
    const [doc] = await generateMileageLog({
      claimant,
      journeys: [],
      years: ['2024/25'],
      vehicle: 'car-van',
      employments: [
        { employerName: 'Acme Ltd', journeys: [daily] },
        { employerName: 'Beta Ltd', end: '2024-09-30', journeys: [weekly] },
      ],
      generatedAt: afterYear,
    });
    const text = pdfText(Buffer.from(doc!.pdf));
    const acme = text.indexOf('Employer: Acme Ltd');
    const beta = text.indexOf('Employer: Beta Ltd');
    expect(acme).toBeGreaterThan(-1);
    expect(beta).toBeGreaterThan(acme);
    // 254 return trips of 10 miles for Acme; Beta's weekly 25 miles stop when the job ended.
    const betaMiles = datedLogMiles({
      journeys: [weekly],
      year: '2024/25',
      nation: 'england-and-wales',
      employmentEnd: '2024-09-30',
      today: '2025-06-01',
    });
    expect(betaMiles).toBeLessThan(1300);
    expect(text.slice(acme, beta)).toContain('Total business miles: 5,080');
    expect(text.slice(beta)).toContain(`Total business miles: ${betaMiles.toLocaleString('en-GB')}`);
    const pdf = await PDFDocument.load(doc!.pdf);
    expect(pdf.getPageCount()).toBeGreaterThan(2);
    const sections = doc!.csv.split(/\r\n(?=Mileage log,)/);
    expect(sections).toHaveLength(2);
    expect(sections[0]).toContain('Employer,Acme Ltd');
    expect(sections[1]).toContain('Employer,Beta Ltd');
    expect(sections[1]).toContain(`Total business miles,${betaMiles}`);
  });
});
