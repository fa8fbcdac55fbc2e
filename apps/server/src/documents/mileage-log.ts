import zlib from 'node:zlib';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { SAVE_OPTIONS, fitText, winAnsiSafe, wrapText } from '../pdf/text.ts';
import {
  DATED_LOG_DECLARATION,
  DATED_LOG_LABEL,
  MONTH_NAMES,
  UK_NATIONS,
  amapRatesFor,
  buildDatedLog,
  calculateAllowance,
  formatMoney,
  nationOfPostcode,
  taxYearInfo,
  ukIsoDate,
} from '@taxback/domain';
import type { Journey, LeavePeriod, TaxYear, UkNation, VehicleType } from '@taxback/domain';

/**
 * The mileage log of D12 as D25 and decision 014 describe it: per tax year, one PDF and one CSV
 * of dated trips rebuilt from the claimant's journey pattern. The figures come from the domain's
 * buildDatedLog, whose total is the miles claimed.
 */

export interface MileageLogInput {
  claimant: {
    fullName: string;
    reference?: string | null;
    /** Home postcode: its nation's bank holidays are not working days. */
    postcode?: string | null;
  };
  /** The journeys of one employment. */
  journeys: Journey[];
  years: TaxYear[];
  vehicle: VehicleType;
  employment?: LogEmployment;
  /**
   * One log per employment (D25), each from its own journeys; when given, `journeys` and
   * `employment` are not used. Each log starts on its own page of the year's PDF and is its own
   * section of the CSV.
   */
  employments?: (LogEmployment & { journeys: Journey[] })[];
  /** Declared leave; none until the wizard asks for it. */
  leave?: LeavePeriod[];
  /** The declaration the claimant made about their pattern; the standard wording by default. */
  declaration?: string;
  /** When the log was produced (its UK date is "today"); injectable so tests are stable. */
  generatedAt?: Date;
}

export interface LogEmployment {
  employerName?: string | null;
  start?: string | null;
  end?: string | null;
}

export interface MileageLogDocument {
  year: TaxYear;
  pdf: Uint8Array;
  csv: string;
}

export interface MileageLogRow {
  date: string;
  from: string;
  to: string;
  reason: string;
  trip: 'Return' | 'Single';
  miles: number;
}

