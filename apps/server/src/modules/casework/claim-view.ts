import {
  CLAIM_STATUS_LABELS,
  allowedMoves,
  authorityInputOfGeneralClaim,
  authorityInputOfSnapshot,
  claimableTaxYears,
  detailsYears,
  isClaimStatus,
  maskNiNumber,
  datePartsToIso,
  figuresByJob,
  p87InputOfGeneralDetails,
  caseReadiness,
  p87Readiness,
  isFuelClaim,
  reliefOf,
  summariseClaim,
  vehicleOf,
} from '@taxback/domain';
import { caseYearRows, caseYears, claimWorkplaceReports, selfAssessmentYearsOfCase } from '@taxback/domain';
import type { CaseInput, GeneralDetails, ReadinessItem } from '@taxback/domain';
import type { WizardSnapshot } from '@taxback/domain/schemas';
import { generalClaimReference } from '@taxback/domain/reference';
import { readStoredDetails } from '../claims/index.ts';
import { hexDigestsEqual } from '../../crypto/hash.ts';
import type { Row } from '../../db/database.ts';
import { fromIntBool, fromJsonText } from '../../db/values.ts';
import { authorityOf, readAuthorityTerms } from '../authority/index.ts';
import { readSnapshot } from '../onboarding/index.ts';
import {
  filesOfEvidenceColumn,
  logMismatchesOfFiles,
  mileageCaseSelfAssessment,
  mileageReadiness,
} from '../onboarding/index.ts';
import type { ClaimListRow } from './claim-list-queries.ts';
import { caseIdOf, claimKindOf, type CaseMate, type Found } from '../shared/found-claim.ts';

export { caseIdOf, claimKindOf, type CaseMate, type Found };

// A claim as the back-office reads it: pure functions of the stored row, no queries.

/** The case's input for caseYears: this claim's answers with its case mate's (issue 42). */
export function caseInputOf(found: Found): CaseInput {
  const mate = found.caseMate ?? null;
  if (found.kind === 'mileage')
    return {
      mileage: readSnapshot(found.row.snapshot, found.row.snapshot_version),
      details: mate?.kind === 'general' ? mate.details : null,
    };
  return {
    details: readStoredDetails(found.row.details)?.details ?? null,
    mileage: mate?.kind === 'mileage' ? mate.snapshot : null,
  };
}

/** Issue 42: the claim page's case: its other claim, and each year's amounts across kinds. */
export function caseViewOf(found: Found) {
  const mate = found.caseMate;
  if (!mate) return null;
  const years = caseYearRows(caseYears(caseInputOf(found)).years);
  return {
    others: [{ id: mate.id, kind: mate.kind, reference: mate.reference, status: mate.status }],
    years,
  };
}

/**
 * Issue 42 (D31 with D38): a claim in a case names as Self Assessment each of its own years whose
 * total across the case is over £2,500; a claim alone keeps its own (undefined).
 */
function caseSelfAssessmentYears(found: Found, ownYears: readonly string[]): string[] | undefined {
  if (!found.caseMate) return undefined;
  return selfAssessmentYearsOfCase(caseInputOf(found)).filter((y) => ownYears.includes(y));
}

/** What the workflow needs of either kind of claim row. */
export const workflowColumnsOf = (row: Row<'form_responses'> | Row<'onboarding_claims'>) => ({
  sessionId: row.session_id,
  status: row.status,
  version: Number(row.version),
});

/** Where a claim came from and where it was signed, as both kinds store it. */
const trackingOf = (r: Row<'form_responses'> | Row<'onboarding_claims'>) => ({
  affiliate: r.affiliate_name,
  utm: fromJsonText<Record<string, string> | null>(r.utm_data, null),
  fullUrl: r.full_url,
  ipAddress: r.ip_address,
  userAgent: r.user_agent,
  signedAt: r.signed_at,
});

/**
 * Migration 019's stored `readiness_missing` of a mileage claim: the length of the readiness list
 * the claim page shows (the log mismatches included, as of the day it was submitted), written
 * wherever the snapshot, the files or the NI number change (decisions 049 and 051).
 */
