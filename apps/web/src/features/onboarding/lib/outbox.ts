import { isRecord } from '@taxback/domain/records';
import { completedStepAt, isWizardStepId, stepAtStorageIndex } from '@taxback/domain';
import type { SavePayload, WizardStepId } from '@taxback/domain';

/**
 * D10: nothing the claimant types is lost. The latest snapshot waits in local storage until the
 * server acknowledges it, and is re-sent with exponential backoff (1 s, 2 s, 4 s … 30 s), when the
 * browser comes back online and when the tab becomes visible again. Each save carries the whole
 * snapshot, so only the newest entry matters: a newer save replaces an older unsent one.
 * The entry never holds the NI number, files or the signature (the snapshot type has none of them).
 */
export const OUTBOX_KEY_PREFIX = 'onboarding_progress_';
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;

export function outboxKey(sessionId: string): string {
  return `${OUTBOX_KEY_PREFIX}${sessionId}`;
}

/** Delay before retry number `attempt` (0-based): 1 s, 2 s, 4 s … capped at 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
}

export interface OutboxEntry {
  payload: SavePayload;
  /** The server revision this payload was (last) sent against. */
  baseRevision: number;
  acknowledged: boolean;
  savedAt: string;
}

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'offline';

export type SendResult =
  | { kind: 'saved'; revision: number }
  | { kind: 'conflict'; revision: number }
  /** The server refused the data (400): sending it again cannot help. */
  | { kind: 'rejected' }
  /** Network failure, timeout, 429 or 5xx: try again later. */
  | { kind: 'retry' };

export interface OutboxOptions {
  sessionId: string;
  send: (payload: SavePayload, revision: number) => Promise<SendResult>;
  initialRevision?: number;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  onStatus?: (status: SaveStatus) => void;
  onRevision?: (revision: number) => void;
  onConflict?: (revision: number) => void;
  now?: () => Date;
}

export interface Outbox {
  /** Queue the newest snapshot; it is written to storage before anything is sent. */
  enqueue(payload: SavePayload): void;
  /** Send now if something waits (skips the backoff wait): used on `online` and `visibilitychange`. */
  retryNow(): void;
  /** Resolves true once everything queued is acknowledged, false on conflict, refusal or timeout. */
  flush(timeoutMs?: number): Promise<boolean>;
  setRevision(revision: number): void;
  getRevision(): number;
  hasPending(): boolean;
  getStatus(): SaveStatus;
  dispose(): void;
}

function defaultStorage(): OutboxOptions['storage'] {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function readOutbox(sessionId: string, storage = defaultStorage()): OutboxEntry | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(outboxKey(sessionId));
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!isRecord(parsed) || !isRecord(parsed.payload)) return null;
    const p = parsed.payload;
    const progress = progressOfEntry(p);
    if (!progress || !isRecord(p.snapshot)) return null;
    return {
      payload: { ...progress, snapshot: p.snapshot as unknown as SavePayload['snapshot'] },
      baseRevision: typeof parsed.baseRevision === 'number' ? parsed.baseRevision : 0,
      acknowledged: parsed.acknowledged === true,
      savedAt: typeof parsed.savedAt === 'string' ? parsed.savedAt : '',
    };
  } catch {
    return null;
  }
}

/**
 * The steps an entry records. Entries written before steps had names on the wire held the plan's
 * storage numbers (-1 before any step); those read through the plan's one mapping, so a copy kept
 * across the change still resumes at its step.
 */
function progressOfEntry(
  p: Record<string, unknown>,
): { currentStep: WizardStepId; lastStepCompleted: WizardStepId | null } | null {
  if (typeof p.currentStep === 'number' && typeof p.lastStepCompleted === 'number') {
    const currentStep = stepAtStorageIndex(p.currentStep);
    return currentStep ? { currentStep, lastStepCompleted: completedStepAt(p.lastStepCompleted) } : null;
  }
  if (!isWizardStepId(p.currentStep)) return null;
  if (p.lastStepCompleted !== null && !isWizardStepId(p.lastStepCompleted)) return null;
  return { currentStep: p.currentStep, lastStepCompleted: p.lastStepCompleted };
}

export function clearOutbox(sessionId: string, storage = defaultStorage()): void {
  try {
    storage?.removeItem(outboxKey(sessionId));
  } catch {
    /* storage unavailable */
  }
}

