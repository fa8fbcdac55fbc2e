// The signed authority (DECISIONS D19, D20, D29): one structured document that the web shows before
// signing and the server renders into the signed PDF, so what is shown is what is signed. Its
// canonical JSON is the D15 hash. Pure: the signing time is an input, never read from a clock.
import { canonicalJson } from './canonical.ts';
import { CLAIM_DIRECT_FOR_FREE, calculateFee } from './fees.ts';
import type { FeeSettings } from './fees.ts';
import { formatMoney } from './money.ts';
import { formatNumber, milesText } from './number-format.ts';
import { formatIsoDate } from './dates.ts';
import { taxYearInfo } from './tax-years.ts';

export interface AuthorityEmployment {
  employerName: string;
  /** Employer PAYE reference (123/AB45678); '' when the claimant does not have it. */
  payeReference: string;
  jobTitle: string;
  miles: number;
  /** Absent for a fuel claim (company vehicle, D27): an operator assesses it, so no amount is stated. */
  claimablePounds?: number | undefined;
}

export interface AuthorityYear {
  year: string;
  employments: AuthorityEmployment[];
  /** Absent for a fuel claim (D27). */
  claimablePounds?: number | undefined;
  /** The estimated refund for the year; absent where no estimate is given (a fuel claim, D27). */
  estimatePounds?: number | undefined;
}

export interface AuthorityExpenseYear {
  year: string;
  lines: { label: string; pounds: number }[];
  totalPounds: number;
  /** The estimated refund for the year, or undefined when the year goes through Self Assessment (D31). */
  estimatePounds?: number | undefined;
}

/**
 * D38: a year of the claimant's case (a mileage claim with its funnel claim's details): each kind's
 * amount, the year's total (what HMRC's £2,500 limit is measured on, D31), and the relief on it.
 */
export interface AuthorityCaseYear {
  year: string;
  lines: { label: string; pounds: number }[];
  totalPounds: number;
  selfAssessment: boolean;
  /** Whole pounds: the estimated relief on the year's total. */
  estimatePounds: number;
}

/** D38: the case a mileage authority covers with the mileage: every amount, year by year. */
export interface AuthorityCase {
  years: AuthorityCaseYear[];
  /** Whole pounds: the estimate across the case, as the wizard shows it. */
  estimatePounds: number;
}

export interface AuthorityAgent {
  companyName: string;
  address: string;
  /** Our HMRC agent reference; '' until HMRC has issued one. */
  hmrcAgentReference: string;
  /** How to reach us to cancel or withdraw (a phone number), if any. */
  phone?: string | undefined;
}

/** What the claimant signs besides their claim: our company and our fee, as configured then. */
export interface AuthorityTerms {
  agent: AuthorityAgent;
  fee: FeeSettings;
}

export interface AuthorityInput {
  kind: 'mileage' | 'general';
  claimant: {
    title?: string | undefined;
    fullName: string;
    /** ISO date, e.g. '1980-02-29'. */
    dateOfBirth?: string | undefined;
    address: string;
    postcode: string;
    email: string;
    phone: string;
  };
  agent: AuthorityAgent;
  fee: FeeSettings;
  /** Mileage: the years and employments claimed. The general claim names no years. */
  years: AuthorityYear[];
  /** General claim: the labels of the expenses the claimant chose. */
  expenses?: string[] | undefined;
  /** General claim with its details (D30): per year, each expense in HMRC's box and the estimate. */
  expenseYears?: AuthorityExpenseYear[] | undefined;
  /**
   * Mileage (D25, issue 31): where a generated mileage log adds up to other miles than the claim
   * states, each year and employment, said plainly with the figure the claim is made on.
   */
  logMismatches?: AuthorityLogMismatch[] | undefined;
  /**
   * Mileage in a case (D38): the case's years across kinds. The authority then covers every amount
   * of the case and replaces any signed for it before; absent outside a case, so documents signed
   * before keep their hash.
   */
  case?: AuthorityCase | undefined;
  /** ISO time of signing; absent while the claimant reads the document before signing. */
  signedAt?: string | undefined;
}

export interface AuthorityLogMismatch {
  year: string;
  employerName: string;
  /** The generated log's miles. */
  logMiles: number;
  /** The miles the claim states, on which it is made. */
  claimedMiles: number;
}

/** The authority's heading over the mileage log mismatches (D25, issue 31). */
export const LOG_MISMATCH_HEADING = 'Your mileage log and your claim do not match';

