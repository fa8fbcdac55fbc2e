import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { caseReadiness, formatNiNumber, duplicateReasons, duplicateWindow, ukIsoDate } from '@taxback/domain';
import type { DuplicateKeys, FeeSettings, ReadinessItem } from '@taxback/domain';
import { CLAIM_PAGE_SIZE, countLimitOf } from '@taxback/domain/admin-schemas';
import type { ClaimListQuery } from '@taxback/domain/admin-schemas';
import type { ClaimDetail } from '@taxback/domain/api/admin-responses';
import { decryptField } from '../../crypto/field-encryption.ts';
import type { DbDialect } from '../../db/connect.ts';
import type { Database } from '../../db/database.ts';
import { fromJsonText, nowIso } from '../../db/values.ts';
import { NotFoundError } from '../../errors.ts';
import type { SavedFile } from '../files/index.ts';
import type { FilesService } from '../files/index.ts';
import type { DocumentRenderer } from '../../documents/render-pool.ts';
import type { ClaimNotices } from '../../jobs/notify-claimant.ts';
import type { AuditLog } from '../operators/index.ts';
import { createAdminClaimsRepository } from './claims-repository.ts';
import type { AdminClaimsRepository, ClaimListRow } from './claims-repository.ts';
import { createOperatorCasework } from './claim-thread.ts';
import { createClaimWorkflow } from './claim-workflow.ts';
import { asSigned, createClaimEdits, editsForDisplay } from './claim-edits.ts';
import { createClaimAllocation } from './allocation.ts';
import { assertMayChangeClaim } from '../shared/claim-access.ts';
import type { ClaimActor, ClaimOwnership } from '../shared/claim-access.ts';
import { createCaseMerges } from './case-merges.ts';
import { dismissedPairs, pairKey } from './duplicate-pairs.ts';
import { caseChargedFees, caseYearAnswerRows } from '../../db/case-year-answers.ts';
import { caseIdOf, createYearAnswers, yearAnswersView } from './year-answers.ts';
import { createInvoices, type InvoiceSettings } from '../invoices/index.ts';
import {
  createClientMoney,
  type ClientMoneySettings,
  type NominationSettings,
} from '../client-money/index.ts';
import { createHmrcRecordCorrections } from './hmrc-records.ts';
import {
  claimKindOf,
  claimScopeOf,
  claimantDetailOf,
  readinessCountOfRow,
  readinessOfRow,
  readinessOf,
  signedMatch,
  workflowColumnsOf,
  workflowOf,
  caseViewOf,
  mileageRowReadiness,
  type CaseMate,
  type Found,
} from './claim-view.ts';
import { p87SectionsOf } from './p87-sections.ts';
import { generalClaimReference } from '@taxback/domain/reference';
import { readStoredDetails } from '../claims/index.ts';
import { readSnapshot } from '../onboarding/index.ts';

type Db = Kysely<Database>;

/** A row of the list as the screen and the CSV read it; `today` is the UK date (for "overdue"). */
export function toListItem(
  row: ClaimListRow,
  today: string,
  possibleDuplicate = false,
  /** D38: the case this row stands for: its kinds, and what its following claims still lack. */
  listedCase: ListedCase = { kinds: [row.kind], followers: [] },
) {
  const readinessMissing =
    listedCase.followers.length === 0
      ? readinessCountOfRow(row)
      : caseReadiness(readinessOfRow(row), listedCase.followers).length;
  const caseKinds = listedCase.kinds;
  const num = (v: number | null) => (v === null ? null : Number(v));
  // A funnel claim stores no route of its own: its case's Self Assessment years (migration 034).
  const caseYearsDue = fromJsonText<string[] | null>(row.case_self_assessment, null);
  const selfAssessment =
    row.self_assessment !== null
      ? Number(row.self_assessment) === 1
      : caseYearsDue === null
        ? null
        : caseYearsDue.length > 0;
  return {
    id: row.id,
    kind: row.kind,
    caseKinds: [...caseKinds],
    followsCase: Number(row.follows_case) === 1,
    reference: row.reference,
    name: row.name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    submittedAt: row.submitted_at,
    estimatedRebate: row.estimated_rebate === null ? null : Number(row.estimated_rebate),
    affiliate: row.affiliate,
    selfAssessment,
    readinessMissing,
    owner: row.owner_id ? { id: row.owner_id, name: row.owner_name } : null,
    lastActionAt: row.last_action_at,
    flags: {
      replyReceived: row.reply_received_at !== null,
      overdue: row.reply_due_on !== null && row.reply_due_on < today,
      selfAssessment: selfAssessment === true || row.status === 'needs-self-assessment',
      readinessMissing,
      authoritySuperseded: Number(row.superseded_authorities) > 0,
      // D38: another claim shares the phone, email, NI number or person (issue 42).
      possibleDuplicate,
      unreadMessages: Number(row.operator_unread_count),
    },
    sentOn: row.sent_on,
    sentMethod: row.sent_method,
    repaidPence: num(row.repaid_pence),
    repaidOn: row.repaid_on,
    feePence: num(row.fee_pence),
    claimantPence: num(row.claimant_pence),
  };
}
export type ClaimListItem = ReturnType<typeof toListItem>;

