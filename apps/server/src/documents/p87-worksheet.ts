import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { SAVE_OPTIONS, winAnsiSafe, wrapText } from '../pdf/text.ts';

// The operator's P87 worksheet (D22): every answer in the order of HMRC's paper P87 ("Claim for
// tax relief for expenses of employment"), ready to copy onto the form, with what is missing
// marked. HMRC accepts only its own printed P87 from agents, so this is a worksheet, not a form.

export interface WorksheetSection {
  title: string;
  /** A null value is an answer the claim's readiness list names as missing (p87-sections.ts). */
  rows: Array<[label: string, value: string | null]>;
}

export const MISSING = 'MISSING - ask the claimant';
/** An answer HMRC does not need (the title, D17) that the claimant left empty: not missing. */
export const NOT_GIVEN = 'Not given';

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const LABEL_WIDTH = 200;
/** The space between a label's column and its value's, so a long label never runs into the value. */
const GUTTER = 12;
const SIZE = 10;
const LINE = 15;

export interface P87WorksheetInput {
  reference: string;
  /** When the worksheet was made, as an ISO instant: printed to the minute, and the PDF's dates. */
  generatedAt: string;
  sections: WorksheetSection[];
  missing: string[];
}

export async function renderP87Worksheet(input: P87WorksheetInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`P87 worksheet ${input.reference}`);
  doc.setCreator('TaxBack');
  // The PDF's own dates are the worksheet's, never the clock's at render: the same input gives the
  // same bytes on the render thread and on the main thread (decision 029).
  const generated = new Date(input.generatedAt);
  doc.setCreationDate(generated);
  doc.setModificationDate(generated);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const valueWidth = PAGE.width - PAGE.margin * 2 - LABEL_WIDTH;

  const ensure = (height: number) => {
    if (y - height < PAGE.margin) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
  };
  const text = (s: string, x: number, f: PDFFont, size = SIZE, red = false) =>
    page.drawText(winAnsiSafe(f, s), {
      x,
      y,
      size,
      font: f,
      color: red ? rgb(0.7, 0.15, 0.12) : rgb(0.1, 0.1, 0.1),
    });

  text(`P87 worksheet: claim ${input.reference}`, PAGE.margin, bold, 16);
  y -= 22;
  text(
    `Generated ${input.generatedAt.slice(0, 16).replace('T', ' ')} UTC. Copy each answer onto HMRC's printed P87, in this order.`,
    PAGE.margin,
    font,
  );
  y -= LINE * 1.5;

  for (const section of input.sections) {
    ensure(LINE * 3);
    text(section.title, PAGE.margin, bold, 12);
    y -= LINE * 1.2;
    for (const [label, value] of section.rows) {
      // Label and value each wrap in their own column; the row is as tall as the taller of the two.
      const labelLines = wrapText(font, label, SIZE, LABEL_WIDTH - GUTTER);
      const valueLines = wrapText(font, value ?? MISSING, SIZE, valueWidth);
      const rows = Math.max(labelLines.length, valueLines.length);
      ensure(LINE * rows);
      for (let i = 0; i < rows; i++) {
        if (i > 0) y -= LINE;
        const labelLine = labelLines[i];
        const valueLine = valueLines[i];
        if (labelLine) text(labelLine, PAGE.margin, font);
        if (valueLine)
          text(valueLine, PAGE.margin + LABEL_WIDTH, value === null ? bold : font, SIZE, value === null);
      }
      y -= LINE;
    }
    y -= LINE / 2;
  }

  ensure(LINE * 3);
  text(
    input.missing.length === 0 ? 'Nothing is missing.' : 'Still missing before this can go to HMRC:',
    PAGE.margin,
    bold,
    12,
  );
  y -= LINE * 1.2;
  for (const item of input.missing) {
    ensure(LINE);
    text(`- ${item}`, PAGE.margin, font, SIZE, true);
    y -= LINE;
  }
  return doc.save(SAVE_OPTIONS);
}
