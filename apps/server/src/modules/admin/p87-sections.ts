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
import { detailsYears, unlistedProfessionalBody, type Employment } from '@taxback/domain';
import { generalClaimReference } from '@taxback/domain/reference';
import type { Row } from '../../db/database.ts';
import { readStoredDetails } from '../claims/details.ts';
import type { WorksheetSection } from '../../documents/p87-worksheet.ts';
import { fromJsonText } from '../../db/values.ts';
import { readSnapshot } from '../onboarding/claim-columns.ts';
import type { Found } from './claim-view.ts';

const blank = (v: string | null | undefined) => (v === null || v === undefined || v.trim() === '' ? null : v);
const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

function employmentSections(employments: readonly Employment[]): WorksheetSection[] {
  return employments.map((e, i) => {
    const end = e.continuing === 'no' ? datePartsToIso(e.endDate) : null;
    return {
      title: `Employment ${i + 1}`,
      rows: [
        ['Employer name', blank(e.employerName)],
        ['Employer PAYE reference', e.noPayeReference ? null : blank(e.payeReference)],
        ['Job title', blank(e.jobTitle)],
        [
          'Still employed there, or date it ended',
          e.continuing === 'yes' ? 'Still employed' : end ? `Ended ${formatIsoDate(end)}` : null,
        ],
      ],
    };
  });
}

/**
 * D30: a general claim's worksheet: the claimant and employments from its details, then each
 * year's expenses in HMRC's P87 boxes; a Self Assessment year (D31) is named and left off.
 */
function generalSections(r: Row<'form_responses'>, ni: string | null): WorksheetSection[] {
  const details = readStoredDetails(r.details)?.details ?? null;
  const p = details?.personalInfo;
  const dob = p ? datePartsToIso(p.dateOfBirth) : null;
  const sections: WorksheetSection[] = [
    {
      title: 'Part 1: about you',
      rows: [
        ['National Insurance number', ni ? formatNiNumber(ni) : null],
        ['Title', blank(p?.title)],
        ['Surname', blank(r.last_name)],
        ['First names', blank(r.first_name)],
        ['Date of birth', dob ? formatIsoDate(dob) : null],
        ['Address', blank(p?.homeAddress)],
        ['Postcode', blank(p?.postcode)],
        ['Phone', blank(r.phone)],
        ['Email', blank(r.email)],
      ],
    },
    {
      title: 'Expenses claimed (general funnel)',
      rows: [['Expenses', expenseLabels(fromJsonText<string[]>(r.selected_expenses, [])) || null]],
    },
  ];
  if (details === null) return sections;
  sections.push(...employmentSections(details.employments));
  const unlisted = unlistedProfessionalBody(details);
  for (const y of detailsYears(details)) {
    if (y.selfAssessmentRequired) {
      sections.push({
        title: `Tax year ${y.year}: Self Assessment, not P87`,
        rows: [
          [
            'Leave this year off the P87',
            'Expenses over £2,500: HMRC takes them only on a Self Assessment tax return',
          ],
        ],
      });
      continue;
    }
    const rows: [string, string | null][] = y.lines.map((l) => [l.box, `${pounds(l.pence)} (${l.basis})`]);
    if (unlisted !== null && y.lines.some((l) => l.key === 'fees'))
      rows.push(["Professional body (check: not on our copy of HMRC's List 3)", unlisted]);
    rows.push(['Total expenses for the year', pounds(y.pence)]);
    sections.push({ title: `Tax year ${y.year}: expenses`, rows });
  }
  return sections;
}

/** The P87 worksheet's sections (D22): every answer in the P87's order, a missing one as null. */
export function p87SectionsOf(
  found: Found,
  ni: string | null,
): { reference: string; sections: WorksheetSection[] } {
  const sections: WorksheetSection[] = [];
  let reference: string;
  if (found.kind === 'general') {
    const r = found.row;
    reference = generalClaimReference(r);
    sections.push(...generalSections(r, ni));
  } else {
    const r = found.row;
    reference = r.submission_reference ?? r.id;
    const snapshot = readSnapshot(r.snapshot, r.snapshot_version);
    const { years } = figuresByJob(snapshot);
    // D31: a year whose expenses are over £2,500 goes on a Self Assessment return, not the P87.
    const selfAssessment = new Set(p87InputOfSnapshot(snapshot, ni !== null).selfAssessmentYears ?? []);
    // Pounds to the penny as they go onto the P87, with thousands separators ('£3,162.50').
    const pence = (pounds: number) => formatPence(Math.round(pounds * 100));
    const p = snapshot.personalInfo;
    const dob = datePartsToIso(p.dateOfBirth);
    sections.push({
      title: 'Part 1: about you',
      rows: [
        ['National Insurance number', ni ? formatNiNumber(ni) : null],
        ['Title', blank(p.title)],
        ['Surname', blank(r.last_name)],
        ['First names', blank(r.first_name)],
        ['Date of birth', dob ? formatIsoDate(dob) : null],
        ['Address', blank(r.home_address)],
        ['Postcode', blank(r.postcode)],
        ['Phone', blank(r.phone)],
        ['Email', blank(r.email)],
      ],
    });
    sections.push(...employmentSections(snapshot.employments));
    for (const y of years) {
      if (selfAssessment.has(y.year)) {
        sections.push({
          title: `Tax year ${y.year}: Self Assessment, not P87`,
          rows: [
            [
              'Leave this year off the P87',
              'Expenses over £2,500: HMRC takes them only on a Self Assessment tax return',
            ],
          ],
        });
        continue;
      }
      for (const j of y.jobs) {
        const n = snapshot.employments.findIndex((e) => e.id === j.employmentId) + 1;
        const paid =
          j.paidKind === 'ppm'
            ? `${pence(j.employerPayment)} (${j.paidPencePerMile}p a mile)`
            : j.paidKind === 'total'
              ? `${pence(j.employerPayment)} (a yearly total)`
              : pence(j.employerPayment);
        sections.push({
          title: `Employment ${n}, tax year ${y.year}: vehicle expenses`,
          rows: [
            ['Employer', blank(j.employerName)],
            ['Vehicle type', VEHICLE_OPTIONS.find((o) => o.id === j.vehicle)?.label ?? j.vehicle],
            ['Business miles', formatNumber(j.miles)],
            ['Approved mileage allowance (AMAP)', pence(j.allowance)],
            ['Mileage allowance received from the employer', paid],
            ...(y.jobs.length > 1
              ? [
                  [
                    'Employers connected (one 10,000-mile threshold)',
                    y.employersConnected === 'yes' ? 'Yes' : y.employersConnected === 'no' ? 'No' : null,
                  ] as [string, string | null],
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
  }
  return { reference, sections };
}

/** The general funnel's expenses by their labels, as the claimant chose them ('Hotel stays, …'). */
function expenseLabels(ids: string[]): string {
  return ids.map((id) => EXPENSE_CATEGORIES.find((c) => c.id === id)?.label ?? id).join(', ');
}