type ListedCase = {
  kinds: readonly ('general' | 'mileage')[];
  followers: { reference: string; items: ReadinessItem[] }[];
};

/** D38: each listed case's kinds and its following claims' readiness, by its first claim's id. */
async function listedCasesOf(repo: AdminClaimsRepository, rows: readonly ClaimListRow[]) {
  const { general, mileage } = await repo.caseFollowersAmong(rows);
  const heads = new Map(rows.map((r) => [r.id, r]));
  const out = new Map<string, ListedCase & { kinds: ('general' | 'mileage')[] }>();
  const entry = (caseId: string) => {
    const seen = out.get(caseId) ?? { kinds: ['general'], followers: [] };
    out.set(caseId, seen);
    return seen;
  };
  for (const g of general) if (g.case_id) entry(g.case_id);
  for (const m of mileage) {
    if (!m.case_id) continue;
    const listed = entry(m.case_id);
    if (!listed.kinds.includes('mileage')) listed.kinds.push('mileage');
    // The case's first claim's details are on its list row (claim-list-queries.ts).
    const details = readStoredDetails(heads.get(m.case_id)?.snapshot ?? null)?.details ?? null;
    listed.followers.push({
      reference: m.submission_reference ?? '',
      items: mileageRowReadiness(m, details),
    });
  }
  return out;
}

/** A claim of either kind by id, with the other claim of its case (issue 42), or NotFoundError. */
export async function findClaim(repo: AdminClaimsRepository, id: string): Promise<Found> {
  const general = await repo.findGeneral(id);
  if (general) {
    const mileage = await repo.findCaseMileage(general.case_id ?? general.id);
    const caseMate: CaseMate | null = mileage
      ? {
          kind: 'mileage',
          id: mileage.id,
          sessionId: mileage.session_id,
          reference: mileage.submission_reference,
          status: mileage.status,
          // A draft claims nothing yet: its miles join the case's years once it is submitted.
          snapshot:
            mileage.status === 'draft' ? null : readSnapshot(mileage.snapshot, mileage.snapshot_version),
          follows: mileage.follows_case === 1 && mileage.case_id === general.id,
          readiness:
            mileage.status === 'draft'
              ? []
              : mileageRowReadiness(mileage, readStoredDetails(general.details)?.details ?? null),
        }
      : null;
    return { kind: 'general', row: general, ...workflowColumnsOf(general), caseMate };
  }
  const mileage = await repo.findMileage(id);
  if (mileage) {
    const funnel = mileage.case_id ? await repo.findGeneral(mileage.case_id) : undefined;
    const caseMate: CaseMate | null = funnel
      ? {
          kind: 'general',
          id: funnel.id,
          sessionId: funnel.session_id,
          reference: generalClaimReference(funnel),
          status: funnel.status,
          details: readStoredDetails(funnel.details)?.details ?? null,
        }
      : null;
    return { kind: 'mileage', row: mileage, ...workflowColumnsOf(mileage), caseMate };
  }
  throw new NotFoundError();
}