export function readinessMissingOf(
  row: Pick<Row<'onboarding_claims'>, 'evidence_files' | 'submitted_at'>,
  snapshot: WizardSnapshot,
  hasNi: boolean,
  /** Issue 42: the case's funnel claim details (caseDetailsOf), for the year's total across kinds. */
  caseDetails: GeneralDetails | null,
): number {
  return mileageReadiness(
    snapshot,
    hasNi,
    filesOfEvidenceColumn(row.evidence_files),
    row.submitted_at ? new Date(row.submitted_at) : new Date(),
    mileageCaseSelfAssessment(snapshot, caseDetails),
  ).length;
}

/** How many P87 items a listed claim still lacks: the stored count (migration 019) where there is one. */
export function readinessCountOfRow(row: ClaimListRow): number {
  if (row.kind === 'mileage' && row.readiness_missing !== null) return Number(row.readiness_missing);
  return readinessOfRow(row).length;
}

export function readinessOfRow(row: ClaimListRow): ReadinessItem[] {
  if (row.kind === 'mileage')
    return mileageReadiness(
      readSnapshot(row.snapshot, row.snapshot_version),
      Number(row.has_ni) === 1,
      filesOfEvidenceColumn(row.evidence_files),
      row.submitted_at ? new Date(row.submitted_at) : new Date(),
    );
  const [first = '', last = ''] = (row.name ?? '').split(/ (.*)/);
  // The general side of the list carries the stored details in `snapshot` (claim-list-queries.ts).
  const stored = readStoredDetails(row.snapshot);
  const input = p87InputOfGeneralDetails(
    stored?.details ?? null,
    {
      firstName: first,
      lastName: last,
      phone: row.phone,
      email: row.email,
      selectedExpenses: stored?.selectedExpenses ?? [],
    },
    Number(row.has_ni) === 1,
  );
  // Issue 42: the years its case's mileage claim makes Self Assessment years, as stored with it.
  const caseYearsDue = fromJsonText<string[] | null>(row.case_self_assessment, null);
  return p87Readiness(caseYearsDue ? { ...input, selfAssessmentYears: caseYearsDue } : input);
}

/**
 * D17 with D25 (issue 31): a claim's readiness also names each year (and employment) whose
 * generated mileage log totals other miles than claimed, worked out as of the day the claim was
 * submitted (or today): the list whose length the queue's "P87: n missing" shows.
 */
function readinessOfMileage(found: Extract<Found, { kind: 'mileage' }>): ReadinessItem[] {
  return mileageRowReadiness(found.row, found.caseMate?.kind === 'general' ? found.caseMate.details : null);
}

/** A mileage claim's readiness from its row, with its case's funnel details (issue 42) if any. */
export function mileageRowReadiness(
  row: Pick<
    Row<'onboarding_claims'>,
    'snapshot' | 'snapshot_version' | 'admin_ni_number' | 'evidence_files' | 'submitted_at'
  >,
  caseDetails: GeneralDetails | null,
): ReadinessItem[] {
  const snapshot = readSnapshot(row.snapshot, row.snapshot_version);
  return mileageReadiness(
    snapshot,
    row.admin_ni_number !== null,
    filesOfEvidenceColumn(row.evidence_files),
    row.submitted_at ? new Date(row.submitted_at) : new Date(),
    mileageCaseSelfAssessment(snapshot, caseDetails),
  );
}

/** D17, D30: a general claim's readiness, from its details (one list for both kinds of claim). */
function readinessOfGeneral(found: Extract<Found, { kind: 'general' }>): ReadinessItem[] {
  const { row } = found;
  const details = readStoredDetails(row.details)?.details ?? null;
  const input = p87InputOfGeneralDetails(
    details,
    {
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone,
      email: row.email,
      selectedExpenses: fromJsonText<string[]>(row.selected_expenses, []),
    },
    row.details_ni_number !== null,
  );
  const caseYearsDue = caseSelfAssessmentYears(found, input.expenseYears ?? []);
  const own = p87Readiness(caseYearsDue ? { ...input, selfAssessmentYears: caseYearsDue } : input);
  // D38: the case's one list holds what the claims that follow it still lack.
  const mate = found.caseMate;
  return mate?.kind === 'mileage' && mate.follows
    ? caseReadiness(own, [{ reference: mate.reference ?? '', items: mate.readiness }])
    : own;
}

