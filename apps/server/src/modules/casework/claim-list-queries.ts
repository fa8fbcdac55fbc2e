import { PostgresAdapter, sql } from 'kysely';
import type { Kysely, OrderByItemBuilder, RawBuilder } from 'kysely';
import { CLAIM_STATUSES, isOpenStatus } from '@taxback/domain';
import { SEARCH_COUNT_LIMIT, countLimitOf } from '@taxback/domain/admin-schemas';
import type { ClaimListQuery, ClaimQueue } from '@taxback/domain/admin-schemas';
import { GENERAL_REFERENCE_PREFIX } from '@taxback/domain/reference';
import type { Database } from '../../db/database.ts';
import { GENERAL_SEARCH_DOCUMENT, MILEAGE_SEARCH_DOCUMENT } from '../../db/search-document.ts';

type Db = Kysely<Database>;

/** One row of the operators' claim list: both claim tables in one shape. */
export interface ClaimListRow {
  kind: 'general' | 'mileage';
  id: string;
  reference: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  status: string;
  submitted_at: string | null;
  estimated_rebate: number | null;
  affiliate: string | null;
  self_assessment: number | null;
  // What readiness needs, so a page of rows is judged without another query.
  has_ni: number;
  /** The wizard snapshot (mileage claims): every P87 answer is in it (D17). */
  snapshot: string | null;
  snapshot_version: number | null;
  /** Migration 019: the stored count of P87 items left (mileage); null: read the snapshot. */
  readiness_missing: number | null;
  /** Issue 42: a general claim's years that are Self Assessment across its case (JSON), or null. */
  case_self_assessment: string | null;
  /** D38: what a possible duplicate is found by (E.164 phone, NI and person keys) and its case. */
  phone_key: string | null;
  ni_key: string | null;
  person_key: string | null;
  case_id: string | null;
  /** Migration 042 (D38): 1 when the claim is worked with its case; the queues list the case. */
  follows_case: number;
  /** With the snapshot, where no count is stored: the files, for the log mismatches (issue 31). */
  evidence_files: string | null;
  owner_id: string | null;
  owner_name: string | null;
  last_action_at: string | null;
  reply_due_on: string | null;
  reply_received_at: string | null;
  operator_unread_count: number;
  superseded_authorities: number;
  sent_on: string | null;
  sent_method: string | null;
  sent_method_other: string | null;
  repaid_pence: number | null;
  repaid_on: string | null;
  fee_pence: number | null;
  claimant_pence: number | null;
}

/** A list query with its direction settled: newest first on All, oldest first on the queues (D34). */
type SortedQuery = ClaimListQuery & { dir: 'asc' | 'desc' };

/** The statuses a claim can still move from: the ones the queues hold (D34). */
export const OPEN_STATUSES = CLAIM_STATUSES.filter(isOpenStatus);

/** The columns both claim tables share that the queues read (migrations 015 and 019). */
const CASEWORK_COLUMNS = [
  'owner_id',
  'last_action_at',
  'reply_due_on',
  'reply_received_at',
  'operator_unread_count',
  'superseded_authorities',
  'sent_on',
  'sent_method',
  'sent_method_other',
  'repaid_pence',
  'repaid_on',
  'fee_pence',
  'claimant_pence',
] as const;

const SORT_COLUMNS = {
  submitted: 'submitted_at',
  name: 'name',
  status: 'status',
  rebate: 'estimated_rebate',
  reference: 'reference',
} as const;

/** How one claim table spells the list's reference, date and rebate. */
interface Side {
  table: 'form_responses' | 'onboarding_claims';
  reference: RawBuilder<string>;
  /** The claim's search document (db/search-document.ts), which PostgreSQL indexes by trigrams. */
  document: string;
  submitted: (drafts: boolean) => string;
  rebate: RawBuilder<number | null>;
}

const GENERAL: Side = {
  table: 'form_responses',
  // Decision 053: the stored reference, or for a claim made before it GEN- read from the id.
  reference: sql<string>`coalesce(reference, ${GENERAL_REFERENCE_PREFIX} || upper(substr(id, 1, 8)))`,
  document: GENERAL_SEARCH_DOCUMENT,
  submitted: () => 'created_at',
  rebate: sql<number | null>`cast(null as double precision)`,
};