export interface MileageLogYear {
  year: TaxYear;
  /** '6 April 2024 to 5 April 2025' */
  period: string;
  /** The days the trips cover ('8 April 2024 to 4 April 2025'), or a sentence when none. */
  covered: string;
  nation: UkNation;
  leave: LeavePeriod[];
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

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** '2024-04-08' → '8 April 2024'; with the weekday, 'Mon 8 Apr 2024'. */
function longDate(iso: string, withWeekday = false): string {
  const [y, m, d] = iso.split('-').map(Number);
  const month = MONTH_NAMES[(m ?? 1) - 1] ?? '';
  if (!withWeekday) return `${d} ${month} ${y}`;
  const weekday = WEEKDAYS[new Date(`${iso}T00:00:00Z`).getUTCDay()] ?? '';
  return `${weekday} ${d} ${month.slice(0, 3)} ${y}`;
}

function nationLabel(n: UkNation): string {
  return UK_NATIONS.find((x) => x.id === n)?.label ?? n;
}

function leaveText(leave: LeavePeriod[]): string {
  return leave.length === 0
    ? 'None declared'
    : leave.map((l) => `${longDate(l.from)} to ${longDate(l.to)}`).join('; ');
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
  input: Pick<MileageLogInput, 'claimant' | 'journeys' | 'vehicle' | 'employment' | 'leave' | 'generatedAt'>,
  year: TaxYear,
): MileageLogYear {
  const nation = nationOfPostcode(input.claimant.postcode ?? '');
  const leave = input.leave ?? [];
  const log = buildDatedLog({
    journeys: input.journeys,
    year,
    nation,
    leave,
    employmentStart: input.employment?.start ?? null,
    employmentEnd: input.employment?.end ?? null,
    today: ukIsoDate(input.generatedAt ?? new Date()),
  });
  return {
    year,
    period: taxYearInfo(year).label,
    covered:
      log.period === null
        ? 'No working days in this tax year yet'
        : `${longDate(log.period.from)} to ${longDate(log.period.to)}`,
    nation,
    leave,
    rows: log.trips.map((t) => ({
      date: t.date,
      from: t.from,
      to: t.to,
      reason: t.reason,
      trip: t.returnTrip ? 'Return' : 'Single',
      miles: t.miles,
    })),
    totalMiles: log.totalMiles,
    allowance: calculateAllowance(log.totalMiles, input.vehicle, year),
    rateDescription: describeRate(input.vehicle, year),
  };
}

export async function generateMileageLog(input: MileageLogInput): Promise<MileageLogDocument[]> {
  const generatedAt = input.generatedAt ?? new Date();
  const out: MileageLogDocument[] = [];
  const parts = input.employments ?? [{ ...input.employment, journeys: input.journeys }];
  for (const year of input.years) {
    const sections = parts.map((employment) => ({
      employment,
      log: buildMileageLogYear({ ...input, journeys: employment.journeys, employment, generatedAt }, year),
    }));
    out.push({
      year,
      pdf: await renderPdf(sections, input, generatedAt),
      csv: sections
        .map((section) => renderCsv(section.log, { ...input, employment: section.employment }))
        .join('\r\n'),
    });
  }
  return out;
}

const HOW_REBUILT =
  'Trips are dated on working days (Monday to Friday, less the bank holidays of the nation shown and the leave declared): ' +
  'daily journeys every working day, weekly ones once a week, monthly ones on the first working day of the month, ' +
  'one-off journeys on their own date. Return trips count the miles both ways.';

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
  const employer = input.employment?.employerName?.trim() ?? '';
  const lines = [
    csvLine(['Mileage log', `Tax year ${log.year}`, log.period]),
    csvLine([DATED_LOG_LABEL]),
    csvLine(['Claimant', input.claimant.fullName]),
    ...(employer === '' ? [] : [csvLine(['Employer', employer])]),
    csvLine(['Vehicle', VEHICLE_LABELS[input.vehicle]]),
    csvLine(['Period covered', log.covered]),
    csvLine(['Bank holidays of', nationLabel(log.nation)]),
    csvLine(['Leave', leaveText(log.leave)]),
    '',
    csvLine(['Date', 'From', 'To', 'Reason', 'Trip', 'Miles']),
    ...log.rows.map((r) => csvLine([r.date, r.from, r.to, r.reason, r.trip, r.miles])),
    '',
    csvLine(['Total business miles', log.totalMiles]),
    csvLine(['HMRC approved rate', log.rateDescription]),
    csvLine(['HMRC mileage allowance (GBP)', log.allowance.toFixed(2)]),
    '',
    csvLine(['How the log was rebuilt', HOW_REBUILT]),
    csvLine(['Declaration', input.declaration ?? DATED_LOG_DECLARATION]),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// PDF

// A4 portrait: a year of daily trips is about five pages.
const PAGE = { width: 595.28, height: 841.89, margin: 36 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const COLUMNS: { title: string; width: number; align: 'left' | 'right' }[] = [
  { title: 'Date', width: 82, align: 'left' },
  { title: 'From', width: 66, align: 'left' },
  { title: 'To', width: 66, align: 'left' },
  { title: 'Reason', width: 196, align: 'left' },
  { title: 'Trip', width: 50, align: 'left' },
  { title: 'Miles', width: 60, align: 'right' },
];
const ROW_HEIGHT = 14;

const MILES_FORMAT = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

function formatMiles(n: number): string {
  return MILES_FORMAT.format(n);
}

// A page's rows repeat within a few hundred bytes: a 4 KB window compresses them as well as the
// default 32 KB one, and a compressor set up per page then allocates a fraction of the memory.
const PAGE_DEFLATE = { level: 3, windowBits: 12, memLevel: 7 };

/**
 * Adds operators to a page as a content stream of their own, deflated natively (pdf-lib deflates
 * its own streams in JavaScript, one compressor set up per page).
 */
function addContentStream(doc: PDFDocument, page: PDFPage, ops: string[]): void {
  const content = Buffer.from(ops.join('\n'), 'latin1');
  const stream = doc.context.stream(zlib.deflateSync(content, PAGE_DEFLATE), { Filter: 'FlateDecode' });
  page.node.addContentStream(doc.context.register(stream));
}

/** A cell as drawn: its text fitted to the column, encoded for the font, and its width. */
interface DrawnCell {
  hex: string;
  width: number;
}

const TABLE_WIDTH = COLUMNS.reduce((s, c) => s + c.width, 0);

/** A number in a content stream: at most three decimals, never an exponent at these magnitudes. */
function pdfNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000);
}

/**
 * Writes the trips table of one page at a time as a raw content stream: the header (grey band,
 * bold titles) and then one text object with a positioned string per cell. A cell's value is
 * formatted, fitted and encoded once per document section, however many rows repeat it.
 */
class TableWriter {
  y = 0;
  private page: PDFPage | null = null;
  private ops: string[] = [];
  /** Where the current line of the open text object starts (Td moves are relative to it). */
  private penX = 0;
  private penY = 0;
  private readonly cells: Map<string | number, DrawnCell>[] = COLUMNS.map(() => new Map());
  private readonly header: DrawnCell[];
  private readonly heading: string;

