import type { Kysely, Transaction } from 'kysely';
import { generalClaimReference, isClaimStatus, normaliseUkPhone, parseClaimReference } from '@taxback/domain';
import type { ClaimStatus } from '@taxback/domain';
import type { ClaimKind, Database } from '../../db/database.ts';
import { expireLiveCodes, useLiveCode } from '../../db/texted-codes.ts';

// Queries for the claimant's status page (D23). Codes, phones and IPs are stored as HMACs only.

type Db = Kysely<Database> | Transaction<Database>;

export interface StatusClaim {
  kind: ClaimKind;
  id: string;
  sessionId: string;
  reference: string;
  submittedAt: string;
  status: ClaimStatus;
  /** The claim's version (issue 28: a change made on a stale page is refused). */
  version: number;
  money: { repaidPence: number; feePence: number; claimantPence: number } | null;
  /** The claim's case (migration 034): its first claim's id; HMRC answers the case per year (D40). */
  caseId: string;
}

function moneyOf(row: {
  repaid_pence: number | null;
  fee_pence: number | null;
  claimant_pence: number | null;
}) {
  return row.repaid_pence === null
    ? null
    : {
        repaidPence: row.repaid_pence,
        feePence: row.fee_pence ?? 0,
        claimantPence: row.claimant_pence ?? row.repaid_pence,
      };
}

const samePhone = (stored: string | null, e164: string) =>
  stored !== null && normaliseUkPhone(stored) === e164;

/**
 * D38: the case's reference is the one its claimant is sent, whichever of the case's claims a
 * message is about; the phone on a claim that follows the case (given later, perhaps changed)
 * opens the case as well as the first claim's own phone.
 */
async function reaches(
  db: Kysely<Database>,
  row: { id: string; phone: string | null; follows_case: number },
  e164: string,
): Promise<boolean> {
  if (samePhone(row.phone, e164)) return true;
  if (row.follows_case === 1) return false;
  const [general, mileage] = await Promise.all(
    (['form_responses', 'onboarding_claims'] as const).map((table) =>
      db
        .selectFrom(table)
        .select('phone')
        .where('case_id', '=', row.id)
        .where('follows_case', '=', 1)
        .execute(),
    ),
  );
  return [...general!, ...mileage!].some((f) => samePhone(f.phone, e164));
}

/** D38: the sessions of the case's other submitted claims (a mileage draft is no claim yet). */
export async function caseSessionsOf(
  db: Kysely<Database>,
  caseId: string,
  except: string,
): Promise<string[]> {
  const [general, mileage] = await Promise.all([
    db
      .selectFrom('form_responses')
      .select('session_id')
      .where('case_id', '=', caseId)
      .where('session_id', '!=', except)
      .execute(),
    db
      .selectFrom('onboarding_claims')
      .select('session_id')
      .where('case_id', '=', caseId)
      .where('submitted_at', 'is not', null)
      .where('session_id', '!=', except)
      .execute(),
  ]);
  return [...general, ...mileage].map((r) => r.session_id);
}