/**
 * Load-time merge (D10): the local entry wins over the server copy when the server never
 * acknowledged it and has not moved on since it was written (or holds nothing at all).
 */
export function localEntryWins(
  entry: OutboxEntry | null,
  serverRevision: number | null,
): entry is OutboxEntry {
  if (!entry || entry.acknowledged) return false;
  if (serverRevision === null) return true;
  return entry.baseRevision >= serverRevision;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const now = options.now ?? (() => new Date());
  let revision = options.initialRevision ?? 0;
  let pending: SavePayload | null = null;
  let inFlight = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let status: SaveStatus = 'idle';
  let disposed = false;
  let waiters: ((ok: boolean) => void)[] = [];

  function setStatus(next: SaveStatus) {
    if (next === status) return;
    status = next;
    options.onStatus?.(next);
  }

  function write(entry: OutboxEntry) {
    try {
      storage?.setItem(outboxKey(options.sessionId), JSON.stringify(entry));
    } catch {
      /* storage full or disabled: the in-memory queue still retries */
    }
  }

  function settle(ok: boolean) {
    const list = waiters;
    waiters = [];
    for (const w of list) w(ok);
  }

  function schedule() {
    if (timer !== null) clearTimeout(timer);
    const delay = backoffDelay(attempt);
    attempt += 1;
    timer = setTimeout(() => {
      timer = null;
      void sendPending();
    }, delay);
  }

  async function sendPending(): Promise<void> {
    if (disposed || inFlight || !pending) return;
    const payload = pending;
    inFlight = true;
    // While retrying after a failure the status stays 'offline' so it does not flicker.
    if (status !== 'offline') setStatus('saving');
    write({ payload, baseRevision: revision, acknowledged: false, savedAt: now().toISOString() });
    let result: SendResult;
    try {
      result = await options.send(payload, revision);
    } catch {
      result = { kind: 'retry' };
    }
    inFlight = false;
    if (disposed) return;
    switch (result.kind) {
      case 'saved': {
        revision = result.revision;
        options.onRevision?.(revision);
        attempt = 0;
        if (pending === payload) {
          pending = null;
          write({ payload, baseRevision: revision, acknowledged: true, savedAt: now().toISOString() });
          setStatus('saved');
          settle(true);
        } else {
          // A newer snapshot arrived while this one travelled: send it straight away.
          void sendPending();
        }
        return;
      }
      case 'conflict': {
        revision = result.revision;
        options.onRevision?.(revision);
        pending = null;
        attempt = 0;
        clearOutbox(options.sessionId, storage);
        setStatus('idle');
        settle(false);
        options.onConflict?.(result.revision);
        return;
      }
      case 'rejected': {
        if (pending === payload) {
          pending = null;
          clearOutbox(options.sessionId, storage);
          setStatus('idle');
          settle(false);
        } else void sendPending();
        return;
      }
      case 'retry': {
        setStatus('offline');
        schedule();
        return;
      }
    }
  }

  const api: Outbox = {
    enqueue(payload) {
      if (disposed) return;
      pending = payload;
      write({ payload, baseRevision: revision, acknowledged: false, savedAt: now().toISOString() });
      if (inFlight) return; // picked up when the current request finishes
      if (timer !== null) {
        // A retry is waiting: a fresh save is a good moment to try again at once.
        clearTimeout(timer);
        timer = null;
      }
      void sendPending();
    },
    retryNow() {
      if (disposed || inFlight || !pending) return;
      if (timer !== null) {
        clearTimeout(timer);
        timer = null;
      }
      void sendPending();
    },
    flush(timeoutMs = 10_000) {
      if (!pending && !inFlight) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const t = setTimeout(() => {
          waiters = waiters.filter((w) => w !== done);
          resolve(false);
        }, timeoutMs);
        const done = (ok: boolean) => {
          clearTimeout(t);
          resolve(ok);
        };
        waiters.push(done);
        api.retryNow();
      });
    },
    setRevision(next) {
      revision = next;
    },
    getRevision() {
      return revision;
    },
    hasPending() {
      return pending !== null;
    },
    getStatus() {
      return status;
    },
    dispose() {
      disposed = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      settle(false);
    },
  };
  return api;
}
