import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  CONFIRMATION_STEP_ID,
  FIRST_STEP_ID,
  SAVE_CONFLICT_MESSAGES,
  normaliseSnapshot,
  resumableStep,
  type SavePayload,
  type WizardSnapshot,
  type WizardStepId,
} from '@taxback/domain';
import { captureUtmData, getAffiliate, getUtmData, saveAffiliate } from '../../../lib/funnel-storage.ts';
import {
  clearOutbox,
  createOutbox,
  localEntryWins,
  readOutbox,
  type Outbox,
  type OutboxEntry,
  type SaveStatus,
} from '../lib/outbox.ts';
import type { ServerData } from '../lib/server-data.ts';
import { fetchProgress, saveProgress, saveStepProgress } from '../lib/wizard-api.ts';
import type { WizardAction } from './use-wizard-state.ts';

export const CONFLICT_MESSAGE = SAVE_CONFLICT_MESSAGES.staleRevision;

/** What the wizard asks of its draft's storage; the hook owns the rest (D10). */
export interface DraftSync {
  saveStatus: SaveStatus;
  /**
   * Queue a save of what `step` changed: written to local storage first (the whole draft), then
   * sent until acknowledged.
   */
  save(payload: SavePayload, step: WizardStepId): void;
  /** Wait until every queued save is acknowledged (false on failure, conflict or timeout). */
  flush(timeoutMs?: number): Promise<boolean>;
  /** Queue a save and wait for the server (what is signed or generated must be what it holds). */
  saveNow(payload: SavePayload, step: WizardStepId, timeoutMs?: number): Promise<boolean>;
  /** The claim was submitted: nothing local may change it any more. */
  clear(): void;
}

export interface DraftSyncOptions {
  sessionId: string;
  /** A session id made a moment ago: nothing can be saved anywhere yet. */
  sessionIsNew: boolean;
  affiliateName: string | undefined;
  /** Where the loaded draft goes: the wizard's reducer. */
  dispatch: (action: WizardAction) => unknown;
}

/** Attribution is recorded the first time it is known; a restored claim keeps what it had. */
function withTracking(snapshot: WizardSnapshot, affiliateParam: string | undefined): WizardSnapshot {
  const affiliate = saveAffiliate(affiliateParam) ?? getAffiliate();
  const utm = getUtmData() ?? captureUtmData(window.location.href);
  const utmFields = utm ? Object.fromEntries(Object.entries(utm).filter(([k]) => k !== 'full_url')) : null;
  return {
    ...snapshot,
    affiliateName: snapshot.affiliateName ?? affiliate,
    utmData: snapshot.utmData ?? (utmFields && Object.keys(utmFields).length > 0 ? utmFields : null),
    fullUrl: snapshot.fullUrl ?? utm?.full_url ?? window.location.href,
  };
}

/**
 * The wizard's draft, kept in step with the server (D10): the first load (the server's copy, or an
 * unacknowledged local copy that is not behind it), the local outbox that retries every save until
 * acknowledged (with backoff, on `online` and when the tab is shown again), and a stale save's
 * reload of the server's copy with a notice. The reducer only ever hears `loaded` and `set-notice`.
 */
