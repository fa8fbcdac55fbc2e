import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Journey } from '@taxback/domain';
import { buildMileageLogYear, generateMileageLog } from '../src/modules/onboarding/mileage-log.ts';
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

describe('buildMileageLogYear', () => {
  it('works out annual miles per journey, the total and the HMRC allowance with the domain rules', () => {
    const log = buildMileageLogYear(journeys, '2024/25', 'car-van');
    expect(log.rows.map((r) => r.annualMiles)).toEqual([5000, 1200]); // 250 × 10 × 2, 48 × 25
    expect(log.totalMiles).toBe(6200);
    expect(log.allowance).toBe(2790); // 6,200 × 45p
    expect(log.period).toBe('6 April 2024 to 5 April 2025');
    expect(log.rows[0]).toMatchObject({ purpose: 'Site visit', tripType: 'Return', frequency: 'Daily' });

    const over = buildMileageLogYear(
      [{ ...journeys[0], distance: 24 } as Journey], // 12,000 miles
      '2023/24',
      'car-van',
    );
    expect(over.allowance).toBe(5000);
    expect(buildMileageLogYear(journeys, '2024/25', 'bicycle').allowance).toBe(1240);
  });

  it('puts a one-off journey in the year of its date only, once (D21)', () => {
    const oneOff: Journey = {
      id: 'j3',
      startAddress: 'WN2 1AR',
      endAddress: 'M1 1AE',
      frequency: 'one-off',
      tripType: 'single',
      reason: 'training',
      customReason: '',
      distance: 50,
      date: '2024-09-12',
    };
    const log = buildMileageLogYear([...journeys, oneOff], '2024/25', 'car-van');
    expect(log.rows.map((r) => r.annualMiles)).toEqual([5000, 1200, 50]);
    expect(log.rows[2]).toMatchObject({ frequency: 'One-off journey on 2024-09-12', tripType: 'Single' });
    expect(log.totalMiles).toBe(6250);
    const other = buildMileageLogYear([...journeys, oneOff], '2023/24', 'car-van');
    expect(other.rows).toHaveLength(2);
    expect(other.totalMiles).toBe(6200);
  });
});

describe('generateMileageLog', () => {
  it('produces one PDF and one CSV per year with the journeys, annual miles and totals', async () => {
    const docs = await generateMileageLog({
      claimant: { fullName: 'Jane Doe' },
      journeys,
      years: ['2024/25', '2023/24'],
      vehicle: 'car-van',
      generatedAt: new Date('2025-06-01T10:00:00Z'),
    });
    expect(docs.map((d) => d.year)).toEqual(['2024/25', '2023/24']);

    const first = docs[0];
    if (!first) throw new Error('no log');
    expect(Buffer.from(first.pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = pdfText(first.pdf);
    for (const expected of [
      'Mileage log 2024/25',
      'Tax year: 6 April 2024 to 5 April 2025',
      'Claimant: Jane Doe',
      'Vehicle: Car or van',
      'Journey',
      'Purpose',
      'Trip type',
      'Frequency',
      'Distance (miles)',
      'Annual miles',
      'WN2 1AR',
      'SK5 6AQ',
      'Site visit',
      'Return',
      'Daily',
      'Weekly',
      '5,000',
      '1,200',
      'Total annual business miles: 6,200',
      'HMRC mileage allowance: £2,790',
    ]) {
      expect(text).toContain(expected);
    }
    // Characters Helvetica cannot draw are replaced, never crash the document.
    expect(text).toContain('stores" ?');

    const lines = first.csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Mileage log,Tax year 2024/25,6 April 2024 to 5 April 2025');
    expect(lines).toContain('Journey,From,To,Purpose,Trip type,Frequency,Distance (miles),Annual miles');
    expect(lines).toContain('1,WN2 1AR,SK5 6AQ,Site visit,Return,Daily,10,5000');
    // Claimant text is quoted and can never run as a spreadsheet formula.
    const other = lines.find((l) => l.startsWith('2,'));
    expect(other).toBe(
      '2,M1 1AE,L1 8JQ,"Other: =HYPERLINK(""x"") visiting, ""stores"" 😀",Single,Weekly,25,1200',
    );
    expect(lines).toContain('Total annual business miles,6200');
    expect(lines).toContain('HMRC mileage allowance (GBP),2790.00');

    expect(docs[1]?.csv).toContain('Tax year 2023/24');
  });

  it('refuses nothing and writes an empty table when there are no journeys', async () => {
    const [doc] = await generateMileageLog({
      claimant: { fullName: 'Jane Doe' },
      journeys: [],
      years: ['2024/25'],
      vehicle: 'motorbike',
    });
    expect(doc?.csv).toContain('Total annual business miles,0');
    expect(pdfText(doc?.pdf ?? new Uint8Array())).toContain('HMRC mileage allowance: £0.00');
  });

  it('spreads many journeys over several pages', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ ...journeys[0], id: `j${i}` }) as Journey);
    const [doc] = await generateMileageLog({
      claimant: { fullName: 'A' },
      journeys: many,
      years: ['2024/25'],
      vehicle: 'car-van',
    });
    const pdf = await PDFDocument.load(doc?.pdf ?? new Uint8Array());
    expect(pdf.getPageCount()).toBeGreaterThan(1);
    expect(pdf.getTitle()).toBe('Mileage log 2024/25');
    expect(pdfText(doc?.pdf ?? new Uint8Array())).toContain('Total annual business miles: 300,000');
  });
});
