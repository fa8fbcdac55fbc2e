import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { AuthorityDocument } from '@taxback/domain';

/** The signing evidence printed under the document (D15, D19). */
export interface SigningEvidence {
  signaturePng: Uint8Array;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const INK = rgb(0.1, 0.1, 0.1);

/** Helvetica uses WinAnsi: anything it cannot encode becomes '?'. */
function winAnsiSafe(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.replace(/[\r\t]+/g, ' ')) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

/** Words onto lines no wider than `width`; a word longer than a line is cut. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of winAnsiSafe(font, text).split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter((w) => w !== '')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line !== '') lines.push(line);
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** D19: the authority document as the claimant saw it, with their signature and the signing evidence. */
export async function renderAuthorityPdf(
  document: AuthorityDocument,
  evidence: SigningEvidence,
  companyName: string,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  pdf.setTitle(document.title);
  pdf.setSubject('Signed authority');
  pdf.setCreator(companyName);
  pdf.setProducer(companyName);
  pdf.setCreationDate(evidence.signedAt);
  pdf.setModificationDate(evidence.signedAt);

  const width = PAGE.width - 2 * PAGE.margin;
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;

  const ensure = (height: number) => {
    if (y - height >= PAGE.margin) return;
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  };
  const write = (text: string, opts: { size?: number; f?: PDFFont; indent?: number; gap?: number } = {}) => {
    const size = opts.size ?? 10;
    const f = opts.f ?? font;
    const indent = opts.indent ?? 0;
    for (const line of wrap(f, text, size, width - indent)) {
      ensure(size + 4);
      y -= size + 4;
      page.drawText(line, { x: PAGE.margin + indent, y, size, font: f, color: INK });
    }
    y -= opts.gap ?? 4;
  };

  write(document.title, { size: 16, f: bold, gap: 10 });
  for (const section of document.sections) {
    ensure(40);
    write(section.heading, { size: 12, f: bold, gap: 4 });
    for (const block of section.blocks) {
      if (block.type === 'paragraph') write(block.text);
      else if (block.type === 'list')
        for (const item of block.items) write(`- ${item}`, { indent: 10, gap: 2 });
      else {
        if (block.caption) write(block.caption, { f: bold, gap: 2 });
        for (const row of block.rows) write(`${row.key}: ${row.value}`, { indent: 10, gap: 2 });
        y -= 4;
      }
    }
    y -= 6;
  }

  const image = await pdf.embedPng(evidence.signaturePng);
  const scale = Math.min(1, 220 / image.width, 90 / image.height);
  ensure(image.height * scale + 90);
  write('Signature', { size: 12, f: bold });
  y -= image.height * scale;
  page.drawImage(image, { x: PAGE.margin, y, width: image.width * scale, height: image.height * scale });
  y -= 10;
  write(`Signed (UTC): ${evidence.signedAt.toISOString()}`, { size: 9 });
  write(`IP address: ${evidence.ip ?? 'unknown'}`, { size: 9 });
  write(`Browser: ${evidence.userAgent ?? 'unknown'}`, { size: 9 });
  return pdf.save();
}
