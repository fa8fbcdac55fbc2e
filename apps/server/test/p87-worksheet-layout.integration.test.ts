import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { PDFFont } from 'pdf-lib';
import { formatPence } from '@taxback/domain';
import { renderP87Worksheet } from '../src/documents/p87-worksheet.ts';
import {
  asOperator,
  insertOperator,
  mileageClaimFigures,
  signIn,
  submitGeneralClaim,
  submitMileageClaim,
  testClock,
} from './admin-helpers.ts';
import type { AdminSession } from './admin-helpers.ts';
import { createTestApp } from './helpers.ts';
import { pdfLines, pdfTextRuns } from './pdf-text.ts';
import type { PdfTextRun } from './pdf-text.ts';
import type { TestApp } from './helpers.ts';

// Issue 32 item 4: the worksheet drew long labels over their values ("…from the employe£3162.50",
// "threshoNo"), pounds without thousands separators and the vehicle's code ("car-van").

let fonts: { regular: PDFFont; bold: PDFFont };

/** Each visual line's pieces, left to right, with the space between them checked: nothing overprints. */
function linesApart(bytes: Uint8Array): string[] {
  const width = (run: PdfTextRun) =>
    (run.bold ? fonts.bold : fonts.regular).widthOfTextAtSize(run.text, run.size);
  return pdfLines(pdfTextRuns(bytes)).map((line) => {
    line.slice(1).forEach((run, i) => {
      const before = line[i]!;
      expect(before.x + width(before) + 4, `"${before.text}" runs into "${run.text}"`).toBeLessThanOrEqual(
        run.x,
      );
    });
    return line.map((run) => run.text).join(' | ');
  });
}

beforeAll(async () => {
  const doc = await PDFDocument.create();
  fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
});

describe('the P87 worksheet layout', () => {
  it('wraps a long label in its own column beside its value', async () => {
    const pdf = await renderP87Worksheet({
      reference: 'TB 4K7 9MX 2Q',
      generatedAt: '2026-03-02T09:00:00.000Z',
      sections: [
        {
          title: 'Employment 1, tax year 2025/26: vehicle expenses',
          rows: [
            ['Mileage allowance received from the employer', '£3,162.50 (a yearly total)'],
            ['Employers connected (one 10,000-mile threshold)', 'No'],
            ['Employer PAYE reference', null],
          ],
        },
      ],
      missing: [],
    });
    const lines = linesApart(pdf);
    expect(lines).toContain('Mileage allowance received from the | £3,162.50 (a yearly total)');
    expect(lines).toContain('employer');
    expect(lines).toContain('Employers connected (one 10,000-mile | No');
    expect(lines).toContain('threshold)');
    expect(lines).toContain('Employer PAYE reference | MISSING - ask the claimant');
  });
});

describe('the P87 worksheet of a claim', () => {
  // From the real date: the wizard API under test checks tax years against this clock too.
  const clock = testClock(new Date().toISOString());
  let t: TestApp;
  let admin: AdminSession;
  beforeAll(async () => {
    t = await createTestApp({ overrides: { now: clock.now } });
    admin = await signIn(t, clock, await insertOperator(t));
  });
  afterAll(async () => {
    await t.close();
  });
  const worksheet = async (id: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/claims/${id}/p87.pdf`,
      headers: asOperator(admin, false),
    });
    expect(res.statusCode).toBe(200);
    return linesApart(res.rawPayload);
  };

  it('shows each label apart from its value, pounds with thousands separators, labels not codes', async () => {
    // 4,000 miles at 10p: a P87 year whose allowance is over £1,000.
    const { id } = await submitMileageClaim(t, { firstName: 'Lia', lastName: 'Layout', miles: 4000 });
    const figures = mileageClaimFigures(4000);
    const year = figures.years[0]!;
    expect(year.allowance).toBeGreaterThanOrEqual(1000);
    const lines = await worksheet(id);
    expect(lines).toContain('Vehicle type | Car or van');
    expect(lines).toContain('Business miles | 4,000');
    expect(lines).toContain(`Approved mileage allowance (AMAP) | ${formatPence(year.allowance * 100)}`);
    expect(lines).toContain(
      `Mileage allowance relief claimed | ${formatPence(figures.totalClaimable * 100)}`,
    );
    expect(formatPence(year.allowance * 100)).toMatch(/^£\d,\d{3}\.\d{2}$/);
    const all = lines.join('\n');
    expect(all).not.toMatch(/£\d{4}/);
    expect(all).not.toContain('car-van');
  });

  it("names the general claim's expenses by their labels", async () => {
    const id = await submitGeneralClaim(t, { selectedExpenses: ['hotel', 'telephone'] });
    const lines = await worksheet(id);
    expect(lines).toContain('Expenses | Hotel stays, Telephone expenses');
  });
});
