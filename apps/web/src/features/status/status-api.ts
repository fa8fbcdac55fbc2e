import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import type { AmendmentPreviewView } from '@taxback/domain/casework';
import type { NominationSigning } from '@taxback/domain/nomination-schemas';
import type { SignatureMethod } from '@taxback/domain/schemas';
import { call, request } from '../../lib/api/client.ts';
import { ROUTES } from '../../lib/api/routes.ts';
import { forgetStatusSignIn, mayBeSignedIn, rememberStatusSignIn } from './status-session-hint.ts';
import { loadStatusWords } from './status-words.ts';

/** The browser's own fallback when the server's answer cannot be read. */
export const STATUS_FAILED_MESSAGE = 'Something went wrong. Please try again in a few minutes.';

/** One year and job's new business miles (D32). */
export type AmendedYear = { year: string; employmentId: string; miles: number };

export type Fields = Partial<Record<'reference' | 'phone' | 'code', string>>;

type Failure = { kind: 'fields'; errors: Fields } | { kind: 'failed'; message: string };
export type CodeAnswer = { kind: 'sent'; sentTo: string } | Failure;
export type VerifyAnswer = { kind: 'view'; view: ClaimStatusView } | Failure;

async function failure(res: {
  status: number;
  errors?: Record<string, string>;
  error?: string;
}): Promise<Failure> {
  if (res.status === 400 && res.errors) return { kind: 'fields', errors: res.errors };
  // "Not found" is about the two fields together; it is shown against the reference.
  if (res.status === 404) {
    const { STATUS_MESSAGES } = await loadStatusWords();
    return { kind: 'fields', errors: { reference: res.error ?? STATUS_MESSAGES.notFound } };
  }
  return { kind: 'failed', message: res.error ?? STATUS_FAILED_MESSAGE };
}

/** POST /api/status/code (D23): a code texted to the claim's mobile number. */
export async function requestStatusCode(reference: string, phone: string): Promise<CodeAnswer> {
  const res = await call('requestStatusCode', { body: { reference, phone } });
  return res.ok ? { kind: 'sent', sentTo: res.data.sentTo } : failure(res);
}

/** POST /api/status/verify: the code opens the timeline (and a 30-minute cookie). */
export async function verifyStatusCode(
  reference: string,
  phone: string,
  code: string,
): Promise<VerifyAnswer> {
  const res = await call('verifyStatusCode', { body: { reference, phone, code } });
  if (!res.ok) return failure(res);
  const { STATUS_LIMITS } = await loadStatusWords();
  rememberStatusSignIn(STATUS_LIMITS.viewTtlMs);
  return { kind: 'view', view: res.data };
}

export type CurrentAnswer =
  | { kind: 'view'; view: ClaimStatusView }
  /** With the words the page says why it asks for the reference and number again. */
  | { kind: 'other-claim'; notice: string }
  | null;

/**
 * GET /api/status: the timeline again while the cookie lasts (a reload), or null. With a link's
 * `reference`, only that claim's: a session for another claim is ended by the server and answers
 * 'other-claim' (issue 28), so one person's claim is never shown to a link for someone else's.
 * A browser that has not signed in here within the cookie's 30 minutes is not asked about
 * (decision 092): the server would answer 401.
 */
export async function currentStatus(reference: string | null): Promise<CurrentAnswer> {
  if (!mayBeSignedIn()) return null;
  const res = await call('getClaimStatus', reference ? { query: { reference } } : {});
  if (res.ok) return { kind: 'view', view: res.data };
  if (res.status !== 401) return null;
  forgetStatusSignIn();
  const { STATUS_MESSAGES } = await loadStatusWords();
  return res.error === STATUS_MESSAGES.otherClaim
    ? { kind: 'other-claim', notice: STATUS_MESSAGES.otherClaim }
    : null;
}

/** POST /api/status/sign-out: ends the status session (the cookie is cleared). */
export async function signOutOfStatus(): Promise<boolean> {
  const ok = (await call('signOutOfStatus')).ok;
  if (ok) forgetStatusSignIn();
  return ok;
}

/** D30: the general claim's session after the code sign-in, to add its details here; null on failure. */
export async function continueWithDetails(): Promise<string | null> {
  const res = await call('continueFromStatus');
  return res.status === 200 ? res.data.sessionId : null;
}

// Issue 28 (D33): the thread. Each change carries the page's CSRF token (from the status view).

type Change<T> =
  { ok: true; data: T } | { ok: false; status: number; errors: Record<string, string>; message: string };

function changeFailure(res: { status: number; errors?: Record<string, string>; error?: string }) {
  return {
    ok: false as const,
    status: res.status,
    errors: res.errors ?? {},
    message: res.error ?? STATUS_FAILED_MESSAGE,
  };
}

const withCsrf = (token: string) => () => ({ 'X-CSRF-Token': token });

/**
 * Issue 44: one key per draft (a message, or one request's answers), sent again with every retry
 * of it, so the server stores a repeated send once. A new draft gets a new key.
 */
export const newDraftKey = (): string => crypto.randomUUID();

/** POST /api/status/messages: the claimant writes on the thread. */
export async function sendStatusMessage(
  casework: ClaimStatusView['casework'],
  body: string,
  idempotencyKey: string,
): Promise<Change<{ id: string }>> {
  const res = await request(
    'sendStatusMessage',
    ROUTES.sendStatusMessage,
    { body: { body, version: casework.version, idempotencyKey } },
    withCsrf(casework.csrfToken),
  );
  return res.ok ? { ok: true, data: res.data } : changeFailure(res);
}