export function useDraftSync({
  sessionId,
  sessionIsNew,
  affiliateName,
  dispatch,
}: DraftSyncOptions): DraftSync {
  const [saveStatus, setSaveStatus] = useState<SaveStatus>('idle');
  const outboxRef = useRef<Outbox | null>(null);
  // What the server holds, at which revision (known after a load or an acknowledged save), and the
  // step of the newest queued save: with both, a save sends only the sections its step changed
  // (PUT /api/onboarding/steps/:stepId); without, the whole draft (the first save, a local copy
  // restored, the catch-up after a conflict).
  const serverCopy = useRef<{ revision: number; snapshot: WizardSnapshot } | null>(null);
  const pendingStep = useRef<WizardStepId | null>(null);

  // A new claimant's first screen is the first step, known before the first paint: no spinner frame.
  useLayoutEffect(() => {
    if (!sessionIsNew) return;
    dispatch({
      type: 'loaded',
      snapshot: withTracking(normaliseSnapshot(null), affiliateName),
      currentStep: FIRST_STEP_ID,
      lastStepCompleted: null,
    });
    // Once, for the session this page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const fresh = (snapshot: unknown) => withTracking(normaliseSnapshot(snapshot), affiliateName);

    function showServerCopy(
      res: Extract<Awaited<ReturnType<typeof fetchProgress>>, { kind: 'found' }>,
      notice: string | null,
    ) {
      // A submitted claim only shows its confirmation; nothing local can change it any more.
      const submitted = res.server.status === 'submitted';
      if (submitted) clearOutbox(sessionId);
      dispatch({
        type: 'loaded',
        snapshot: fresh(res.snapshot),
        currentStep: submitted ? CONFIRMATION_STEP_ID : resumableStep(res.currentStep),
        lastStepCompleted: res.lastStepCompleted,
        notice: submitted ? null : notice,
        server: res.server,
      });
    }

    function showLocalCopy(local: OutboxEntry, server?: ServerData) {
      dispatch({
        type: 'loaded',
        snapshot: fresh(local.payload.snapshot),
        // The confirmation needs the server's word (D10), so a local copy never opens it.
        currentStep: resumableStep(local.payload.currentStep),
        lastStepCompleted: local.payload.lastStepCompleted,
        ...(server ? { server } : {}),
      });
    }

    function showEmpty() {
      dispatch({
        type: 'loaded',
        snapshot: fresh(null),
        currentStep: FIRST_STEP_ID,
        lastStepCompleted: null,
      });
    }

    async function reloadAfterConflict() {
      const res = await fetchProgress(sessionId, signal);
      if (signal.aborted) return;
      if (res.kind !== 'found') {
        dispatch({ type: 'set-notice', notice: CONFLICT_MESSAGE });
        return;
      }
      outbox.setRevision(res.revision);
      serverCopy.current = { revision: res.revision, snapshot: normaliseSnapshot(res.snapshot) };
      showServerCopy(res, CONFLICT_MESSAGE);
    }

    async function send(payload: SavePayload, revision: number) {
      const base = serverCopy.current;
      const step = pendingStep.current;
      const result =
        base !== null && step !== null && base.revision === revision
          ? await saveStepProgress(sessionId, step, payload, base.snapshot, revision)
          : await saveProgress(sessionId, payload, revision);
      serverCopy.current =
        result.kind === 'saved' ? { revision: result.revision, snapshot: payload.snapshot } : null;
      return result;
    }

    const outbox = createOutbox({
      sessionId,
      send,
      onStatus: setSaveStatus,
      onConflict: () => void reloadAfterConflict(),
    });
    outboxRef.current = outbox;

    const retry = () => outbox.retryNow();
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', retry);

    async function load() {
      // A session id made a moment ago has nothing saved anywhere: the layout effect above has
      // already shown the first step, with no round trip (and no 404) first.
      if (sessionIsNew) return;
      const local = readOutbox(sessionId);
      const res = await fetchProgress(sessionId, signal);
      if (signal.aborted) return;
      if (res.kind === 'found') {
        outbox.setRevision(res.revision);
        serverCopy.current = { revision: res.revision, snapshot: normaliseSnapshot(res.snapshot) };
        if (res.server.status !== 'submitted' && localEntryWins(local, res.revision)) {
          showLocalCopy(local, res.server);
          outbox.enqueue(local.payload);
          return;
        }
        showServerCopy(res, null);
        return;
      }
      if (res.kind === 'none') {
        if (localEntryWins(local, null)) {
          showLocalCopy(local);
          outbox.enqueue(local.payload);
          return;
        }
        if (local) clearOutbox(sessionId);
        showEmpty();
        return;
      }
      // The server could not answer (load errors are only logged, SPEC §4): carry on from the
      // local copy when there is one; unacknowledged saves keep retrying.
      console.warn('Could not load saved onboarding progress');
      if (!local) {
        showEmpty();
        return;
      }
      outbox.setRevision(local.baseRevision);
      showLocalCopy(local);
      if (!local.acknowledged) outbox.enqueue(local.payload);
    }

    void load();
    return () => {
      controller.abort();
      outbox.dispose();
      if (outboxRef.current === outbox) outboxRef.current = null;
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', retry);
    };
  }, [sessionId, sessionIsNew, affiliateName, dispatch]);

  const save = useCallback((payload: SavePayload, step: WizardStepId) => {
    pendingStep.current = step;
    outboxRef.current?.enqueue(payload);
  }, []);
  const flush = useCallback(
    (timeoutMs?: number) => outboxRef.current?.flush(timeoutMs) ?? Promise.resolve(false),
    [],
  );
  const saveNow = useCallback((payload: SavePayload, step: WizardStepId, timeoutMs?: number) => {
    const outbox = outboxRef.current;
    if (!outbox) return Promise.resolve(false);
    pendingStep.current = step;
    outbox.enqueue(payload);
    return outbox.flush(timeoutMs);
  }, []);
  const clear = useCallback(() => clearOutbox(sessionId), [sessionId]);

  return useMemo(
    () => ({ saveStatus, save, flush, saveNow, clear }),
    [saveStatus, save, flush, saveNow, clear],
  );
}