export type AuthorityBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'list'; items: string[] }
  | { type: 'rows'; caption?: string; rows: { key: string; value: string }[] };

export interface AuthoritySection {
  id: 'claimant' | 'agent' | 'authority' | 'claim' | 'repayment' | 'fee' | 'cancel' | 'signature';
  heading: string;
  blocks: AuthorityBlock[];
}

export interface AuthorityDocument {
  title: string;
  sections: AuthoritySection[];
}

export const AUTHORITY_TITLES = {
  mileage: 'Authority to act for you on your mileage tax relief claim',
  general: 'Authority to act for you on your tax refund claim',
} as const;

/** D29: the default, nobody nominated. */
export const HMRC_PAYS_YOU_DIRECTLY = 'HMRC pays you directly.';
export const HMRC_NOT_ENDORSED = 'HMRC has not seen or endorsed these terms.';
export const NO_FEE_TEXT = 'No fee: we charge you nothing for this claim.';

// Made on first use: a browser's first Intl call loads its locale data (decision 030), which the
// wizard's first screen must not wait for.
let dateTime: Intl.DateTimeFormat | null = null;
const signedAtFormat = () =>
  (dateTime ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
    timeZone: 'Europe/London',
    timeZoneName: 'short',
  }));

function formatDateOfBirth(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? iso : formatIsoDate(iso);
}

function formatSignedAt(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : signedAtFormat().format(d);
}

const penceToPounds = (pence: number) => formatMoney(pence / 100);

function percentText(n: number): string {
  return `${formatNumber(n, { maxFractionDigits: 2 })}%`;
}

function yearLabel(year: string): string {
  try {
    return `${year} (${taxYearInfo(year).label})`;
  } catch {
    return year;
  }
}

/** Total of the years' estimates in pence, or null when no year has one. */
export function estimatePenceOf(years: readonly AuthorityYear[]): number | null {
  const withEstimate = years.filter((y) => y.estimatePounds !== undefined);
  if (withEstimate.length === 0) return null;
  return withEstimate.reduce((sum, y) => sum + Math.round((y.estimatePounds ?? 0) * 100), 0);
}

/**
 * D41 with D29: when we charge and how the fee is collected: by invoice, or kept from a repayment
 * HMRC pays us under a nomination. Without either setting the sentence is the one signed before.
 */
function feeCollection(fee: FeeSettings): string {
  const when = fee.onTaxCode
    ? 'We only charge if HMRC repays you or changes your tax code'
    : 'We only charge if HMRC repays you';
  if (!fee.fromRepayment)
    return fee.onTaxCode
      ? `${when}, and we invoice you after HMRC has done so.`
      : `${when}, and we invoice you after HMRC has paid you.`;
  const otherwise = fee.onTaxCode
    ? 'otherwise, and for relief through your tax code, we invoice you after HMRC has given it'
    : 'otherwise we invoice you after HMRC has paid you';
  return `${when}. If you nominate us to receive your repayment, we keep our fee from it and pay you the rest; ${otherwise}.`;
}

/** D20: the fee in words, with an example on the estimate where there is one. */
export function feeParagraphs(fee: FeeSettings, estimatePence: number | null): string[] {
  if (fee.percent <= 0) return [NO_FEE_TEXT, CLAIM_DIRECT_FOR_FREE];
  const vat = fee.vatPercent > 0 ? `, plus VAT at ${percentText(fee.vatPercent)}` : '';
  const minimum = fee.minimumPence > 0 ? ` (at least ${penceToPounds(fee.minimumPence)})` : '';
  const base = fee.onTaxCode
    ? 'the repayment HMRC makes and of any relief HMRC gives you by changing your tax code'
    : 'the repayment HMRC makes';
  const out = [
    `Our fee is ${percentText(fee.percent)} of ${base}${minimum}${vat}. It is never more than ${fee.onTaxCode ? 'that relief' : 'the repayment'}.`,
    feeCollection(fee),
  ];
  if (estimatePence !== null && estimatePence > 0) {
    const b = calculateFee(estimatePence, fee);
    const vatPart =
      b.vatPence > 0
        ? ` plus ${penceToPounds(b.vatPence)} VAT (${penceToPounds(b.totalFeePence)} in all)`
        : '';
    out.push(
      `For example, on your estimated repayment of ${penceToPounds(b.repaymentPence)} our fee would be ${penceToPounds(b.feePence)}${vatPart}, and you would keep ${penceToPounds(b.claimantPence)}.`,
    );
  }
  out.push(CLAIM_DIRECT_FOR_FREE);
  return out;
}

