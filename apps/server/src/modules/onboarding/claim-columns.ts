import {
  isFuelClaim,
  jobsWithMiles,
  normaliseUkPhone,
  reliefOf,
  selectedYears,
  vehicleOf,
  yearMiles,
} from '@taxback/domain';
import type { TaxYearEntry } from '@taxback/domain';
import type { RebateSummary } from '@taxback/domain';
import { WIZARD_SNAPSHOT_VERSION, emptyWizardSnapshot, wizardSnapshotSchema } from '@taxback/domain/schemas';
import type { SnapshotSection, WizardSnapshot } from '@taxback/domain/schemas';
import { columnsOf } from '../../db/database.ts';
import type { RowUpdate } from '../../db/database.ts';
import type { ColumnValues } from '../../db/prepared.ts';
import { fromJsonText, toIntBool } from '../../db/values.ts';

// Pure mapping between the wizard snapshot (what the browser saves) and the SPEC §3 columns.

/**
 * The stored snapshot. One written by the current schema is that schema's output already, so it is
 * read as stored (re-parsing it was a seventh of a restore's CPU); an older one is re-read through
 * the schema so it still has every section.
 */
export function readSnapshot(text: string | null, version: number | null): WizardSnapshot {
  if (version === WIZARD_SNAPSHOT_VERSION && text !== null) {
    return fromJsonText<WizardSnapshot | null>(text, null) ?? emptyWizardSnapshot();
  }
  const parsed = wizardSnapshotSchema.safeParse(fromJsonText<unknown>(text, {}));
  return parsed.success ? parsed.data : emptyWizardSnapshot();
}

function orNull(s: string): string | null {
  return s === '' ? null : s;
}

/** The SPEC §3 columns a snapshot fills, always all of them (a wizard save writes each one). */
export const SNAPSHOT_COLUMNS = columnsOf<'onboarding_claims'>()(
  'drives_for_work',
  'company_vehicle_vrm',
  'employment_type',
  'employer_name',
  'business_name',
  'utr_number',
  'first_name',
  'last_name',
  'full_name',
  'email',
  'phone',
  'mobile_number',
  'home_address',
  'postcode',
  'vehicle_type',
  'selected_tax_years',
  'mileage_data',
  'total_hmrc_allowance',
  'estimated_rebate_20_percent',
  'estimated_rebate_40_percent',
  'estimated_rebate_claimant',
  'employer_mileage_rate',
  'journey_patterns',
  'consent_accuracy',
  'consent_authorization',
  'consent_terms',
  'self_assessment_required',
  'snapshot',
  'snapshot_version',
  'totals',
);
export type SnapshotColumns = ColumnValues<RowUpdate<'onboarding_claims'>, typeof SNAPSHOT_COLUMNS>;

/** The SPEC §3 columns derived from a snapshot (tracking fields are handled by the caller). */
export function snapshotColumns(snapshot: WizardSnapshot, totals: RebateSummary): SnapshotColumns {
  return {
    ...eligibilityColumns(snapshot),
    ...employmentColumns(snapshot),
    ...employerColumns(snapshot),
    ...contactColumns(snapshot),
    ...yearColumns(snapshot),
    ...journeyColumns(snapshot),
    ...consentColumns(snapshot),
    ...totalColumns(snapshot, totals),
    snapshot: JSON.stringify(snapshot),
    snapshot_version: WIZARD_SNAPSHOT_VERSION,
  };
}

function eligibilityColumns({ eligibilityData: e }: WizardSnapshot) {
  return { drives_for_work: orNull(e.drivesForWork), company_vehicle_vrm: orNull(e.vehicleVRM) };
}

function employmentColumns({ employmentDetails: emp }: WizardSnapshot) {
  return {
    employment_type: orNull(emp.employmentType),
    business_name: orNull(emp.businessName),
    utr_number: orNull(emp.utrNumber),
  };
}

function employerColumns(snapshot: WizardSnapshot) {
  return {
    employer_name: orNull(
      snapshot.employments
        .map((j) => j.employerName)
        .filter((n) => n !== '')
        .join(', '),
    ),
  };
}

