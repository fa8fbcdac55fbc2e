import type { Kysely, Transaction } from 'kysely';
import { generalClaimReference } from '@taxback/domain/reference';
import type { ClaimAllocation, ClaimsAllocation } from '@taxback/domain/admin-schemas';
import type { DbDialect } from '../../db/connect.ts';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/values.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type { AuditLog } from '../operators/index.ts';
import { assertMayChangeClaim } from '../shared/claim-access.ts';
import type { ClaimActor } from '../shared/claim-access.ts';
import { OPEN_STATUSES } from './claim-list-queries.ts';
import { followCase } from './case-workflow.ts';

type Db = Kysely<Database>;
type Table = 'form_responses' | 'onboarding_claims';

/** One claim as allocation reads it, from either table. */
interface Candidate {
  table: Table;
  id: string;
  reference: string;
  status: string;
  owner_id: string | null;
  submitted: string | null;
  /** Migration 042: 1 when the claim follows its case's workflow (allocated with the case). */
  follows_case: number;
}

const SIDES = [
  { table: 'form_responses', submitted: 'created_at' },
  { table: 'onboarding_claims', submitted: 'submitted_at' },
] as const;

/** How many of the oldest unallocated claims one "Take next" tries before asking again. */
const TAKE_CANDIDATES = 5;

type Deps = { db: Db; dialect: DbDialect; audit: AuditLog; now: () => Date };

/**
 * Sets the owner only if it is still `from`: of two changes at once exactly one wins. A claim
 * that follows its case is never allocated alone; the claims that follow this one take its owner
 * (D38).
 */