export function createStatusRepository(db: Kysely<Database>) {
  const generalClaims = () =>
    db
      .selectFrom('form_responses')
      .select([
        'id',
        'reference',
        'session_id',
        'phone',
        'created_at',
        'status',
        'version',
        'repaid_pence',
        'fee_pence',
        'claimant_pence',
        'case_id',
        'follows_case',
      ]);
  type GeneralRow = Awaited<ReturnType<ReturnType<typeof generalClaims>['executeTakeFirstOrThrow']>>;
  const generalStatusClaim = (row: GeneralRow | undefined): StatusClaim | null => {
    if (!row || !isClaimStatus(row.status)) return null;
    return {
      kind: 'general',
      id: row.id,
      sessionId: row.session_id,
      reference: generalClaimReference(row),
      submittedAt: row.created_at,
      status: row.status,
      version: Number(row.version),
      money: moneyOf(row),
      caseId: row.case_id ?? row.id,
    };
  };

  const mileageClaims = () =>
    db
      .selectFrom('onboarding_claims')
      .select([
        'id',
        'session_id',
        'phone',
        'submitted_at',
        'submission_reference',
        'status',
        'version',
        'repaid_pence',
        'fee_pence',
        'claimant_pence',
        'case_id',
        'follows_case',
      ]);
  type MileageRow = Awaited<ReturnType<ReturnType<typeof mileageClaims>['executeTakeFirstOrThrow']>>;
  const mileageStatusClaim = (row: MileageRow | undefined): StatusClaim | null => {
    if (!row || !isClaimStatus(row.status) || !row.submitted_at || !row.submission_reference) return null;
    return {
      kind: 'onboarding',
      id: row.id,
      sessionId: row.session_id,
      reference: row.submission_reference,
      submittedAt: row.submitted_at,
      status: row.status,
      version: Number(row.version),
      money: moneyOf(row),
      caseId: row.case_id ?? row.id,
    };
  };

  /** D38: a claim that follows its case is followed as the case: its reference leads there. */
  const asCase = async (
    row: { follows_case: number; case_id: string | null } | undefined,
    own: StatusClaim | null,
  ): Promise<StatusClaim | null> => {
    if (!own || !row || row.follows_case !== 1 || row.case_id === null) return own;
    const head = await generalClaims().where('id', '=', row.case_id).executeTakeFirst();
    return generalStatusClaim(head) ?? own;
  };

  return {
    /** The submitted claim with this reference whose mobile number (or a follower's) is `e164` (or its case), or null. */
    async findClaim(reference: string, e164: string): Promise<StatusClaim | null> {
      const parsed = parseClaimReference(reference);
      if (parsed === null) return null;
      if (parsed.kind === 'general') {
        const rows = await generalClaims().where('id', 'like', `${parsed.idPrefix}%`).execute();
        for (const row of rows.filter((r) => isClaimStatus(r.status)))
          if (await reaches(db, row, e164)) return asCase(row, generalStatusClaim(row));
        return null;
      }
      const row = await mileageClaims()
        .where('submission_reference', '=', parsed.reference)
        .executeTakeFirst();
      if (row) return (await reaches(db, row, e164)) ? asCase(row, mileageStatusClaim(row)) : null;
      // Decision 053: a general claim made since then stores a reference of the same shape.
      const general = await generalClaims().where('reference', '=', parsed.reference).executeTakeFirst();
      return general && (await reaches(db, general, e164))
        ? asCase(general, generalStatusClaim(general))
        : null;
    },

    /**
     * The claim a status-page token names, read by its id in one statement: the token proved the
     * reference and phone when it was given, and a second look-up by them could straddle a change
     * to the row (an amendment rewriting its contact columns) and find nothing.
     */
    async claimById(kind: ClaimKind, id: string): Promise<StatusClaim | null> {
      if (kind === 'general')
        return generalStatusClaim(await generalClaims().where('id', '=', id).executeTakeFirst());
      return mileageStatusClaim(await mileageClaims().where('id', '=', id).executeTakeFirst());
    },

    history(kind: ClaimKind, id: string) {
      return db
        .selectFrom('claim_status_history')
        .select(['to_status', 'reason', 'created_at'])
        .where('claim_kind', '=', kind)
        .where('claim_id', '=', id)
        .orderBy('created_at')
        .orderBy('version')
        .execute();
    },

    async countFailuresSince(trx: Db, ipHash: string, sinceIso: string): Promise<number> {
      const row = await trx
        .selectFrom('status_attempts')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('ip_hash', '=', ipHash)
        .where('succeeded', '=', 0)
        .where('throttled', '=', 0)
        .where('created_at', '>', sinceIso)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async recordAttempt(trx: Db, row: Database['status_attempts']): Promise<void> {
      await trx.insertInto('status_attempts').values(row).execute();
    },

    async markAttemptSucceeded(id: string): Promise<void> {
      await db.updateTable('status_attempts').set({ succeeded: 1 }).where('id', '=', id).execute();
    },

    /** Stores a code and retires the claim's earlier live ones: only the latest text works. */
    async insertCode(trx: Db, row: Database['status_codes']): Promise<void> {
      await expireLiveCodes(
        trx,
        'status_codes',
        { claim_kind: row.claim_kind, claim_id: row.claim_id },
        row.created_at,
      );
      await trx.insertInto('status_codes').values(row).execute();
    },

    /** Uses the live code `codeHash` of the claim, once. False when there is none. */
    async useCode(
      kind: ClaimKind,
      id: string,
      codeHash: string,
      phoneHash: string,
      nowIso: string,
    ): Promise<boolean> {
      return useLiveCode(
        db,
        'status_codes',
        { claim_kind: kind, claim_id: id, code_hash: codeHash, phone_hash: phoneHash },
        nowIso,
      );
    },
  };
}

export type StatusRepository = ReturnType<typeof createStatusRepository>;
