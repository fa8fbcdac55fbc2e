import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { NOMINATION_MESSAGES } from '@taxback/domain';
import type { Database, Row } from '../../db/database.ts';
import { nowIso } from '../../db/values.ts';
import { BadRequestError, NotFoundError, ServiceUnavailableError } from '../../errors.ts';
import type { ClientMoneyDeps, NominatingClaim, NominationSettings } from './context.ts';
import { storeSignedNomination } from './nomination-store.ts';

// D29 (issue 47, decision 079): a nomination signed in Dropbox Sign's embedded window. Starting it
// keeps a pending request (migration 048); the vendor's signed event, or a check when the claimant
// is back on the status page, collects the signed PDF and audit trail through the provider and
// stores them as the offline signature is stored, closing the request in the same transaction:
// the same event twice, or an event and a check at once, store it once.

/** What an authentic event did: stored the nomination, found it stored, closed it declined, or nothing. */
export type NominationEventOutcome = 'stored' | 'duplicate' | 'declined' | 'ignored';

/** The request was closed already: thrown inside the transaction so that nothing is stored. */
const ALREADY = new Error('nomination request closed already');
/** A claimant's checks ask the vendor at most this often (the page polls while it waits). */
export const CHECK_INTERVAL_MS = 5_000;

type Db = Kysely<Database> | Transaction<Database>;

export function createNominationRequests(deps: ClientMoneyDeps, settings: NominationSettings | null) {
  const { db } = deps;

  /** Closes a pending request; false when it was closed already. */
  async function close(trx: Db, id: string, state: 'signed' | 'declined', at: string): Promise<boolean> {
    const updated = await trx
      .updateTable('nomination_requests')
      .set({ state, closed_at: at })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** Collects a request the vendor may have completed and stores it once. */
  async function complete(row: Row<'nomination_requests'>): Promise<'stored' | 'duplicate' | 'waiting'> {
    if (!settings || row.state !== 'pending') return 'duplicate';
    const result = await settings.provider.collect(row.signature_id);
    if (result.ok !== true) return 'waiting';
    const signedAt = nowIso(deps.now());
    try {
      await storeSignedNomination(deps, {
        claim: {
          kind: row.claim_kind,
          id: row.claim_id,
          sessionId: row.session_id,
          caseId: row.case_id,
          reference: row.reference,
        },
        signed: result,
        provider: row.provider,
        signedAt,
        within: async (trx) => {
          if (!(await close(trx, row.id, 'signed', signedAt))) throw ALREADY;
        },
      });
      return 'stored';
    } catch (error) {
      if (error === ALREADY) return 'duplicate';
      throw error;
    }
  }

  const newestPending = (caseId: string) =>
    db
      .selectFrom('nomination_requests')
      .selectAll()
      .where('case_id', '=', caseId)
      .where('state', '=', 'pending')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();

  return {
    /** Keeps a request the vendor started for the claim, pending until it is signed. */
    async start(claim: NominatingClaim, signatureId: string, at: string): Promise<void> {
      await db
        .insertInto('nomination_requests')
        .values({
          id: randomUUID(),
          case_id: claim.caseId,
          claim_kind: claim.kind,
          claim_id: claim.id,
          session_id: claim.sessionId,
          reference: claim.reference,
          signature_id: signatureId,
          provider: settings?.provider.name ?? 'offline',
          state: 'pending',
          created_at: at,
          checked_at: null,
          closed_at: null,
        })
        .execute();
    },

    /** The case's newest request still waiting, when started after the newest signed nomination. */
    async pendingOf(caseId: string, after: string | undefined): Promise<{ startedAt: string } | null> {
      const row = await newestPending(caseId);
      return row && (after === undefined || row.created_at > after) ? { startedAt: row.created_at } : null;
    },

    /**
     * The claimant is back on the page: asks the vendor about the case's newest pending request (at
     * most every CHECK_INTERVAL_MS, whoever asks) and stores it if signed. A vendor failure leaves
     * it pending for the event or the next check.
     */
    async check(claim: NominatingClaim): Promise<void> {
      const row = await newestPending(claim.caseId);
      if (!row) return;
      const at = deps.now();
      const due = nowIso(new Date(at.getTime() - CHECK_INTERVAL_MS));
      const turn = await db
        .updateTable('nomination_requests')
        .set({ checked_at: nowIso(at) })
        .where('id', '=', row.id)
        .where('state', '=', 'pending')
        .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<=', due)]))
        .executeTakeFirst();
      if (Number(turn.numUpdatedRows) === 1) await complete(row);
    },

    /**
     * Dropbox Sign's event (its `json` field as sent): 404 when no vendor is configured, 400 when its
     * hash is wrong (nothing stored); 503 when a signed nomination cannot be collected yet, so
     * Dropbox Sign sends the event again.
     */
    async receiveEvent(json: string): Promise<NominationEventOutcome> {
      const read = settings
        ? settings.provider.readEvent(json)
        : ({ ok: false, code: 'not-offered' } as const);
      if (!read.ok && read.code === 'not-offered') throw new NotFoundError(NOMINATION_MESSAGES.notConfigured);
      if (!read.ok) throw new BadRequestError(NOMINATION_MESSAGES.eventHashWrong);
      if (read.kind === 'other' || read.signatureId === null) return 'ignored';
      const row = await db
        .selectFrom('nomination_requests')
        .selectAll()
        .where('signature_id', '=', read.signatureId)
        .executeTakeFirst();
      if (!row) return 'ignored';
      if (read.kind === 'declined')
        return (await close(db, row.id, 'declined', nowIso(deps.now()))) ? 'declined' : 'duplicate';
      const done = await complete(row);
      if (done === 'waiting') throw new ServiceUnavailableError(NOMINATION_MESSAGES.providerFailed);
      return done;
    },
  };
}
export type NominationRequests = ReturnType<typeof createNominationRequests>;
