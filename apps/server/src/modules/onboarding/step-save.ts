import { alignSnapshot, summariseClaim, ukIsoDate } from '@taxback/domain';
import type { RebateSummary, WizardStepId } from '@taxback/domain';
import { stepsToRecheck, validateSnapshotSteps, WIZARD_SNAPSHOT_VERSION } from '@taxback/domain/schemas';
import type { OnboardingStepSave, SnapshotSection, WizardSnapshot } from '@taxback/domain/schemas';
import { nowIso } from '../../db/values.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { changedColumns, readSnapshot, snapshotColumns } from './claim-columns.ts';
import type { DraftCache, KnownDraft } from './draft-cache.ts';
import {
  findClaimForSave,
  findClaimForStepSave,
  progressOfRow,
  tracksSomethingNew,
  updateDraftSections,
} from './repository.ts';
import type { ClaimStepSaveCheckRow, ClaimTracking } from './repository.ts';
import { ONBOARDING_MESSAGES } from './service-context.ts';
import type { OnboardingContext, RequestMeta } from './service-context.ts';

/** A draft's last activity is recorded at most this often by step saves (issue 33: it is indexed). */
const ACTIVITY_EVERY_MS = 5 * 60_000;

/** Refuses a save unless the stored draft is still at `revision` and still a draft (D10). */
export function refuseUnlessCurrent(existing: { revision: number; status: string }, revision: number): void {
  const current = Number(existing.revision);
  if (existing.status !== 'draft') {
    throw new ConflictError(ONBOARDING_MESSAGES.alreadySubmitted, { revision: current });
  }
  if (revision !== current) throw new ConflictError(ONBOARDING_MESSAGES.staleRevision, { revision: current });
}

/** The 409 for a save whose UPDATE touched no row: the claim moved on meanwhile, or was submitted. */
export async function conflictAfterMiss(
  ctx: OnboardingContext,
  sessionId: string,
): Promise<InstanceType<typeof ConflictError>> {
  const latest = await findClaimForSave(ctx.deps.db, sessionId);
  const message =
    latest && latest.status !== 'draft'
      ? ONBOARDING_MESSAGES.alreadySubmitted
      : ONBOARDING_MESSAGES.staleRevision;
  return new ConflictError(message, { revision: Number(latest?.revision ?? 0) });
}

/** Where a claim came from, as this save knows it: recorded when first known, never overwritten. */
export function trackingOf(snapshot: WizardSnapshot, meta: RequestMeta): ClaimTracking {
  return {
    affiliate_name: snapshot.affiliateName || null,
    utm_data: snapshot.utmData ? JSON.stringify(snapshot.utmData) : null,
    full_url: snapshot.fullUrl || null,
    ip_address: meta.ip,
    user_agent: meta.userAgent || null,
  };
}

/** The stored tracking after a save that filled the empty columns from `known`. */
export function mergedTracking(stored: ClaimTracking, known: ClaimTracking | null): ClaimTracking {
  if (known === null) return stored;
  return {
    affiliate_name: stored.affiliate_name ?? known.affiliate_name,
    utm_data: stored.utm_data ?? known.utm_data,
    full_url: stored.full_url ?? known.full_url,
    ip_address: stored.ip_address ?? known.ip_address,
    user_agent: stored.user_agent ?? known.user_agent,
  };
}

function knownDraftOfRow(row: ClaimStepSaveCheckRow): KnownDraft {
  return {
    revision: Number(row.revision),
    snapshot: readSnapshot(row.snapshot, row.snapshot_version),
    current: Number(row.snapshot_version) === WIZARD_SNAPSHOT_VERSION && row.snapshot !== null,
    checkedOn: row.checked_on ?? '',
    lastStepCompleted: progressOfRow({ ...row, current_step: null }).lastStepCompleted,
    indexed: { full_name: row.full_name, email: row.email, mobile_number: row.mobile_number },
    tracking: {
      affiliate_name: row.affiliate_name,
      utm_data: row.utm_data,
      full_url: row.full_url,
      ip_address: row.ip_address,
      user_agent: row.user_agent,
    },
    lastActivityAt: row.last_activity_at,
  };
}

type Saved = { revision: number; totals: RebateSummary };

/**
 * PUT /api/onboarding/steps/:stepId (decisions 032 and 040): only the sections the step changed,
 * checked against the draft as stored at the save's revision and written with one UPDATE that lays
 * them over the stored snapshot. The draft is read first only when this process does not hold it
 * at that revision, or when the UPDATE touched no row (to tell not-found from stale from submitted).
 */