const MILEAGE: Side = {
  table: 'onboarding_claims',
  reference: sql<string>`coalesce(submission_reference, '')`,
  document: MILEAGE_SEARCH_DOCUMENT,
  // A draft has no submission date: drafts list by their last activity.
  submitted: (drafts) => (drafts ? 'last_activity_at' : 'submitted_at'),
  // D21: the estimate the claimant saw (their band, Scottish or not), not always 20%.
  rebate: sql<number | null>`estimated_rebate_claimant`,
};

/** Rows a streamed read fetches at a time (a PostgreSQL cursor's batch). */
const STREAM_BATCH_ROWS = 500;

function escapeLike(value: string): string {
  return value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The start (UTC) of the day after an ISO date: the exclusive end of a `to` filter. */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

function sorted(query: ClaimListQuery): SortedQuery {
  return { ...query, dir: query.dir ?? (query.queue === 'all' ? 'desc' : 'asc') };
}

/**
 * D34: the open claims nobody owns, or the operator's own open claims. The open statuses are
 * literals, not parameters: the queue indexes (migration 026) hold open claims only, and SQLite
 * and PostgreSQL use a partial index only where the query's own text implies its predicate.
 */
function queueConditions(queue: ClaimQueue, operatorId: string): RawBuilder<boolean>[] {
  if (queue === 'all') return [];
  const open = sql<boolean>`status in (${sql.join(OPEN_STATUSES.map((s) => sql.lit(s)))})`;
  return queue === 'unallocated'
    ? [sql<boolean>`owner_id is null`, open]
    : [sql<boolean>`owner_id = ${operatorId}`, open];
}

/**
 * The ways a search term may be written, as LIKE patterns both searches use: as typed; without
 * spaces and hyphens, for a reference stored in groups ('TB 4K7 9MX 2QH') or with a hyphen
 * ('GEN-1A2B3C4D') and typed either way or neither (issue 32), null when only hyphens were typed
 * (nothing to find in a reference, not every claim); its digits, from four, for a phone stored as
 * typed ('07700900123' finds '07700 900123').
 */
function searchForms(q: string): { like: string; bare: string | null; digits: string | null } {
  const bare = q.replace(/[\s-]+/g, '');
  const digits = q.replace(/\D/g, '');
  return {
    like: `%${escapeLike(q)}%`,
    bare: bare ? `%${escapeLike(bare)}%` : null,
    digits: digits.length >= 4 ? `%${digits}%` : null,
  };
}

/**
 * Issue 45: the search on PostgreSQL, where each claim table has a trigram index on its search
 * document (migration 039): every way the term may be written (as typed, without spaces and
 * hyphens for a reference, its digits for a phone) is a LIKE on that one indexed expression, so
 * the planner answers them with the index. The same claims as the field-by-field test below.
 */
function documentSearch(q: string, side: Side): RawBuilder<boolean> {
  const document = sql.raw(`(${side.document})`);
  const { like, bare, digits } = searchForms(q);
  const terms = new Set([like, ...(bare ? [bare] : []), ...(digits ? [digits] : [])]);
  return sql<boolean>`(${sql.join(
    [...terms].map((term) => sql`${document} like ${term} escape '\\'`),
    sql` or `,
  )})`;
}

/**
 * Issue 45: the search on SQLite, where each claim table has an FTS5 trigram index of its search
 * document (migration 050, decision 089): each way the term may be written is a LIKE answered by
 * that index, the union of their claims the ones found. FTS5 answers a LIKE with an ESCAPE clause
 * by a scan, so the clause is given only to a term with a wildcard to escape. The same claims as
 * PostgreSQL's search above.
 */
function ftsSearch(q: string, side: Side): RawBuilder<boolean> {
  const { like, bare, digits } = searchForms(q);
  const terms = new Set([like, ...(bare ? [bare] : []), ...(digits ? [digits] : [])]);
  const search = sql.table(`${side.table}_search`);
  const found = [...terms].map((term) =>
    term.includes('\\')
      ? sql`select claim_id from ${search} where document like ${term} escape '\\'`
      : sql`select claim_id from ${search} where document like ${term}`,
  );
  return sql<boolean>`id in (${sql.join(found, sql` union `)})`;
}

/** Whether the database has the trigram search indexes (PostgreSQL, migration 039). */
const hasTrigramSearch = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The filters as conditions on one table's own columns, so each side can use its indexes. */
function conditions(
  query: ClaimListQuery,
  side: Side,
  operatorId: string,
  trigrams: boolean,
  queue = query.queue,
) {
  const out: RawBuilder<boolean>[] = queueConditions(queue, operatorId);
  if (query.status) out.push(sql<boolean>`status = ${query.status}`);
  // With PostgreSQL's search, the affiliate is tested on the claims the trigram index finds, not
  // by AND-ing its own index (a fifth of the claims: 8-12 ms a statement at a million, once the
  // planner's finer statistics of migration 058 made it choose that; decision 093).
  // `affiliate_name || ''` is the same test on a value no index holds.
  if (query.affiliate)
    out.push(
      query.q && trigrams
        ? sql<boolean>`affiliate_name || '' = ${query.affiliate}`
        : sql<boolean>`affiliate_name = ${query.affiliate}`,
    );
  const submitted = sql.ref(side.submitted(query.drafts));
  if (query.from) out.push(sql<boolean>`${submitted} >= ${`${query.from}T00:00:00.000Z`}`);
  if (query.to) out.push(sql<boolean>`${submitted} < ${nextDay(query.to)}`);
  if (query.q) out.push(trigrams ? documentSearch(query.q, side) : ftsSearch(query.q, side));
  // D38: a case is listed once, by its first claim; a search also finds the claims that follow it.
  else out.push(sql<boolean>`follows_case = 0`);
  return out;
}

/**
 * Decision 091: a claim table read through its search lookup index (SQLite, migration 054), named
 * because without statistics SQLite's planner prefers the key's own index, which leads to the row.
 */
function lookupIndexed(table: Side['table']): RawBuilder<unknown> {
  return sql`${sql.table(table)} indexed by ${sql.id(`${table}_search_lookup_idx`)}`;
}

const allOf = (where: RawBuilder<boolean>[]) =>
  where.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`${sql.join(where, sql` and `)}`;

/** The list's direction as SQL, nulls where the list puts them (kysely's `modifiers` below). */
const direction = (dir: 'asc' | 'desc') => (dir === 'asc' ? sql`asc nulls first` : sql`desc nulls last`);

/** A mileage claim is a draft until submitted: the drafts list shows only those, the rest never. */
function draftsCondition(table: Side['table'], drafts: boolean): RawBuilder<boolean>[] {
  return table === 'onboarding_claims' ? [sql<boolean>`status ${sql.raw(drafts ? '=' : '<>')} 'draft'`] : [];
}

/**
 * One table's count of one queue under the filters, as a scalar subquery. With a cap it stops
 * counting at `cap + 1` rows (issue 45: a count walks every row it counts, so at a million claims
 * an exact count of a wide queue costs tens of milliseconds; above the cap the list says "more
 * than"); without one it is exact.
 */
function countOf(
  db: Db,
  table: 'form_responses' | 'onboarding_claims',
  query: ClaimListQuery,
  operatorId: string,
  queue: ClaimQueue,
  cap: number | null,
) {
  const side = table === 'form_responses' ? GENERAL : MILEAGE;
  const filters = conditions(query, side, operatorId, hasTrigramSearch(db), queue);
  const where = [...draftsCondition(table, query.drafts), ...filters];
  if (cap !== null) {
    let rows = db.selectFrom(table).select(sql<number>`1`.as('one'));
    for (const c of where) rows = rows.where(c);
    const counted = db
      .selectFrom(rows.limit(cap + 1).as('c'))
      .select((eb) => eb.fn.countAll<number>().as('n'));
    return sql<number>`(${counted})`;
  }
  const counted = (conditionsOf: RawBuilder<boolean>[]) => {
    let q = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
    for (const c of conditionsOf) q = q.where(c);
    return q;
  };
  // Unfiltered, every submitted mileage claim is all rows less the drafts: two index counts
  // instead of a walk over every submitted claim (decision 049).
  if (table === 'onboarding_claims' && !query.drafts && filters.length === 0)
    return sql<number>`(${counted([])}) - (${counted([sql<boolean>`status = 'draft'`])})`;
  return sql<number>`(${counted(where)})`;
}

/**
 * D34: every queue's count under the same filters, in one statement: a scalar subquery per table
 * and queue, so each is answered by its own index (the queues' by migration 026's open-claims
 * indexes) rather than one walk over every row with each queue's test per row (decision 049).
 * With a cap, a count above it is given as `cap + 1` (more than the cap).
 */
async function queueCounts(
  db: Db,
  query: ClaimListQuery,
  operatorId: string,
  cap: number | null,
  queues: readonly ClaimQueue[] = ['all', 'unallocated', 'mine'],
  perTable?: Map<Side['table'], Record<ClaimQueue, number>>,
): Promise<Record<ClaimQueue, number>> {
  const tables = [
    ...(query.kind !== 'mileage' && !query.drafts ? (['form_responses'] as const) : []),
    ...(query.kind !== 'general' ? (['onboarding_claims'] as const) : []),
  ];
  const totals: Record<ClaimQueue, number> = { all: 0, unallocated: 0, mine: 0 };
  if (tables.length === 0) return totals;
  // A search finds few claims mostly: each table's are counted in one pass, every queue exactly
  // (SQLite's always; PostgreSQL's when the pass found no more than its limit); a table whose
  // pass found more is counted queue by queue, each up to the cap.
  const found = query.q ? await searchCounts(db, tables, query, operatorId, queues) : null;
  const countedApart = found ? tables.filter((table) => !found.has(table)) : tables;
  const row =
    countedApart.length === 0
      ? {}
      : await db
          .selectNoFrom(
            countedApart.flatMap((table) =>
              queues.map((queue) =>
                countOf(db, table, query, operatorId, queue, cap).as(`${table}_${queue}`),
              ),
            ),
          )
          .executeTakeFirstOrThrow();
  const values: Record<string, number | string> = { ...row };
  for (const [table, own] of found ?? [])
    for (const queue of queues) values[`${table}_${queue}`] = own[queue];
  for (const table of tables) {
    const own: Record<ClaimQueue, number> = { all: 0, unallocated: 0, mine: 0 };
    for (const queue of queues) own[queue] = Number(values[`${table}_${queue}`]);
    for (const queue of queues) totals[queue] += own[queue];
    perTable?.set(table, own);
  }
  if (cap !== null) for (const queue of queues) totals[queue] = Math.min(totals[queue], cap + 1);
  return totals;
}

/**
 * How many claims PostgreSQL's pass over a search's found claims reads at most, a table (decision
 * 093): ten times the search's count limit, so a common surname at a million claims (about 6,300
 * a table) is counted in one pass rather than once a queue; a wider search is counted queue by queue.
 */
const SEARCH_PASS_LIMIT = 10 * SEARCH_COUNT_LIMIT;

/**
 * A search's counts (decisions 089, 091, 093): one pass a table over the claims its index finds,
 * each queue a sum of its own test, so the index is asked once a table rather than once a queue.
 * On SQLite (FTS5 finds the ids, read through migration 054's lookup index) every table is
 * counted exactly. On PostgreSQL (the trigram index) the pass reads at most SEARCH_PASS_LIMIT + 1
 * found claims, and a table that found more is left out, to be counted queue by queue.
 * Not with a queue test beside the search, which PostgreSQL's planner would answer by AND-ing a
 * queue index of a third of the claims.
 */
async function searchCounts(
  db: Db,
  tables: readonly Side['table'][],
  query: ClaimListQuery,
  operatorId: string,
  queues: readonly ClaimQueue[],
): Promise<Map<Side['table'], Record<ClaimQueue, number>>> {
  const trigrams = hasTrigramSearch(db);
  const limit = trigrams ? SEARCH_PASS_LIMIT : null;
  const counted = new Map<Side['table'], Record<ClaimQueue, number>>();
  for (const table of tables) {
    const side = table === 'form_responses' ? GENERAL : MILEAGE;
    const where = allOf([
      ...draftsCondition(table, query.drafts),
      ...conditions(query, side, operatorId, trigrams, 'all'),
    ]);
    const sums = queues.map(
      (queue) =>
        sql`coalesce(sum(case when ${allOf(queueConditions(queue, operatorId))} then 1 else 0 end), 0) as ${sql.id(queue)}`,
    );
    const foundClaims =
      limit === null
        ? sql`${lookupIndexed(table)} where ${where}`
        : sql`(select owner_id, status from ${sql.table(table)} where ${where} limit ${limit + 1}) as s`;
    const { rows } = await sql<Record<string, number | string>>`select count(*) as found, ${sql.join(sums)}
      from ${foundClaims}`.execute(db);
    const row = rows[0] ?? {};
    if (limit !== null && Number(row.found) > limit) continue;
    const own: Record<ClaimQueue, number> = { all: 0, unallocated: 0, mine: 0 };
    for (const queue of queues) own[queue] = Number(row[queue]);
    counted.set(table, own);
  }
  return counted;
}

/** The expression one claim table sorts the list by. */
function sortExpression(query: SortedQuery, side: Side) {
  switch (query.sort) {
    case 'submitted':
      return sql.ref(side.submitted(query.drafts));
    case 'name':
      return sql.ref('full_name');
    case 'status':
      return sql.ref('status');
    case 'rebate':
      return side.rebate;
    case 'reference':
      return side.reference;
  }
}

/**
 * Decision 091: the ids of one table's first `limit` claims found by a search, in the list's
 * order, from the claims found rather than by a walk of a sort index. On SQLite through the
 * lookup index (whole rows are read for the page alone); on PostgreSQL where the search finds
 * few, with OFFSET 0 keeping the found claims a plan of their own, read through the trigram index.
 */
function foundIds(
  query: SortedQuery,
  side: Side,
  where: RawBuilder<boolean>[],
  limit: number,
  sqlite: boolean,
) {
  const filtered = allOf([...draftsCondition(side.table, query.drafts), ...where]);
  const order = sql`${direction(query.dir)}, id ${sql.raw(query.dir)} limit ${limit}`;
  if (sqlite)
    return sql`select id from ${lookupIndexed(side.table)} where ${filtered}
      order by ${sortExpression(query, side)} ${order}`;
  const found = sql`select id, ${sortExpression(query, side)} as sort_key from ${sql.table(side.table)}
    where ${filtered} offset 0`;
  return sql`select id from (${found}) as found order by sort_key ${order}`;
}

/** The operators' claim list: both claim tables in one filtered, sorted, paged query. */
export function createClaimListQueries(db: Db) {
  const trigrams = hasTrigramSearch(db);
  function unified(drafts: boolean) {
    const general = db
      .selectFrom('form_responses')
      .select([
        // Typed NULLs: PostgreSQL resolves each side of the union on its own.
        sql<'general' | 'mileage'>`'general'`.as('kind'),
        'id',
        GENERAL.reference.as('reference'),
        sql<string | null>`full_name`.as('name'),
        sql<string | null>`email`.as('email'),
        sql<string | null>`phone`.as('phone'),
        'status',
        sql<string | null>`created_at`.as('submitted_at'),
        sql<number | null>`cast(null as double precision)`.as('estimated_rebate'),
        'affiliate_name as affiliate',
        sql<number | null>`cast(null as integer)`.as('self_assessment'),
        sql<number>`case when details_ni_number is null then 0 else 1 end`.as('has_ni'),
        // D30: the general claim's stored details, for its readiness (read by readinessOfRow).
        sql<string | null>`details`.as('snapshot'),
        sql<number | null>`cast(null as integer)`.as('snapshot_version'),
        sql<number | null>`cast(null as integer)`.as('readiness_missing'),
        sql<string | null>`cast(null as text)`.as('evidence_files'),
        // Issue 42: its years that are Self Assessment across its case (migration 034).
        'case_self_assessment',
        'phone_key',
        'ni_key',
        'person_key',
        'case_id',
        'follows_case',
        ...CASEWORK_COLUMNS,
      ])
      // The general funnel has no drafts: a row exists only once submitted.
      .where(sql<boolean>`${drafts ? 0 : 1} = 1`);
    const mileage = db
      .selectFrom('onboarding_claims')
      .select([
        sql<'general' | 'mileage'>`'mileage'`.as('kind'),
        'id',
        MILEAGE.reference.as('reference'),
        'full_name as name',
        'email',
        'phone',
        'status',
        sql<string | null>`${sql.ref(drafts ? 'last_activity_at' : 'submitted_at')}`.as('submitted_at'),
        'estimated_rebate_claimant as estimated_rebate',
        'affiliate_name as affiliate',
        'self_assessment_required as self_assessment',
        sql<number>`case when admin_ni_number is null then 0 else 1 end`.as('has_ni'),
        // The snapshot only where no count is stored yet (claims submitted before migration 019).
        sql<string | null>`case when readiness_missing is null then snapshot end`.as('snapshot'),
        'snapshot_version',
        'readiness_missing',
        sql<string | null>`case when readiness_missing is null then evidence_files end`.as('evidence_files'),
        sql<string | null>`cast(null as text)`.as('case_self_assessment'),
        'mobile_number as phone_key',
        'ni_key',
        'person_key',
        'case_id',
        'follows_case',
        ...CASEWORK_COLUMNS,
      ])
      .where('status', drafts ? '=' : '<>', 'draft');
    return { general, mileage };
  }

  /**
   * Each table answers its own first `limit` rows in the requested order (filtered and sorted on
   * its own, indexed columns); the union of those two short lists is sorted once more and paged.
   * With no limit (the streamed export) each table gives every matching row, sorted once.
   * `fewFound`: the tables whose search finds at most its count limit in the queue listed
   * (PostgreSQL), whose page sorts the claims found (foundIds): a walk of a sort index testing each
   * claim it passes reads most of them for a rare term (550 ms at a million, the index 5).
   */
  function page(
    query: SortedQuery,
    operatorId: string,
    limit: number | null,
    offset: number,
    fewFound: ReadonlySet<Side['table']> = new Set(),
  ) {
    const { general, mileage } = unified(query.drafts);
    const modifiers = (ob: OrderByItemBuilder) =>
      query.dir === 'asc' ? ob.asc().nullsFirst() : ob.desc().nullsLast();
    const top = <Q extends typeof general>(branch: Q, side: Side) => {
      let q = branch;
      const where = conditions(query, side, operatorId, trigrams);
      const sqliteSearch = Boolean(query.q) && !trigrams;
      if (limit !== null && (sqliteSearch || fewFound.has(side.table))) {
        q = q.where(sql<boolean>`id in (${foundIds(query, side, where, limit, sqliteSearch)})`) as Q;
      } else for (const c of where) q = q.where(c) as Q;
      if (limit === null) return q;
      return q.orderBy(sortExpression(query, side), modifiers).orderBy('id', query.dir).limit(limit);
    };
    const mileageRows = mileage as unknown as typeof general;
    const g = db.selectFrom(top(general, GENERAL).as('g')).selectAll('g');
    const m = db.selectFrom(top(mileageRows, MILEAGE).as('m')).selectAll('m');
    const source = query.kind === 'general' ? g : query.kind === 'mileage' ? m : g.unionAll(m);
    const column = SORT_COLUMNS[query.sort];
    const sortedRows = db
      .selectFrom(source.as('c'))
      .leftJoin('operator_users as o', 'o.id', 'c.owner_id')
      .selectAll('c')
      .select('o.name as owner_name')
      .orderBy(sql.ref(`c.${column}`), modifiers)
      .orderBy('c.id', query.dir);
    return limit === null ? sortedRows : sortedRows.limit(limit - offset).offset(offset);
  }

  return {
    /**
     * A page of one queue, with every queue's count under the same filters (D34), each counted up
     * to its limit (countLimitOf: a count above it is the limit + 1), and whether a page follows.
     */
    async list(
      query: ClaimListQuery,
      pageSize: number,
      operatorId: string,
    ): Promise<{
      rows: ClaimListRow[];
      total: number;
      counts: Record<ClaimQueue, number>;
      hasMore: boolean;
    }> {
      const offset = (query.page - 1) * pageSize;
      const limit = countLimitOf(query);
      const perTable = new Map<Side['table'], Record<ClaimQueue, number>>();
      const counts = await queueCounts(db, query, operatorId, limit, undefined, perTable);
      const fewFound = new Set(
        query.q && trigrams
          ? [...perTable].filter(([, own]) => own[query.queue] <= limit).map(([table]) => table)
          : [],
      );
      // One row more than the page: whether another page follows, whatever the count says.
      const rows = (await page(
        sorted(query),
        operatorId,
        offset + pageSize + 1,
        offset,
        fewFound,
      ).execute()) as ClaimListRow[];
      return {
        rows: rows.slice(0, pageSize),
        total: counts[query.queue],
        counts,
        hasMore: rows.length > pageSize,
      };
    },

    /** How many claims the filters match in the query's queue, exactly (the export's audit). */
    async countMatching(query: ClaimListQuery, operatorId: string): Promise<number> {
      return (await queueCounts(db, query, operatorId, null, [query.queue]))[query.queue];
    },

    /**
     * Every row matching the filters, in the list's order, a batch at a time (issue 45: the CSV
     * export streams them, in constant memory). Run it on a streaming reader (db/connect.ts).
     */
    streamAll(query: ClaimListQuery, operatorId: string): AsyncIterableIterator<ClaimListRow> {
      return page(sorted(query), operatorId, null, 0).stream(
        STREAM_BATCH_ROWS,
      ) as AsyncIterableIterator<ClaimListRow>;
    },
  };
}