/** The files of the other claim of the case, once it is a claim (a mileage draft is not yet). */
async function caseMateFiles(files: FilesService, found: Found): Promise<SavedFile[]> {
  const mate = found.caseMate;
  if (!mate || (mate.kind === 'mileage' && mate.snapshot === null)) return [];
  return files.listRenderedFiles(mate.sessionId);
}

/** The claim's NI number in clear; D30: a general claim's comes with its signed details. */
function niNumberOfClaim(found: Found, dataKey: Buffer): string | null {
  const stored = found.kind === 'mileage' ? found.row.admin_ni_number : found.row.details_ni_number;
  return stored ? decryptField(stored, dataKey) : null;
}

/** D38: the case a claim that follows it is worked with (its first claim), or null. */
async function worksWithCaseOf(repo: AdminClaimsRepository, found: Found) {
  if (found.row.follows_case !== 1 || !found.row.case_id) return null;
  const head = await repo.findGeneral(found.row.case_id);
  return head ? { id: head.id, reference: generalClaimReference(head), status: head.status } : null;
}

/**
 * Issue 17, D38: other claims within 30 days sharing the phone, email, NI number, or the person's
 * names, date of birth and postcode; never merged.
 */
async function possibleDuplicatesOf(db: Kysely<Database>, repo: AdminClaimsRepository, found: Found) {
  const keys: DuplicateKeys & { personKey: string | null } =
    found.kind === 'general'
      ? {
          phone: found.row.phone_key,
          email: found.row.email,
          niKey: found.row.ni_key,
          personKey: found.row.person_key,
        }
      : {
          phone: found.row.mobile_number,
          email: found.row.email,
          niKey: found.row.ni_key,
          personKey: found.row.person_key,
        };
  const submittedAt = found.kind === 'general' ? found.row.created_at : found.row.submitted_at;
  if (!submittedAt) return [];
  const others = await repo.possibleDuplicates({
    excludeId: found.row.id,
    ...keys,
    ...duplicateWindow(submittedAt),
    limit: 20,
  });
  const dismissed = await dismissedPairs(db, [found.row.id]);
  const caseId = caseIdOf(found);
  return others.flatMap((other) => {
    const reasons = duplicateReasons(keys, other);
    // Its case's other claims are the same person by design (issue 42), not duplicates; nor is a
    // pair an admin marked not duplicates (D38).
    if (reasons.length === 0 || other.id === found.caseMate?.id || other.caseId === caseId) return [];
    if (dismissed.has(pairKey(found.row.id, other.id))) return [];
    return [
      {
        id: other.id,
        kind: other.kind,
        reference: other.reference ?? '',
        submittedAt: other.submittedAt,
        reasons,
      },
    ];
  });
}

/**
 * Decision 050: the claim's signed authorities, oldest first. Every signing (the wizard's, an
 * amendment's, D32) stores a new authority file and rewrites the claim's signed_* columns, so the
 * newest authority file is the one the claim stands on and every earlier one is superseded. D38:
 * a case's authorities are its claims' together (`caseFiles`, the other claim's): the mileage
 * claim's signed in the case covers every amount and supersedes the details' signed before it.
 */
export function authoritiesOf(files: readonly SavedFile[], caseFiles: readonly SavedFile[] = []) {
  const signed = [...files, ...caseFiles]
    .filter((f) => f.kind === 'authority')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return signed.map((f, i) => ({
    id: f.id,
    filename: f.filename,
    url: f.url,
    signedAt: f.createdAt,
    current: i === signed.length - 1,
  }));
}

/**
 * A claim viewed again by the same operator within this time of their last recorded view or
 * change of it adds no audit row (the reload after a status change or an edit).
 */
export const VIEW_AUDIT_WINDOW_MS = 5 * 60 * 1000;

/** The back-office's view of claims: list, detail, workflow, notes (D22). */
type HmrcRecordView = ClaimDetail['hmrcRecords'][number];