function claimantSection(input: AuthorityInput): AuthoritySection {
  const c = input.claimant;
  const name = [c.title ?? '', c.fullName].filter((s) => s.trim() !== '').join(' ');
  const rows = [
    { key: 'Name', value: name },
    { key: 'Date of birth', value: c.dateOfBirth ? formatDateOfBirth(c.dateOfBirth) : '' },
    { key: 'Address', value: c.address },
    { key: 'Postcode', value: c.postcode },
    { key: 'Email', value: c.email },
    { key: 'Phone', value: c.phone },
  ].filter((r) => r.value.trim() !== '');
  return { id: 'claimant', heading: 'You', blocks: [{ type: 'rows', rows }] };
}

function agentSection(agent: AuthorityAgent): AuthoritySection {
  const rows = [
    { key: 'Company', value: agent.companyName },
    { key: 'Address', value: agent.address },
    {
      key: 'HMRC agent reference',
      value: agent.hmrcAgentReference.trim() === '' ? 'Not yet issued by HMRC' : agent.hmrcAgentReference,
    },
  ];
  return { id: 'agent', heading: 'Who we are', blocks: [{ type: 'rows', rows }] };
}

function authoritySection(input: AuthorityInput): AuthoritySection {
  const company = input.agent.companyName;
  const blocks: AuthorityBlock[] = [];
  if (input.kind === 'mileage' && input.case) {
    blocks.push(
      {
        type: 'paragraph',
        text: `You authorise ${company} to act as your agent with HM Revenue and Customs (HMRC) for this claim only: to claim tax relief on your business mileage and on the other work expenses of your claim, for the tax years below, and to deal with HMRC about it.`,
      },
      {
        type: 'paragraph',
        text: 'This authority covers every amount of your claim with us, your mileage and the expenses in your details together, and replaces any authority you signed for them before. We keep the earlier one, marked as replaced.',
      },
    );
  } else if (input.kind === 'mileage') {
    blocks.push({
      type: 'paragraph',
      text: `You authorise ${company} to act as your agent with HM Revenue and Customs (HMRC) for this claim only: to claim tax relief on your business mileage for the tax years and employments below, and to deal with HMRC about it.`,
    });
    const items = input.years.map((y) => {
      const employers = y.employments.map((e) => e.employerName).filter((n) => n.trim() !== '');
      return employers.length > 0 ? `${y.year}: ${employers.join(', ')}` : y.year;
    });
    if (items.length > 0) blocks.push({ type: 'list', items });
  } else {
    blocks.push({
      type: 'paragraph',
      text: `You authorise ${company} to act as your agent with HM Revenue and Customs (HMRC) for this claim only: to claim tax relief on the work expenses below, for the tax years HMRC allows, and to deal with HMRC about it.`,
    });
  }
  blocks.push({
    type: 'paragraph',
    text: "HMRC's letters about this claim come to us, and we tell you what they say. This authority does not cover any other tax matter.",
  });
  return { id: 'authority', heading: 'What you authorise', blocks };
}

