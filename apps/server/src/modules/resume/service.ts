import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  RESUME_CODE_TTL_DAYS,
  RESUME_MESSAGES,
  createSessionId,
  generateResumeCode,
  isResumeCodeShape,
  normaliseResumeCode,
  normaliseUkPhone,
} from '@taxback/domain';
import { hexDigestsEqual, hmacSha256Hex } from '../../crypto/index.ts';
import type { DbDialect } from '../../db/connect.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { lockForTransaction } from '../../db/locks.ts';
import { countCodesForPhoneSince, expireLiveCodes, useLiveCode } from '../../db/texted-codes.ts';
import type { SmsProvider } from '../../providers/index.ts';
import {
  countFailuresSince,
  markAttemptSucceeded,
  deleteDeadCode,
  findCodeByHash,
  insertCode,
  moveClaimToSession,
  recordAttempt,
} from './repository.ts';

// D8 resume codes. A 4-character code alone is guessable, so it only works together with the
// phone number it was sent to, once, within 7 days, and guessing is throttled per IP.

export { RESUME_MESSAGES };

export const RESUME_LIMITS = {
  /** Failed redemptions per IP per window before 429. */
  failuresPerIp: 5,
  failureWindowMs: 15 * 60 * 1000,
  /** Codes sent to one phone number per hour. */
  codesPerPhone: 3,
  codeWindowMs: 60 * 60 * 1000,
  /** Failures across all IPs per hour above which an alert line is logged. */
  globalHourlyFailureCeiling: 200,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ResumeServiceDeps {
  db: Kysely<Database>;
  signingKey: Buffer;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  /** Public origin of the web app, used in the SMS link ('https://claim.example.com'). */
  publicUrl: string;
  /** Which database: PostgreSQL takes an advisory lock for the per-IP throttle. */
  dialect: DbDialect;
  now?: () => Date;
}

export type IssueResult = 'sent' | 'rate-limited' | 'invalid-phone' | 'sms-failed';
export type RedeemResult =
  { ok: true; sessionId: string } | { ok: false; reason: 'invalid-code' | 'not-found' | 'throttled' };

export function createResumeService(deps: ResumeServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const hashCode = (code: string) =>
    hmacSha256Hex(deps.signingKey, `resume-code:${normaliseResumeCode(code)}`);
  const hashPhone = (e164: string) => hmacSha256Hex(deps.signingKey, `phone:${e164}`);
  const hashIp = (ip: string) => hmacSha256Hex(deps.signingKey, `ip:${ip}`);
  // Compared against when the code is unknown, so every failure takes the same path.
  const dummyPhoneHash = hashPhone('+440000000000');

  const serialise = (trx: Transaction<Database>, key: string) => lockForTransaction(trx, deps.dialect, key);

  /** Failures across all IPs in the last hour, throttled or not; logged once over the ceiling. */
  async function alertOnFailureCeiling(at: Date): Promise<void> {
    const hourAgo = new Date(at.getTime() - 60 * 60 * 1000).toISOString();
    const globalFailures = await countFailuresSince(deps.db, hourAgo);
    const ceiling = RESUME_LIMITS.globalHourlyFailureCeiling;
    // Once on crossing the ceiling, then every 100 more, so an attack is visible without flooding the log.
    if (globalFailures > ceiling && (globalFailures === ceiling + 1 || globalFailures % 100 === 0)) {
      deps.log.warn(
        { alert: 'resume-failures-ceiling', failuresLastHour: globalFailures, ceiling },
        'ALERT: failed resume attempts above the hourly ceiling',
      );
    }
  }

  /**
   * Stores a fresh code for `sessionId` unless `phoneHash` already had `codesPerPhone` codes in
   * the window (then null). The count and the insert are one transaction, serialised per number
   * (an advisory lock on PostgreSQL; SQLite runs one transaction at a time), so concurrent
   * requests cannot pass the limit together (issue 17). A code value another request took in the
   * meantime aborts the transaction (on PostgreSQL a failed statement ends it), and it is retried.
   */
  async function storeNewCode(sessionId: string, phoneHash: string, at: Date): Promise<string | null> {
    const nowIso = at.toISOString();
    const since = new Date(at.getTime() - RESUME_LIMITS.codeWindowMs).toISOString();
    for (let attempt = 0; attempt < 20; attempt++) {
      const code = generateResumeCode();
      const codeHash = hashCode(code);
      try {
        return await deps.db.transaction().execute(async (trx) => {
          await serialise(trx, `resume-phone:${phoneHash}`);
          if (
            (await countCodesForPhoneSince(trx, 'resume_codes', phoneHash, since)) >=
            RESUME_LIMITS.codesPerPhone
          ) {
            return null;
          }
          const existing = await findCodeByHash(trx, codeHash);
          if (existing && existing.used_at === null && existing.expires_at > nowIso)
            throw new CodeTakenError();
          if (existing) await deleteDeadCode(trx, codeHash, nowIso);
          await expireLiveCodes(trx, 'resume_codes', { session_id: sessionId }, nowIso);
          await insertCode(trx, {
            id: randomUUID(),
            code_hash: codeHash,
            session_id: sessionId,
            phone_hash: phoneHash,
            created_at: nowIso,
            expires_at: new Date(at.getTime() + RESUME_CODE_TTL_DAYS * DAY_MS).toISOString(),
            used_at: null,
          });
          return code;
        });
      } catch (error) {
        // A live code has this value, or another request took it meanwhile: pick another.
        if (error instanceof CodeTakenError || isUniqueViolation(error)) continue;
        throw error;
      }
    }
    throw new Error('Could not allocate a unique resume code');
  }

  return {
    /**
     * Issues a code for the claim of `sessionId` and texts it to `phone`. At most 3 codes per
     * number per hour. The code and message body never reach a log line.
     */
    async issueCode(sessionId: string, phone: string): Promise<IssueResult> {
      const e164 = normaliseUkPhone(phone);
      if (e164 === null) return 'invalid-phone';
      const at = now();
      const phoneHash = hashPhone(e164);
      const code = await storeNewCode(sessionId, phoneHash, at);
      if (code === null) {
        deps.log.info('resume code not sent: hourly limit for this number reached');
        return 'rate-limited';
      }
      const base = deps.publicUrl.replace(/\/+$/, '');
      const result = await deps.sms.send({
        to: e164,
        template: 'resume-code',
        secret: code,
        body: `Your TaxBack resume code is ${code}. Continue at ${base}/resume/${code}. It expires in ${RESUME_CODE_TTL_DAYS} days.`,
      });
      if (!result.ok) {
        deps.log.warn({ smsId: result.id }, 'resume code SMS failed');
        return 'sms-failed';
      }
      return 'sent';
    },

    /** Exchanges a code + phone for a fresh session id that now owns the claim. */
    async redeem(input: { code: string; phone: string; ip: string }): Promise<RedeemResult> {
      if (!isResumeCodeShape(input.code)) return { ok: false, reason: 'invalid-code' };
      const at = now();
      const nowIso = at.toISOString();
      const ipHash = hashIp(input.ip);
      const windowStart = new Date(at.getTime() - RESUME_LIMITS.failureWindowMs).toISOString();
      // The throttle is atomic (issue 17): the count and the attempt's record are one transaction,
      // serialised per IP (an advisory lock on PostgreSQL; SQLite runs one transaction at a time).
      // The attempt is recorded as failed before its code is checked and marked succeeded after,
      // so concurrent guesses from one IP see each other and at most `failuresPerIp` are checked.
      const attemptId = randomUUID();
      const admitted = await deps.db.transaction().execute(async (trx) => {
        await serialise(trx, `resume-ip:${ipHash}`);
        const checked = await countFailuresSince(trx, windowStart, ipHash);
        const throttled = checked >= RESUME_LIMITS.failuresPerIp;
        await recordAttempt(trx, {
          id: attemptId,
          ip_hash: ipHash,
          succeeded: 0,
          throttled: throttled ? 1 : 0,
          created_at: nowIso,
        });
        return !throttled;
      });
      if (!admitted) {
        await alertOnFailureCeiling(at);
        return { ok: false, reason: 'throttled' };
      }

      const row = await findCodeByHash(deps.db, hashCode(input.code));
      const e164 = normaliseUkPhone(input.phone);
      const phoneMatches = hexDigestsEqual(
        row?.phone_hash ?? dummyPhoneHash,
        e164 ? hashPhone(e164) : dummyPhoneHash,
      );
      const live = row !== undefined && row.used_at === null && row.expires_at > nowIso;

      let sessionId: string | null = null;
      if (row && live && phoneMatches && e164 !== null) {
        const fresh = createSessionId(at.getTime());
        const moved = await deps.db
          .transaction()
          .execute(async (trx) => {
            if (!(await useLiveCode(trx, 'resume_codes', { id: row.id }, nowIso))) return false;
            if (!(await moveClaimToSession(trx, row.session_id, fresh, nowIso))) {
              // The claim is gone (purged): roll back so the code is not burnt for nothing.
              throw new ClaimGoneError();
            }
            await markAttemptSucceeded(trx, attemptId);
            return true;
          })
          .catch((error: unknown) => {
            if (error instanceof ClaimGoneError) return false;
            throw error;
          });
        if (moved) sessionId = fresh;
      }

      if (sessionId) return { ok: true, sessionId };
      await alertOnFailureCeiling(at);
      return { ok: false, reason: 'not-found' };
    },
  };
}

class ClaimGoneError extends Error {}
class CodeTakenError extends Error {}

export type ResumeService = ReturnType<typeof createResumeService>;
