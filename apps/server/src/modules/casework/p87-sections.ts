import {
  EXPENSE_CATEGORIES,
  VEHICLE_OPTIONS,
  datePartsToIso,
  figuresByJob,
  formatIsoDate,
  formatNiNumber,
  formatNumber,
  formatPence,
  p87InputOfSnapshot,
} from '@taxback/domain';
import {
  detailsYears,
  selfAssessmentYearsOfCase,
  unlistedProfessionalBody,
  type Employment,
  type ReadinessItem,
} from '@taxback/domain';
import type { WizardSnapshot } from '@taxback/domain/schemas';
import { generalClaimReference } from '@taxback/domain/reference';
import type { Row } from '../../db/database.ts';
import { readStoredDetails } from '../claims/index.ts';
import { NOT_GIVEN, type WorksheetSection } from '../../documents/p87-worksheet.ts';
import { fromJsonText } from '../../db/values.ts';
import { readSnapshot } from '../onboarding/index.ts';
import { caseInputOf, caseViewOf, readinessOf, type Found } from './claim-view.ts';

const blank = (v: string | null | undefined) => (v === null || v === undefined || v.trim() === '' ? null : v);
const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/**
 * A worksheet row as read from the claim: its label, the answer held (null: none) and, for a P87
 * answer the readiness list checks, that answer's field there ('employments.0.payeReference').
 */
type Answer = [label: string, value: string | null, field?: string];
interface AnswerSection {
  title: string;
  rows: Answer[];
}

/**
 * Issue 44: a row is marked missing (null, drawn "MISSING - ask the claimant") where, and only where,
 * the claim's readiness list (D17) names its field, so the worksheet and the list always agree. An
 * answer the P87 does not need (the title, D17) left empty reads "Not given".
 */
function markMissing(
  sections: readonly AnswerSection[],
  readiness: readonly ReadinessItem[],
): WorksheetSection[] {
  const missing = new Set(readiness.map((i) => i.field));
  return sections.map(({ title, rows }) => ({
    title,
    rows: rows.map(([label, value, field]) => [
      label,
      field !== undefined && missing.has(field) ? null : (value ?? NOT_GIVEN),
    ]),
  }));
}

/** D31: a year whose expenses are over £2,500 is left off the P87 and said so. */
function selfAssessmentSection(year: string): AnswerSection {
  return {
    title: `Tax year ${year}: Self Assessment, not P87`,
    rows: [
      [
        'Leave this year off the P87',
        'Expenses over £2,500: HMRC takes them only on a Self Assessment tax return',
      ],
    ],
  };
}

/** Part 1 of the P87: the claimant's answers, each with its readiness field (none for the title). */
function aboutYou(p: {
  ni: string | null;
  title: string | null | undefined;
  lastName: string | null;
  firstName: string | null;
  dateOfBirth: string | null;
  address: string | null | undefined;
  postcode: string | null | undefined;
  phone: string | null;
  email: string | null;
}): AnswerSection {
  return {
    title: 'Part 1: about you',
    rows: [
      ['National Insurance number', p.ni ? formatNiNumber(p.ni) : null, 'niNumber'],
      ['Title', blank(p.title)],
      ['Surname', blank(p.lastName), 'lastName'],
      ['First names', blank(p.firstName), 'firstName'],
      ['Date of birth', p.dateOfBirth ? formatIsoDate(p.dateOfBirth) : null, 'dateOfBirth'],
      ['Address', blank(p.address), 'address'],
      ['Postcode', blank(p.postcode), 'postcode'],
      ['Phone', blank(p.phone), 'phone'],
      ['Email', blank(p.email), 'email'],
    ],
  };
}