function claimSection(input: AuthorityInput): AuthoritySection {
  const blocks: AuthorityBlock[] = [];
  if (input.kind === 'general') {
    const expenses = input.expenses ?? [];
    blocks.push({ type: 'paragraph', text: 'The expenses you are claiming for:' });
    blocks.push({ type: 'list', items: expenses.length > 0 ? [...expenses] : ['None chosen'] });
    if (input.expenseYears !== undefined && input.expenseYears.length > 0) {
      blocks.push(...expenseYearBlocks(input.expenseYears));
      return { id: 'claim', heading: 'Your claim', blocks };
    }
    blocks.push({
      type: 'paragraph',
      text: 'We check with you which years and amounts apply before anything is sent to HMRC.',
    });
    return { id: 'claim', heading: 'Your claim', blocks };
  }
  for (const y of input.years) {
    const rows: { key: string; value: string }[] = [];
    y.employments.forEach((e, i) => {
      const n = y.employments.length > 1 ? ` ${i + 1}` : '';
      rows.push({ key: `Employer${n}`, value: e.employerName });
      rows.push({
        key: `Employer PAYE reference${n}`,
        value: e.payeReference.trim() === '' ? 'Not given' : e.payeReference,
      });
      if (e.jobTitle.trim() !== '') rows.push({ key: `Job title${n}`, value: e.jobTitle });
      rows.push({ key: `Business miles${n}`, value: milesText(e.miles) });
      if (e.claimablePounds !== undefined)
        rows.push({ key: `Amount you can claim${n}`, value: formatMoney(e.claimablePounds) });
    });
    if (y.claimablePounds !== undefined)
      rows.push({ key: 'Total you can claim for the year', value: formatMoney(y.claimablePounds) });
    else rows.push({ key: 'Amount', value: 'Assessed with you by our team (fuel for a company vehicle)' });
    // In a case the estimate is the year's across every kind, given with the case's years below.
    if (y.estimatePounds !== undefined && !input.case)
      rows.push({ key: 'Estimated tax refund', value: formatMoney(y.estimatePounds) });
    blocks.push({ type: 'rows', caption: yearLabel(y.year), rows });
  }
  if (input.case) {
    blocks.push(...caseYearBlocks(input.case), ...logMismatchBlocks(input));
    return { id: 'claim', heading: 'Your claim', blocks };
  }
  const estimate = estimatePenceOf(input.years);
  if (estimate !== null)
    blocks.push({
      type: 'paragraph',
      text: `Estimated refund in all: ${penceToPounds(estimate)}. HMRC decides the final amount.`,
    });
  blocks.push(...logMismatchBlocks(input));
  return { id: 'claim', heading: 'Your claim', blocks };
}

/**
 * D25, issue 31: a generated mileage log that adds up to other miles than the claim, per year (and
 * employment where the claim has several): both figures, and that the claim is made on the miles
 * stated. None when every log matches, so documents signed before this rule keep their hash.
 */
function logMismatchBlocks(input: AuthorityInput): AuthorityBlock[] {
  const mismatches = input.logMismatches ?? [];
  if (mismatches.length === 0) return [];
  const several = new Set(input.years.flatMap((y) => y.employments.map((e) => e.employerName))).size > 1;
  return [
    { type: 'paragraph', text: `${LOG_MISMATCH_HEADING}.` },
    {
      type: 'list',
      items: mismatches.map((m) => {
        const forWhom = several ? ` for ${m.employerName}` : '';
        const log = formatNumber(m.logMiles);
        const stated = formatNumber(m.claimedMiles);
        return `${m.year}${forWhom}: your mileage log adds up to ${log} miles, but you state ${stated} miles. This claim is for the ${stated} miles you stated, not the ${log} miles in the log.`;
      }),
    },
    {
      type: 'paragraph',
      text: 'HMRC expects the miles in your log to be the miles you claim, and may ask you about the difference. To claim the log’s miles instead, or to remove the log, change your claim before you sign.',
    },
  ];
}

/** D30: a general claim's years, each expense with its amount, and the estimate. */
function expenseYearBlocks(years: readonly AuthorityExpenseYear[]): AuthorityBlock[] {
  const blocks: AuthorityBlock[] = years.map((y) => ({
    type: 'rows' as const,
    caption: yearLabel(y.year),
    rows: [
      ...y.lines.map((l) => ({ key: l.label, value: formatMoney(l.pounds) })),
      { key: 'Total you can claim for the year', value: formatMoney(y.totalPounds) },
      {
        key: 'Estimated tax refund',
        value:
          y.estimatePounds === undefined
            ? 'Self Assessment, not this claim (expenses over £2,500)'
            : formatMoney(y.estimatePounds),
      },
    ],
  }));
  const pence = years.reduce((sum, y) => sum + Math.round((y.estimatePounds ?? 0) * 100), 0);
  blocks.push({
    type: 'paragraph',
    text: `Estimated refund in all: ${penceToPounds(pence)}. HMRC decides the final amount.`,
  });
  return blocks;
}

