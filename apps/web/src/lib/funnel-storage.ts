import { isRecord } from '@taxback/domain/records';
import { createSessionId, isSessionId } from '@taxback/domain/session';
import { isExpenseId, type ExpenseId } from '@taxback/domain/expenses';

/**
 * Browser session storage for the general funnel (D1: navigation state is mirrored here so a reload
 * never loses the funnel). Keys:
 * - 'affiliate'              affiliate name from an affiliate URL (SPEC §3)
 * - 'utm_data'               campaign tracking JSON: full_url + the SPEC §3 keys present (SPEC §3)
 * - 'funnel_session_id'      the funnel's session id (D5 shape)
 * - 'funnel_assessment'      assessment data JSON {qualifies, timestamp, step, lastUpdated}
 * - 'funnel_expenses'        selected expense ids JSON array
 * - 'funnel_qualification'   the landing answer 'yes' | 'no' (preselected for a returning visitor)
 */
export const STORAGE_KEYS = {
  affiliate: 'affiliate',
  utmData: 'utm_data',
  sessionId: 'funnel_session_id',
  assessment: 'funnel_assessment',
  expenses: 'funnel_expenses',
  qualification: 'funnel_qualification',
} as const;

import { UTM_KEYS as TRACKING_KEYS, type UtmKey as TrackingKey } from '@taxback/domain/tracking';

export { TRACKING_KEYS, type TrackingKey };
export type UtmData = { full_url: string } & Partial<Record<TrackingKey, string>>;

export type AssessmentStep =
  'qualification_completed' | 'expenses_completed' | 'returning_to_qualification' | 'form_completed';
export interface AssessmentData {
  qualifies: 'yes' | 'no';
  timestamp: string;
  step: AssessmentStep;
  lastUpdated: string;
}
export type QualificationAnswer = 'yes' | 'no';

/** Navigation state passed between funnel screens (SPEC §2). */
export interface FunnelNavigationState {
  sessionId: string;
  assessmentData: AssessmentData;
  affiliateName: string | null;
  utmData: UtmData | null;
}

const MAX_TRACKING_VALUE = 500;
const MAX_URL = 2000;
const AFFILIATE_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;

// Storage can throw (private mode, disabled storage); the funnel must still work without it.
function readItem(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
function writeItem(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    /* storage unavailable: navigation state still carries the funnel */
  }
}
function removeItem(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    /* ignore */
  }
}
function readJson(key: string): unknown {
  const raw = readItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}
// ---- session id ----
export function getFunnelSessionId(): string | null {
  const id = readItem(STORAGE_KEYS.sessionId);
  return isSessionId(id) ? id : null;
}
/** Returns the stored session id, creating and storing one when none exists. */
export function ensureFunnelSessionId(): string {
  const existing = getFunnelSessionId();
  if (existing) return existing;
  const id = createSessionId();
  writeItem(STORAGE_KEYS.sessionId, id);
  return id;
}

// ---- assessment ----
const ASSESSMENT_STEPS: readonly AssessmentStep[] = [
  'qualification_completed',
  'expenses_completed',
  'returning_to_qualification',
  'form_completed',
];
export function getAssessmentData(): AssessmentData | null {
  const x = readJson(STORAGE_KEYS.assessment);
  if (!isRecord(x)) return null;
  const { qualifies, timestamp, step, lastUpdated } = x;
  if (qualifies !== 'yes' && qualifies !== 'no') return null;
  if (typeof timestamp !== 'string' || typeof lastUpdated !== 'string') return null;
  if (typeof step !== 'string' || !ASSESSMENT_STEPS.includes(step as AssessmentStep)) return null;
  return { qualifies, timestamp, step: step as AssessmentStep, lastUpdated };
}
export function saveAssessmentData(data: AssessmentData): void {
  writeItem(STORAGE_KEYS.assessment, JSON.stringify(data));
}
/** Moves the assessment to a new step; the first-creation timestamp is kept (SPEC §3). */
export function recordAssessmentStep(
  step: AssessmentStep,
  base: AssessmentData | null = getAssessmentData(),
  now: Date = new Date(),
): AssessmentData {
  const iso = now.toISOString();
  const next: AssessmentData = {
    qualifies: base?.qualifies ?? 'yes',
    timestamp: base?.timestamp ?? iso,
    step,
    lastUpdated: iso,
  };
  saveAssessmentData(next);
  return next;
}

// ---- qualification answer ----
export function getQualificationAnswer(): QualificationAnswer | null {
  const x = readItem(STORAGE_KEYS.qualification);
  return x === 'yes' || x === 'no' ? x : null;
}
export function saveQualificationAnswer(answer: QualificationAnswer): void {
  writeItem(STORAGE_KEYS.qualification, answer);
}

