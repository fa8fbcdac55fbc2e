import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  CONFIRMATION_STEP,
  MAX_UPLOAD_BYTES,
  RESUME_MESSAGES,
  SAVE_CONFLICT_MESSAGES,
  UPLOAD_MESSAGES,
  SUBMIT_STEP,
  authorityInputOfSnapshot,
  claimRoute,
  claimableTaxYears,
  hasCompleted,
  isTaxYear,
  routeEnd,
  stepIndex,
  selectedYears,
  submissionReference,
  summariseClaim,
  datePartsToIso,
  journeysOf,
  oneOffDateProblem,
  reliefOf,
  ukIsoDate,
  leavePeriodsOf,
  vehicleOf,
  uploadFileName,
} from '@taxback/domain';
import type { AuthorityTerms, RebateSummary, TaxYear } from '@taxback/domain';
import {
  evidenceStepSchema,
  fieldErrors,
  journeySchema,
  MESSAGES,
  resumePoint,
  validateSnapshotSteps,
  WIZARD_SNAPSHOT_VERSION,
} from '@taxback/domain/schemas';
import type { OnboardingSave, WizardSnapshot } from '@taxback/domain/schemas';
import type { AppKeys } from '../../crypto/keys.ts';
import { encryptField, niNumberKey } from '../../crypto/index.ts';
import type { Database, OnboardingClaim, OnboardingClaimUpdate, StoredFile } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { fromIntBool, nowIso } from '../../db/values.ts';
import {
  ConflictError,
  NotFoundError,
  ProviderFailedError,
  TooManyRequestsError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../errors.ts';
import { fileUrl } from '../files/service.ts';
import type { ClaimNotices } from '../../jobs/notify-claimant.ts';
import type { FilesService, SavedFile, StagedUpload } from '../files/service.ts';
import type { Readable } from 'node:stream';
import type { ResumeService } from '../resume/service.ts';
import { FILE_TYPE_MESSAGES, sniffUploadType } from './file-type-check.ts';
import type { UploadKind } from './file-type-check.ts';
import { generateMileageLog } from './mileage-log.ts';
import {
  findClaimBySession,
  findClaimFile,
  findClaimForSave,
  findClaimProgress,
  insertClaim,
  listClaimFiles,
  submitDraftClaim,
  tracksSomethingNew,
  updateClaimAtRevision,
  updateDraftClaim,
} from './repository.ts';
import type { ClaimFileRow, ClaimTracking } from './repository.ts';
import { signedAuthorityFile } from '../authority/deferred.ts';
import { authorityOf } from '../authority/terms.ts';
import { readSnapshot, snapshotColumns } from './claim-columns.ts';

export const ONBOARDING_MESSAGES = {
  notFound: 'Not found',
  ...SAVE_CONFLICT_MESSAGES,
  cannotSubmit: 'This claim cannot be submitted.',
  noJourneys: 'Please go back and add at least one business journey to generate your mileage log.',
  fileTooLarge: UPLOAD_MESSAGES.tooLarge,
  fileMissing: UPLOAD_MESSAGES.missing,
  fileEmpty: UPLOAD_MESSAGES.empty,
  kindInvalid: 'Choose whether this file is evidence or your P60',
  taxYearInvalid: 'Choose the tax year this evidence is for',
  p60Missing: 'The P60 file could not be found. Please upload it again.',
} as const;

export { MAX_UPLOAD_BYTES };

export interface FileSummary {
  id: string;
  filename: string;
  url: string;
  type: string;
  size: number;
}

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export interface OnboardingServiceDeps {
  db: Kysely<Database>;
  files: FilesService;
  keys: AppKeys;
  resume: ResumeService;
  log: FastifyBaseLogger;
  /** D19: our company and fee as configured, printed on the authority the claimant signs. */
  terms: AuthorityTerms;
  /** Tells the claimant their claim arrived (a job, in the submit's transaction). */
  notices: ClaimNotices;
  now?: () => Date;
}

function summarise(f: Pick<SavedFile, 'id' | 'filename' | 'url' | 'contentType' | 'size'>): FileSummary {
  return { id: f.id, filename: f.filename, url: f.url, type: f.contentType, size: f.size };
}

function summariseRow(row: ClaimFileRow): FileSummary {
  return {
    id: row.id,
    filename: row.filename,
    url: fileUrl(row.id),
    type: row.content_type,
    size: Number(row.size),
  };
}

function groupByYear(rows: ClaimFileRow[]): Record<TaxYear, FileSummary[]> {
  const out: Record<TaxYear, FileSummary[]> = {};
  for (const row of rows) (out[row.tax_year] ??= []).push(summariseRow(row));
  return out;
}

type LogLink = { id: string; url: string; filename: string };

function mileageLogsOf(rows: ClaimFileRow[]): Record<TaxYear, { pdf?: LogLink; csv?: LogLink }> {
  const out: Record<TaxYear, { pdf?: LogLink; csv?: LogLink }> = {};
  for (const row of rows) {
    if (row.kind !== 'mileage-log') continue;
    const link = { id: row.id, url: fileUrl(row.id), filename: row.filename };
    const entry = (out[row.tax_year] ??= {});
    if (row.content_type === 'application/pdf') entry.pdf = link;
    else entry.csv = link;
  }
  return out;
}

/** D19: the claim's signed authority PDF (the latest, as signing again replaces it). */
function authorityOfRows(rows: ClaimFileRow[]): LogLink | null {
  const row = rows.filter((r) => r.kind === 'authority').at(-1);
  return row ? { id: row.id, url: fileUrl(row.id), filename: row.filename } : null;
}

/** evidence_files column: each year's uploads and generated logs (SPEC §3: filename, url, type, size). */
function evidenceColumn(rows: ClaimFileRow[]): string {
  return JSON.stringify(groupByYear(rows.filter((r) => r.kind === 'evidence' || r.kind === 'mileage-log')));
}

export function createOnboardingService(deps: OnboardingServiceDeps) {
  const { db, files } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireClaim(sessionId: string): Promise<OnboardingClaim> {
    const claim = await findClaimBySession(db, sessionId);
    if (!claim) throw new NotFoundError(ONBOARDING_MESSAGES.notFound);
    return claim;
  }

  async function requireDraft(sessionId: string): Promise<OnboardingClaim> {
    const claim = await requireClaim(sessionId);
    if (claim.status !== 'draft') {
      throw new ConflictError(ONBOARDING_MESSAGES.alreadySubmitted, { revision: Number(claim.revision) });
    }
    return claim;
  }

  /** Files changed: refresh the claim's evidence_files (and P60) columns from stored_files. */
  async function refreshFileColumns(trx: Kysely<Database>, sessionId: string): Promise<void> {
    const rows = await listClaimFiles(trx, sessionId);
    const p60 = rows.filter((r) => r.kind === 'p60').at(-1);
    const at = nowIso(now());
    await updateDraftClaim(trx, sessionId, {
      evidence_files: evidenceColumn(rows),
      p60_file_url: p60 ? fileUrl(p60.id) : null,
      p60_filename: p60 ? p60.filename : null,
      updated_at: at,
      last_activity_at: at,
    });
  }

  async function submittedAnswer(claim: OnboardingClaim) {
    return {
      signedAuthority: authorityOfRows(await listClaimFiles(db, claim.session_id)),
      submissionReference: claim.submission_reference ?? '',
      submittedAt: claim.submitted_at ?? '',
      totals: summariseClaim(readSnapshot(claim.snapshot, claim.snapshot_version)),
    };
  }

  async function saveUpload(
    sessionId: string,
    input: { kind: string | undefined; taxYear: string | undefined; filename: string; file: StagedUpload },
  ): Promise<FileSummary> {
    await requireDraft(sessionId);
    const errors: Record<string, string> = {};
    const kind = input.kind === 'evidence' || input.kind === 'p60' ? (input.kind as UploadKind) : null;
    if (!kind) errors.kind = ONBOARDING_MESSAGES.kindInvalid;
    let taxYear: string | null = null;
    if (kind === 'evidence') {
      const claimable = claimableTaxYears(now()).map((y) => y.year);
      const y = input.taxYear?.trim() ?? '';
      if (!isTaxYear(y) || !claimable.includes(y)) errors.taxYear = ONBOARDING_MESSAGES.taxYearInvalid;
      else taxYear = y;
    }
    if (input.file.size === 0) errors.file = ONBOARDING_MESSAGES.fileEmpty;
    if (Object.keys(errors).length > 0 || !kind) throw new ValidationError(errors);

    const sniffed = await sniffUploadType(input.file.head, input.filename, kind, input.file.partial);
    if (!sniffed) throw new UnsupportedMediaTypeError(FILE_TYPE_MESSAGES[kind]);

    return files.saveFileWith(
      {
        sessionId,
        claimKind: 'onboarding',
        kind,
        taxYear,
        bytes: input.file,
        filename: uploadFileName(input.filename, sniffed.ext),
        contentType: sniffed.mime,
      },
      async (trx, file) => {
        if (kind === 'p60') {
          // One P60 per claim: a new upload replaces the previous one.
          const older = (await listClaimFiles(trx, sessionId)).filter(
            (r) => r.kind === 'p60' && r.id !== file.id,
          );
          for (const row of older) await files.deleteFile(row.id, sessionId, trx);
        }
        await refreshFileColumns(trx, sessionId);
        return summarise(file);
      },
    );
  }

  return {
    async getProgress(sessionId: string) {
      const found = await findClaimProgress(db, sessionId);
      if (!found) throw new NotFoundError(ONBOARDING_MESSAGES.notFound);
      const { claim, files: rows } = found;
      const snapshot = readSnapshot(claim.snapshot, claim.snapshot_version);
      const p60 = rows.filter((r) => r.kind === 'p60').at(-1);
      const saved = {
        currentStep: claim.current_step === null ? 0 : Number(claim.current_step),
        lastStepCompleted: claim.last_step_completed === null ? -1 : Number(claim.last_step_completed),
      };
      // A draft reopens at the first answer on its route that no longer holds (D10, D17). A save
      // validated those same answers; unless the UK day has changed since, or the stored shape is
      // older, they still hold and need not be checked again (migration 009).
      const today = now();
      const checkedToday =
        Number(claim.snapshot_version) === WIZARD_SNAPSHOT_VERSION && claim.checked_on === ukIsoDate(today);
      const progress =
        claim.status === 'draft' && !checkedToday ? resumePoint(snapshot, saved, { today }) : saved;
      return {
        revision: Number(claim.revision),
        snapshot,
        evidenceFiles: groupByYear(rows.filter((r) => r.kind === 'evidence')),
        mileageLogs: mileageLogsOf(rows),
        p60File: p60 ? summariseRow(p60) : null,
        signatureUrl: claim.signature_url,
        signedAuthority: authorityOfRows(rows),
        status: claim.status,
        submissionReference: claim.submission_reference,
        submittedAt: claim.submitted_at,
        totals: summariseClaim(snapshot),
        hasNiNumber: claim.admin_ni_number !== null && claim.admin_ni_number !== '',
        ...progress,
      };
    },

    /**
     * PUT /api/onboarding: validates the steps the snapshot covers, recomputes totals, and writes
     * with an optimistic revision check (D10). The first save with a valid phone sends a resume code (D8).
     */
    async save(
      sessionId: string,
      body: OnboardingSave,
      meta: RequestMeta,
    ): Promise<{ revision: number; totals: RebateSummary }> {
      const snapshot = body.snapshot;
      const checked = validateSnapshotSteps(snapshot, body.lastStepCompleted, { today: now() });
      if (!checked.ok) throw new ValidationError(checked.errors);

      const totals = summariseClaim(snapshot);
      const at = nowIso(now());
      const existing = await findClaimForSave(db, sessionId);
      const snapshotValues = snapshotColumns(snapshot, totals);
      const progress = {
        current_step: body.currentStep,
        last_step_completed: body.lastStepCompleted,
        // The answers through lastStepCompleted were validated just now, with today's rules.
        checked_on: ukIsoDate(now()),
        last_activity_at: at,
        updated_at: at,
      };
      const columns: OnboardingClaimUpdate = { ...snapshotValues, ...progress };
      // Where the claim came from: recorded when first known, never overwritten.
      const tracking: ClaimTracking = {
        affiliate_name: snapshot.affiliateName || null,
        utm_data: snapshot.utmData ? JSON.stringify(snapshot.utmData) : null,
        full_url: snapshot.fullUrl || null,
        ip_address: meta.ip,
        user_agent: meta.userAgent || null,
      };

      let revision: number;
      if (!existing) {
        if (body.revision !== 0) throw new ConflictError(ONBOARDING_MESSAGES.staleRevision, { revision: 0 });
        try {
          await insertClaim(db, {
            ...columns,
            ...tracking,
            id: randomUUID(),
            session_id: sessionId,
            status: 'draft',
            revision: 1,
            created_at: at,
            updated_at: at,
          });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // Two first saves raced: the other one won.
          const current = await findClaimForSave(db, sessionId);
          throw new ConflictError(ONBOARDING_MESSAGES.staleRevision, {
            revision: Number(current?.revision ?? 0),
          });
        }
        revision = 1;
      } else {
        const current = Number(existing.revision);
        if (existing.status !== 'draft') {
          throw new ConflictError(ONBOARDING_MESSAGES.alreadySubmitted, { revision: current });
        }
        if (body.revision !== current)
          throw new ConflictError(ONBOARDING_MESSAGES.staleRevision, { revision: current });
        const ok = await updateClaimAtRevision(db, sessionId, current, {
          columns: snapshotValues,
          progress,
          tracking: tracksSomethingNew(existing, tracking) ? tracking : null,
        });
        if (!ok) {
          const latest = await findClaimForSave(db, sessionId);
          const message =
            latest && latest.status !== 'draft'
              ? ONBOARDING_MESSAGES.alreadySubmitted
              : ONBOARDING_MESSAGES.staleRevision;
          throw new ConflictError(message, { revision: Number(latest?.revision ?? 0) });
        }
        revision = current + 1;
      }

      // D8: a code goes out when personal details are first saved (or the number changes).
      // The earlier number only counts if the personal step had been completed (validated) with it.
      const phone = columns.mobile_number ?? null;
      const earlier =
        existing && hasCompleted('personal', Number(existing.last_step_completed ?? -1))
          ? existing.mobile_number
          : null;
      if (hasCompleted('personal', body.lastStepCompleted) && phone !== null && phone !== earlier) {
        try {
          await deps.resume.issueCode(sessionId, phone);
        } catch (error) {
          // The save itself succeeded; 'Save and finish later' can send another code.
          deps.log.warn(
            { err: error instanceof Error ? error.message : 'unknown' },
            'resume code not issued',
          );
        }
      }
      return { revision, totals };
    },

    /** 'Save and finish later': a fresh code to the claimant's saved number. */
    async sendResumeCode(sessionId: string): Promise<void> {
      const claim = await requireClaim(sessionId);
      if (!claim.mobile_number) throw new ValidationError({ 'personalInfo.phone': MESSAGES.phoneRequired });
      const result = await deps.resume.issueCode(sessionId, claim.mobile_number);
      if (result === 'rate-limited') throw new TooManyRequestsError(RESUME_MESSAGES.tooManyCodes, 3600);
      if (result === 'invalid-phone')
        throw new ValidationError({ 'personalInfo.phone': MESSAGES.phoneInvalid });
      if (result === 'sms-failed') throw new ProviderFailedError(RESUME_MESSAGES.smsFailed);
    },

    async uploadFile(
      sessionId: string,
      input: { kind: string | undefined; taxYear: string | undefined; filename: string; file: StagedUpload },
    ): Promise<FileSummary> {
      // The bytes are in the store already (streamed in, never held whole); any refusal deletes them.
      try {
        return await saveUpload(sessionId, input);
      } catch (error) {
        await files.discard(input.file);
        throw error;
      }
    },

    /** Streams an upload into the file store for uploadFile (after a draft check, so nothing is stored for a submitted claim). */
    async stageUpload(sessionId: string, stream: Readable): Promise<StagedUpload> {
      await requireDraft(sessionId);
      return files.stage(stream);
    },

    discardUpload: (staged: StagedUpload) => files.discard(staged),

    async deleteFile(sessionId: string, fileId: string): Promise<void> {
      const row = await findClaimFile(db, sessionId, fileId);
      if (!row || row.kind === 'signature') throw new NotFoundError();
      await requireDraft(sessionId);
      await db.transaction().execute(async (trx) => {
        await files.deleteFile(row.id, sessionId, trx);
        await refreshFileColumns(trx, sessionId);
      });
    },

    /**
     * Step 9: the signature PNG, stored privately, with the D15 evidence and the D19 signed authority:
     * the document the claimant saw, rendered with the signature, time, IP and user agent into a PDF
     * stored with the claim; the D15 hash is the SHA-256 of the document's canonical content.
     */
    async saveSignature(
      sessionId: string,
      input: { png: Buffer; agreementChecks: { accuracy: boolean; authorization: boolean; terms: boolean } },
      meta: RequestMeta,
    ): Promise<{ signatureUrl: string; signedAuthority: LogLink }> {
      const claim = await requireDraft(sessionId);
      // The route has checked the image (signaturePngOf: a whole PNG of sane dimensions).
      const snapshot = readSnapshot(claim.snapshot, claim.snapshot_version);
      const signedAt = now();
      const at = nowIso(signedAt);
      const terms = deps.terms;
      const { document, hash } = authorityOf(authorityInputOfSnapshot(snapshot, terms, at));
      // The signature and the signed authority are stored together, with the claim's evidence;
      // the PDF is rendered after this request (decision 025), its URL working from now on.
      return files.saveFilesWith(
        [
          {
            sessionId,
            claimKind: 'onboarding',
            kind: 'signature',
            taxYear: null,
            bytes: input.png,
            filename: 'signature.png',
            contentType: 'image/png',
          },
          signedAuthorityFile(sessionId, 'onboarding', {
            document,
            signaturePng: input.png,
            signedAt,
            ip: meta.ip,
            userAgent: meta.userAgent,
            companyName: terms.agent.companyName,
          }),
        ],
        async (trx, [file, pdf]) => {
          if (!file || !pdf) throw new Error('Stored file record vanished');
          const keep = new Set([file.id, pdf.id]);
          const older = (await listClaimFiles(trx, sessionId)).filter(
            (r) => (r.kind === 'signature' || r.kind === 'authority') && !keep.has(r.id),
          );
          for (const row of older) await files.deleteFile(row.id, sessionId, trx);
          await updateDraftClaim(trx, sessionId, {
            signature_url: file.url,
            signature_data: null,
            consent_accuracy: 1,
            consent_authorization: 1,
            consent_terms: 1,
            signed_at: at,
            signed_ip: meta.ip,
            signed_user_agent: meta.userAgent,
            signed_content_hash: hash,
            authority_terms: JSON.stringify(terms),
            updated_at: at,
            last_activity_at: at,
          });
          return {
            signatureUrl: file.url,
            signedAuthority: { id: pdf.id, url: pdf.url, filename: pdf.filename },
          };
        },
      );
    },

    /** D12, D25: the dated PDF and CSV log per selected year, stored as that year's evidence. */
    async generateMileageLogs(sessionId: string) {
      const claim = await requireDraft(sessionId);
      const snapshot = readSnapshot(claim.snapshot, claim.snapshot_version);
      if (snapshot.journeys.length === 0)
        throw new ValidationError({ journeys: ONBOARDING_MESSAGES.noJourneys });
      const errors: Record<string, string> = {};
      const journeys = snapshot.journeys.flatMap((j, i) => {
        const r = journeySchema.safeParse(j);
        if (r.success) return [r.data];
        for (const [k, v] of Object.entries(fieldErrors(r))) errors[`journeys.${i}.${k}`] ??= v;
        return [];
      });
      const years = selectedYears(snapshot).map((t) => t.year);
      if (years.length === 0) errors.taxYears = MESSAGES.taxYearsRequired;
      // D21: a one-off trip counts in the year of its date, which must be a year claimed.
      const today = ukIsoDate(now());
      snapshot.journeys.forEach((j, i) => {
        const problem = oneOffDateProblem(j, years, today);
        if (problem) errors[`journeys.${i}.date`] ??= problem;
      });
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);

      // D25: the nation's bank holidays follow the home postcode; the declared leave is left out.
      const docs = await generateMileageLog({
        claimant: { fullName: claim.full_name ?? '', postcode: snapshot.personalInfo.postcode },
        journeys,
        years,
        vehicle: vehicleOf(snapshot),
        // One log per employment that has journeys, each from its own page (D25).
        employments: snapshot.employments.flatMap((e) => {
          const own = journeysOf({ journeys, employments: snapshot.employments }, e.id);
          if (own.length === 0) return [];
          return [
            {
              employerName: e.employerName,
              end: e.continuing === 'no' ? datePartsToIso(e.endDate) : null,
              journeys: own,
            },
          ];
        }),
        leave: leavePeriodsOf(snapshot.leave),
        generatedAt: now(),
      });

      const logs: Record<TaxYear, { pdf: LogLink; csv: LogLink }> = {};
      const keep = new Set<string>();
      for (const doc of docs) {
        const base = `mileage-log-${doc.year.replace('/', '-')}`;
        const save = (bytes: Uint8Array, filename: string, contentType: string) =>
          files.saveFile({
            sessionId,
            claimKind: 'onboarding',
            kind: 'mileage-log',
            taxYear: doc.year,
            bytes,
            filename,
            contentType,
          });
        const pdf = await save(doc.pdf, `${base}.pdf`, 'application/pdf');
        const csv = await save(Buffer.from(doc.csv, 'utf8'), `${base}.csv`, 'text/csv');
        keep.add(pdf.id).add(csv.id);
        logs[doc.year] = {
          pdf: { id: pdf.id, url: pdf.url, filename: pdf.filename },
          csv: { id: csv.id, url: csv.url, filename: csv.filename },
        };
      }
      // A regenerated log replaces the earlier one (and logs of years no longer selected).
      await db.transaction().execute(async (trx) => {
        const stale = (await listClaimFiles(trx, sessionId)).filter(
          (r) => r.kind === 'mileage-log' && !keep.has(r.id),
        );
        for (const row of stale) await files.deleteFile(row.id, sessionId, trx);
        await refreshFileColumns(trx, sessionId);
      });
      return { logs };
    },

    /** Step 10. Idempotent: a repeat (or a concurrent double submit) answers with the one submission. */
    async submit(sessionId: string, input: { niNumber: string; p60FileId?: string | undefined }) {
      const claim = await requireClaim(sessionId);
      if (claim.status !== 'draft') return await submittedAnswer(claim);

      const snapshot: WizardSnapshot = readSnapshot(claim.snapshot, claim.snapshot_version);
      // D27: only a route that can succeed is submitted; a stop's explanation says why not.
      const route = claimRoute(snapshot);
      if (route === null)
        throw new ValidationError({ form: routeEnd(snapshot).reason ?? ONBOARDING_MESSAGES.cannotSubmit });
      const errors: Record<string, string> = {};
      const steps = validateSnapshotSteps(snapshot, stepIndex('employer-rate'), { today: now() });
      if (!steps.ok) Object.assign(errors, steps.errors);

      const rows = await listClaimFiles(db, sessionId);
      const evidence = evidenceStepSchema.safeParse({
        taxYears: snapshot.taxYears,
        evidenceFiles: groupByYear(rows.filter((r) => r.kind === 'evidence' || r.kind === 'mileage-log')),
        journeys: snapshot.journeys,
      });
      if (!evidence.success) Object.assign(errors, fieldErrors(evidence));

      if (!claim.signature_url) errors.signature = MESSAGES.digitalSignatureRequired;
      if (!fromIntBool(claim.consent_accuracy))
        errors['agreementChecks.accuracy'] = MESSAGES.accuracyRequired;
      if (!fromIntBool(claim.consent_authorization)) {
        errors['agreementChecks.authorization'] = MESSAGES.authorizationRequired;
      }
      if (!fromIntBool(claim.consent_terms)) errors['agreementChecks.terms'] = MESSAGES.termsRequired;

      let p60: StoredFile | undefined;
      if (input.p60FileId) {
        p60 = rows.find((r) => r.id === input.p60FileId && r.kind === 'p60');
        if (!p60) errors.p60FileId = ONBOARDING_MESSAGES.p60Missing;
      }
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);

      const at = now();
      const totals = summariseClaim(snapshot);
      const reference = submissionReference(sessionId, at);
      const changes: OnboardingClaimUpdate = {
        status: 'submitted',
        submission_reference: reference,
        submitted_at: at.toISOString(),
        admin_ni_number: encryptField(input.niNumber, deps.keys.dataKey),
        // Issue 17: a keyed hash, so operators can see another claim with the same NI number.
        ni_key: niNumberKey(input.niNumber, deps.keys.signingKey),
        current_step: CONFIRMATION_STEP,
        last_step_completed: SUBMIT_STEP,
        // A fuel claim (company vehicle, D27) has no approved-amount estimate: an operator assesses it.
        total_hmrc_allowance: route === 'mileage' ? totals.totalAllowance : null,
        estimated_rebate_20_percent: route === 'mileage' ? totals.rebate20 : null,
        estimated_rebate_40_percent: route === 'mileage' ? totals.rebate40 : null,
        estimated_rebate_claimant: route === 'mileage' ? reliefOf(snapshot).low : null,
        self_assessment_required: totals.selfAssessmentRequired ? 1 : 0,
        last_activity_at: at.toISOString(),
        updated_at: at.toISOString(),
      };
      if (p60) {
        changes.p60_file_url = fileUrl(p60.id);
        changes.p60_filename = p60.filename;
      }
      // WHERE status = 'draft' lets exactly one of two concurrent submits through; the other reads its result.
      await db.transaction().execute(async (trx) => {
        if (await submitDraftClaim(trx, sessionId, changes))
          await deps.notices.received(trx, 'onboarding', claim.id);
      });
      return await submittedAnswer(await requireClaim(sessionId));
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
