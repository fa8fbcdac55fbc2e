import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  claimantYearAnswers,
  claimTimeline,
  invoiceViewOf,
  ukIsoDate,
  generalReference,
  isClaimStatus,
  normaliseUkPhone,
  type FeeSettings,
} from '@taxback/domain';
import { STATUS_LIMITS, sameClaimReference } from '@taxback/domain/status-schemas';
import type { ClaimStatusView, StatusCodeRequest, StatusVerifyRequest } from '@taxback/domain/status-schemas';
import { hexDigestsEqual, hmacSha256Hex } from '../../crypto/index.ts';
import type { DbDialect } from '../../db/connect.ts';
import type { ClaimKind, Database } from '../../db/database.ts';
import { lockForTransaction } from '../../db/locks.ts';
import { countCodesForPhoneSince } from '../../db/texted-codes.ts';
import type { SmsProvider } from '../../providers/index.ts';
import { redactPhone } from '../../providers/sms/types.ts';
import type { FilesService } from '../files/index.ts';
import { amendableOf } from '../casework/index.ts';
import { createClaimantCasework } from '../casework/index.ts';
import { NO_FEES, type AuthorityTerms } from '@taxback/domain';
import { caseChargedFees, caseYearAnswerRows, yearAnswerOfRow } from '../../db/case-year-answers.ts';
import { caseInvoiceRow, invoiceRecordOf } from '../../db/invoices.ts';
import type { DocumentRenderer } from '../../documents/render-pool.ts';
import { invoicePdfOf, type InvoiceSettings } from '../invoices/index.ts';
import { caseSessionsOf, createStatusRepository } from './repository.ts';
import type { StatusClaim } from './repository.ts';
import type { Nominations } from '../client-money/index.ts';

// D23: a claimant follows their claim. The reference and the mobile number given with the claim
// get a one-time code by text (inline: they are waiting for it); the code opens the timeline for
// STATUS_LIMITS.viewTtlMs through a signed token naming the claim. Wrong guesses are throttled per
// IP like resume codes: a failed look-up and a wrong code each count.

/** A link's reference names the claim: its own, or for a general claim the GEN- one of its id (decision 053). */
function namesClaim(reference: string, claim: { kind: ClaimKind; id: string; reference: string }): boolean {
  if (sameClaimReference(reference, claim.reference)) return true;
  return claim.kind === 'general' && sameClaimReference(reference, generalReference(claim.id));
}

export type CodeResult =
  | { ok: true; sentTo: string }
  | { ok: false; reason: 'not-found' | 'throttled' | 'too-many-codes' | 'sms-failed' };
export type VerifyResult =
  { ok: true; token: string; view: ClaimStatusView } | { ok: false; reason: 'code-wrong' | 'throttled' };

export interface StatusServiceDeps {
  db: Kysely<Database>;
  dialect: DbDialect;
  signingKey: Buffer;
  sms: SmsProvider;
  files: FilesService;
  company: string;
  log: FastifyBaseLogger;
  /** The authority's terms, for an amendment's new signed authority (D32). */
  terms: AuthorityTerms;
  /** D20, D40: the fee is shown on what HMRC repaid, year by year. */
  fees?: FeeSettings;
  /** D41: our invoice's details and its renderer, for the claimant's download. */
  invoicing: { settings: InvoiceSettings; documents: DocumentRenderer };
  /** D29 (decision 076): the nomination's operations, once the back-office has made them. */
  nominations?: () => Nominations | null;
  /** Decision 078: a payment provider takes cards (PAYMENT_PROVIDER), so the invoice offers one. */
  offersCard?: boolean;
  now?: () => Date;
}

/**
 * Records an attempt from `ip` as failed, unless the IP already failed `failuresPerIp` times in
 * the window (then it is recorded as throttled and refused). Atomic per IP, so concurrent
 * guesses see each other. Returns the attempt's id, or null when throttled.
 */
async function admitAttempt(
  deps: StatusServiceDeps,
  repo: ReturnType<typeof createStatusRepository>,
  hash: (label: string, value: string) => string,
  ip: string,
  at: Date,
): Promise<string | null> {
  const ipHash = hash('ip', ip);
  const since = new Date(at.getTime() - STATUS_LIMITS.failureWindowMs).toISOString();
  const id = randomUUID();
  return deps.db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, deps.dialect, `status-ip:${ipHash}`);
    const throttled = (await repo.countFailuresSince(trx, ipHash, since)) >= STATUS_LIMITS.failuresPerIp;
    await repo.recordAttempt(trx, {
      id,
      ip_hash: ipHash,
      succeeded: 0,
      throttled: throttled ? 1 : 0,
      created_at: at.toISOString(),
    });
    return throttled ? null : id;
  });
}

