import { randomUUID } from 'node:crypto';
import { RESUME_MESSAGES, alignSnapshot, hasCompleted, summariseClaim, ukIsoDate } from '@taxback/domain';
import type { RebateSummary, WizardStepId } from '@taxback/domain';
import {
  MESSAGES,
  resumePoint,
  stepsToRecheck,
  validateSnapshotSteps,
  WIZARD_SNAPSHOT_VERSION,
} from '@taxback/domain/schemas';
import type {
  OnboardingSave,
  OnboardingStepSave,
  WizardProgress,
  WizardSnapshot,
} from '@taxback/domain/schemas';
import type { RowUpdate } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { nowIso } from '../../db/values.ts';
import {
  ConflictError,
  NotFoundError,
  ProviderFailedError,
  TooManyRequestsError,
  ValidationError,
} from '../../errors.ts';
import { authorityOfRows, groupByYear, mileageLogsOf, summariseRow } from './claim-files.ts';
import { readSnapshot, snapshotColumns } from './claim-columns.ts';
import {
  findClaimForSave,
  findClaimForStepSave,
  findClaimProgress,
  insertClaim,
  progressColumns,
  progressOfRow,
  tracksSomethingNew,
  updateClaimAtRevision,
} from './repository.ts';
import type { ClaimSaveCheckRow, ClaimTracking } from './repository.ts';
import { ONBOARDING_MESSAGES } from './service-context.ts';
import type { OnboardingContext, RequestMeta } from './service-context.ts';

// The draft's progress: restore (GET), save with its revision check (PUT, D10), and the resume
// code a claimant asks for to finish later (D8).