// ---- expenses ----
export function getSelectedExpenses(): ExpenseId[] {
  const x = readJson(STORAGE_KEYS.expenses);
  if (!Array.isArray(x)) return [];
  return x.filter(isExpenseId);
}
export function saveSelectedExpenses(ids: readonly ExpenseId[]): void {
  writeItem(STORAGE_KEYS.expenses, JSON.stringify(ids));
}

// ---- affiliate ----
export function getAffiliate(): string | null {
  const x = readItem(STORAGE_KEYS.affiliate);
  return x && AFFILIATE_PATTERN.test(x) ? x : null;
}
/** Stores an affiliate name from the URL; names that are not plain slugs are ignored. */
export function saveAffiliate(name: string | undefined | null): string | null {
  if (!name) return getAffiliate();
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    return getAffiliate();
  }
  if (!AFFILIATE_PATTERN.test(decoded)) return getAffiliate();
  writeItem(STORAGE_KEYS.affiliate, decoded);
  return decoded;
}

// ---- UTM / campaign tracking ----
export function getUtmData(): UtmData | null {
  const x = readJson(STORAGE_KEYS.utmData);
  if (!isRecord(x) || typeof x.full_url !== 'string') return null;
  const out: UtmData = { full_url: x.full_url };
  for (const key of TRACKING_KEYS) {
    const v = x[key];
    if (typeof v === 'string') out[key] = v;
  }
  return out;
}

/**
 * Captures campaign data from a URL: stored on the first load of any route, replaced when a later URL
 * carries campaign parameters of its own (SPEC §3).
 */
export function captureUtmData(href: string): UtmData | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return getUtmData();
  }
  const found: Partial<Record<TrackingKey, string>> = {};
  let hasTracking = false;
  for (const key of TRACKING_KEYS) {
    const v = url.searchParams.get(key);
    if (v !== null && v !== '') {
      found[key] = v.slice(0, MAX_TRACKING_VALUE);
      hasTracking = true;
    }
  }
  const existing = getUtmData();
  if (existing && !hasTracking) return existing;
  const data: UtmData = { full_url: href.slice(0, MAX_URL), ...found };
  writeItem(STORAGE_KEYS.utmData, JSON.stringify(data));
  return data;
}

/** The campaign keys alone (without full_url), as the claims API expects them. */
export function trackingFields(utm: UtmData | null): Partial<Record<TrackingKey, string>> {
  const out: Partial<Record<TrackingKey, string>> = {};
  if (!utm) return out;
  for (const key of TRACKING_KEYS) {
    const v = utm[key];
    if (v !== undefined) out[key] = v;
  }
  return out;
}

// ---- navigation state ----
export function isFunnelNavigationState(x: unknown): x is Partial<FunnelNavigationState> {
  return isRecord(x);
}
/** Session id from navigation state, else the mirrored one in session storage (D1). */
export function resolveFunnelSessionId(state: unknown): string | null {
  if (isRecord(state) && isSessionId(state.sessionId)) return state.sessionId;
  return getFunnelSessionId();
}

/** Forgets the submitted claim's funnel data; affiliate and campaign data stay for attribution. */
export function clearFunnel(): void {
  removeItem(STORAGE_KEYS.sessionId);
  removeItem(STORAGE_KEYS.assessment);
  removeItem(STORAGE_KEYS.expenses);
  removeItem(STORAGE_KEYS.qualification);
}

/** Mirrors a session id that arrived in navigation state into session storage (D1). */
export function rememberFunnelSessionId(id: string): void {
  if (isSessionId(id) && getFunnelSessionId() !== id) writeItem(STORAGE_KEYS.sessionId, id);
}

/**
 * D30: the session of the general claim whose details are being added (kept after clearFunnel,
 * and set by the status page's "Add the details HMRC needs" on another device).
 */
export const DETAILS_SESSION_KEY = 'claim_details_session';

export function getDetailsSessionId(): string | null {
  const id = readItem(DETAILS_SESSION_KEY);
  return id && isSessionId(id) ? id : null;
}

/** Whether this tab holds a details session; null when its storage cannot be read. */
export function hasStoredDetailsSession(): boolean | null {
  try {
    return isSessionId(window.sessionStorage.getItem(DETAILS_SESSION_KEY));
  } catch {
    return null;
  }
}

export function rememberDetailsSessionId(id: string): void {
  if (isSessionId(id)) writeItem(DETAILS_SESSION_KEY, id);
}
