import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { OperatorChange, OperatorCreate, OperatorRole } from '@taxback/domain/admin-schemas';
import { hashPassword } from '../../crypto/password.ts';
import type { Database, Row } from '../../db/database.ts';
import { nowIso } from '../../db/values.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type { AuditLog } from './audit.ts';
import { createOperatorsRepository } from './operators-repository.ts';

export interface OperatorView {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
}

export function toOperatorView(row: Row<'operator_users'>): OperatorView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role === 'admin' ? 'admin' : 'caseworker',
  };
}

/** Admins manage operator accounts (D22): list, create, disable, reset, change role. Audited. */
export function createOperatorManagement(deps: {
  db: Kysely<Database>;
  audit: AuditLog;
  now: () => Date;
  isLocked: (op: Row<'operator_users'>) => boolean;
}) {
  const { db, audit, now, isLocked } = deps;
  const repo = createOperatorsRepository(db);
  return {
    async listOperators() {
      return (await repo.list()).map((op) => ({
        ...toOperatorView(op),
        disabled: op.disabled_at !== null,
        secondFactor: op.totp_secret !== null,
        locked: isLocked(op),
        lastSignIn: op.last_login_at,
      }));
    },

    async createOperator(actor: OperatorView, input: OperatorCreate) {
      if (await repo.findByEmail(input.email))
        throw new ValidationError({ email: 'An operator with this email address already exists' });
      const id = randomUUID();
      await repo.insert({
        id,
        email: input.email,
        name: input.name,
        role: input.role,
        password_hash: await hashPassword(input.password),
        created_at: nowIso(now()),
        last_login_at: null,
        disabled_at: null,
        totp_secret: null,
        totp_enrolled_at: null,
        totp_last_step: null,
        locked_until: null,
      });
      await audit.record({
        actor: actor.id,
        action: 'operator-created',
        entity: 'operator',
        entityId: id,
        detail: { role: input.role },
      });
      return { id };
    },

    async changeOperator(actor: OperatorView, id: string, change: OperatorChange) {
      const op = await repo.findById(id);
      if (!op) throw new NotFoundError();
      if (op.id === actor.id && (change.action === 'disable' || change.action === 'set-role'))
        throw new ConflictError('You cannot disable your own account or change your own role');
      await db.transaction().execute(async (trx) => {
        switch (change.action) {
          case 'disable':
            await repo.update(id, { disabled_at: nowIso(now()) }, trx);
            break;
          case 'enable':
            await repo.update(id, { disabled_at: null, failed_sign_ins: 0, locked_until: null }, trx);
            break;
          case 'reset-second-factor':
            await repo.update(id, { totp_secret: null, totp_enrolled_at: null, totp_last_step: null }, trx);
            break;
          case 'reset-password':
            await repo.update(
              id,
              { password_hash: await hashPassword(change.password), failed_sign_ins: 0, locked_until: null },
              trx,
            );
            break;
          case 'set-role':
            await repo.update(id, { role: change.role }, trx);
            break;
        }
        // Any change to an account signs it out everywhere.
        if (change.action !== 'enable') await repo.deleteSessionsOf(id, trx);
        await audit.record(
          {
            actor: actor.id,
            action: 'operator-changed',
            entity: 'operator',
            entityId: id,
            detail: { change: change.action, ...(change.action === 'set-role' ? { role: change.role } : {}) },
          },
          trx,
        );
      });
    },
  };
}