export type UploadedReplyFile = { id: string; filename: string; size: number; url: string };

/** POST /api/status/files: one file for an answer (the evidence rules; checked again by the server). */
export async function uploadStatusFile(
  casework: ClaimStatusView['casework'],
  file: File,
): Promise<Change<UploadedReplyFile>> {
  const form = new FormData();
  form.append('version', String(casework.version));
  form.append('file', file, file.name);
  const res = await request(
    'uploadStatusFile',
    ROUTES.uploadStatusFile,
    { body: form as never, timeoutMs: 0 },
    withCsrf(casework.csrfToken),
  );
  return res.ok ? { ok: true, data: res.data } : changeFailure(res);
}

/** POST /api/status/answers: the answers to an open request; the updated view. */
export async function answerStatusRequest(
  casework: ClaimStatusView['casework'],
  requestId: string,
  answers: { itemId: string; answer: string; fileIds: string[] }[],
  idempotencyKey: string,
): Promise<Change<ClaimStatusView>> {
  const res = await request(
    'answerStatusRequest',
    ROUTES.answerStatusRequest,
    { body: { version: casework.version, requestId, answers, idempotencyKey } },
    withCsrf(casework.csrfToken),
  );
  return res.ok ? { ok: true, data: res.data } : changeFailure(res);
}

/** POST /api/status/amendment/preview (decision 056): the authority the new miles would sign. */
export async function previewStatusAmendment(
  casework: ClaimStatusView['casework'],
  input: { requestId: string; itemId: string; years: AmendedYear[] },
): Promise<Change<AmendmentPreviewView>> {
  const res = await request(
    'previewStatusAmendment',
    ROUTES.previewStatusAmendment,
    { body: { ...input, version: casework.version } as never },
    withCsrf(casework.csrfToken),
  );
  return res.ok ? { ok: true, data: res.data } : changeFailure(res);
}

/** POST /api/status/amendment (D32): new miles and a new signature; the updated view. */
export async function amendStatusClaim(
  casework: ClaimStatusView['casework'],
  input: {
    requestId: string;
    itemId: string;
    years: AmendedYear[];
    signature: string;
    /** Drawn, or their name typed (issue 32), as chosen (decision 058). */
    signatureMethod: SignatureMethod;
    /** The name typed, when typed. */
    typedName?: string;
    agreementChecks: { accuracy: boolean; authorization: boolean; terms: boolean };
  },
): Promise<Change<ClaimStatusView>> {
  const res = await request(
    'amendStatusClaim',
    ROUTES.amendStatusClaim,
    { body: { ...input, version: casework.version } as never },
    withCsrf(casework.csrfToken),
  );
  return res.ok ? { ok: true, data: res.data } : changeFailure(res);
}

// D29 with D41 (issue 47, decision 076): the nomination and the bank details given under it.

/** POST /api/status/nomination: the claimant signs the nomination; the updated view. */
export async function signStatusNomination(
  casework: ClaimStatusView['casework'],
  input: { fullName: string; consent: boolean },
): Promise<Change<ClaimStatusView>> {
  const res = await request(
    'signStatusNomination',
    ROUTES.signStatusNomination,
    { body: input as never },
    withCsrf(casework.csrfToken),
  );
  return res.ok ? { ok: true, data: res.data } : changeFailure(res);
}

/** POST /api/status/nomination/signing: Dropbox Sign's embedded signing page (decision 079). */
export async function startNominationSigning(
  casework: ClaimStatusView['casework'],
  input: { fullName: string; consent: boolean },
): Promise<Change<NominationSigning>> {
  const res = await request(
    'startStatusNominationSigning',
    ROUTES.startStatusNominationSigning,
    { body: input as never },
    withCsrf(casework.csrfToken),
  );
  return res.ok ? { ok: true, data: res.data } : changeFailure(res);
}

/** POST /api/status/nomination/check: has Dropbox Sign confirmed the signature? The updated view. */
export async function checkStatusNomination(
  casework: ClaimStatusView['casework'],
): Promise<Change<ClaimStatusView>> {
  const res = await request(
    'checkStatusNomination',
    ROUTES.checkStatusNomination,
    {},
    withCsrf(casework.csrfToken),
  );
  return res.ok ? { ok: true, data: res.data } : changeFailure(res);
}

/** PUT /api/status/bank-details: the bank account for the payout, under the new signature. */
export async function saveStatusBankDetails(
  casework: ClaimStatusView['casework'],
  input: {
    accountName: string;
    sortCode: string;
    accountNumber: string;
    signatureId: string;
    version: number;
  },
): Promise<Change<ClaimStatusView>> {
  const res = await request(
    'saveStatusBankDetails',
    ROUTES.saveStatusBankDetails,
    { body: input },
    withCsrf(casework.csrfToken),
  );
  return res.ok ? { ok: true, data: res.data } : changeFailure(res);
}

// D41 (issue 47, decision 078): the invoice paid by card at the payment provider.

/** POST /api/status/invoice/checkout: the provider's checkout page for what is owed. */
export async function startCardPayment(
  casework: ClaimStatusView['casework'],
): Promise<Change<{ url: string }>> {
  const res = await request(
    'startStatusCardPayment',
    ROUTES.startStatusCardPayment,
    {},
    withCsrf(casework.csrfToken),
  );
  return res.ok ? { ok: true, data: res.data } : changeFailure(res);
}
