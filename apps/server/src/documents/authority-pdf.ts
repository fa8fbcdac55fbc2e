import zlib from 'node:zlib';
import {
  PDFDocument,
  StandardFonts,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  rgb,
} from 'pdf-lib';
import type { PDFFont, PDFPage, PDFRef } from 'pdf-lib';
import type { AuthorityDocument } from '@taxback/domain';
import { readPng, splitAlpha, unfilter } from './png.ts';
import { SAVE_OPTIONS, wrapText } from '../pdf/text.ts';

/** The signing evidence printed under the document (D15, D19). */
export interface SigningEvidence {
  signaturePng: Uint8Array;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
  /** Signed by typing this name instead of drawing (issue 32); null or absent when drawn. */
  typedName?: string | null;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const INK = rgb(0.1, 0.1, 0.1);

// A signature is mostly empty canvas: the fastest level compresses it nearly as well.
const FAST = { level: zlib.constants.Z_BEST_SPEED };

/**
 * The signature as an image XObject. A canvas signature (8-bit RGBA or RGB, not interlaced) is
 * unfiltered here and its colour and alpha deflated by Node's zlib; pdf-lib's embedPng does the
 * same in JavaScript, about 14 ms for a 20 KB signature (decision 025), and still takes any other PNG.
 */
async function embedSignature(
  pdf: PDFDocument,
  png: Uint8Array,
): Promise<{ ref: PDFRef; width: number; height: number }> {
  const image = readPng(png);
  if (
    image === null ||
    image.bitDepth !== 8 ||
    image.interlaced ||
    (image.colorType !== 6 && image.colorType !== 2)
  ) {
    const embedded = await pdf.embedPng(png);
    return { ref: embedded.ref, width: embedded.width, height: embedded.height };
  }
  const { width, height } = image;
  const channels = image.colorType === 6 ? 4 : 3;
  const pixels = unfilter(image, channels);
  let colour = pixels;
  let smask: PDFRef | undefined;
  if (channels === 4) {
    const split = splitAlpha(pixels, width * height);
    colour = split.colour;
    const alpha = split.alpha;
    smask = pdf.context.register(
      pdf.context.stream(zlib.deflateSync(alpha, FAST), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: width,
        Height: height,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 8,
        Filter: 'FlateDecode',
      }),
    );
  }
  const ref = pdf.context.register(
    pdf.context.stream(zlib.deflateSync(colour, FAST), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: width,
      Height: height,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
      ...(smask === undefined ? {} : { SMask: smask }),
    }),
  );
  return { ref, width, height };
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
    for (const line of wrapText(f, text, size, width - indent)) {
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

  const image = await embedSignature(pdf, evidence.signaturePng);
  const scale = Math.min(1, 220 / image.width, 90 / image.height);
  ensure(image.height * scale + 90);
  write(evidence.typedName ? 'Signature (typed name)' : 'Signature', { size: 12, f: bold });
  y -= image.height * scale;
  const name = page.node.newXObject('Image', image.ref);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(image.width * scale, 0, 0, image.height * scale, PAGE.margin, y),
    drawObject(name),
    popGraphicsState(),
  );
  y -= 10;
  if (evidence.typedName)
    write(`Signed by typing their name instead of drawing: ${evidence.typedName}`, { size: 9 });
  write(`Signed (UTC): ${evidence.signedAt.toISOString()}`, { size: 9 });
  write(`IP address: ${evidence.ip ?? 'unknown'}`, { size: 9 });
  write(`Browser: ${evidence.userAgent ?? 'unknown'}`, { size: 9 });
  return pdf.save(SAVE_OPTIONS);
}