/** The status cookie's token: the claim and when it expires, signed. */
function tokenFor(hash: (label: string, value: string) => string, claim: StatusClaim, at: Date): string {
  const body = `${claim.kind}.${claim.id}.${at.getTime() + STATUS_LIMITS.viewTtlMs}`;
  return `${body}.${hash('token', body)}`;
}

/** A new status code for the claim, unless the phone has had its share in the window (locked per phone). */
async function storeCode(
  deps: StatusServiceDeps,
  repo: ReturnType<typeof createStatusRepository>,
  input: { claim: { kind: ClaimKind; id: string }; phoneHash: string; codeHash: string; at: Date },
): Promise<boolean> {
  const { claim, phoneHash, codeHash, at } = input;
  return deps.db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, deps.dialect, `status-phone:${phoneHash}`);
    const since = new Date(at.getTime() - STATUS_LIMITS.codeWindowMs).toISOString();
    if ((await countCodesForPhoneSince(trx, 'status_codes', phoneHash, since)) >= STATUS_LIMITS.codesPerPhone)
      return false;
    await repo.insertCode(trx, {
      id: randomUUID(),
      claim_kind: claim.kind,
      claim_id: claim.id,
      code_hash: codeHash,
      phone_hash: phoneHash,
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + STATUS_LIMITS.codeTtlMs).toISOString(),
      used_at: null,
    });
    return true;
  });
}

/** D41: the case's invoice as the claimant sees it, with its download link; null before one. */
async function claimantInvoiceOf(
  deps: StatusServiceDeps,
  caseId: string,
  today: string,
): Promise<ClaimStatusView['invoice']> {
  const row = await caseInvoiceRow(deps.db, caseId);
  if (!row) return null;
  const view = invoiceViewOf(invoiceRecordOf(row), today, deps.invoicing.settings.issuer.payTo);
  return {
    ...view,
    downloadUrl: '/api/status/invoice.pdf',
    payByCard: (deps.offersCard ?? false) && view.owedPence > 0,
  };
}

/** The authority the claimant signed, as the status page lists it. */
const authorityDocument = (company: string, fileId: string) => ({
  name: `The authority you signed for ${company} (PDF)`,
  url: `/api/status/documents/${fileId}`,
});

