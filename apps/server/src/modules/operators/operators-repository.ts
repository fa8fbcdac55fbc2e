import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, OperatorUsersTable, Row } from '../../db/database.ts';

type Db = Kysely<Database>;

/** Queries on operator_users and operator_sessions. */
export function createOperatorsRepository(db: Db) {
  return {
    findByEmail(email: string): Promise<Row<'operator_users'> | undefined> {
      return db.selectFrom('operator_users').selectAll().where('email', '=', email).executeTakeFirst();
    },
    findById(id: string, trx: Db = db): Promise<Row<'operator_users'> | undefined> {
      return trx.selectFrom('operator_users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    list(): Promise<Row<'operator_users'>[]> {
      return db.selectFrom('operator_users').selectAll().orderBy('name').orderBy('id').execute();
    },
    async insert(row: Insertable<OperatorUsersTable>): Promise<void> {
      await db.insertInto('operator_users').values(row).execute();
    },
    async update(id: string, set: Updateable<OperatorUsersTable>, trx: Db = db): Promise<void> {
      await trx.updateTable('operator_users').set(set).where('id', '=', id).execute();
    },
    /** Adds one failed attempt and returns the new count. */
    async addFailure(id: string): Promise<number> {
      const row = await db
        .updateTable('operator_users')
        .set((eb) => ({ failed_sign_ins: eb('failed_sign_ins', '+', 1) }))
        .where('id', '=', id)
        .returning('failed_sign_ins')
        .executeTakeFirst();
      return Number(row?.failed_sign_ins ?? 0);
    },

    findSession(id: string): Promise<Row<'operator_sessions'> | undefined> {
      return db.selectFrom('operator_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insertSession(row: Row<'operator_sessions'>, trx: Db = db): Promise<void> {
      await trx.insertInto('operator_sessions').values(row).execute();
    },
    async touchSession(id: string, at: string): Promise<void> {
      await db.updateTable('operator_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
    },
    async setPendingSecret(id: string, secret: string): Promise<void> {
      await db
        .updateTable('operator_sessions')
        .set({ pending_totp_secret: secret })
        .where('id', '=', id)
        .execute();
    },
    async deleteSession(id: string, trx: Db = db): Promise<void> {
      await trx.deleteFrom('operator_sessions').where('id', '=', id).execute();
    },
    async deleteSessionsOf(operatorId: string, trx: Db = db): Promise<void> {
      await trx.deleteFrom('operator_sessions').where('operator_id', '=', operatorId).execute();
    },
  };
}

export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>;
