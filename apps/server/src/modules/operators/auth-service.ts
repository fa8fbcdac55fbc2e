import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

import { decryptField, encryptField } from '../../crypto/field-encryption.ts';
import { sha256Hex } from '../../crypto/hash.ts';
import { hashPassword, verifyPassword } from '../../crypto/password.ts';
import type { Database, Row } from '../../db/database.ts';
import { nowIso } from '../../db/values.ts';
import { ConflictError, ServiceError } from '../../errors.ts';
import type { AuditLog } from './audit.ts';
import { createOperatorsRepository } from './operators-repository.ts';
import { createOperatorManagement, toOperatorView } from './operator-management.ts';

export { toOperatorView, type OperatorView } from './operator-management.ts';

type Db = Kysely<Database>;

export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const MAX_SESSION_MS = 12 * 60 * 60 * 1000;
export const MAX_FAILED_SIGN_INS = 10;
export const LOCK_MS = 15 * 60 * 1000;
const TOTP_ISSUER = 'TaxBack operators';

export const SIGN_IN_FAILED_MESSAGE = 'Enter a correct email address and password';
export const CODE_FAILED_MESSAGE = 'Enter the current security code from your authenticator app';
export const LOCKED_MESSAGE =
  'Your account is locked for 15 minutes because of too many failed sign-in attempts. Try again later.';

export class LockedError extends ServiceError {
  constructor() {
    super('locked', LOCKED_MESSAGE, { errors: { email: LOCKED_MESSAGE } });
    this.name = 'LockedError';
  }
}

export class SignInError extends ServiceError {
  constructor(field: string, message: string) {
    super('not-signed-in', message, { errors: { [field]: message } });
    this.name = 'SignInError';
  }
}

export interface SessionContext {
  session: Row<'operator_sessions'>;
  operator: Row<'operator_users'>;
}

/** A stand-in hash so an unknown email costs the same scrypt work as a wrong password. */
let dummyHash: Promise<string> | null = null;

/** Checks a code against a secret once per time step (a code is never accepted twice). */
async function checkTotpCode(
  secret: string,
  code: string,
  lastStep: number | null,
  at: Date,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(at.getTime() / 1000),
    epochTolerance: 30,
  });
  if (!result.valid) return null;
  const step = Math.floor(at.getTime() / 1000 / 30) + (result.delta ?? 0);
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}

/** A new session's row: its id is the token's hash, so the token itself is never stored. */
function sessionRow(
  token: string,
  operatorId: string,
  stage: 'second-factor' | 'active',
  at: Date,
): Row<'operator_sessions'> {
  return {
    id: sha256Hex(token),
    operator_id: operatorId,
    csrf_token: randomBytes(32).toString('base64url'),
    stage,
    pending_totp_secret: null,
    created_at: nowIso(at),
    last_seen_at: nowIso(at),
    expires_at: nowIso(new Date(at.getTime() + MAX_SESSION_MS)),
  };
}

/**
 * Operator sign-in (D22): password, then a TOTP code (enrolled on first sign-in), server-side
 * sessions in operator_sessions, lockout after 10 failures, and operator management for admins.
 */