export function createStatusService(deps: StatusServiceDeps) {
  const repo = createStatusRepository(deps.db);
  const now = deps.now ?? (() => new Date());
  const hash = (label: string, value: string) => hmacSha256Hex(deps.signingKey, `status-${label}:${value}`);

  const admit = (ip: string, at: Date) => admitAttempt(deps, repo, hash, ip, at);

  /** The claim a token names, while it is fresh. */
  async function claimOf(token: string | undefined): Promise<StatusClaim | null> {
    const parts = token?.split('.') ?? [];
    if (parts.length !== 4) return null;
    const [kind, id, expires, signature] = parts as [string, string, string, string];
    if (!hexDigestsEqual(signature, hash('token', `${kind}.${id}.${expires}`))) return null;
    if (!(Number(expires) > now().getTime())) return null;
    if (kind !== 'general' && kind !== 'onboarding') return null;
    return repo.claimById(kind satisfies ClaimKind, id);
  }

  const casework = createClaimantCasework({ db: deps.db, files: deps.files, terms: deps.terms, now });
  /** Issue 28: the token every change sends back as X-CSRF-Token, tied to the cookie's token. */
  const csrfOf = (token: string) => hash('csrf', token);

  /**
   * D38: the authorities signed for the claim's case, oldest first: its own and those of the case's
   * other submitted claims. The newest covers every amount and is the one the claimant stands on.
   */
  async function caseAuthorities(claim: StatusClaim) {
    const sessions = [claim.sessionId, ...(await caseSessionsOf(deps.db, claim.caseId, claim.sessionId))];
    const files = await Promise.all(sessions.map((s) => deps.files.listFiles(s, { kind: 'authority' })));
    return files.flat().sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async function viewOf(claim: StatusClaim, token: string): Promise<ClaimStatusView> {
    const history = (await repo.history(claim.kind, claim.id)).flatMap((h) =>
      isClaimStatus(h.to_status) ? [{ to: h.to_status, at: h.created_at, reason: h.reason }] : [],
    );
    const authority = (await caseAuthorities(claim)).at(-1);
    return {
      reference: claim.reference,
      kind: claim.kind === 'general' ? 'general' : 'mileage',
      submittedAt: claim.submittedAt,
      timeline: claimTimeline({
        submittedAt: claim.submittedAt,
        status: claim.status,
        history,
        money: claim.money,
      }),
      documents: authority ? [authorityDocument(deps.company, authority.id)] : [],
      hmrcYears: claimantYearAnswers(
        (await caseYearAnswerRows(deps.db, claim.caseId)).map(yearAnswerOfRow),
        await caseChargedFees(deps.db, claim.caseId, deps.fees ?? NO_FEES),
      ),
      invoice: await claimantInvoiceOf(deps, claim.caseId, ukIsoDate(now())),
      nomination: (await deps.nominations?.()?.claimantView(claim)) ?? null,
      casework: {
        version: claim.version,
        csrfToken: csrfOf(token),
        thread: await casework.thread(claim),
        amendable: await amendableOf(deps.db, claim),
      },
    };
  }

  /**
   * The token's claim for a change: null without a fresh token (401), 'no-csrf' without the
   * page's CSRF token (403).
   */
  async function claimForChange(
    token: string | undefined,
    csrf: unknown,
  ): Promise<StatusClaim | null | 'no-csrf'> {
    const claim = await claimOf(token);
    if (!claim || !token) return null;
    if (typeof csrf !== 'string' || !hexDigestsEqual(csrf, csrfOf(token))) return 'no-csrf';
    return claim;
  }

  return {
    async requestCode(input: StatusCodeRequest & { ip: string }): Promise<CodeResult> {
      const at = now();
      const attempt = await admit(input.ip, at);
      if (attempt === null) return { ok: false, reason: 'throttled' };
      const e164 = normaliseUkPhone(input.phone);
      const claim = e164 ? await repo.findClaim(input.reference, e164) : null;
      if (!claim || !e164) return { ok: false, reason: 'not-found' };
      await repo.markAttemptSucceeded(attempt);

      const phoneHash = hash('phone', e164);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const stored = await storeCode(deps, repo, { claim, phoneHash, codeHash: hash('code', code), at });
      if (!stored) return { ok: false, reason: 'too-many-codes' };
      const sent = await deps.sms.send({
        to: e164,
        template: 'status-code',
        secret: code,
        body: `${deps.company}: your code to see claim ${claim.reference} is ${code}. It works for 10 minutes. Do not share it.`,
      });
      if (!sent.ok) {
        deps.log.warn({ smsId: sent.id }, 'status code SMS failed');
        return { ok: false, reason: 'sms-failed' };
      }
      return { ok: true, sentTo: redactPhone(e164) };
    },

    async verify(input: StatusVerifyRequest & { ip: string }): Promise<VerifyResult> {
      const at = now();
      const attempt = await admit(input.ip, at);
      if (attempt === null) return { ok: false, reason: 'throttled' };
      const e164 = normaliseUkPhone(input.phone);
      const claim = e164 ? await repo.findClaim(input.reference, e164) : null;
      const used =
        claim !== null &&
        e164 !== null &&
        (await repo.useCode(
          claim.kind,
          claim.id,
          hash('code', input.code),
          hash('phone', e164),
          at.toISOString(),
        ));
      if (!claim || !used) return { ok: false, reason: 'code-wrong' };
      await repo.markAttemptSucceeded(attempt);
      const token = tokenFor(hash, claim, at);
      return { ok: true, token, view: await viewOf(claim, token) };
    },

    /**
     * The timeline for a token from `verify`, or null once it has expired. With `reference` (a
     * link's), 'other-claim' when the token is for a different claim: a session is for the claim
     * it was opened for, and never shows it to a link for another (issue 28).
     */
    async view(
      token: string | undefined,
      reference?: string,
    ): Promise<ClaimStatusView | 'other-claim' | null> {
      const claim = await claimOf(token);
      if (!claim) return null;
      if (reference !== undefined && !namesClaim(reference, claim)) return 'other-claim';
      return viewOf(claim, token ?? '');
    },

    /** Issue 28: the thread of the token's claim, or null once the token has expired. */
    async thread(token: string | undefined) {
      const claim = await claimOf(token);
      return claim ? casework.thread(claim) : null;
    },

    claimForChange,
    claimOf, // the token's claim while it is fresh (D29's nomination routes)
    casework,
    /** A file on the token's claim's thread; null for anything else. */
    async openThreadFile(token: string | undefined, fileId: string) {
      const claim = await claimOf(token);
      return claim ? casework.openFile(claim, fileId) : null;
    },

    /** D30: a token's general claim's session, so the details journey opens here; else null. */
    async sessionOf(token: string | undefined): Promise<string | null> {
      const claim = await claimOf(token);
      return claim?.kind === 'general' ? claim.sessionId : null;
    },

    /** D41: the case's invoice as a PDF, while the status cookie lasts; null without either. */
    async invoicePdf(token: string | undefined) {
      const claim = await claimOf(token);
      const row = claim ? await caseInvoiceRow(deps.db, claim.caseId) : undefined;
      if (!row) return null;
      return invoicePdfOf(row, { ...deps.invoicing, today: ukIsoDate(now()) });
    },

    /** A document the claimant signed, for a token's claim; null for anything else. */
    async openDocument(token: string | undefined, fileId: string) {
      const claim = await claimOf(token);
      if (!claim) return null;
      const authority = (await caseAuthorities(claim)).find((f) => f.id === fileId);
      return authority ? deps.files.openFile(authority.id, authority.sessionId) : null;
    },
  };
}

export type StatusService = ReturnType<typeof createStatusService>;
