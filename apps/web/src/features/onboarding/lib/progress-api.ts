// The wizard's progress on the server: load, save, and 'Save and finish later' (D5, D8); the
// session id travels in a header.
import { call } from '../../../lib/api/client.ts';
import type { SendResult } from './outbox.ts';
import {
  FIRST_STEP,
  isWizardStepIndex,
  previousStep,
  type PlanAnswers,
  type SavePayload,
} from '@taxback/domain';
import { serverDataFrom, type ServerData } from './server-data.ts';

export type LoadResult =
  | {
      kind: 'found';
      revision: number;
      snapshot: unknown;
      currentStep: number;
      lastStepCompleted: number;
      server: ServerData;
    }
  | { kind: 'none' }
  | { kind: 'error' };

/** A storage step number the plan knows (or -1, before any step is completed). */
function stepNumber(x: unknown, fallback: number): number {
  return x === -1 || isWizardStepIndex(x) ? x : fallback;
}

/** Without a saved last step, the one before the current step on the claimant's route counts as done. */
function lastCompletedBefore(current: number, answers: PlanAnswers): number {
  return current === FIRST_STEP ? -1 : previousStep(current, answers);
}

export async function fetchProgress(sessionId: string, signal?: AbortSignal): Promise<LoadResult> {
  const res = await call('getOnboarding', { sessionId, signal });
  if (res.status === 404) return { kind: 'none' };
  if (res.status !== 200) return { kind: 'error' };
  const data = res.data;
  const snap = data.snapshot;
  const saved = stepNumber(data.currentStep, FIRST_STEP);
  const currentStep = saved === -1 ? FIRST_STEP : saved;
  const lastStepCompleted = stepNumber(
    data.lastStepCompleted,
    lastCompletedBefore(currentStep, snap as PlanAnswers),
  );
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
  if (res.ok) return { kind: 'saved', revision: res.data.revision };
  if (res.status === 409) {
    // The caller reloads the claim from the server, which brings the current revision with it.
    return { kind: 'conflict', revision };
  }
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