  /** `continued` heads each further page of the table (bold, 9 pt). */
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    continued: string,
  ) {
    this.header = COLUMNS.map((c) => this.drawn(bold, c.title, Number.POSITIVE_INFINITY));
    this.heading = bold.encodeText(winAnsiSafe(bold, continued)).toString();
  }

  private drawn(font: PDFFont, text: string, maxWidth: number): DrawnCell {
    const fitted = fitText(font, text, 9, maxWidth);
    return { hex: font.encodeText(fitted).toString(), width: font.widthOfTextAtSize(fitted, 9) };
  }

  private beginText(fontKey: string): void {
    this.ops.push('BT', '0.1 0.1 0.1 rg', `${fontKey} 9 Tf`);
    this.penX = 0;
    this.penY = 0;
  }

  /** Shows a cell in the column that starts at x, moving from the last cell with a short Td. */
  private show(cell: DrawnCell, x: number, align: 'left' | 'right', width: number): void {
    const at = align === 'right' ? x + width - cell.width - 4 : x;
    const dx = pdfNumber(at - this.penX);
    const dy = pdfNumber(this.y - this.penY);
    this.penX += Number(dx);
    this.penY += Number(dy);
    this.ops.push(`${dx} ${dy} Td ${cell.hex} Tj`);
  }

  /** Starts the table on a page at `y` (with its header row), under the heading on a further page. */
  begin(page: PDFPage, y: number, further: boolean): void {
    this.page = page;
    this.y = y;
    const boldKey = page.node.newFontDictionary(this.bold.name, this.bold.ref).toString();
    const fontKey = page.node.newFontDictionary(this.font.name, this.font.ref).toString();
    this.ops.push('q');
    if (further) {
      this.beginText(boldKey);
      this.show({ hex: this.heading, width: 0 }, PAGE.margin, 'left', 0);
      this.ops.push('ET');
      this.y -= 20;
    }
    this.ops.push(
      '0.92 0.92 0.92 rg',
      `${pdfNumber(PAGE.margin - 2)} ${pdfNumber(this.y - 4)} ${pdfNumber(TABLE_WIDTH + 4)} ${ROW_HEIGHT + 2} re f`,
    );
    this.beginText(boldKey);
    let x = PAGE.margin;
    COLUMNS.forEach((c, i) => {
      this.show(this.header[i] as DrawnCell, x, c.align, c.width);
      x += c.width;
    });
    this.y -= ROW_HEIGHT + 2;
    this.ops.push(`${fontKey} 9 Tf`);
  }

  note(text: string): void {
    this.show(this.drawn(this.font, text, CONTENT_WIDTH), PAGE.margin, 'left', CONTENT_WIDTH);
    this.y -= ROW_HEIGHT;
  }

  row(r: MileageLogRow): void {
    let x = PAGE.margin;
    for (let i = 0; i < COLUMNS.length; i++) {
      const c = COLUMNS[i] as (typeof COLUMNS)[number];
      const cache = this.cells[i] as Map<string | number, DrawnCell>;
      const key =
        i === 0
          ? r.date
          : i === 1
            ? r.from
            : i === 2
              ? r.to
              : i === 3
                ? r.reason
                : i === 4
                  ? r.trip
                  : r.miles;
      let cell = cache.get(key);
      if (cell === undefined) {
        const text = i === 0 ? longDate(r.date, true) : typeof key === 'number' ? formatMiles(key) : key;
        cell = this.drawn(this.font, text, c.width - 6);
        cache.set(key, cell);
      }
      this.show(cell, x, c.align, c.width);
      x += c.width;
    }
    this.y -= ROW_HEIGHT;
  }

  /** Adds the page's table as its own content stream; returns where the page continues. */
  finish(): number {
    if (this.page !== null) {
      this.ops.push('ET', 'Q');
      addContentStream(this.doc, this.page, this.ops);
    }
    this.page = null;
    this.ops = [];
    return this.y;
  }
}

