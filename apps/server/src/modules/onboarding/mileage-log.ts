import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import {
  JOURNEY_REASONS,
  TRIP_TYPES,
  amapRatesFor,
  calculateAllowance,
  formatMoney,
  frequencyLabel,
  journeyMilesInYear,
  journeysMilesInYear,
  taxYearInfo,
} from '@taxback/domain';
import type { Journey, TaxYear, VehicleType } from '@taxback/domain';

/** The mileage log document of D12: one PDF and one CSV per tax year, built from the journey patterns. */

export interface MileageLogInput {
  claimant: { fullName: string; reference?: string | null };
  journeys: Journey[];
  years: TaxYear[];
  vehicle: VehicleType;
  /** When the log was produced; injectable so tests are stable. */
  generatedAt?: Date;
}

export interface MileageLogDocument {
  year: TaxYear;
  pdf: Uint8Array;
  csv: string;
}

export interface MileageLogRow {
  index: number;
  from: string;
  to: string;
  purpose: string;
  tripType: string;
  frequency: string;
  distance: number;
  annualMiles: number;
}

export interface MileageLogYear {
  year: TaxYear;
  period: string;
  rows: MileageLogRow[];
  totalMiles: number;
  allowance: number;
  rateDescription: string;
}

const VEHICLE_LABELS: Record<VehicleType, string> = {
  'car-van': 'Car or van',
  motorbike: 'Motorbike',
  bicycle: 'Bicycle',
};

export function describePurpose(j: Pick<Journey, 'reason' | 'customReason'>): string {
  if (j.reason === 'other') return j.customReason.trim() === '' ? 'Other' : `Other: ${j.customReason.trim()}`;
  return JOURNEY_REASONS.find((r) => r.id === j.reason)?.label ?? 'Not given';
}

function describeRate(vehicle: VehicleType, year: TaxYear): string {
  const rate = amapRatesFor(year)[vehicle];
  if (rate.thresholdMiles !== undefined && rate.pencePerMileAbove !== undefined) {
    return `${rate.pencePerMile}p a mile for the first ${rate.thresholdMiles.toLocaleString('en-GB')} miles, ${rate.pencePerMileAbove}p after`;
  }
  return `${rate.pencePerMile}p a mile`;
}

/** The figures of one year's log, shared by the PDF and the CSV so both always agree. */
export function buildMileageLogYear(
  journeys: Journey[],
  year: TaxYear,
  vehicle: VehicleType,
): MileageLogYear {
  // A one-off journey belongs to the year of its date only (D21).
  const inYear = journeys.filter((j) => j.frequency !== 'one-off' || journeyMilesInYear(j, year) > 0);
  const rows = inYear.map((j, i) => ({
    index: i + 1,
    from: j.startAddress,
    to: j.endAddress,
    purpose: describePurpose(j),
    tripType: TRIP_TYPES.find((t) => t.id === j.tripType)?.label ?? j.tripType,
    frequency:
      j.frequency === 'one-off' && j.date !== undefined
        ? `${frequencyLabel(j.frequency)} on ${j.date}`
        : frequencyLabel(j.frequency),
    distance: j.distance ?? 0,
    annualMiles: journeyMilesInYear(j, year),
  }));
  const totalMiles = journeysMilesInYear(journeys, year);
  return {
    year,
    period: taxYearInfo(year).label,
    rows,
    totalMiles,
    allowance: calculateAllowance(totalMiles, vehicle, year),
    rateDescription: describeRate(vehicle, year),
  };
}