export function progressOperations(ctx: OnboardingContext) {
  const { deps, now } = ctx;
  const { db } = deps;

  /** Refuses a save unless the stored draft is still at `revision` and still a draft (D10). */
  function refuseUnlessCurrent(existing: { revision: number; status: string }, revision: number): void {
    const current = Number(existing.revision);
    if (existing.status !== 'draft') {
      throw new ConflictError(ONBOARDING_MESSAGES.alreadySubmitted, { revision: current });
    }
    if (revision !== current)
      throw new ConflictError(ONBOARDING_MESSAGES.staleRevision, { revision: current });
  }

  /** Writes a checked snapshot and progress: the first save inserts, later ones update at their revision. */
  async function store(
    sessionId: string,
    existing: ClaimSaveCheckRow | undefined,
    body: { revision: number } & WizardProgress,
    snapshot: WizardSnapshot,
    meta: RequestMeta,
  ): Promise<{ revision: number; totals: RebateSummary }> {
    const totals = summariseClaim(snapshot);
    const at = nowIso(now());
    const snapshotValues = snapshotColumns(snapshot, totals);
    const progress = {
      currentStep: body.currentStep,
      lastStepCompleted: body.lastStepCompleted,
      // The answers through lastStepCompleted were validated just now, with today's rules.
      checked_on: ukIsoDate(now()),
      last_activity_at: at,
      updated_at: at,
    };
    const { currentStep, lastStepCompleted, ...times } = progress;
    const columns: RowUpdate<'onboarding_claims'> = {
      ...snapshotValues,
      ...times,
      ...progressColumns({ currentStep, lastStepCompleted }),
    };
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
      refuseUnlessCurrent(existing, body.revision);
      const current = Number(existing.revision);
      const ok = await updateClaimAtRevision(db, sessionId, current, {
        columns: snapshotValues,
        progress,
        tracking: tracksSomethingNew(existing, tracking) ? tracking : null,
        stored: existing,
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
      existing &&
      hasCompleted('personal', progressOfRow({ ...existing, current_step: null }).lastStepCompleted)
        ? existing.mobile_number
        : null;
    if (hasCompleted('personal', body.lastStepCompleted) && phone !== null && phone !== earlier) {
      try {
        await deps.resume.issueCode(sessionId, phone);
      } catch (error) {
        // The save itself succeeded; 'Save and finish later' can send another code.
        deps.log.warn({ err: error instanceof Error ? error.message : 'unknown' }, 'resume code not issued');
      }
    }
    return { revision, totals };
  }

  return {
    async getProgress(sessionId: string) {
      const found = await findClaimProgress(db, sessionId);
      if (!found) throw new NotFoundError(ONBOARDING_MESSAGES.notFound);
      const { claim, files: rows } = found;
      const snapshot = readSnapshot(claim.snapshot, claim.snapshot_version);
      const p60 = rows.filter((r) => r.kind === 'p60').at(-1);
      const saved = progressOfRow(claim);
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
     * The offline outbox's catch-up and the first save of a draft send the whole snapshot this way.
     */
    async save(
      sessionId: string,
      body: OnboardingSave,
      meta: RequestMeta,
    ): Promise<{ revision: number; totals: RebateSummary }> {
      const snapshot = body.snapshot;
      // The whole body has passed the text rule already (refuseUnsafeText, before any route runs).
      const checked = validateSnapshotSteps(snapshot, body.lastStepCompleted, {
        today: now(),
        textChecked: true,
      });
      if (!checked.ok) throw new ValidationError(checked.errors);
      return await store(sessionId, await findClaimForSave(db, sessionId), body, snapshot, meta);
    },

    /**
     * PUT /api/onboarding/steps/:stepId: only the sections the step changed, merged into the stored
     * draft. The sections were parsed once by the route; the completed steps that read a changed
     * section (and any this save completes) are checked again, every completed step when the UK day
     * has changed since the draft was last checked (as a restore does, migration 009).
     */
    async saveStep(
      sessionId: string,
      stepId: WizardStepId,
      body: OnboardingStepSave,
      meta: RequestMeta,
    ): Promise<{ revision: number; totals: RebateSummary }> {
      const existing = await findClaimForStepSave(db, sessionId);
      // The first save of a draft is the whole snapshot: a step save has nothing to merge into.
      if (!existing) throw new NotFoundError(ONBOARDING_MESSAGES.notFound);
      refuseUnlessCurrent(existing, body.revision);
      const stored = readSnapshot(existing.snapshot, existing.snapshot_version);
      const snapshot = alignSnapshot({ ...stored, ...body.sections });
      const today = now();
      const checkedToday =
        Number(existing.snapshot_version) === WIZARD_SNAPSHOT_VERSION &&
        existing.checked_on === ukIsoDate(today);
      const only = checkedToday
        ? stepsToRecheck(snapshot, body.lastStepCompleted, {
            step: stepId,
            changed: Object.keys(body.sections),
            before: progressOfRow({ ...existing, current_step: null }).lastStepCompleted,
          })
        : undefined;
      const checked = validateSnapshotSteps(snapshot, body.lastStepCompleted, {
        today,
        textChecked: true,
        ...(only ? { only } : {}),
      });
      if (!checked.ok) throw new ValidationError(checked.errors);
      return await store(sessionId, existing, body, snapshot, meta);
    },

    /** 'Save and finish later': a fresh code to the claimant's saved number. */
    async sendResumeCode(sessionId: string): Promise<void> {
      const claim = await ctx.requireClaim(sessionId);
      if (!claim.mobile_number) throw new ValidationError({ 'personalInfo.phone': MESSAGES.phoneRequired });
      const result = await deps.resume.issueCode(sessionId, claim.mobile_number);
      if (result === 'rate-limited') throw new TooManyRequestsError(RESUME_MESSAGES.tooManyCodes, 3600);
      if (result === 'invalid-phone')
        throw new ValidationError({ 'personalInfo.phone': MESSAGES.phoneInvalid });
      if (result === 'sms-failed') throw new ProviderFailedError(RESUME_MESSAGES.smsFailed);
    },
  };
}