/**
 * Issue 44: the tax years and employments a claim covers, which a request's items may name. A
 * funnel claim without its details yet covers no year of its own: any year it may still claim.
 */
export function claimScopeOf(found: Found, today: Date): { taxYears: string[]; employmentIds: string[] } {
  if (found.kind === 'mileage') {
    const snapshot = readSnapshot(found.row.snapshot, found.row.snapshot_version);
    return {
      taxYears: snapshot.taxYears.filter((t) => t.selected).map((t) => t.year),
      employmentIds: snapshot.employments.map((e) => e.id),
    };
  }
  const details = readStoredDetails(found.row.details)?.details ?? null;
  const taxYears = details ? detailsYears(details).map((y) => y.year) : [];
  return {
    taxYears: taxYears.length > 0 ? taxYears : claimableTaxYears(today).map((y) => y.year),
    employmentIds: details ? details.employments.map((e) => e.id) : [],
  };
}

export function readinessOf(found: Found): ReadinessItem[] {
  return found.kind === 'general' ? readinessOfGeneral(found) : readinessOfMileage(found);
}

/**
 * D15/D19: does the stored claim still hash to what the claimant signed? The authority is rebuilt
 * from the stored claim with the terms stored at signing and the signing time.
 */
export function signedMatch(found: Found): boolean | null {
  const stored = found.row.signed_content_hash;
  if (!stored) return null;
  const terms = readAuthorityTerms(found.row.authority_terms);
  const signedAt = found.row.signed_at;
  // Signed before the authority document (no stored terms): nothing to rebuild it from.
  if (!terms || !signedAt) return false;
  const input =
    found.kind === 'general'
      ? authorityInputOfGeneralClaim(
          {
            firstName: found.row.first_name,
            lastName: found.row.last_name,
            email: found.row.email,
            phone: found.row.phone,
            selectedExpenses: fromJsonText<string[]>(found.row.selected_expenses, []),
          },
          terms,
          signedAt,
          // D30: once the details are signed, the authority shows them and their amounts.
          found.row.details_signed_at === null
            ? null
            : (readStoredDetails(found.row.details)?.details ?? null),
        )
      : mileageAuthorityInput(found.row, terms, signedAt);
  if (hexDigestsEqual(authorityOf(input).hash, stored)) return true;
  // D38: a mileage claim signed in its case signed the case's authority, with the details' amounts
  // as they are now; if the details have changed since, the case's figures are not what was signed.
  const caseDetails =
    found.kind === 'mileage' && found.caseMate?.kind === 'general' ? found.caseMate.details : null;
  if (!caseDetails || found.kind !== 'mileage') return false;
  return hexDigestsEqual(
    authorityOf(mileageAuthorityInput(found.row, terms, signedAt, caseDetails)).hash,
    stored,
  );
}

/** The mileage authority as signed: the log mismatches as of the signing day included (issue 31). */
function mileageAuthorityInput(
  row: Row<'onboarding_claims'>,
  terms: Parameters<typeof authorityInputOfSnapshot>[1],
  signedAt: string,
  caseDetails: GeneralDetails | null = null,
) {
  const snapshot = readSnapshot(row.snapshot, row.snapshot_version);
  const files = filesOfEvidenceColumn(row.evidence_files);
  return authorityInputOfSnapshot(
    snapshot,
    terms,
    signedAt,
    logMismatchesOfFiles(snapshot, files, new Date(signedAt)),
    caseDetails,
  );
}

export function workflowOf(found: Found) {
  const status = isClaimStatus(found.status) ? found.status : null;
  return {
    status: found.status,
    statusLabel: status ? CLAIM_STATUS_LABELS[status] : 'Draft',
    version: found.version,
    // D38: a claim that follows its case moves only with the case.
    allowedMoves: status && found.row.follows_case !== 1 ? allowedMoves(status) : [],
    repaidPence: found.row.repaid_pence === null ? null : Number(found.row.repaid_pence),
    feePence: found.row.fee_pence === null ? null : Number(found.row.fee_pence),
    claimantPence: found.row.claimant_pence === null ? null : Number(found.row.claimant_pence),
    sentOn: found.row.sent_on,
    sentMethod: found.row.sent_method,
    sentMethodOther: found.row.sent_method_other,
    sentTracking: found.row.sent_tracking,
    repaidOn: found.row.repaid_on,
  };
}

