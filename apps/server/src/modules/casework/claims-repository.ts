import { dismissedPairs, pairKey } from './duplicate-pairs.ts';
import { POSSIBLE_DUPLICATE_DAYS, duplicateReasons } from '@taxback/domain';
import type { DuplicateKeys } from '@taxback/domain';
import { generalClaimReference } from '@taxback/domain/reference';
import { sql } from 'kysely';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { ClaimKind, Database, NewRow, Row, RowUpdate } from '../../db/database.ts';
import { auditEventsWithOperator } from '../operators/index.ts';
import { createClaimListQueries } from './claim-list-queries.ts';
import { CASE_SYSTEM_ACTOR, CLAIMANT_ACTOR, claimTable } from './repository.ts';

export type { ClaimListRow } from './claim-list-queries.ts';
import type { ClaimListRow } from './claim-list-queries.ts';

type Db = Kysely<Database>;

/** A claim as possible duplicates are looked for: its keys, when it was submitted, its case. */
interface DuplicateCandidate extends DuplicateKeys {
  id: string;
  at: string;
  caseId: string;
}

/** The keys looked for, each a list (one value for one claim, a page's for the queues). */
interface KeyLists {
  phones: string[];
  emails: string[];
  nis: string[];
  people: string[];
}

const listOf = (v: string | null | undefined) => (v ? [v] : []);
const anyKey = (k: KeyLists) => k.phones.length + k.emails.length + k.nis.length + k.people.length > 0;

/**
 * The one condition both tables are searched by (issue 17, D38): a claim sharing any of the keys.
 * The phone is E.164 in `phone_key` (general) and `mobile_number` (mileage); each column is indexed.
 */