/** Issue 45: above the count limit the number of pages is not known, only whether one follows. */
const pagesOf = (total: number, limit: number): number | null =>
  total > limit ? null : Math.max(1, Math.ceil(total / CLAIM_PAGE_SIZE));

/** A page of the claims list (D34's queues and filters), as the list screen shows it. */
async function listClaims(repo: AdminClaimsRepository, now: Date, operatorId: string, query: ClaimListQuery) {
  const { rows, total, counts, hasMore } = await repo.list(query, CLAIM_PAGE_SIZE, operatorId);
  const today = ukIsoDate(now);
  const duplicates = await repo.duplicateIdsAmong(rows);
  const cases = await listedCasesOf(repo, rows);
  return {
    claims: rows.map((row) => toListItem(row, today, duplicates.has(row.id), cases.get(row.id))),
    queue: query.queue,
    counts,
    countLimit: countLimitOf(query),
    total,
    page: query.page,
    pageSize: CLAIM_PAGE_SIZE,
    pages: pagesOf(total, countLimitOf(query)),
    hasMore,
  };
}

export function createAdminClaimsService(deps: {
  db: Db;
  files: FilesService;
  audit: AuditLog;
  dataKey: Buffer;
  /** Keys the NI number's duplicate-finding hash (ni_key) when an operator corrects it. */
  signingKey: Buffer;
  fees: FeeSettings;
  /** D41: our details on invoices, the way to pay and the days they are due in. */
  invoicing: InvoiceSettings;
  /** D41, D29: client money under a nomination (off by default) and the payout's working days. */
  clientMoney: ClientMoneySettings;
  /** D29 (decision 076): the nomination's e-signature provider and whom it names; null: none. */
  nomination?: NominationSettings | null;
  /** Tells the claimant of a status change (jobs, in the change's transaction). */
  notices: ClaimNotices;
  /** Renders the P87 worksheet off the request thread (decision 029). */
  documents: DocumentRenderer;
  now: () => Date;
  dialect: DbDialect;
}) {
  const { db, audit, now } = deps;
  const repo = createAdminClaimsRepository(db);

  const find = (id: string) => findClaim(repo, id);
  /** Who owns a claim, with the owner's name for a refusal's message (D34). */
  const ownership = async (found: Found): Promise<ClaimOwnership> => ({
    status: found.status,
    ownerId: found.row.owner_id,
    ownerName: (await repo.operator(found.row.owner_id))?.name ?? null,
    followsCase: found.row.follows_case === 1,
  });
  const workflow = createClaimWorkflow({ ...deps, repo, find, ownership });
  const edits = createClaimEdits({
    ...deps,
    keys: { dataKey: deps.dataKey, signingKey: deps.signingKey },
    find,
    ownership,
  });
  const allocation = createClaimAllocation(deps);
  const yearAnswers = createYearAnswers({ ...deps, find, ownership });
  const invoices = createInvoices({ ...deps, find, ownership });
  const casework = createOperatorCasework({ ...deps, workflow, find });

  const niNumberOf = (found: Found) => niNumberOfClaim(found, deps.dataKey);

  return {
    list: (operatorId: string, query: ClaimListQuery) => listClaims(repo, now(), operatorId, query),

    /** Every stored field, grouped, with the figures recomputed by the domain. Audited. */
    async detail(operatorId: string, id: string) {
      const found = await find(id);
      // An operator sees each file's real size, a signed authority not rendered yet included.
      const files = await deps.files.listRenderedFiles(found.sessionId);
      const [history, notes, editRows, records, owner] = await Promise.all([
        repo.history(id),
        repo.notes(id),
        repo.edits(id),
        repo.hmrcRecords(id),
        repo.operator(found.row.owner_id),
      ]);
      const answerRows = await caseYearAnswerRows(db, caseIdOf(found));
      const ni = niNumberOf(found);
      const common = {
        id,
        kind: found.kind,
        workflow: workflowOf(found),
        readiness: readinessOf(found),
        taxYears: claimScopeOf(found, now()).taxYears,
        signedMatch: signedMatch(asSigned(found, editRows)),
        files: files.map((f) => ({
          id: f.id,
          kind: f.kind,
          taxYear: f.taxYear,
          filename: f.filename,
          contentType: f.contentType,
          size: f.size,
          url: f.url,
        })),
        authorities: authoritiesOf(files, await caseMateFiles(deps.files, found)),
        history,
        notes,
        edits: editsForDisplay(editRows, deps.dataKey),
        owner: found.row.owner_id
          ? { id: found.row.owner_id, name: owner?.name ?? null, role: owner?.role ?? null }
          : null,
        allocatedAt: found.row.allocated_at,
        worksWithCase: await worksWithCaseOf(repo, found),
        // D35: each row's value as the record wrote it (hmrc-records.ts), the sent or the repaid one.
        hmrcRecords: records.map((r) => ({ ...r, value: JSON.parse(r.value) }) as HmrcRecordView),
        // D40: HMRC's answer for each year of the case, whichever of its claims this is.
        hmrcYears: yearAnswersView(found, answerRows, await caseChargedFees(db, caseIdOf(found), deps.fees)),
        // D41: the case's invoice for the fee, or why none can be issued yet.
        invoice: await invoices.invoicePanel(found),
      };
      const detail = claimantDetailOf(found, ni, common);
      const possibleDuplicates = await possibleDuplicatesOf(db, repo, found);
      // Recorded before the trail is read, so the trail shows this view (issue 32.5); not again
      // when the same operator acted on or viewed the claim moments ago (a reload after a change).
      const since = nowIso(new Date(now().getTime() - VIEW_AUDIT_WINDOW_MS));
      if (!(await repo.actedSince(operatorId, id, since)))
        await audit.record({ actor: operatorId, action: 'claim-viewed', entity: 'claim', entityId: id });
      const auditTrail = await repo.audit([id, ...files.map((f) => f.id)]);
      return { ...detail, possibleDuplicates, case: caseViewOf(found), audit: auditTrail };
    },

    async revealNiNumber(operatorId: string, id: string) {
      const found = await find(id);
      const ni = niNumberOf(found);
      if (!ni) throw new NotFoundError('This claim has no National Insurance number');
      await audit.record({ actor: operatorId, action: 'ni-revealed', entity: 'claim', entityId: id });
      return { niNumber: formatNiNumber(ni) };
    },

    changeStatus: workflow.changeStatus,
    editDetails: edits.editDetails,
    correctHmrcRecord: createHmrcRecordCorrections({ ...deps, repo, find, ownership }),
    recordYearAnswer: yearAnswers.recordYearAnswer,
    ...invoices,
    /** D41 with D29: client money, bank details and payouts (modules/client-money). */
    clientMoney: createClientMoney({
      ...deps,
      find,
      ownership,
      taxYearsOf: (found, today) => claimScopeOf(found, today).taxYears,
    }),
    answerDuplicate: createCaseMerges({ ...deps, find, ownership }),
    takeNext: allocation.takeNext,
    take: allocation.take,
    allocate: allocation.allocate,
    allocateMany: allocation.allocateMany,

    thread: casework.thread,
    addMessage: casework.addMessage,
    requestInformation: casework.requestInformation,

    /** The P87 worksheet PDF (D22): every answer in the P87's order, the missing ones marked. Audited. */
    async p87Worksheet(operatorId: string, id: string) {
      const found = await find(id);
      const ni = niNumberOf(found);
      const { reference, sections, missing } = p87SectionsOf(found, ni);
      const pdf = await deps.documents.p87Worksheet({
        reference,
        generatedAt: nowIso(now()),
        sections,
        missing,
      });
      await audit.record({ actor: operatorId, action: 'p87-downloaded', entity: 'claim', entityId: id });
      // A reference is stored in groups ('TB 4K7 9MX 2QH'); a file name carries it without spaces.
      return { pdf, filename: `p87-worksheet-${reference.replace(/\s+/g, '')}.pdf` };
    },

    async addNote(actor: ClaimActor, id: string, body: string) {
      const operatorId = actor.id;
      const found = await find(id);
      assertMayChangeClaim(actor, await ownership(found), 'note');
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
