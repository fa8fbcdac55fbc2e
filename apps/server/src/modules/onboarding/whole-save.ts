import { randomUUID } from 'node:crypto';
import { summariseClaim, ukIsoDate } from '@taxback/domain';
import type { RebateSummary, WizardStepId } from '@taxback/domain';
import { validateSnapshotSteps } from '@taxback/domain/schemas';
import type { OnboardingSave, WizardProgress, WizardSnapshot } from '@taxback/domain/schemas';
import type { RowUpdate } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { nowIso } from '../../db/values.ts';
import { ConflictError, ValidationError } from '../../errors.ts';
import { snapshotColumns } from './claim-columns.ts';
import type { DraftCache } from './draft-cache.ts';
import {
  findClaimForSave,
  insertClaim,
  progressColumns,
  progressOfRow,
  tracksSomethingNew,
  updateClaimAtRevision,
} from './repository.ts';
import type { ClaimSaveCheckRow } from './repository.ts';
import { ONBOARDING_MESSAGES } from './service-context.ts';
import type { OnboardingContext, RequestMeta } from './service-context.ts';
import { conflictAfterMiss, mergedTracking, refuseUnlessCurrent, trackingOf } from './step-save.ts';

type SendCodeIfNew = (
  sessionId: string,
  lastStepCompleted: WizardStepId | null,
  phone: string | null,
  before: { lastStepCompleted: WizardStepId | null; mobileNumber: string | null } | undefined,
) => Promise<void>;

/**
 * PUT /api/onboarding: validates the steps the snapshot covers, recomputes totals, and writes
 * with an optimistic revision check (D10). The first save with a valid phone sends a resume code (D8).
 * The offline outbox's catch-up and the first save of a draft send the whole snapshot this way.
 */
export function wholeSaveOperation(ctx: OnboardingContext, drafts: DraftCache, sendCodeIfNew: SendCodeIfNew) {
  const { deps, now } = ctx;
  const { db } = deps;

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
    const tracking = trackingOf(snapshot, meta);

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
      if (!ok) throw await conflictAfterMiss(ctx, sessionId);
      revision = current + 1;
    }
    // The next step save of this draft needs no read (decision 040).
    drafts.remember(sessionId, {
      revision,
      snapshot,
      current: true,
      checkedOn: progress.checked_on,
      lastStepCompleted: body.lastStepCompleted,
      indexed: {
        full_name: snapshotValues.full_name ?? null,
        email: snapshotValues.email ?? null,
        mobile_number: snapshotValues.mobile_number ?? null,
      },
      tracking: existing ? mergedTracking(existing, tracking) : tracking,
      lastActivityAt: at,
    });

    const before = existing && {
      lastStepCompleted: progressOfRow({ ...existing, current_step: null }).lastStepCompleted,
      mobileNumber: existing.mobile_number,
    };
    await sendCodeIfNew(sessionId, body.lastStepCompleted, columns.mobile_number ?? null, before);
    return { revision, totals };
  }

  return async function save(
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
  };
}
