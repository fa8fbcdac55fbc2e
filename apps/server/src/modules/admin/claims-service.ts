import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CLAIM_STATUS_LABELS,
  allowedMoves,
  authorityInputOfGeneralClaim,
  authorityInputOfSnapshot,
  calculateFee,
  checkMove,
  formatNiNumber,
  isClaimStatus,
  maskNiNumber,
  datePartsToIso,
  figuresByJob,
  formatIsoDate,
  p87InputOfSnapshot,
  p87Readiness,
  reliefOf,
  summariseClaim,
  vehicleOf,
  duplicateReasons,
  duplicateWindow,
} from '@taxback/domain';
import type { ClaimStatus, DuplicateKeys, FeeSettings, P87Input, ReadinessItem } from '@taxback/domain';
import { CLAIM_PAGE_SIZE } from '@taxback/domain/admin-schemas';
import { generalReference } from '@taxback/domain/reference';
import type { ClaimListQuery, StatusChange } from '@taxback/domain/admin-schemas';
import { decryptField } from '../../crypto/field-encryption.ts';
import { hexDigestsEqual } from '../../crypto/hash.ts';
import type { ClaimKind, Database, Row } from '../../db/database.ts';
import { fromIntBool, fromJsonText, nowIso } from '../../db/values.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import type { FilesService } from '../files/service.ts';
import { authorityOf, readAuthorityTerms } from '../authority/terms.ts';
import { readSnapshot } from '../onboarding/claim-columns.ts';
import type { DocumentRenderer } from '../../documents/render-pool.ts';
import type { ClaimNotices } from '../../jobs/notify-claimant.ts';
import type { AuditLog } from './audit.ts';
import { createAdminClaimsRepository } from './claims-repository.ts';
import type { ClaimListRow } from './claims-repository.ts';
import type { WorksheetSection } from '../../documents/p87-worksheet.ts';

type Db = Kysely<Database>;

export const STALE_MESSAGE =
  'Another operator changed this claim after you opened it. Reload the claim to see the change, then try again.';

type Found =
  | { kind: 'general'; row: Row<'form_responses'>; sessionId: string; status: string; version: number }
  | { kind: 'mileage'; row: Row<'onboarding_claims'>; sessionId: string; status: string; version: number };