/** D38 with D31: every expense of the case, year by year, each year's total and route and estimate. */
function caseYearBlocks(c: AuthorityCase): AuthorityBlock[] {
  const blocks: AuthorityBlock[] = [
    {
      type: 'paragraph',
      text: 'Every expense of your claim, year by year. HMRC takes each year’s expenses together: a year over £2,500 is claimed on a Self Assessment tax return, not on form P87.',
    },
  ];
  for (const y of c.years)
    blocks.push({
      type: 'rows',
      caption: `${yearLabel(y.year)}: your whole claim`,
      rows: [
        ...y.lines.map((l) => ({ key: l.label, value: formatMoney(l.pounds) })),
        { key: 'Total for the year', value: formatMoney(y.totalPounds) },
        {
          key: 'How HMRC takes it',
          value: y.selfAssessment ? 'Self Assessment tax return (expenses over £2,500)' : 'Form P87',
        },
        { key: 'Estimated tax refund', value: formatMoney(y.estimatePounds) },
      ],
    });
  blocks.push({
    type: 'paragraph',
    text: `Estimated refund in all: ${formatMoney(c.estimatePounds)}. HMRC decides the final amount.`,
  });
  return blocks;
}

function repaymentSection(): AuthoritySection {
  return {
    id: 'repayment',
    heading: 'Who receives the repayment',
    blocks: [
      {
        type: 'paragraph',
        text: `${HMRC_PAYS_YOU_DIRECTLY} You do not nominate us, or anyone else, to receive your repayment.`,
      },
      {
        type: 'paragraph',
        text: 'This signature cannot nominate anyone: HMRC only accepts a nomination signed with an advanced electronic signature.',
      },
    ],
  };
}

function feeSection(input: AuthorityInput): AuthoritySection {
  const estimate = input.case ? input.case.estimatePounds * 100 : estimatePenceOf(input.years);
  const paragraphs = feeParagraphs(input.fee, estimate);
  return {
    id: 'fee',
    heading: 'Our terms and fee',
    blocks: [
      {
        type: 'paragraph',
        text: `These are our terms, between you and ${input.agent.companyName}. ${HMRC_NOT_ENDORSED}`,
      },
      ...paragraphs.map((text): AuthorityBlock => ({ type: 'paragraph', text })),
    ],
  };
}

function cancelSection(agent: AuthorityAgent): AuthoritySection {
  const ways = [
    agent.phone && agent.phone.trim() !== '' ? `phone us on ${agent.phone}` : '',
    agent.address.trim() === '' ? '' : `write to us at ${agent.address.replace(/\s*\n\s*/g, ', ')}`,
  ].filter((w) => w !== '');
  const how = ways.length > 0 ? ways.join(' or ') : 'contact us';
  return {
    id: 'cancel',
    heading: 'Your right to cancel',
    blocks: [
      {
        type: 'paragraph',
        text: 'You can cancel within 14 days of signing, for any reason, and you pay nothing.',
      },
      {
        type: 'paragraph',
        text: `After that you can still withdraw this authority at any time. To cancel or withdraw, ${how}. Once withdrawn we stop acting for you and tell HMRC.`,
      },
    ],
  };
}

function signatureSection(input: AuthorityInput): AuthoritySection {
  return {
    id: 'signature',
    heading: 'Signature',
    blocks: [
      {
        type: 'rows',
        rows: [
          { key: 'Signed by', value: input.claimant.fullName },
          { key: 'Signed at', value: input.signedAt ? formatSignedAt(input.signedAt) : 'Not signed yet' },
        ],
      },
    ],
  };
}

/** D19: the authority document, the same for the screen and the signed PDF. */
export function buildAuthorityDocument(input: AuthorityInput): AuthorityDocument {
  return {
    title: AUTHORITY_TITLES[input.kind],
    sections: [
      agentSection(input.agent),
      claimantSection(input),
      authoritySection(input),
      claimSection(input),
      repaymentSection(),
      feeSection(input),
      cancelSection(input.agent),
      signatureSection(input),
    ],
  };
}

/**
 * D15/D19: the canonical content of the document (sorted keys, no whitespace); its SHA-256 is the
 * claim's signed-content hash. Every signed field appears in the document's text, so any change to
 * one changes this.
 */
export function authorityCanonical(doc: AuthorityDocument): string {
  return canonicalJson(doc);
}

/** The document as plain lines, for a text reader (tests, a PDF's accessible text). */
export function authorityLines(doc: AuthorityDocument): string[] {
  const out = [doc.title];
  for (const s of doc.sections) {
    out.push(s.heading);
    for (const b of s.blocks) {
      if (b.type === 'paragraph') out.push(b.text);
      else if (b.type === 'list') out.push(...b.items.map((i) => `• ${i}`));
      else {
        if (b.caption) out.push(b.caption);
        out.push(...b.rows.map((r) => `${r.key}: ${r.value}`));
      }
    }
  }
  return out;
}