function employmentSections(employments: readonly Employment[]): AnswerSection[] {
  return employments.map((e, i) => {
    const end = e.continuing === 'no' ? datePartsToIso(e.endDate) : null;
    const at = `employments.${i}`;
    return {
      title: `Employment ${i + 1}`,
      rows: [
        ['Employer name', blank(e.employerName), `${at}.employerName`],
        ['Employer PAYE reference', e.noPayeReference ? null : blank(e.payeReference), `${at}.payeReference`],
        ['Job title', blank(e.jobTitle), `${at}.jobTitle`],
        [
          'Still employed there, or date it ended',
          e.continuing === 'yes' ? 'Still employed' : end ? `Ended ${formatIsoDate(end)}` : null,
          `${at}.continuing`,
        ],
      ],
    };
  });
}

/**
 * D30: a general claim's worksheet: the claimant and employments from its details, then each
 * year's expenses in HMRC's P87 boxes; a Self Assessment year (D31) is named and left off.
 */
function generalSections(
  r: Row<'form_responses'>,
  ni: string | null,
  /** D38: in a case, the years whose total across its claims is over £2,500. */
  caseSelfAssessment: ReadonlySet<string> | null,
): AnswerSection[] {
  const details = readStoredDetails(r.details)?.details ?? null;
  const p = details?.personalInfo;
  const sections: AnswerSection[] = [
    aboutYou({
      ni,
      title: p?.title,
      lastName: r.last_name,
      firstName: r.first_name,
      dateOfBirth: p ? datePartsToIso(p.dateOfBirth) : null,
      address: p?.homeAddress,
      postcode: p?.postcode,
      phone: r.phone,
      email: r.email,
    }),
    {
      title: 'Expenses claimed (general funnel)',
      rows: [['Expenses', expenseLabels(fromJsonText<string[]>(r.selected_expenses, [])) || null]],
    },
  ];
  if (details === null) return sections;
  sections.push(...employmentSections(details.employments));
  const unlisted = unlistedProfessionalBody(details);
  for (const y of detailsYears(details)) {
    if (caseSelfAssessment ? caseSelfAssessment.has(y.year) : y.selfAssessmentRequired) {
      sections.push(selfAssessmentSection(y.year));
      continue;
    }
    const rows: Answer[] = y.lines.map((l) => [l.box, `${pounds(l.pence)} (${l.basis})`]);
    if (unlisted !== null && y.lines.some((l) => l.key === 'fees'))
      rows.push(["Professional body (check: not on our copy of HMRC's List 3)", unlisted]);
    rows.push(['Total expenses for the year', pounds(y.pence)]);
    sections.push({ title: `Tax year ${y.year}: expenses`, rows });
  }
  return sections;
}

/** The P87's vehicle expenses of a mileage claim, year by year (a Self Assessment year left off). */
function mileageSections(snapshot: WizardSnapshot, selfAssessment: ReadonlySet<string>): AnswerSection[] {
  const sections: AnswerSection[] = [];
  const { years } = figuresByJob(snapshot);
  // Pounds to the penny as they go onto the P87, with thousands separators ('£3,162.50').
  const pence = (pounds: number) => formatPence(Math.round(pounds * 100));
  for (const y of years) {
    if (selfAssessment.has(y.year)) {
      sections.push(selfAssessmentSection(y.year));
      continue;
    }
    for (const j of y.jobs) {
      const n = snapshot.employments.findIndex((e) => e.id === j.employmentId) + 1;
      const employer = `employments.${n - 1}.employerName`;
      const paid =
        j.paidKind === 'ppm'
          ? `${pence(j.employerPayment)} (${j.paidPencePerMile}p a mile)`
          : j.paidKind === 'total'
            ? `${pence(j.employerPayment)} (a yearly total)`
            : pence(j.employerPayment);
      sections.push({
        title: `Employment ${n}, tax year ${y.year}: vehicle expenses`,
        rows: [
          ['Employer', blank(j.employerName), employer],
          ['Vehicle type', VEHICLE_OPTIONS.find((o) => o.id === j.vehicle)?.label ?? j.vehicle],
          ['Business miles', formatNumber(j.miles)],
          ['Approved mileage allowance (AMAP)', pence(j.allowance)],
          ['Mileage allowance received from the employer', paid],
          ...(y.jobs.length > 1
            ? [
                [
                  'Employers connected (one 10,000-mile threshold)',
                  y.employersConnected === 'yes' ? 'Yes' : y.employersConnected === 'no' ? 'No' : null,
                ] as Answer,
              ]
            : []),
        ],
      });
    }
    sections.push({
      title: `Tax year ${y.year}: mileage allowance relief`,
      rows: [['Mileage allowance relief claimed', pence(y.claimable)]],
    });
  }
  return sections;
}