export function stepSaveOperation(
  ctx: OnboardingContext,
  drafts: DraftCache,
  afterSave: (
    sessionId: string,
    lastStepCompleted: WizardStepId | null,
    snapshot: WizardSnapshot,
    before: KnownDraft,
  ) => Promise<void>,
) {
  const { deps, now } = ctx;
  const { db } = deps;

  /** Checks and writes the save onto `draft`; null when the UPDATE touched no row. */
  async function saveOnto(
    sessionId: string,
    stepId: WizardStepId,
    body: OnboardingStepSave,
    meta: RequestMeta,
    draft: KnownDraft,
  ): Promise<Saved | null> {
    const sent = body.sections as Partial<WizardSnapshot>;
    const merged = { ...draft.snapshot, ...sent };
    const snapshot = alignSnapshot(merged);
    const today = now();
    const checkedOn = ukIsoDate(today);
    const changed = Object.keys(sent) as SnapshotSection[];
    const only =
      draft.current && draft.checkedOn === checkedOn
        ? stepsToRecheck(snapshot, body.lastStepCompleted, {
            step: stepId,
            changed,
            before: draft.lastStepCompleted,
          })
        : undefined;
    const checked = validateSnapshotSteps(snapshot, body.lastStepCompleted, {
      today,
      textChecked: true,
      // The stored sections are the schema's output, and the route parsed those sent.
      parsed: true,
      ...(only ? { only } : {}),
    });
    if (!checked.ok) throw new ValidationError(checked.errors);

    const totals = summariseClaim(snapshot);
    // Aligning the jobs with the employments may change sections the step did not send.
    if (snapshot.taxYears !== merged.taxYears && !changed.includes('taxYears')) changed.push('taxYears');
    if (snapshot.employments !== merged.employments && !changed.includes('employments'))
      changed.push('employments');
    let columns: Partial<ReturnType<typeof snapshotColumns>>;
    if (draft.current) columns = changedColumns(snapshot, totals, changed);
    else {
      // An older stored shape is written whole, upgraded, with every column it feeds.
      const { snapshot: _whole, snapshot_version: _version, ...all } = snapshotColumns(snapshot, totals);
      columns = all;
    }
    // The indexed contact columns are left out while they stay the same.
    for (const c of ['full_name', 'email', 'mobile_number'] as const)
      if (c in columns && columns[c] === draft.indexed[c]) delete columns[c];
    const at = nowIso(today);
    const activityDue =
      draft.lastActivityAt === null || Date.parse(at) - Date.parse(draft.lastActivityAt) >= ACTIVITY_EVERY_MS;
    const known = trackingOf(snapshot, meta);
    const tracking = tracksSomethingNew(draft.tracking, known) ? known : null;
    const written = await updateDraftSections(db, deps.dialect, {
      sessionId,
      revision: draft.revision,
      checkedOn: draft.checkedOn,
      sections: draft.current
        ? Object.fromEntries(changed.map((s) => [s, JSON.stringify(snapshot[s])]))
        : null,
      snapshot: draft.current ? null : JSON.stringify(snapshot),
      columns,
      progress: {
        currentStep: body.currentStep,
        lastStepCompleted: body.lastStepCompleted,
        checked_on: checkedOn,
        updated_at: at,
      },
      lastActivityAt: activityDue ? at : null,
      tracking,
    });
    if (!written) return null;
    const revision = draft.revision + 1;
    drafts.remember(sessionId, {
      revision,
      snapshot,
      current: true,
      checkedOn,
      lastStepCompleted: body.lastStepCompleted,
      indexed: {
        full_name: columns.full_name !== undefined ? columns.full_name : draft.indexed.full_name,
        email: columns.email !== undefined ? columns.email : draft.indexed.email,
        mobile_number:
          columns.mobile_number !== undefined ? columns.mobile_number : draft.indexed.mobile_number,
      },
      tracking: mergedTracking(draft.tracking, tracking),
      lastActivityAt: activityDue ? at : draft.lastActivityAt,
    });
    await afterSave(sessionId, body.lastStepCompleted, snapshot, draft);
    return { revision, totals };
  }

  return async function saveStep(
    sessionId: string,
    stepId: WizardStepId,
    body: OnboardingStepSave,
    meta: RequestMeta,
  ): Promise<Saved> {
    const known = drafts.at(sessionId, body.revision);
    if (known) {
      const saved = await saveOnto(sessionId, stepId, body, meta, known);
      if (saved) return saved;
      drafts.forget(sessionId);
    }
    const existing = await findClaimForStepSave(db, sessionId);
    // The first save of a draft is the whole snapshot: a step save has nothing to merge into.
    if (!existing) throw new NotFoundError(ONBOARDING_MESSAGES.notFound);
    refuseUnlessCurrent(existing, body.revision);
    const saved = await saveOnto(sessionId, stepId, body, meta, knownDraftOfRow(existing));
    if (saved) return saved;
    throw await conflictAfterMiss(ctx, sessionId);
  };
}