function sharesAKey(
  eb: ExpressionBuilder<Database, 'form_responses' | 'onboarding_claims'>,
  phoneColumn: 'phone_key' | 'mobile_number',
  k: KeyLists,
) {
  return eb.or([
    ...(k.phones.length ? [eb(sql.ref<string | null>(phoneColumn), 'in', k.phones)] : []),
    ...(k.emails.length ? [eb('email', 'in', k.emails)] : []),
    ...(k.nis.length ? [eb('ni_key', 'in', k.nis)] : []),
    ...(k.people.length ? [eb('person_key', 'in', k.people)] : []),
  ]);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const withinWindow = (a: string, b: string) =>
  Math.abs(Date.parse(a) - Date.parse(b)) <= POSSIBLE_DUPLICATE_DAYS * DAY_MS;

/**
 * D38 on the queues (issue 42): the ids of `rows` (a page) sharing a phone, email, NI number or
 * person with another submitted claim within 30 days, its own case's claims apart. Two indexed
 * queries for the whole page, whatever its length.
 */
async function findDuplicateIdsAmong(db: Db, rows: readonly ClaimListRow[]): Promise<Set<string>> {
  const page: DuplicateCandidate[] = rows.flatMap((r) =>
    r.submitted_at && r.status !== 'draft'
      ? [
          {
            id: r.id,
            at: r.submitted_at,
            caseId: r.case_id ?? r.id,
            phone: r.phone_key,
            email: r.email,
            niKey: r.ni_key,
            personKey: r.person_key,
          },
        ]
      : [],
  );
  if (page.length === 0) return new Set();
  const times = page.map((p) => Date.parse(p.at));
  const from = new Date(Math.min(...times) - POSSIBLE_DUPLICATE_DAYS * DAY_MS).toISOString();
  const to = new Date(Math.max(...times) + POSSIBLE_DUPLICATE_DAYS * DAY_MS).toISOString();
  const set = (pick: (p: DuplicateCandidate) => string | null | undefined) => [
    ...new Set(page.map(pick).filter((v): v is string => typeof v === 'string' && v.trim() !== '')),
  ];
  const keys: KeyLists = {
    phones: set((p) => p.phone),
    emails: set((p) => p.email),
    nis: set((p) => p.niKey),
    people: set((p) => p.personKey),
  };
  const general = await db
    .selectFrom('form_responses')
    .select(['id', 'created_at', 'case_id', 'phone_key', 'email', 'ni_key', 'person_key'])
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .where((eb) => sharesAKey(eb, 'phone_key', keys))
    .execute();
  const mileage = await db
    .selectFrom('onboarding_claims')
    .select(['id', 'submitted_at', 'case_id', 'mobile_number', 'email', 'ni_key', 'person_key'])
    .where('submitted_at', 'is not', null)
    .where('submitted_at', '>=', from)
    .where('submitted_at', '<=', to)
    .where((eb) => sharesAKey(eb, 'mobile_number', keys))
    .execute();
  const others: DuplicateCandidate[] = [
    ...general.map((g) => ({
      id: g.id,
      at: g.created_at,
      caseId: g.case_id ?? g.id,
      phone: g.phone_key,
      email: g.email,
      niKey: g.ni_key,
      personKey: g.person_key,
    })),
    ...mileage.map((m) => ({
      id: m.id,
      at: m.submitted_at ?? '',
      caseId: m.case_id ?? m.id,
      phone: m.mobile_number,
      email: m.email,
      niKey: m.ni_key,
      personKey: m.person_key,
    })),
  ];
  // D38: pairs an admin marked not duplicates are not flagged again.
  const dismissed = await dismissedPairs(
    db,
    page.map((p) => p.id),
  );
  return new Set(
    page
      .filter((p) =>
        others.some(
          (o) =>
            o.id !== p.id &&
            o.caseId !== p.caseId &&
            !dismissed.has(pairKey(p.id, o.id)) &&
            withinWindow(o.at, p.at) &&
            duplicateReasons(p, o).length > 0,
        ),
      )
      .map((p) => p.id),
  );
}

/**
 * Submitted claims other than `excludeId`, submitted within [from, to], that share the phone
 * (E.164), the email, the NI number's keyed hash (issue 17) or the person's key (D38, migration
 * 035). Each key is indexed.
 */
async function findPossibleDuplicates(
  db: Db,
  input: {
    excludeId: string;
    phone: string | null;
    email: string | null;
    niKey: string | null;
    personKey: string | null;
    from: string;
    to: string;
    limit: number;
  },
): Promise<
  Array<{
    id: string;
    kind: 'general' | 'mileage';
    reference: string | null;
    submittedAt: string;
    /** The claim's case (migration 034): its first claim's id. */
    caseId: string;
    phone: string | null;
    email: string | null;
    niKey: string | null;
    personKey: string | null;
  }>
> {
  const { excludeId, phone, email, niKey, personKey, from, to, limit } = input;
  const keys: KeyLists = {
    phones: listOf(phone),
    emails: listOf(email),
    nis: listOf(niKey),
    people: listOf(personKey),
  };
  const general = anyKey(keys)
    ? await db
        .selectFrom('form_responses')
        .select(['id', 'reference', 'created_at', 'case_id', 'phone_key', 'email', 'ni_key', 'person_key'])
        .where('id', '!=', excludeId)
        .where('created_at', '>=', from)
        .where('created_at', '<=', to)
        .where((eb) => sharesAKey(eb, 'phone_key', keys))
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute()
    : [];
  const mileage = anyKey(keys)
    ? await db
        .selectFrom('onboarding_claims')
        .select([
          'id',
          'submission_reference',
          'submitted_at',
          'case_id',
          'mobile_number',
          'email',
          'ni_key',
          'person_key',
        ])
        .where('id', '!=', excludeId)
        .where('submitted_at', 'is not', null)
        .where('submitted_at', '>=', from)
        .where('submitted_at', '<=', to)
        .where((eb) => sharesAKey(eb, 'mobile_number', keys))
        .orderBy('submitted_at', 'desc')
        .limit(limit)
        .execute()
    : [];
  return [
    ...general.map((r) => ({
      id: r.id,
      kind: 'general' as const,
      reference: generalClaimReference(r),
      submittedAt: r.created_at,
      caseId: r.case_id ?? r.id,
      phone: r.phone_key,
      email: r.email,
      niKey: r.ni_key,
      personKey: r.person_key,
    })),
    ...mileage.map((r) => ({
      id: r.id,
      kind: 'mileage' as const,
      reference: r.submission_reference,
      submittedAt: r.submitted_at ?? '',
      caseId: r.case_id ?? r.id,
      phone: r.mobile_number,
      email: r.email,
      niKey: r.ni_key,
      personKey: r.person_key,
    })),
  ]
    .sort((a, b) => b.submittedAt.localeCompare(a.submittedAt))
    .slice(0, limit);
}

/**
 * Records an operator action on the claim for the queues' "time since last action" (migration
 * 015), leaving its version alone: a note changes nothing a stale copy could overwrite. (Casework's
 * `touchClaim` is the versioned one.)
 */
export async function markActed(trx: Db, kind: ClaimKind, id: string, at: string): Promise<void> {
  const table = claimTable(kind);
  await trx.updateTable(table).set({ last_action_at: at }).where('id', '=', id).execute();
}

/** D35's sent and repaid records, and the operators named on a claim. */
function createHmrcRecordQueries(db: Db) {
  return {
    /** D35: one value of the sent or repaid record (the first, or a correction), never changed. */
    async addHmrcRecord(trx: Db, row: NewRow<'claim_hmrc_records'>): Promise<void> {
      await trx.insertInto('claim_hmrc_records').values(row).execute();
    },

    /** The corrected record's columns, and the time of this operator action. */
    async setRecordColumns(
      trx: Db,
      kind: ClaimKind,
      id: string,
      set: RowUpdate<'onboarding_claims'> & RowUpdate<'form_responses'>,
    ): Promise<void> {
      const table = claimTable(kind);
      await trx.updateTable(table).set(set).where('id', '=', id).execute();
    },

    hmrcRecords(claimId: string) {
      return db
        .selectFrom('claim_hmrc_records as r')
        .leftJoin('operator_users as o', 'o.id', 'r.operator_id')
        .select(['r.id', 'r.record', 'r.value', 'r.reason', 'r.created_at', 'o.name as operator'])
        .where('r.claim_id', '=', claimId)
        .orderBy('r.created_at')
        .orderBy('r.id')
        .execute();
    },

    /** The operator's name and role (the owner shown on a claim, and in a refusal). */
    operator(id: string | null) {
      if (id === null) return Promise.resolve(undefined);
      return db
        .selectFrom('operator_users')
        .select(['id', 'name', 'role'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}

/**
 * D38 on the queues: the claims that follow each listed case's first claim, from one indexed
 * query on each table's case_id; a mileage claim with what its readiness is read from.
 */
async function findCaseFollowersAmong(db: Db, rows: readonly ClaimListRow[]) {
  const ids = rows.filter((r) => r.kind === 'general').map((r) => r.id);
  if (ids.length === 0) return { general: [], mileage: [] };
  const [general, mileage] = await Promise.all([
    db
      .selectFrom('form_responses')
      .select(['id', 'case_id'])
      .where('case_id', 'in', ids)
      .where('follows_case', '=', 1)
      .execute(),
    db
      .selectFrom('onboarding_claims')
      .select([
        'id',
        'case_id',
        'submission_reference',
        'snapshot',
        'snapshot_version',
        'admin_ni_number',
        'evidence_files',
        'submitted_at',
      ])
      .where('case_id', 'in', ids)
      .where('follows_case', '=', 1)
      .execute(),
  ]);
  return { general, mileage };
}

/** Queries for the back-office over form_responses (general) and onboarding_claims (mileage). */
export function createAdminClaimsRepository(db: Db) {
  return {
    ...createClaimListQueries(db),
    ...createHmrcRecordQueries(db),

    possibleDuplicates: (input: Parameters<typeof findPossibleDuplicates>[1]) =>
      findPossibleDuplicates(db, input),

    /** D38 on the queues: which of a page's claims have a possible duplicate (two queries a page). */
    duplicateIdsAmong: (rows: readonly ClaimListRow[]) => findDuplicateIdsAmong(db, rows),

    caseFollowersAmong: (rows: readonly ClaimListRow[]) => findCaseFollowersAmong(db, rows),

    async findGeneral(id: string): Promise<Row<'form_responses'> | undefined> {
      return db.selectFrom('form_responses').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async findMileage(id: string): Promise<Row<'onboarding_claims'> | undefined> {
      return db.selectFrom('onboarding_claims').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Issue 42: the mileage claim of a case (one at most, migration 034). */
    async findCaseMileage(caseId: string): Promise<Row<'onboarding_claims'> | undefined> {
      return db.selectFrom('onboarding_claims').selectAll().where('case_id', '=', caseId).executeTakeFirst();
    },

    /**
     * Optimistic concurrency: the change applies only if nobody changed the claim since `version`
     * was read, so of two operators acting at once one wins and the other gets 0 rows.
     */
    async changeStatus(
      trx: Db,
      kind: ClaimKind,
      id: string,
      change: {
        from: string;
        to: string;
        version: number;
        at: string;
        money?: { repaid: number; fee: number; claimant: number } | null;
        /** D35: the sent or repaid record's columns, written with the move. */
        record?: RowUpdate<'onboarding_claims'> & RowUpdate<'form_responses'>;
      },
    ): Promise<boolean> {
      const set = {
        ...change.record,
        status: change.to,
        version: change.version + 1,
        status_changed_at: change.at,
        updated_at: change.at,
        last_action_at: change.at,
        ...(change.money
          ? {
              repaid_pence: change.money.repaid,
              fee_pence: change.money.fee,
              claimant_pence: change.money.claimant,
            }
          : {}),
      };
      const table = claimTable(kind);
      const result = await trx
        .updateTable(table)
        .set(set)
        .where('id', '=', id)
        .where('version', '=', change.version)
        .where('status', '=', change.from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** One status move in the claim's history, in the move's transaction. */
    async addHistory(trx: Db, row: NewRow<'claim_status_history'>): Promise<void> {
      await trx.insertInto('claim_status_history').values(row).execute();
    },

    async addNote(trx: Db, row: NewRow<'claim_notes'>): Promise<void> {
      await trx.insertInto('claim_notes').values(row).execute();
      await markActed(trx, row.claim_kind, row.claim_id, row.created_at);
    },

    async history(claimId: string) {
      const rows = await db
        .selectFrom('claim_status_history as h')
        .leftJoin('operator_users as o', 'o.id', 'h.operator_id')
        .select([
          'h.id',
          'h.from_status',
          'h.to_status',
          'h.reason',
          'h.created_at',
          'h.operator_id',
          'o.name as operator',
        ])
        .where('h.claim_id', '=', claimId)
        .orderBy('h.version')
        .execute();
      // Issue 28: the claimant's reply moves the claim back to "in review" themselves.
      return rows.map(({ operator_id, ...row }) => ({
        ...row,
        operator:
          row.operator ??
          (operator_id === CLAIMANT_ACTOR
            ? 'The claimant'
            : operator_id === CASE_SYSTEM_ACTOR
              ? 'Our service'
              : null),
      }));
    },
    notes(claimId: string) {
      return db
        .selectFrom('claim_notes as n')
        .leftJoin('operator_users as o', 'o.id', 'n.operator_id')
        .select(['n.id', 'n.body', 'n.created_at', 'o.name as operator'])
        .where('n.claim_id', '=', claimId)
        .orderBy('n.created_at')
        .orderBy('n.id')
        .execute();
    },
    edits(claimId: string) {
      return db
        .selectFrom('claim_field_edits as e')
        .leftJoin('operator_users as o', 'o.id', 'e.operator_id')
        .select([
          'e.id',
          'e.field',
          'e.employment_id',
          'e.label',
          'e.old_value',
          'e.new_value',
          'e.reason',
          'e.created_at',
          'o.name as operator',
        ])
        .where('e.claim_id', '=', claimId)
        .orderBy('e.version')
        .execute();
    },
    /** Whether `operatorId` acted on or viewed the claim at or after `since` (a thread read aside). */
    async actedSince(operatorId: string, claimId: string, since: string): Promise<boolean> {
      const row = await db
        .selectFrom('audit_events')
        .select('id')
        .where('entity_id', '=', claimId)
        .where('actor', '=', operatorId)
        .where('created_at', '>=', since)
        // The thread is fetched beside the claim on the same page load and may be audited first
        // (on PostgreSQL it often is): reading the thread is not acting on the claim.
        .where('action', '!=', 'thread-read')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    audit(entityIds: string[]) {
      return auditEventsWithOperator(db)
        .where('a.entity_id', 'in', entityIds)
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id')
        .limit(200)
        .execute();
    },
  };
}

export type AdminClaimsRepository = ReturnType<typeof createAdminClaimsRepository>;