export function createAuthService(deps: { db: Db; dataKey: Buffer; audit: AuditLog; now: () => Date }) {
  const { db, dataKey, audit, now } = deps;
  const repo = createOperatorsRepository(db);

  const isLocked = (op: Row<'operator_users'>) => op.locked_until !== null && op.locked_until > nowIso(now());

  async function recordFailure(op: Row<'operator_users'>, action: 'sign-in-failed' | 'second-factor-failed') {
    await audit.record({ actor: op.id, action, entity: 'operator', entityId: op.id });
    const count = await repo.addFailure(op.id);
    if (count >= MAX_FAILED_SIGN_INS) {
      await repo.update(op.id, {
        failed_sign_ins: 0,
        locked_until: nowIso(new Date(now().getTime() + LOCK_MS)),
      });
      await repo.deleteSessionsOf(op.id);
      await audit.record({ actor: op.id, action: 'account-locked', entity: 'operator', entityId: op.id });
      throw new LockedError();
    }
  }

  async function newSession(operatorId: string, stage: 'second-factor' | 'active', trx: Db = db) {
    const token = randomBytes(32).toString('base64url');
    const row = sessionRow(token, operatorId, stage, now());
    await repo.insertSession(row, trx);
    return { token, session: row };
  }

  const checkCode = (secret: string, code: string, lastStep: number | null) =>
    checkTotpCode(secret, code, lastStep, now());

  /** Ends the part-signed-in session and starts a fresh, fully signed-in one (new id: no fixation). */
  async function promote(ctx: SessionContext, set: Parameters<typeof repo.update>[1]) {
    return db.transaction().execute(async (trx) => {
      await repo.update(ctx.operator.id, { ...set, failed_sign_ins: 0, last_login_at: nowIso(now()) }, trx);
      await repo.deleteSession(ctx.session.id, trx);
      return newSession(ctx.operator.id, 'active', trx);
    });
  }

  return {
    async signIn(email: string, password: string) {
      const op = await repo.findByEmail(email);
      if (!op || op.disabled_at !== null) {
        dummyHash ??= hashPassword(randomUUID());
        await verifyPassword(password, await dummyHash);
        await audit.record({
          actor: op?.id ?? 'anonymous',
          action: 'sign-in-failed',
          entity: 'operator',
          entityId: op?.id ?? 'unknown',
        });
        throw new SignInError('email', SIGN_IN_FAILED_MESSAGE);
      }
      if (isLocked(op)) throw new LockedError();
      if (!(await verifyPassword(password, op.password_hash))) {
        await recordFailure(op, 'sign-in-failed');
        throw new SignInError('email', SIGN_IN_FAILED_MESSAGE);
      }
      const { token, session } = await newSession(op.id, 'second-factor');
      return {
        token,
        csrfToken: session.csrf_token,
        next: op.totp_secret ? ('code' as const) : ('enrol' as const),
      };
    },

    async confirmCode(ctx: SessionContext, code: string) {
      const op = ctx.operator;
      if (!op.totp_secret) throw new ConflictError('Set up your authenticator app first');
      if (isLocked(op)) throw new LockedError();
      const step = await checkCode(decryptField(op.totp_secret, dataKey), code, op.totp_last_step);
      if (step === null) {
        await recordFailure(op, 'second-factor-failed');
        throw new SignInError('code', CODE_FAILED_MESSAGE);
      }
      const fresh = await promote(ctx, { totp_last_step: step });
      await audit.record({ actor: op.id, action: 'sign-in', entity: 'operator', entityId: op.id });
      return { token: fresh.token, csrfToken: fresh.session.csrf_token, operator: toOperatorView(op) };
    },

    /** The enrolment's QR code and setup key; the same secret until a code confirms it. */
    async enrolment(ctx: SessionContext) {
      if (ctx.operator.totp_secret) throw new ConflictError('Your authenticator app is already set up');
      let secret = ctx.session.pending_totp_secret
        ? decryptField(ctx.session.pending_totp_secret, dataKey)
        : null;
      if (!secret) {
        secret = generateSecret();
        await repo.setPendingSecret(ctx.session.id, encryptField(secret, dataKey));
      }
      const uri = generateURI({ issuer: TOTP_ISSUER, label: ctx.operator.email, secret });
      return {
        qrCode: await QRCode.toDataURL(uri, { margin: 1, width: 240 }),
        setupKey: secret.replace(/(.{4})/g, '$1 ').trim(),
        issuer: TOTP_ISSUER,
        account: ctx.operator.email,
      };
    },

    async confirmEnrolment(ctx: SessionContext, code: string) {
      const op = ctx.operator;
      if (op.totp_secret) throw new ConflictError('Your authenticator app is already set up');
      if (!ctx.session.pending_totp_secret)
        throw new ConflictError('Start setting up your authenticator app again');
      if (isLocked(op)) throw new LockedError();
      const secret = decryptField(ctx.session.pending_totp_secret, dataKey);
      const step = await checkCode(secret, code, null);
      if (step === null) {
        await recordFailure(op, 'second-factor-failed');
        throw new SignInError('code', CODE_FAILED_MESSAGE);
      }
      const fresh = await promote(ctx, {
        totp_secret: encryptField(secret, dataKey),
        totp_enrolled_at: nowIso(now()),
        totp_last_step: step,
      });
      await audit.record({
        actor: op.id,
        action: 'second-factor-enrolled',
        entity: 'operator',
        entityId: op.id,
      });
      await audit.record({ actor: op.id, action: 'sign-in', entity: 'operator', entityId: op.id });
      return { token: fresh.token, csrfToken: fresh.session.csrf_token, operator: toOperatorView(op) };
    },

    /** The session behind a cookie token, if still valid (30 minutes idle, 12 hours at most). */
    async resolveSession(token: string): Promise<SessionContext | null> {
      if (token.length < 20 || token.length > 100) return null;
      const session = await repo.findSession(sha256Hex(token));
      if (!session) return null;
      const at = now();
      const idleSince = Date.parse(session.last_seen_at);
      if (at.getTime() >= Date.parse(session.expires_at) || at.getTime() - idleSince >= IDLE_TIMEOUT_MS) {
        await repo.deleteSession(session.id);
        return null;
      }
      const operator = await repo.findById(session.operator_id);
      if (!operator || operator.disabled_at !== null) return null;
      // One write a minute at most: enough for a 30-minute idle limit.
      if (at.getTime() - idleSince > 60_000) await repo.touchSession(session.id, nowIso(at));
      return { session, operator };
    },

    async signOut(ctx: SessionContext) {
      await repo.deleteSession(ctx.session.id);
      await audit.record({
        actor: ctx.operator.id,
        action: 'sign-out',
        entity: 'operator',
        entityId: ctx.operator.id,
      });
    },

    csrfMatches(ctx: SessionContext, sent: unknown): boolean {
      if (typeof sent !== 'string') return false;
      const a = Buffer.from(sent);
      const b = Buffer.from(ctx.session.csrf_token);
      return a.length === b.length && timingSafeEqual(a, b);
    },

    ...createOperatorManagement({ db, audit, now, isLocked }),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
