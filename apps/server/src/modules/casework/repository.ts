import type { Kysely } from 'kysely';
import type { ClaimKind, Database, NewRow } from '../../db/database.ts';

// Queries on a claim's thread (issue 28, D33): messages, information requests and their items, and
// the texts and emails sent about the claim. Rows are only ever inserted, apart from an item's
// answer and a request's status, which are written once when the claimant replies.

type Db = Kysely<Database>;

/** Who a claimant's own status move is recorded as (claim_status_history.operator_id is required). */
export const CLAIMANT_ACTOR = 'claimant';

/** Who a move the service makes itself is recorded as: a case's join (D38, migration 042). */
export const CASE_SYSTEM_ACTOR = 'system';

export const claimTable = (kind: ClaimKind) => (kind === 'general' ? 'form_responses' : 'onboarding_claims');

/**
 * D38 (migration 042): the claims that follow this case, whose threads from before they joined it
 * are part of the case's thread now. A claim that follows a case sends and receives nothing of its
 * own, so this only ever finds what was written before the fold.
 */
async function followersOf(db: Db, caseId: string): Promise<{ id: string; sessionId: string }[]> {
  const [general, mileage] = await Promise.all(
    (['form_responses', 'onboarding_claims'] as const).map((table) =>
      db
        .selectFrom(table)
        .select(['id', 'session_id'])
        .where('case_id', '=', caseId)
        .where('follows_case', '=', 1)
        .execute(),
    ),
  );
  return [...general!, ...mileage!].map((r) => ({ id: r.id, sessionId: r.session_id }));
}

export function createCaseworkRepository(db: Db) {
  return {
    followers: (caseId: string) => followersOf(db, caseId),

    /** The thread's messages, oldest first: the claim's, and (D38) those of claims folded into its case. */
    messages(claimId: string, folded: readonly string[] = []) {
      return db
        .selectFrom('claim_messages as m')
        .leftJoin('operator_users as o', 'o.id', 'm.operator_id')
        .select([
          'm.id',
          'm.author',
          'm.body',
          'm.request_id',
          'm.file_ids',
          'm.created_at',
          'o.name as operator',
        ])
        .where('m.claim_id', 'in', [claimId, ...folded])
        .orderBy('m.created_at')
        .orderBy('m.id')
        .execute();
    },

    requests(claimId: string, folded: readonly string[] = []) {
      return db
        .selectFrom('information_requests')
        .selectAll()
        .where('claim_id', 'in', [claimId, ...folded])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    items(requestIds: string[]) {
      if (requestIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('information_request_items')
        .selectAll()
        .where('request_id', 'in', requestIds)
        .orderBy('request_id')
        .orderBy('position')
        .execute();
    },

    async notices(claimId: string) {
      const [texts, emails] = await Promise.all([
        db
          .selectFrom('sms_outbox')
          .select(['id', 'template', 'body', 'status', 'created_at', 'sent_at'])
          .where('claim_id', '=', claimId)
          .execute(),
        db
          .selectFrom('email_outbox')
          .select(['id', 'template', 'subject', 'status', 'created_at', 'sent_at'])
          .where('claim_id', '=', claimId)
          .execute(),
      ]);
      return [
        ...texts.map((t) => ({ ...t, channel: 'sms' as const, summary: t.body })),
        ...emails.map((e) => ({ ...e, channel: 'email' as const, summary: e.subject })),
      ].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    },

    openRequest(trx: Db, claimId: string) {
      return trx
        .selectFrom('information_requests')
        .selectAll()
        .where('claim_id', '=', claimId)
        .where('status', '=', 'open')
        .executeTakeFirst();
    },

    async addMessage(trx: Db, row: NewRow<'claim_messages'>): Promise<void> {
      await trx.insertInto('claim_messages').values(row).execute();
    },

    /** Issue 44: the claim's message sent with a draft's key, if one was. */
    async messageByKey(claimId: string, key: string): Promise<{ id: string } | undefined> {
      return db
        .selectFrom('claim_messages')
        .select('id')
        .where('claim_id', '=', claimId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    },

    async addRequest(
      trx: Db,
      request: NewRow<'information_requests'>,
      items: NewRow<'information_request_items'>[],
    ): Promise<void> {
      await trx.insertInto('information_requests').values(request).execute();
      await trx.insertInto('information_request_items').values(items).execute();
    },

    /** Marks the open request answered; false when it was not open any more (a second reply). */
    async answerRequest(trx: Db, requestId: string, at: string): Promise<boolean> {
      const result = await trx
        .updateTable('information_requests')
        .set({ status: 'answered', answered_at: at })
        .where('id', '=', requestId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Answers an item not answered yet; false when it was answered first (issue 44: once only). */
    async answerItem(trx: Db, itemId: string, answer: string, fileIds: string[]): Promise<boolean> {
      const result = await trx
        .updateTable('information_request_items')
        .set({ answer, file_ids: JSON.stringify(fileIds) })
        .where('id', '=', itemId)
        .where('answer', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** An operator moved the claim on: any open request is closed, unanswered. */
    async closeOpenRequests(trx: Db, claimId: string): Promise<void> {
      await trx
        .updateTable('information_requests')
        .set({ status: 'closed' })
        .where('claim_id', '=', claimId)
        .where('status', '=', 'open')
        .execute();
    },

    /**
     * Sets the casework columns of migration 015 on the claim, only if its version is still
     * `version` (a stale copy changes nothing), and bumps the version. False when stale.
     */
    async touchClaim(
      trx: Db,
      kind: ClaimKind,
      id: string,
      version: number,
      set: {
        status?: string;
        at: string;
        replyDueOn?: string | null;
        replyReceivedAt?: string | null;
        unreadPlus?: number;
        /** False: the version was bumped already in this transaction (a status move). */
        bump?: boolean;
      },
    ): Promise<boolean> {
      const result = await trx
        .updateTable(claimTable(kind))
        .set((eb) => ({
          version: set.bump === false ? version : version + 1,
          updated_at: set.at,
          last_action_at: set.at,
          ...(set.status ? { status: set.status, status_changed_at: set.at } : {}),
          ...(set.replyDueOn !== undefined ? { reply_due_on: set.replyDueOn } : {}),
          ...(set.replyReceivedAt !== undefined ? { reply_received_at: set.replyReceivedAt } : {}),
          ...(set.unreadPlus
            ? { operator_unread_count: eb('operator_unread_count', '+', set.unreadPlus) }
            : {}),
        }))
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** An operator read the thread: nothing unread any more (no version bump: reading changes nothing). */
    async markRead(kind: ClaimKind, id: string): Promise<void> {
      await db.updateTable(claimTable(kind)).set({ operator_unread_count: 0 }).where('id', '=', id).execute();
    },
  };
}

export type CaseworkRepository = ReturnType<typeof createCaseworkRepository>;