/** The claimant's contact details: what operators search and the resume code is sent to (D8). */
function contactColumns({ personalInfo: p }: WizardSnapshot) {
  const fullName = [p.firstName, p.lastName].filter((s) => s !== '').join(' ');
  return {
    first_name: orNull(p.firstName),
    last_name: orNull(p.lastName),
    full_name: orNull(fullName),
    email: orNull(p.email),
    phone: orNull(p.phone),
    mobile_number: normaliseUkPhone(p.phone),
    home_address: orNull(p.homeAddress),
    postcode: orNull(p.postcode),
  };
}

function yearColumns(snapshot: WizardSnapshot) {
  // SPEC §3's per-year miles and company name: every job's miles, and the employers driven for.
  const mileage: Record<string, { miles: number; companyName: string }> = {};
  for (const t of selectedYears(snapshot))
    mileage[t.year] = { miles: yearMiles(t), companyName: employersOfYear(snapshot, t).join(', ') };
  const rates = new Set(
    selectedYears(snapshot).flatMap((t) =>
      jobsWithMiles(t).map((j) => (j.paidKind === 'ppm' ? j.paidPencePerMile : 0)),
    ),
  );
  return {
    vehicle_type: vehicleOf(snapshot),
    selected_tax_years: JSON.stringify(snapshot.taxYears.map(({ year, selected }) => ({ year, selected }))),
    mileage_data: JSON.stringify(mileage),
    // One pence-per-mile rate when every job paid the same way; otherwise the figures are per job.
    employer_mileage_rate: rates.size === 1 ? [...rates][0]! : null,
  };
}

function journeyColumns(snapshot: WizardSnapshot) {
  return { journey_patterns: JSON.stringify(snapshot.journeys) };
}

function consentColumns({ agreementChecks: a }: WizardSnapshot) {
  return {
    consent_accuracy: toIntBool(a.accuracy),
    consent_authorization: toIntBool(a.authorization),
    consent_terms: toIntBool(a.terms),
  };
}

/** The figures a claim is worth: written with every save, being cheap and read by the back-office. */
function totalColumns(snapshot: WizardSnapshot, totals: RebateSummary) {
  // D27: a fuel claim (company vehicle) has no approved-amount estimate, in a draft as once submitted.
  const estimate = isFuelClaim(snapshot) ? null : totals;
  return {
    total_hmrc_allowance: estimate?.totalAllowance ?? null,
    estimated_rebate_20_percent: estimate?.rebate20 ?? null,
    estimated_rebate_40_percent: estimate?.rebate40 ?? null,
    estimated_rebate_claimant: estimate ? reliefOf(snapshot).low : null,
    self_assessment_required: toIntBool(totals.selfAssessmentRequired),
    // What a restore answers with, as stored (migration 016).
    totals: JSON.stringify(totals),
  };
}

type DerivedGroup = (snapshot: WizardSnapshot) => Partial<SnapshotColumns>;

/**
 * Which derived columns each snapshot section feeds (issue 33): a per-step save writes only the
 * groups of the sections it changed, plus the totals.
 */
const GROUPS_BY_SECTION: Partial<Record<SnapshotSection, readonly DerivedGroup[]>> = {
  eligibilityData: [eligibilityColumns],
  employmentDetails: [employmentColumns],
  personalInfo: [contactColumns],
  employments: [employerColumns, yearColumns],
  vehicleInfo: [yearColumns],
  taxYears: [yearColumns],
  journeys: [journeyColumns],
  agreementChecks: [consentColumns],
};

/** The derived columns a save of `sections` changes: their groups' columns and the totals. */
export function changedColumns(
  snapshot: WizardSnapshot,
  totals: RebateSummary,
  sections: readonly SnapshotSection[],
): Partial<SnapshotColumns> {
  const groups = new Set(sections.flatMap((s) => GROUPS_BY_SECTION[s] ?? []));
  const columns: Partial<SnapshotColumns> = totalColumns(snapshot, totals);
  for (const group of groups) Object.assign(columns, group(snapshot));
  return columns;
}

/** The names of the employers a year's miles were driven for. */
export function employersOfYear(snapshot: WizardSnapshot, year: TaxYearEntry): string[] {
  return jobsWithMiles(year).map(
    (j) => snapshot.employments.find((e) => e.id === j.employmentId)?.employerName ?? '',
  );
}
