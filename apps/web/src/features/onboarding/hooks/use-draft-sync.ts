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

type ServerCopy = { revision: number; snapshot: WizardSnapshot } | null;
type FoundProgress = Extract<Awaited<ReturnType<typeof fetchProgress>>, { kind: 'found' }>;

/** What the first load, a conflict's reload and a save share for one session's draft. */
interface LoadContext {
  sessionId: string;
  sessionIsNew: boolean;
  signal: AbortSignal;
  affiliateName: string | undefined;
  dispatch: DraftSyncOptions['dispatch'];
  outbox: Outbox;
  /** What the server holds, at which revision (see useDraftSync). */
  serverCopy: { current: ServerCopy };
}

function fresh(ctx: LoadContext, snapshot: unknown): WizardSnapshot {
  return withTracking(normaliseSnapshot(snapshot), ctx.affiliateName);
}

function showServerCopy(ctx: LoadContext, res: FoundProgress, notice: string | null) {
  // A submitted claim only shows its confirmation; nothing local can change it any more.
  const submitted = res.server.status === 'submitted';
  if (submitted) clearOutbox(ctx.sessionId);
  ctx.dispatch({
    type: 'loaded',
    snapshot: fresh(ctx, res.snapshot),
    currentStep: submitted ? CONFIRMATION_STEP_ID : resumableStep(res.currentStep),
    lastStepCompleted: res.lastStepCompleted,
    notice: submitted ? null : notice,
    server: res.server,
  });
}

function showLocalCopy(ctx: LoadContext, local: OutboxEntry, server?: ServerData) {
  ctx.dispatch({
    type: 'loaded',
    snapshot: fresh(ctx, local.payload.snapshot),
    // The confirmation needs the server's word (D10), so a local copy never opens it.
    currentStep: resumableStep(local.payload.currentStep),
    lastStepCompleted: local.payload.lastStepCompleted,
    ...(server ? { server } : {}),
  });
}

function showEmpty(ctx: LoadContext) {
  ctx.dispatch({
    type: 'loaded',
    snapshot: fresh(ctx, null),
    currentStep: FIRST_STEP_ID,
    lastStepCompleted: null,
  });
}

function rememberServerCopy(ctx: LoadContext, res: FoundProgress) {
  ctx.outbox.setRevision(res.revision);
  ctx.serverCopy.current = { revision: res.revision, snapshot: normaliseSnapshot(res.snapshot) };
}

async function reloadAfterConflict(ctx: LoadContext) {
  const res = await fetchProgress(ctx.sessionId, ctx.signal);
  if (ctx.signal.aborted) return;
  if (res.kind !== 'found') {
    ctx.dispatch({ type: 'set-notice', notice: CONFLICT_MESSAGE });
    return;
  }
  rememberServerCopy(ctx, res);
  showServerCopy(ctx, res, CONFLICT_MESSAGE);
}

/**
 * Sends one save: only the sections the step changed when the server's copy is known at this
 * revision, the whole draft otherwise.
 */
async function sendSave(ctx: LoadContext, step: WizardStepId | null, payload: SavePayload, revision: number) {
  const base = ctx.serverCopy.current;
  const result =
    base !== null && step !== null && base.revision === revision
      ? await saveStepProgress(ctx.sessionId, step, payload, base.snapshot, revision)
      : await saveProgress(ctx.sessionId, payload, revision);
  ctx.serverCopy.current =
    result.kind === 'saved' ? { revision: result.revision, snapshot: payload.snapshot } : null;
  return result;
}

/** The server could not answer (load errors are only logged, SPEC §4): carry on from the local copy. */
function loadWithoutServer(ctx: LoadContext, local: OutboxEntry | null) {
  console.warn('Could not load saved onboarding progress');
  if (!local) {
    showEmpty(ctx);
    return;
  }
  ctx.outbox.setRevision(local.baseRevision);
  showLocalCopy(ctx, local);
  // Unacknowledged saves keep retrying.
  if (!local.acknowledged) ctx.outbox.enqueue(local.payload);
}

/** The first load: the server's copy, or an unacknowledged local copy that is not behind it. */
async function loadDraft(ctx: LoadContext) {
  // A session id made a moment ago has nothing saved anywhere: the layout effect has already
  // shown the first step, with no round trip (and no 404) first.
  if (ctx.sessionIsNew) return;
  const local = readOutbox(ctx.sessionId);
  const res = await fetchProgress(ctx.sessionId, ctx.signal);
  if (ctx.signal.aborted) return;
  if (res.kind === 'found') {
    rememberServerCopy(ctx, res);
    if (res.server.status !== 'submitted' && localEntryWins(local, res.revision)) {
      showLocalCopy(ctx, local, res.server);
      ctx.outbox.enqueue(local.payload);
      return;
    }
    showServerCopy(ctx, res, null);
    return;
  }
  if (res.kind === 'none') {
    if (localEntryWins(local, null)) {
      showLocalCopy(ctx, local);
      ctx.outbox.enqueue(local.payload);
      return;
    }
    if (local) clearOutbox(ctx.sessionId);
    showEmpty(ctx);
    return;
  }
  loadWithoutServer(ctx, local);
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
  const serverCopy = useRef<ServerCopy>(null);
  const pendingStep = useRef<WizardStepId | null>(null);

  // A new claimant's first screen is the first step, known before the first paint: no spinner frame.
  useLayoutEffect(() => {
    if (!sessionIsNew) return;
    dispatch({
      type: 'loaded',
      // A funnel claimant handed over for travel has a draft on the server already (issue 42), so
      // is never a new session here.
      snapshot: withTracking(normaliseSnapshot(null), affiliateName),
      currentStep: FIRST_STEP_ID,
      lastStepCompleted: null,
    });
    // Once, for the session this page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    // The outbox calls back through `ctx` only once something is queued, after both exist.
    const outbox = createOutbox({
      sessionId,
      send: (payload, revision) => sendSave(ctx, pendingStep.current, payload, revision),
      onStatus: setSaveStatus,
      onConflict: () => void reloadAfterConflict(ctx),
    });
    const ctx: LoadContext = {
      sessionId,
      sessionIsNew,
      signal: controller.signal,
      affiliateName,
      dispatch,
      serverCopy,
      outbox,
    };
    outboxRef.current = outbox;

    const retry = () => outbox.retryNow();
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', retry);
    void loadDraft(ctx);
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
