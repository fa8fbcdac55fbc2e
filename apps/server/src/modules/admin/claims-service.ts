import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { formatNiNumber, duplicateReasons, duplicateWindow } from '@taxback/domain';
import type { DuplicateKeys, FeeSettings } from '@taxback/domain';
import { CLAIM_PAGE_SIZE } from '@taxback/domain/admin-schemas';
import { generalReference } from '@taxback/domain/reference';
import type { ClaimListQuery } from '@taxback/domain/admin-schemas';
import { decryptField } from '../../crypto/field-encryption.ts';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/values.ts';
import { NotFoundError } from '../../errors.ts';
import type { FilesService } from '../files/service.ts';
import type { DocumentRenderer } from '../../documents/render-pool.ts';
import type { ClaimNotices } from '../../jobs/notify-claimant.ts';
import type { AuditLog } from './audit.ts';
import { createAdminClaimsRepository } from './claims-repository.ts';
import type { AdminClaimsRepository, ClaimListRow } from './claims-repository.ts';
import { createOperatorCasework } from './claim-thread.ts';
import { createClaimWorkflow } from './claim-workflow.ts';
import {
  claimKindOf,
  claimantDetailOf,
  readinessOf,
  readinessOfRow,
  signedMatch,
  workflowColumnsOf,
  workflowOf,
  type Found,
} from './claim-view.ts';
import { p87SectionsOf } from './p87-sections.ts';

type Db = Kysely<Database>;

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

/** A claim of either kind by id, or NotFoundError. */
export async function findClaim(repo: AdminClaimsRepository, id: string): Promise<Found> {
  const general = await repo.findGeneral(id);
  if (general) return { kind: 'general', row: general, ...workflowColumnsOf(general) };
  const mileage = await repo.findMileage(id);
  if (mileage) return { kind: 'mileage', row: mileage, ...workflowColumnsOf(mileage) };
  throw new NotFoundError();
}

/** Issue 17: other claims within 30 days sharing the phone, email or NI number; never merged. */
async function possibleDuplicatesOf(repo: AdminClaimsRepository, found: Found) {
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

  const find = (id: string) => findClaim(repo, id);
  const workflow = createClaimWorkflow({ ...deps, repo, find });
  const casework = createOperatorCasework({ ...deps, workflow, find });

  function niNumberOf(found: Found): string | null {
    if (found.kind !== 'mileage' || !found.row.admin_ni_number) return null;
    return decryptField(found.row.admin_ni_number, deps.dataKey);
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
      const detail = claimantDetailOf(found, ni, common);
      const possibleDuplicates = await possibleDuplicatesOf(repo, found);
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

    changeStatus: (operatorId: string, id: string, change: Parameters<typeof workflow.changeStatus>[2]) =>
      workflow.changeStatus(operatorId, id, change),

    thread: casework.thread,
    addMessage: casework.addMessage,
    requestInformation: casework.requestInformation,

    /** The P87 worksheet PDF (D22): every answer in the P87's order, the missing ones marked. Audited. */
    async p87Worksheet(operatorId: string, id: string) {
      const found = await find(id);
      const ni = niNumberOf(found);
      const { reference, sections } = p87SectionsOf(found, ni);
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
        await repo.addNote(trx, {
          id: noteId,
          claim_kind: claimKindOf(found.kind),
          claim_id: id,
          operator_id: operatorId,
          body,
          created_at: nowIso(now()),
        });
        await audit.record({ actor: operatorId, action: 'note-added', entity: 'claim', entityId: id }, trx);
      });
      return { id: noteId };
    },
  };
}

export type AdminClaimsService = ReturnType<typeof createAdminClaimsService>;