export async function generateMileageLog(input: MileageLogInput): Promise<MileageLogDocument[]> {
  const generatedAt = input.generatedAt ?? new Date();
  const out: MileageLogDocument[] = [];
  for (const year of input.years) {
    const log = buildMileageLogYear(input.journeys, year, input.vehicle);
    out.push({
      year,
      pdf: await renderPdf(log, input, generatedAt),
      csv: renderCsv(log, input),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// CSV

function csvCell(value: string | number): string {
  let s = String(value);
  // A cell starting with = + - @ is a formula in spreadsheet apps; claimant text must never run as one.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function csvLine(cells: (string | number)[]): string {
  return cells.map(csvCell).join(',');
}

function renderCsv(log: MileageLogYear, input: MileageLogInput): string {
  const lines = [
    csvLine(['Mileage log', `Tax year ${log.year}`, log.period]),
    csvLine(['Claimant', input.claimant.fullName]),
    csvLine(['Vehicle', VEHICLE_LABELS[input.vehicle]]),
    '',
    csvLine([
      'Journey',
      'From',
      'To',
      'Purpose',
      'Trip type',
      'Frequency',
      'Distance (miles)',
      'Annual miles',
    ]),
    ...log.rows.map((r) =>
      csvLine([r.index, r.from, r.to, r.purpose, r.tripType, r.frequency, r.distance, r.annualMiles]),
    ),
    '',
    csvLine(['Total annual business miles', log.totalMiles]),
    csvLine(['HMRC approved rate', log.rateDescription]),
    csvLine(['HMRC mileage allowance (GBP)', log.allowance.toFixed(2)]),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// PDF

/** Helvetica uses WinAnsi: anything it cannot encode (emoji, most non-Latin scripts) becomes '?'. */
function winAnsiSafe(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.replace(/[\r\n\t]+/g, ' ')) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

function fitText(font: PDFFont, text: string, size: number, maxWidth: number): string {
  const safe = winAnsiSafe(font, text);
  if (font.widthOfTextAtSize(safe, size) <= maxWidth) return safe;
  let cut = safe;
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}...`, size) > maxWidth) cut = cut.slice(0, -1);
  return `${cut}...`;
}

const PAGE = { width: 841.89, height: 595.28, margin: 36 };
const COLUMNS: { title: string; width: number; align: 'left' | 'right' }[] = [
  { title: 'Journey', width: 46, align: 'left' },
  { title: 'From', width: 80, align: 'left' },
  { title: 'To', width: 80, align: 'left' },
  { title: 'Purpose', width: 190, align: 'left' },
  { title: 'Trip type', width: 70, align: 'left' },
  { title: 'Frequency', width: 80, align: 'left' },
  { title: 'Distance (miles)', width: 100, align: 'right' },
  { title: 'Annual miles', width: 100, align: 'right' },
];
const ROW_HEIGHT = 18;

function formatMiles(n: number): string {
  return n.toLocaleString('en-GB', { maximumFractionDigits: 1 });
}

async function renderPdf(
  log: MileageLogYear,
  input: MileageLogInput,
  generatedAt: Date,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const title = `Mileage log ${log.year}`;
  doc.setTitle(title);
  doc.setSubject(`Business mileage log for the tax year ${log.period}`);
  doc.setCreator('TaxBack');
  doc.setProducer('TaxBack');
  doc.setCreationDate(generatedAt);
  doc.setModificationDate(generatedAt);

  const text = (page: PDFPage, s: string, x: number, y: number, size = 10, f: PDFFont = font) =>
    page.drawText(winAnsiSafe(f, s), { x, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });

  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;

  const header = () => {
    text(page, title, PAGE.margin, y - 16, 18, bold);
    y -= 36;
    text(page, `Tax year: ${log.period}`, PAGE.margin, y);
    y -= 14;
    text(page, `Claimant: ${input.claimant.fullName}`, PAGE.margin, y);
    y -= 14;
    text(page, `Vehicle: ${VEHICLE_LABELS[input.vehicle]}`, PAGE.margin, y);
    if (input.claimant.reference) text(page, `Reference: ${input.claimant.reference}`, PAGE.margin + 300, y);
    y -= 14;
    text(page, `Generated: ${generatedAt.toISOString().slice(0, 10)}`, PAGE.margin, y);
    y -= 24;
  };

  const tableHeader = () => {
    let x = PAGE.margin;
    page.drawRectangle({
      x: PAGE.margin - 2,
      y: y - 5,
      width: COLUMNS.reduce((s, c) => s + c.width, 0) + 4,
      height: ROW_HEIGHT,
      color: rgb(0.92, 0.92, 0.92),
    });
    for (const c of COLUMNS) {
      const w = bold.widthOfTextAtSize(c.title, 9);
      text(page, c.title, c.align === 'right' ? x + c.width - w - 4 : x, y, 9, bold);
      x += c.width;
    }
    y -= ROW_HEIGHT;
  };

  header();
  tableHeader();
  for (const r of log.rows) {
    if (y < PAGE.margin + 90) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin - 12;
      tableHeader();
    }
    const cells = [
      String(r.index),
      r.from,
      r.to,
      r.purpose,
      r.tripType,
      r.frequency,
      formatMiles(r.distance),
      formatMiles(r.annualMiles),
    ];
    let x = PAGE.margin;
    cells.forEach((cell, i) => {
      const c = COLUMNS[i];
      if (!c) return;
      const fitted = fitText(font, cell, 9, c.width - 6);
      const w = font.widthOfTextAtSize(fitted, 9);
      page.drawText(fitted, {
        x: c.align === 'right' ? x + c.width - w - 4 : x,
        y,
        size: 9,
        font,
        color: rgb(0.1, 0.1, 0.1),
      });
      x += c.width;
    });
    y -= ROW_HEIGHT;
  }

  y -= 10;
  page.drawLine({
    start: { x: PAGE.margin, y: y + 12 },
    end: { x: PAGE.width - PAGE.margin, y: y + 12 },
    thickness: 0.5,
    color: rgb(0.6, 0.6, 0.6),
  });
  text(page, `Total annual business miles: ${formatMiles(log.totalMiles)}`, PAGE.margin, y, 11, bold);
  y -= 16;
  text(page, `HMRC approved rate: ${log.rateDescription}`, PAGE.margin, y);
  y -= 16;
  text(page, `HMRC mileage allowance: ${formatMoney(log.allowance)}`, PAGE.margin, y, 11, bold);
  y -= 20;
  text(
    page,
    'Annual miles are worked out from the journey pattern: trips a year (daily 250, weekly 48, monthly 12) x distance, doubled for return trips.',
    PAGE.margin,
    y,
    8,
  );

  return doc.save();
}