/**
 * The P87 worksheet (D22): every answer in the P87's order, and the claim's readiness list (D17)
 * whose fields alone are marked missing (as null) in the sections, with its labels to list last.
 */
export function p87SectionsOf(
  found: Found,
  ni: string | null,
): { reference: string; sections: WorksheetSection[]; missing: string[] } {
  const sections: AnswerSection[] = [];
  let reference: string;
  if (found.kind === 'general') {
    const r = found.row;
    reference = generalClaimReference(r);
    const mate = found.caseMate;
    const caseSelfAssessment = mate ? new Set<string>(selfAssessmentYearsOfCase(caseInputOf(found))) : null;
    sections.push(...generalSections(r, ni, caseSelfAssessment));
    // D38: the case's one worksheet holds the mileage claim that follows it, and each year's total.
    if (mate?.kind === 'mileage' && mate.follows && mate.snapshot) {
      const ref = mate.reference ?? '';
      sections.push(
        ...mileageSections(mate.snapshot, caseSelfAssessment ?? new Set()).map((section) => ({
          title: `${section.title} (${ref})`,
          rows: section.rows.map(([label, value, field]): Answer =>
            field === undefined ? [label, value] : [label, value, `case.${ref}.${field}`],
          ),
        })),
      );
      sections.push(...caseTotalSections(found));
    }
  } else {
    const r = found.row;
    reference = r.submission_reference ?? r.id;
    const snapshot = readSnapshot(r.snapshot, r.snapshot_version);
    // D31: a year whose expenses are over £2,500 goes on a Self Assessment return, not the P87;
    // in a case, the year's total across its claims decides (D38).
    const selfAssessment = new Set<string>(
      found.caseMate
        ? selfAssessmentYearsOfCase(caseInputOf(found))
        : (p87InputOfSnapshot(snapshot, ni !== null).selfAssessmentYears ?? []),
    );
    sections.push(
      aboutYou({
        ni,
        title: snapshot.personalInfo.title,
        lastName: r.last_name,
        firstName: r.first_name,
        dateOfBirth: datePartsToIso(snapshot.personalInfo.dateOfBirth),
        address: r.home_address,
        postcode: r.postcode,
        phone: r.phone,
        email: r.email,
      }),
    );
    sections.push(...employmentSections(snapshot.employments));
    sections.push(...mileageSections(snapshot, selfAssessment));
  }
  const readiness = readinessOf(found);
  return { reference, sections: markMissing(sections, readiness), missing: readiness.map((i) => i.label) };
}

/** D38: each year of a case, its amounts by kind across the claims and the total HMRC measures. */
function caseTotalSections(found: Found): AnswerSection[] {
  return (caseViewOf(found)?.years ?? []).map((y) => ({
    title: `Tax year ${y.year}: the case's expenses across its claims`,
    rows: [
      ...y.amounts.map((a): Answer => [a.label, formatPence(a.pence)]),
      ['Total for the year (the £2,500 limit is on this total)', formatPence(y.pence)],
      ['Goes to HMRC on', y.route === 'p87' ? 'The P87' : 'A Self Assessment tax return, not the P87'],
    ],
  }));
}

/** The general funnel's expenses by their labels, as the claimant chose them ('Hotel stays, …'). */
function expenseLabels(ids: string[]): string {
  return ids.map((id) => EXPENSE_CATEGORIES.find((c) => c.id === id)?.label ?? id).join(', ');
}