async function setOwnerOf(
  trx: Db,
  at: string,
  c: { table: Table; id: string },
  from: string | null,
  to: string | null,
) {
  const allocatedAt = to === null ? null : at;
  const result = await trx
    .updateTable(c.table)
    .set({ owner_id: to, allocated_at: allocatedAt, last_action_at: at })
    .where('id', '=', c.id)
    .where('owner_id', from === null ? 'is' : '=', from)
    .where('status', 'in', OPEN_STATUSES)
    .where('follows_case', '=', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await followCase(trx, c.id, { owner_id: to, allocated_at: allocatedAt, at });
  return true;
}

/** The queries and writes allocation is made of. */
function allocationQueries(deps: Deps) {
  const { db, audit, now } = deps;
  const postgres = deps.dialect === 'postgres';

  /** Is any claim waiting, locked by another "Take next" or not? */
  async function poolHasClaims(trx: Db): Promise<boolean> {
    for (const side of SIDES) {
      const row = await trx
        .selectFrom(side.table)
        .select('id')
        .where('owner_id', 'is', null)
        .where('status', 'in', OPEN_STATUSES)
        .where('follows_case', '=', 0)
        .limit(1)
        .executeTakeFirst();
      if (row) return true;
    }
    return false;
  }

  async function operatorName(trx: Db, id: string | null): Promise<string | null> {
    if (id === null) return null;
    const row = await trx.selectFrom('operator_users').select('name').where('id', '=', id).executeTakeFirst();
    return row?.name ?? null;
  }

  async function activeOperator(id: string): Promise<{ id: string; name: string }> {
    const row = await db
      .selectFrom('operator_users')
      .select(['id', 'name'])
      .where('id', '=', id)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw new ValidationError({ ownerId: 'Select a caseworker from the list' });
    return row;
  }

  async function findCandidates(trx: Db, ids: readonly string[]): Promise<Candidate[]> {
    const general = await trx
      .selectFrom('form_responses')
      .select(['id', 'reference', 'status', 'owner_id', 'created_at as submitted', 'follows_case'])
      .where('id', 'in', ids)
      .execute();
    const mileage = await trx
      .selectFrom('onboarding_claims')
      .select([
        'id',
        'status',
        'owner_id',
        'submitted_at as submitted',
        'submission_reference',
        'follows_case',
      ])
      .where('id', 'in', ids)
      .execute();
    return [
      ...general.map((r) => ({
        table: 'form_responses' as const,
        ...r,
        reference: generalClaimReference(r),
      })),
      ...mileage.map(({ submission_reference, ...r }) => ({
        table: 'onboarding_claims' as const,
        ...r,
        reference: submission_reference ?? '',
      })),
    ];
  }

  /** The oldest open claims nobody owns, oldest first; on PostgreSQL locked ones are skipped. */
  async function oldestUnallocated(trx: Transaction<Database>): Promise<Candidate[]> {
    const out: Candidate[] = [];
    for (const side of SIDES) {
      let q = trx
        .selectFrom(side.table)
        .select(['id', `${side.submitted} as submitted`])
        .where('owner_id', 'is', null)
        .where('status', 'in', OPEN_STATUSES)
        .where('follows_case', '=', 0)
        .orderBy(side.submitted)
        .orderBy('id')
        .limit(postgres ? 1 : TAKE_CANDIDATES);
      // Two operators pressing at once skip each other's claim instead of waiting for it.
      if (postgres) q = q.forUpdate().skipLocked();
      for (const r of await q.execute())
        out.push({
          table: side.table,
          id: r.id,
          reference: '',
          status: '',
          owner_id: null,
          submitted: r.submitted,
          follows_case: 0,
        });
    }
    return out.sort(
      (a, b) => (a.submitted ?? '').localeCompare(b.submitted ?? '') || a.id.localeCompare(b.id),
    );
  }

  const setOwner = (trx: Db, c: { table: Table; id: string }, from: string | null, to: string | null) =>
    setOwnerOf(trx, nowIso(now()), c, from, to);

  async function recordMove(
    trx: Db,
    actor: ClaimActor,
    claim: { id: string; reference: string },
    move: { from: string | null; to: string | null; how: string; reason: string | null },
  ) {
    await audit.record(
      {
        actor: actor.id,
        action: 'claim-allocated',
        entity: 'claim',
        entityId: claim.id,
        detail: {
          reference: claim.reference,
          from: move.from,
          fromName: await operatorName(trx, move.from),
          to: move.to,
          toName: await operatorName(trx, move.to),
          how: move.how,
          reason: move.reason,
        },
      },
      trx,
    );
  }

  async function ownerView(table: Table, id: string) {
    const row = await db
      .selectFrom(table)
      .leftJoin('operator_users as o', 'o.id', `${table}.owner_id`)
      .select([`${table}.owner_id as owner_id`, `${table}.allocated_at as allocated_at`, 'o.name as name'])
      .where(`${table}.id`, '=', id)
      .executeTakeFirstOrThrow();
    return {
      owner: row.owner_id ? { id: row.owner_id, name: row.name } : null,
      allocatedAt: row.allocated_at,
    };
  }

  async function one(id: string): Promise<Candidate> {
    const [found] = await findCandidates(db, [id]);
    if (!found) throw new NotFoundError();
    return found;
  }

  return {
    operatorName,
    activeOperator,
    findCandidates,
    oldestUnallocated,
    poolHasClaims,
    setOwner,
    recordMove,
    ownerView,
    one,
  };
}

/** D34: who owns a claim; take, take next, allocate, reallocate, return; every change audited. */
export function createClaimAllocation(deps: Deps) {
  const { db } = deps;
  const {
    operatorName,
    activeOperator,
    findCandidates,
    oldestUnallocated,
    poolHasClaims,
    setOwner,
    recordMove,
    ownerView,
    one,
  } = allocationQueries(deps);
  return {
    /** "Take next": the oldest unallocated open claim becomes the actor's. */
    async takeNext(actor: ClaimActor) {
      // A candidate another operator took between the read and the write is skipped; a few rounds
      // settle even when many press at once.
      for (let round = 0; round < 50; round++) {
        if (round > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(round, 10) * 2));
        const outcome = await db.transaction().execute(async (trx) => {
          const candidates = await oldestUnallocated(trx);
          // Every waiting claim may be locked by others pressing now: ask again once they finish.
          if (candidates.length === 0)
            return (await poolHasClaims(trx)) ? ('retry' as const) : ('empty' as const);
          for (const c of candidates) {
            if (!(await setOwner(trx, c, null, actor.id))) continue;
            const [claim] = await findCandidates(trx, [c.id]);
            await recordMove(trx, actor, claim!, {
              from: null,
              to: actor.id,
              how: 'take-next',
              reason: null,
            });
            return claim!;
          }
          return 'retry' as const;
        });
        if (outcome === 'empty') break;
        if (outcome !== 'retry')
          return {
            id: outcome.id,
            kind: outcome.table === 'form_responses' ? ('general' as const) : ('mileage' as const),
            reference: outcome.reference,
          };
      }
      throw new NotFoundError('No claim is waiting in the unallocated pool.');
    },

    /** "Take this claim". */
    async take(actor: ClaimActor, id: string) {
      const claim = await one(id);
      assertMayChangeClaim(
        actor,
        {
          status: claim.status,
          ownerId: claim.owner_id,
          ownerName: await operatorName(db, claim.owner_id),
          followsCase: claim.follows_case === 1,
        },
        'take',
      );
      if (claim.owner_id === actor.id) return ownerView(claim.table, id);
      const won = await db.transaction().execute(async (trx) => {
        if (!(await setOwner(trx, claim, null, actor.id))) return false;
        await recordMove(trx, actor, claim, { from: null, to: actor.id, how: 'take', reason: null });
        return true;
      });
      if (!won) throw new ConflictError('Someone else took this claim a moment ago. Reload the claim.');
      return ownerView(claim.table, id);
    },

    /** "Allocate to" (or reallocate), or "Return to the pool" with ownerId null: admins only. */
    async allocate(actor: ClaimActor, id: string, change: ClaimAllocation) {
      const claim = await one(id);
      assertMayChangeClaim(
        actor,
        { status: claim.status, ownerId: claim.owner_id, followsCase: claim.follows_case === 1 },
        'allocate',
      );
      if (change.ownerId !== null) await activeOperator(change.ownerId);
      if (claim.owner_id === change.ownerId) return ownerView(claim.table, id);
      // Taking a claim off someone needs a reason (D34: every change says who and why).
      if (claim.owner_id !== null && change.reason === '')
        throw new ValidationError({ reason: 'Enter the reason for this change' });
      const how = change.ownerId === null ? 'return' : claim.owner_id === null ? 'allocate' : 'reallocate';
      const won = await db.transaction().execute(async (trx) => {
        if (!(await setOwner(trx, claim, claim.owner_id, change.ownerId))) return false;
        await recordMove(trx, actor, claim, {
          from: claim.owner_id,
          to: change.ownerId,
          how,
          reason: change.reason || null,
        });
        return true;
      });
      if (!won)
        throw new ConflictError(
          'The claim’s owner changed after you opened it. Reload the claim and try again.',
        );
      return ownerView(claim.table, id);
    },

    /**
     * The next N claims of a filtered pool, as the admin saw them, to one operator in one step:
     * if any was taken (or closed) meanwhile nothing changes, and the answer names them.
     */
    async allocateMany(actor: ClaimActor, change: ClaimsAllocation) {
      const owner = await activeOperator(change.ownerId);
      const ids = [...new Set(change.claimIds.map((i) => i.toLowerCase()))];
      assertMayChangeClaim(actor, { status: 'submitted', ownerId: null }, 'allocate');
      const taken = (claims: Candidate[]) =>
        claims.map((c) => ({ id: c.id, reference: c.reference, owner: c.owner_id }));
      const refusal = (claims: Candidate[]) =>
        new ConflictError(
          `${claims.length === 1 ? 'A claim was' : `${claims.length} claims were`} taken or closed meanwhile: ${claims
            .map((c) => c.reference)
            .join(', ')}. Nothing was allocated.`,
          { taken: taken(claims) },
        );
      await db.transaction().execute(async (trx) => {
        const claims = await findCandidates(trx, ids);
        if (claims.length !== ids.length) throw new NotFoundError('A claim in the list no longer exists.');
        const gone = claims.filter(
          (c) =>
            c.owner_id !== null ||
            c.follows_case === 1 ||
            !(OPEN_STATUSES as readonly string[]).includes(c.status),
        );
        if (gone.length > 0) throw refusal(gone);
        for (const c of claims) {
          // Lost to a take at the same moment: the whole transaction is rolled back.
          if (!(await setOwner(trx, c, null, owner.id))) {
            const [latest] = await findCandidates(trx, [c.id]);
            throw refusal([latest ?? c]);
          }
          await recordMove(trx, actor, c, {
            from: null,
            to: owner.id,
            how: 'allocate-next',
            reason: change.reason || null,
          });
        }
      });
      return { allocated: ids.length, owner };
    },
  };
}

export type ClaimAllocationService = ReturnType<typeof createClaimAllocation>;
