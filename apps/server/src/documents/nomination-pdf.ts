import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { PDFFont } from 'pdf-lib';
import { NOMINATION_TITLE, nominationParagraphs, taxYearList, type NominationFacts } from '@taxback/domain';
import { winAnsiSafe, wrapText } from '../pdf/text.ts';

// D29 (issue 47, decision 076): the nomination the claimant signs, drawn on one A4 page: the
// domain's words, then who signs, for which claim and years, and whom they nominate. The
// e-signature provider signs this document; it is drawn the same way for every provider.

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const SIZE = 11;
const LINE = 16;

/** The nomination as an unsigned PDF document (pdf-lib), for a provider to sign. */
export async function drawNominationPdf(
  facts: NominationFacts & { signerTypedName: string; signedAt: Date },
): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${NOMINATION_TITLE}: ${facts.reference}`);
  doc.setCreator(facts.agent.name);
  doc.setCreationDate(facts.signedAt);
  doc.setModificationDate(facts.signedAt);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const width = PAGE.width - PAGE.margin * 2;
  let y = PAGE.height - PAGE.margin;
  const line = (text: string, f: PDFFont = font, size = SIZE) => {
    for (const l of wrapText(f, text, size, width)) {
      page.drawText(winAnsiSafe(f, l), { x: PAGE.margin, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
      y -= size > SIZE ? size * 1.4 : LINE;
    }
  };

  line(NOMINATION_TITLE, bold, 18);
  y -= LINE / 2;
  line(`Claim reference: ${facts.reference}`);
  line(`Tax years: ${taxYearList(facts.taxYears)}`);
  line(`Claimant: ${facts.claimantName}`);
  line(
    `Nominee: ${facts.agent.name}, HMRC agent reference ${facts.agent.hmrcAgentReference}, ${facts.agent.address.replace(/\s*\n\s*/g, ', ')}`,
  );
  y -= LINE;
  for (const paragraph of nominationParagraphs(facts)) {
    line(paragraph);
    y -= LINE / 2;
  }
  y -= LINE;
  line('Signed electronically', bold);
  line(`Name typed by the signer: ${facts.signerTypedName}`);
  line(`Signed at: ${facts.signedAt.toISOString()}`);
  line(
    'This document carries an advanced electronic signature: any change made to it after signing breaks the signature.',
  );
  return doc;
}