async function renderPdf(
  sections: { log: MileageLogYear; employment: LogEmployment }[],
  input: MileageLogInput,
  generatedAt: Date,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const first = sections[0]?.log;
  const employers = sections.map((x) => x.employment.employerName?.trim() ?? '').filter((e) => e !== '');
  const docTitle = `Mileage log ${first?.year ?? ''}`;
  doc.setTitle(employers.length === 0 ? docTitle : `${docTitle}: ${employers.join(', ')}`);
  doc.setSubject(`Business mileage log for the tax year ${first?.period ?? ''}`);
  doc.setCreator('TaxBack');
  doc.setProducer('TaxBack');
  doc.setCreationDate(generatedAt);
  doc.setModificationDate(generatedAt);
  for (const section of sections)
    renderLogPages(doc, font, bold, section.log, section.employment, input, generatedAt);

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const label = `Page ${i + 1} of ${pages.length}`;
    const x = PAGE.width - PAGE.margin - font.widthOfTextAtSize(label, 8);
    const fontKey = p.node.newFontDictionary(font.name, font.ref).toString();
    const at = `1 0 0 1 ${pdfNumber(x)} ${pdfNumber(PAGE.margin - 16)} Tm`;
    const show = `${at} ${font.encodeText(label).toString()} Tj`;
    addContentStream(doc, p, ['q', 'BT', '0.35 0.35 0.35 rg', `${fontKey} 8 Tf`, show, 'ET', 'Q']);
  });

  return doc.save(SAVE_OPTIONS);
}

/** One employment's log for the year, from a new page. */
function renderLogPages(
  doc: PDFDocument,
  font: PDFFont,
  bold: PDFFont,
  log: MileageLogYear,
  employment: LogEmployment,
  input: MileageLogInput,
  generatedAt: Date,
): void {
  const employer = employment.employerName?.trim() ?? '';
  const title = `Mileage log ${log.year}`;
  const text = (page: PDFPage, s: string, x: number, y: number, size = 10, f: PDFFont = font) =>
    page.drawText(winAnsiSafe(f, s), { x, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });

  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const continued = `${title} (continued)${employer === '' ? '' : `: ${employer}`}`;
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin - 10;
    text(page, continued, PAGE.margin, y, 9, bold);
    y -= 20;
  };
  /** Room for `height` more points above the footer, or a new page. */
  const ensure = (height: number) => {
    if (y - height < PAGE.margin + 20) newPage();
  };
  const paragraph = (s: string, size: number, f: PDFFont = font) => {
    for (const line of wrapText(f, s, size, CONTENT_WIDTH)) {
      ensure(size + 4);
      text(page, line, PAGE.margin, y, size, f);
      y -= size + 4;
    }
  };

  text(page, title, PAGE.margin, y - 16, 18, bold);
  y -= 36;
  if (employer !== '') {
    text(page, fitText(bold, `Employer: ${employer}`, 13, CONTENT_WIDTH), PAGE.margin, y, 13, bold);
    y -= 18;
  }
  text(page, DATED_LOG_LABEL, PAGE.margin, y, 11, bold);
  y -= 18;
  const facts: [string, string][] = [
    ['Tax year', log.period],
    ['Period covered', log.covered],
    ['Claimant', input.claimant.fullName],
    ...(input.claimant.reference ? [['Reference', input.claimant.reference] as [string, string]] : []),
    ['Vehicle', VEHICLE_LABELS[input.vehicle]],
    ['Bank holidays of', nationLabel(log.nation)],
    ['Leave', leaveText(log.leave)],
    ['Generated', longDate(ukIsoDate(generatedAt))],
  ];
  for (const [k, v] of facts) paragraph(`${k}: ${v}`, 10);
  y -= 10;

  // The table is most of the document (a row per trip per working day, tens of thousands for a
  // busy claimant over several years), so its rows are written straight into one content stream
  // per page: each distinct cell is fitted and encoded once, and no pdf-lib operator objects are
  // built per cell (decision 025).
  const table = new TableWriter(doc, font, bold, continued);
  table.begin(page, y, false);
  if (log.rows.length === 0) {
    table.note('No trips in this period.');
  }
  for (const r of log.rows) {
    if (table.y < PAGE.margin + 20 + ROW_HEIGHT) {
      table.finish();
      page = doc.addPage([PAGE.width, PAGE.height]);
      table.begin(page, PAGE.height - PAGE.margin - 10, true);
    }
    table.row(r);
  }
  y = table.finish();

  ensure(80);
  y -= 6;
  page.drawLine({
    start: { x: PAGE.margin, y: y + 12 },
    end: { x: PAGE.width - PAGE.margin, y: y + 12 },
    thickness: 0.5,
    color: rgb(0.6, 0.6, 0.6),
  });
  text(page, `Total business miles: ${formatMiles(log.totalMiles)}`, PAGE.margin, y, 11, bold);
  y -= 16;
  text(page, `HMRC approved rate: ${log.rateDescription}`, PAGE.margin, y);
  y -= 16;
  text(page, `HMRC mileage allowance: ${formatMoney(log.allowance)}`, PAGE.margin, y, 11, bold);
  y -= 22;
  paragraph(HOW_REBUILT, 8);
  y -= 8;
  ensure(40);
  text(page, 'Declaration', PAGE.margin, y, 11, bold);
  y -= 16;
  paragraph(input.declaration ?? DATED_LOG_DECLARATION, 10);
}
