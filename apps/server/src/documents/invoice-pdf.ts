import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { SAVE_OPTIONS, winAnsiSafe, wrapText } from '../pdf/text.ts';

// D41 (issue 47): our invoice for the fee on what HMRC repaid. Every figure and line arrives
// worked out (the domain's invoiceDocumentOf); this only draws them, one A4 page.

export interface InvoiceDocument {
  /** INV-000042 */
  number: string;
  /** When the invoice was issued, as an ISO instant: the PDF's own dates. */
  issuedAt: string;
  /** Our name, address and VAT number (where set), line by line. */
  from: string[];
  /** The heading lines: invoice number, dates, the case's reference. */
  details: Array<[label: string, value: string]>;
  /** The money, in order: repayment, fee, VAT, total, paid, still owed. */
  amounts: Array<[label: string, value: string]>;
  /** How to pay, and where the figures come from. */
  notes: string[];
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const SIZE = 11;
const LINE = 16;

export async function renderInvoicePdf(input: InvoiceDocument): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${input.number}`);
  doc.setCreator('TaxBack');
  const issued = new Date(input.issuedAt);
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  const width = PAGE.width - PAGE.margin * 2;
  let y = PAGE.height - PAGE.margin;
  const draw = (s: string, x: number, f: PDFFont, size = SIZE) =>
    page.drawText(winAnsiSafe(f, s), { x, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
  const rows = (list: Array<[string, string]>, strongLast: boolean) =>
    list.forEach(([label, value], i) => {
      const f = strongLast && i === list.length - 1 ? bold : font;
      draw(label, PAGE.margin, f);
      draw(value, PAGE.margin + width - f.widthOfTextAtSize(winAnsiSafe(f, value), SIZE), f);
      y -= LINE;
    });

  draw(`Invoice ${input.number}`, PAGE.margin, bold, 20);
  y -= LINE * 2;
  for (const line of input.from) {
    draw(line, PAGE.margin, font);
    y -= LINE;
  }
  y -= LINE;
  rows(input.details, false);
  y -= LINE;
  page.drawLine({
    start: { x: PAGE.margin, y: y + LINE * 0.6 },
    end: { x: PAGE.margin + width, y: y + LINE * 0.6 },
    thickness: 0.5,
  });
  rows(input.amounts, true);
  y -= LINE;
  for (const note of input.notes) {
    for (const line of wrapText(font, note, SIZE, width)) {
      draw(line, PAGE.margin, font);
      y -= LINE;
    }
    y -= LINE / 2;
  }
  return doc.save(SAVE_OPTIONS);
}