/** What the workflow needs of either kind of claim row. */
const workflowColumnsOf = (row: Row<'form_responses'> | Row<'onboarding_claims'>) => ({
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

const claimKindOf = (kind: 'general' | 'mileage'): ClaimKind =>
  kind === 'general' ? 'general' : 'onboarding';

/** D17: what a claim still lacks for HMRC's P87, from the stored wizard snapshot. */
function readinessOfSnapshot(
  snapshot: string | null,
  version: number | null,
  hasNi: boolean,
): ReadinessItem[] {
  return p87Readiness(p87InputOfSnapshot(readSnapshot(snapshot, version), hasNi));
}

function readinessOfRow(row: ClaimListRow): ReadinessItem[] {
  if (row.kind === 'mileage')
    return readinessOfSnapshot(row.snapshot, row.snapshot_version, Number(row.has_ni) === 1);
  const [first = '', last = ''] = (row.name ?? '').split(/ (.*)/);
  return p87Readiness({
    firstName: first,
    lastName: last,
    phone: row.phone,
    email: row.email,
    hasNiNumber: false,
    employments: [],
  });
}

function readinessOfMileage(row: Row<'onboarding_claims'>): ReadinessItem[] {
  return readinessOfSnapshot(row.snapshot, row.snapshot_version, row.admin_ni_number !== null);
}

function readinessOfGeneral(row: Row<'form_responses'>): ReadinessItem[] {
  const input: P87Input = {
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    email: row.email,
    hasNiNumber: false,
    employments: [],
  };
  return p87Readiness(input);
}

export function toListItem(row: ClaimListRow) {
  const readiness = readinessOfRow(row);
  return {
    id: row.id,
    kind: row.kind,
    reference: row.reference,
    name: row.name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    submittedAt: row.submitted_at,
    estimatedRebate: row.estimated_rebate === null ? null : Number(row.estimated_rebate),
    affiliate: row.affiliate,
    selfAssessment: row.self_assessment === null ? null : Number(row.self_assessment) === 1,
    readinessMissing: readiness.length,
  };
}
export type ClaimListItem = ReturnType<typeof toListItem>;

/** The back-office's view of claims: list, detail, workflow, notes (D22). */
export function createAdminClaimsService(deps: {
  db: Db;
  files: FilesService;
  audit: AuditLog;
  dataKey: Buffer;
  fees: FeeSettings;
  /** Tells the claimant of a status change (jobs, in the change's transaction). */
  notices: ClaimNotices;
  /** Renders the P87 worksheet off the request thread (decision 029). */
  documents: DocumentRenderer;
  now: () => Date;
}) {
  const { db, audit, now } = deps;
  const repo = createAdminClaimsRepository(db);

  async function find(id: string): Promise<Found> {
    const general = await repo.findGeneral(id);
    if (general) return { kind: 'general', row: general, ...workflowColumnsOf(general) };
    const mileage = await repo.findMileage(id);
    if (mileage) return { kind: 'mileage', row: mileage, ...workflowColumnsOf(mileage) };
    throw new NotFoundError();
  }

  /** Issue 17: other claims within 30 days sharing the phone, email or NI number; never merged. */
  async function possibleDuplicatesOf(found: Found) {
    const keys: DuplicateKeys =
      found.kind === 'general'
        ? { phone: found.row.phone_key, email: found.row.email, niKey: null }
        : { phone: found.row.mobile_number, email: found.row.email, niKey: found.row.ni_key };
    const submittedAt = found.kind === 'general' ? found.row.created_at : found.row.submitted_at;
    if (!submittedAt) return [];
    const others = await repo.possibleDuplicates({
      excludeId: found.row.id,
      ...keys,
      ...duplicateWindow(submittedAt),
      limit: 20,
    });
    return others.flatMap((other) => {
      const reasons = duplicateReasons(keys, other);
      if (reasons.length === 0) return [];
      return [
        {
          id: other.id,
          kind: other.kind,
          reference: other.kind === 'general' ? generalReference(other.id) : (other.reference ?? ''),
          submittedAt: other.submittedAt,
          reasons,
        },
      ];
    });
  }

  function readinessOf(found: Found): ReadinessItem[] {
    return found.kind === 'general' ? readinessOfGeneral(found.row) : readinessOfMileage(found.row);
  }

  /**
   * D15/D19: does the stored claim still hash to what the claimant signed? The authority is rebuilt
   * from the stored claim with the terms stored at signing and the signing time.
   */
  function signedMatch(found: Found): boolean | null {
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
          )
        : authorityInputOfSnapshot(
            readSnapshot(found.row.snapshot, found.row.snapshot_version),
            terms,
            signedAt,
          );
    return hexDigestsEqual(authorityOf(input).hash, stored);
  }

  function niNumberOf(found: Found): string | null {
    if (found.kind !== 'mileage' || !found.row.admin_ni_number) return null;
    return decryptField(found.row.admin_ni_number, deps.dataKey);
  }

  function workflowOf(found: Found) {
    const status = isClaimStatus(found.status) ? found.status : null;
    return {
      status: found.status,
      statusLabel: status ? CLAIM_STATUS_LABELS[status] : 'Draft',
      version: found.version,
      allowedMoves: status ? allowedMoves(status) : [],
      repaidPence: found.row.repaid_pence === null ? null : Number(found.row.repaid_pence),
      feePence: found.row.fee_pence === null ? null : Number(found.row.fee_pence),
      claimantPence: found.row.claimant_pence === null ? null : Number(found.row.claimant_pence),
    };
  }

  return {
    async list(query: ClaimListQuery) {
      const { rows, total } = await repo.list(query, CLAIM_PAGE_SIZE);
      return {
        claims: rows.map(toListItem),
        total,
        page: query.page,
        pageSize: CLAIM_PAGE_SIZE,
        pages: Math.max(1, Math.ceil(total / CLAIM_PAGE_SIZE)),
      };
    },

    listAll: (query: ClaimListQuery, max: number) => repo.listAll(query, max),

    /** Every stored field, grouped, with the figures recomputed by the domain. Audited. */
    async detail(operatorId: string, id: string) {
      const found = await find(id);
      // An operator sees each file's real size, a signed authority not rendered yet included.
      const files = await deps.files.listRenderedFiles(found.sessionId);
      const [history, notes] = await Promise.all([repo.history(id), repo.notes(id)]);
      const ni = niNumberOf(found);
      const common = {
        id,
        kind: found.kind,
        workflow: workflowOf(found),
        readiness: readinessOf(found),
        signedMatch: signedMatch(found),
        files: files.map((f) => ({
          id: f.id,
          kind: f.kind,
          taxYear: f.taxYear,
          filename: f.filename,
          contentType: f.contentType,
          size: f.size,
          url: f.url,
        })),
        history,
        notes,
      };
      let detail;
      if (found.kind === 'general') {
        const r = found.row;
        detail = {
          ...common,
          reference: generalReference(r.id),
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
        detail = {
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
          // D21: the estimate at the rates the claimant gave (band, Scottish), as they saw it.
          estimate: (() => {
            const e = reliefOf(snapshot);
            return {
              low: e.low,
              high: e.high,
              scottish: e.scottish,
              years: e.years.map((y) => ({ year: y.year, rates: y.rates, low: y.low, high: y.high })),
            };
          })(),
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
          tracking: {
            ...trackingOf(r),
            signedIp: r.signed_ip,
            signedUserAgent: r.signed_user_agent,
          },
        };
      }
      const possibleDuplicates = await possibleDuplicatesOf(found);
      const auditTrail = await repo.audit([id, ...files.map((f) => f.id)]);
      await audit.record({ actor: operatorId, action: 'claim-viewed', entity: 'claim', entityId: id });
      return { ...detail, possibleDuplicates, audit: auditTrail };
    },

    async revealNiNumber(operatorId: string, id: string) {
      const found = await find(id);
      const ni = niNumberOf(found);
      if (!ni) throw new NotFoundError('This claim has no National Insurance number');
      await audit.record({ actor: operatorId, action: 'ni-revealed', entity: 'claim', entityId: id });
      return { niNumber: formatNiNumber(ni) };
    },

    async changeStatus(operatorId: string, id: string, change: StatusChange) {
      const found = await find(id);
      if (!isClaimStatus(found.status))
        throw new ConflictError('A draft is not a submitted claim yet', { allowed: [] });
      const from: ClaimStatus = found.status;
      if (change.version !== found.version)
        throw new ConflictError(STALE_MESSAGE, { stale: true, version: found.version, status: from });
      const missing = readinessOf(found).map((i) => i.label);
      const check = checkMove({ from, to: change.to, reason: change.reason, missing });
      if (!check.ok) {
        if (check.problem === 'illegal')
          throw new ConflictError(
            `A claim that is ${CLAIM_STATUS_LABELS[from].toLowerCase()} cannot move to ${CLAIM_STATUS_LABELS[change.to].toLowerCase()}`,
            { allowed: check.allowed },
          );
        if (check.problem === 'not-ready')
          throw new ConflictError('This claim is not ready for HMRC: some P87 answers are missing', {
            missing: check.missing,
            allowed: allowedMoves(from),
          });
        throw new ConflictError('Enter the reason for this change');
      }
      const money =
        change.to === 'repaid' && change.repaidPence !== null
          ? (() => {
              const fee = calculateFee(change.repaidPence, deps.fees);
              return { repaid: fee.repaymentPence, fee: fee.totalFeePence, claimant: fee.claimantPence };
            })()
          : null;
      const at = nowIso(now());
      const historyId = randomUUID();
      const won = await db.transaction().execute(async (trx) => {
        const ok = await repo.changeStatus(trx, claimKindOf(found.kind), id, {
          from,
          to: change.to,
          version: found.version,
          at,
          money,
        });
        if (!ok) return false;
        await trx
          .insertInto('claim_status_history')
          .values({
            id: historyId,
            claim_kind: claimKindOf(found.kind),
            claim_id: id,
            from_status: from,
            to_status: change.to,
            version: found.version + 1,
            reason: change.reason === '' ? null : change.reason,
            operator_id: operatorId,
            created_at: at,
          })
          .execute();
        await audit.record(
          {
            actor: operatorId,
            action: 'status-changed',
            entity: 'claim',
            entityId: id,
            detail: { from, to: change.to, ...(money ? { repaidPence: money.repaid } : {}) },
          },
          trx,
        );
        await deps.notices.statusChanged(trx, {
          claimKind: claimKindOf(found.kind),
          claimId: id,
          historyId,
          to: change.to,
        });
        return true;
      });
      if (!won) {
        const latest = await find(id);
        throw new ConflictError(STALE_MESSAGE, {
          stale: true,
          version: latest.version,
          status: latest.status,
        });
      }
      return workflowOf(await find(id));
    },

    /** The P87 worksheet PDF (D22): every answer in the P87's order, the missing ones marked. Audited. */
    async p87Worksheet(operatorId: string, id: string) {
      const found = await find(id);
      const ni = niNumberOf(found);
      const blank = (v: string | null | undefined) =>
        v === null || v === undefined || v.trim() === '' ? null : v;
      const sections: WorksheetSection[] = [];
      let reference: string;
      if (found.kind === 'general') {
        const r = found.row;
        reference = generalReference(r.id);
        sections.push({
          title: 'Part 1: about you',
          rows: [
            ['National Insurance number', null],
            ['Surname', blank(r.last_name)],
            ['First names', blank(r.first_name)],
            ['Date of birth', null],
            ['Address', null],
            ['Postcode', null],
            ['Phone', blank(r.phone)],
            ['Email', blank(r.email)],
          ],
        });
        sections.push({
          title: 'Expenses claimed (general funnel)',
          rows: [['Expenses', fromJsonText<string[]>(r.selected_expenses, []).join(', ') || null]],
        });
      } else {
        const r = found.row;
        reference = r.submission_reference ?? r.id;
        const snapshot = readSnapshot(r.snapshot, r.snapshot_version);
        const { years } = figuresByJob(snapshot);
        const pence = (pounds: number) => `£${pounds.toFixed(2)}`;
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
        snapshot.employments.forEach((e, i) => {
          const end = e.continuing === 'no' ? datePartsToIso(e.endDate) : null;
          sections.push({
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
          });
        });
        for (const y of years) {
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
                ['Vehicle type', j.vehicle],
                ['Business miles', j.miles.toLocaleString('en-GB')],
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
      const pdf = await deps.documents.p87Worksheet({
        reference,
        generatedAt: nowIso(now()).slice(0, 16).replace('T', ' ') + ' UTC',
        sections,
        missing: readinessOf(found).map((i) => i.label),
      });
      await audit.record({ actor: operatorId, action: 'p87-downloaded', entity: 'claim', entityId: id });
      return { pdf, filename: `p87-worksheet-${reference}.pdf` };
    },

    async addNote(operatorId: string, id: string, body: string) {
      const found = await find(id);
      const noteId = randomUUID();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('claim_notes')
          .values({
            id: noteId,
            claim_kind: claimKindOf(found.kind),
            claim_id: id,
            operator_id: operatorId,
            body,
            created_at: nowIso(now()),
          })
          .execute();
        await audit.record({ actor: operatorId, action: 'note-added', entity: 'claim', entityId: id }, trx);
      });
      return { id: noteId };
    },
  };
}

export type AdminClaimsService = ReturnType<typeof createAdminClaimsService>;