/** The claimant's side of a claim's detail page (D22): every stored field, grouped, figures recomputed. */
export function claimantDetailOf<T extends object>(found: Found, ni: string | null, common: T) {
  if (found.kind === 'general') {
    const r = found.row;
    return {
      ...common,
      reference: generalClaimReference(r),
      submittedAt: r.created_at,
      claimant: {
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email,
        phone: r.phone,
        niNumberMasked: null,
      },
      general: {
        selectedExpenses: fromJsonText<string[]>(r.selected_expenses, []),
        earnsOver18k: fromIntBool(r.earns_over_18k),
      },
      tracking: trackingOf(r),
    };
  } else {
    const r = found.row;
    const snapshot = readSnapshot(r.snapshot, r.snapshot_version);
    const totals = summariseClaim(snapshot);
    const byJob = figuresByJob(snapshot).years;
    const p = snapshot.personalInfo;
    return {
      ...common,
      reference: r.submission_reference ?? '',
      submittedAt: r.submitted_at,
      claimant: {
        title: p.title || null,
        firstName: r.first_name,
        lastName: r.last_name,
        dateOfBirth: datePartsToIso(p.dateOfBirth),
        email: r.email,
        phone: r.phone,
        address: r.home_address,
        postcode: r.postcode,
        niNumberMasked: ni ? maskNiNumber(ni) : null,
      },
      employment: {
        drivesForWork: r.drives_for_work,
        companyVehicleVrm: r.company_vehicle_vrm,
        employmentType: r.employment_type,
        employerName: r.employer_name,
        businessName: r.business_name,
      },
      employments: snapshot.employments.map((e) => ({
        id: e.id,
        employerName: e.employerName,
        payeReference: e.noPayeReference ? null : e.payeReference || null,
        jobTitle: e.jobTitle,
        continuing: e.continuing === '' ? null : e.continuing === 'yes',
        endDate: e.continuing === 'no' ? datePartsToIso(e.endDate) : null,
      })),
      // D21: the estimate at the rates the claimant gave (band, Scottish), as they saw it; D31:
      // capped at the tax paid where the P60 figures were given, else an upper figure. D27: a
      // company vehicle's fuel claim was told it has no AMAP estimate, so it has none here.
      ...(isFuelClaim(snapshot) ? {} : { estimate: estimateOf(snapshot) }),
      mileage: {
        vehicle: vehicleOf(snapshot),
        employerRatePence: r.employer_mileage_rate,
        ...totals,
        years: totals.years.map((y, i) => ({
          ...y,
          companyName: byJob[i]!.jobs.map((j) => j.employerName).join(', ') || null,
          employersConnected: byJob[i]!.employersConnected || null,
          jobs: byJob[i]!.jobs,
        })),
      },
      journeys: snapshot.journeys,
      // D39, decisions 077 and 084: each place's answers and what they decided, with the mileage
      // step's year and miles for a place answered there.
      ...(snapshot.workplaces?.length ? { workplaces: claimWorkplaceReports(snapshot) } : {}),
      tracking: {
        ...trackingOf(r),
        signedIp: r.signed_ip,
        signedUserAgent: r.signed_user_agent,
      },
    };
  }
}

/** D21/D31: the claimant's estimate as they saw it, with each year's P60 figures where given. */
function estimateOf(snapshot: ReturnType<typeof readSnapshot>) {
  const e = reliefOf(snapshot);
  const entries = new Map(snapshot.taxYears.map((t) => [t.year, t]));
  return {
    low: e.low,
    high: e.high,
    scottish: e.scottish,
    upperFigure: e.upperFigure,
    years: e.years.map((y) => ({
      year: y.year,
      rates: y.rates,
      low: y.low,
      high: y.high,
      upperFigure: y.upperFigure,
      cappedAtTaxPaid: y.cappedAtTaxPaid,
      taxablePay: entries.get(y.year)?.taxablePay ?? null,
      taxPaid: entries.get(y.year)?.taxPaid ?? null,
    })),
  };
}
