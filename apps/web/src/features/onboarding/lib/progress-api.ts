// The wizard's progress on the server: load, save, and 'Save and finish later' (D5, D8); the
// session id travels in a header.
import { call } from '../../../lib/api/client.ts';
import type { SendResult } from './outbox.ts';
import {
  FIRST_STEP_ID,
  isWizardStepId,
  previousStep,
  type PlanAnswers,
  type SavePayload,
  type WizardSnapshot,
  type WizardStepId,
} from '@taxback/domain';
import { serverDataFrom, type ServerData } from './server-data.ts';

export type LoadResult =
  | {
      kind: 'found';
      revision: number;
      snapshot: unknown;
      currentStep: WizardStepId;
      lastStepCompleted: WizardStepId | null;
      server: ServerData;
    }
  | { kind: 'none' }
  | { kind: 'error' };

/** Without a saved last step, the one before the current step on the claimant's route counts as done. */
function lastCompletedBefore(current: WizardStepId, answers: PlanAnswers): WizardStepId | null {
  return current === FIRST_STEP_ID ? null : previousStep(current, answers);
}

export async function fetchProgress(sessionId: string, signal?: AbortSignal): Promise<LoadResult> {
  const res = await call('getOnboarding', { sessionId, signal });
  if (res.status === 404) return { kind: 'none' };
  if (res.status !== 200) return { kind: 'error' };
  const data = res.data;
  const snap = data.snapshot;
  const currentStep = isWizardStepId(data.currentStep) ? data.currentStep : FIRST_STEP_ID;
  const lastStepCompleted =
    data.lastStepCompleted === null || isWizardStepId(data.lastStepCompleted)
      ? data.lastStepCompleted
      : lastCompletedBefore(currentStep, snap as PlanAnswers);
  return {
    kind: 'found',
    revision: data.revision,
    snapshot: snap,
    currentStep,
    lastStepCompleted,
    server: serverDataFrom(data),
  };
}

export async function saveProgress(
  sessionId: string,
  payload: SavePayload,
  revision: number,
): Promise<SendResult> {
  const res = await call('saveOnboarding', { sessionId, body: { revision, ...payload } });
  return sendResultOf(res, revision);
}

/**
 * The sections of `next` that differ from `base` (the snapshot the server holds): what a step
 * changed, and all a per-step save sends.
 */
export function changedSections(base: WizardSnapshot, next: WizardSnapshot): Partial<WizardSnapshot> {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof WizardSnapshot)[]) {
    if (JSON.stringify(next[key]) !== JSON.stringify(base[key])) changed[key] = next[key];
  }
  return changed as Partial<WizardSnapshot>;
}

/**
 * A per-step save: only the sections `step` changed since `base`, with the progress. A draft the
 * server does not hold (404) is saved whole instead.
 */
export async function saveStepProgress(
  sessionId: string,
  step: WizardStepId,
  payload: SavePayload,
  base: WizardSnapshot,
  revision: number,
): Promise<SendResult> {
  const { snapshot, ...progress } = payload;
  const res = await call('saveOnboardingStep', {
    sessionId,
    params: { stepId: step },
    body: { revision, ...progress, sections: changedSections(base, snapshot) },
  });
  if (res.status === 404) return saveProgress(sessionId, payload, revision);
  return sendResultOf(res, revision);
}

function sendResultOf(res: { ok: boolean; status: number; data?: unknown }, revision: number): SendResult {
  if (res.ok) {
    const data = res.data as { revision?: unknown } | undefined;
    return { kind: 'saved', revision: typeof data?.revision === 'number' ? data.revision : revision + 1 };
  }
  // The caller reloads the claim from the server, which brings the current revision with it.
  if (res.status === 409) return { kind: 'conflict', revision };
  if (res.status === 400) return { kind: 'rejected' };
  return { kind: 'retry' };
}

export type ResumeCodeResult = { ok: true } | { ok: false; message: string };

/** 'Save and finish later': the server texts a fresh resume code to the claimant's phone (D8). */
export async function requestResumeCode(sessionId: string): Promise<ResumeCodeResult> {
  const res = await call('sendResumeCode', { sessionId });
  if (res.ok) return { ok: true };
  if (res.status === 429 && res.error) return { ok: false, message: res.error };
  return { ok: false, message: 'We could not send your code just now. Please try again in a moment.' };
}
