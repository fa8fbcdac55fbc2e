import { PostgresAdapter, sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';

// Issue 45 (decision 094): HMRC's answers counted per day decided, kept by the database. The
// dashboard counted each case year's latest answer of its range from migration 056's table: at a
// million claims a year's 36,000 answers took 10-19 ms on PostgreSQL, and with a kind or affiliate
// it tested each answer's case for a claim of that kind and affiliate. An answer belongs to a case,
// whose claims may differ in kind and affiliate, so each latest answer is counted once under every
// filter that would show it:
//
//   answer_scopes  case_id, year  a case year's latest answer (migration 056)
//                  scope          'all'        once (kind and affiliate '')
//                                 'kind'       once per kind among the case's claims (affiliate '')
//                                 'affiliate'  once per affiliate among them ('' for none; kind '')
//                                 'both'       once per kind and affiliate pair among them
//                  kind, affiliate, day (decided on), decision
//   answers_daily  scope, kind, affiliate, day, decision, answers: answer_scopes counted per day
//
// A filter reads one scope, so no answer is counted twice. A case's rows are written again
// whenever its latest answer of a year changes (a trigger on migration 056's table) or one of its
// claims comes, goes, moves case (a merge), changes affiliate or is submitted (triggers on the
// claim tables). The same statements take the case's old rows out of answers_daily's counts and
// add its new ones, a few set-based statements a case rather than a trigger a row. A claim is a
// general claim (every row) or a submitted mileage claim (a draft is not one yet).

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const CLAIM_TABLES = [
  {
    table: 'form_responses',
    kind: 'general',
    isClaim: sql`1 = 1`,
    read: ['id', 'case_id', 'affiliate_name'],
  },
  {
    table: 'onboarding_claims',
    kind: 'mileage',
    isClaim: sql`submitted_at is not null`,
    read: ['id', 'case_id', 'affiliate_name', 'submitted_at'],
  },
] as const;

/**
 * Each claim's case, kind and affiliate: of the claims of case `caseId` (an SQL expression), or of
 * every claim. A claim's case is the case it joined, or its own id.
 */
function claimsOf(caseId?: RawBuilder<unknown>): RawBuilder<unknown> {
  const selects = CLAIM_TABLES.flatMap((t) => {
    const select = sql`select coalesce(case_id, id) as case_id, ${sql.lit(t.kind)} as kind,
      coalesce(affiliate_name, '') as affiliate from ${sql.table(t.table)} where ${t.isClaim}`;
    // Two index lookups rather than one OR, which PostgreSQL would answer with a bitmap of both.
    return caseId ? [sql`${select} and id = ${caseId}`, sql`${select} and case_id = ${caseId}`] : [select];
  });
  return sql.join(selects, sql` union all `);
}

/** A latest answer's rows (decision 094), for the latest answers `which` and the claims `claims`. */
function answerRows(which: RawBuilder<unknown>, claims: RawBuilder<unknown>): RawBuilder<unknown> {
  // Each claim counts its case's answers under its kind, its affiliate, and the two together; a
  // case's claims of one kind or affiliate count once (DISTINCT).
  const scopes = sql`select distinct c.case_id, s.scope,
      case when s.scope = 'affiliate' then '' else c.kind end as kind,
      case when s.scope = 'kind' then '' else c.affiliate end as affiliate
    from (${claims}) as c
    cross join (select 'kind' as scope union all select 'affiliate' union all select 'both') as s`;
  return sql`select l.case_id, l.year, 'all' as scope, '' as kind, '' as affiliate, l.decided_on,
      l.decision from case_year_latest l where ${which}
    union all select l.case_id, l.year, s.scope, s.kind, s.affiliate, l.decided_on, l.decision
      from case_year_latest l join (${scopes}) as s on s.case_id = l.case_id where ${which}`;
}

const KEY = ['scope', 'kind', 'affiliate', 'day', 'decision'] as const;
const key = sql.join(KEY.map((k) => sql.id(k)));

/** answers_daily plus (or minus, with `sign` -1) the rows of answer_scopes `which` selects. */
function count(which: RawBuilder<unknown>, sign: 1 | -1): RawBuilder<unknown> {
  // The WHERE keeps SQLite from reading ON CONFLICT as a join's ON.
  return sql`insert into answers_daily (${key}, answers)
    select ${key}, ${sql.lit(sign)} * count(*) from answer_scopes where ${which} group by ${key}
    on conflict (${key}) do update set answers = answers_daily.answers + excluded.answers`;
}

/**
 * The statements that write case `caseId`'s rows again (of year `year` alone, if given) from its
 * latest answers and claims as they are now: its rows' counts taken away, its rows written, and
 * counted again.
 */
function rewrite(caseId: RawBuilder<unknown>, year?: RawBuilder<unknown>): RawBuilder<unknown> {
  const ofYear = (column: RawBuilder<unknown>) => (year ? sql` and ${column} = ${year}` : sql``);
  const mine = sql`case_id = ${caseId}${ofYear(sql`year`)}`;
  return sql`${count(mine, -1)};
    delete from answer_scopes where ${mine};
    insert into answer_scopes (case_id, year, scope, kind, affiliate, day, decision)
      ${answerRows(sql`l.case_id = ${caseId}${ofYear(sql`l.year`)}`, claimsOf(caseId))};
    ${count(mine, 1)}`;
}

/** A claim row's case: the case it joined, or its own id. */
const caseOf = (row: 'new' | 'old') => sql`coalesce(${sql.ref(`${row}.case_id`)}, ${sql.ref(`${row}.id`)})`;

/** A trigger running its body after its event on its table (PostgreSQL: through a function of its name). */
async function createTrigger(db: Kysely<unknown>, { name, table, event, body, when }: Trigger) {
  if (isPostgres(db)) {
    const fn = sql.id(name);
    await sql`create function ${fn}() returns trigger language plpgsql as $$
      begin ${body}; return null; end $$`.execute(db);
    await sql`create trigger ${fn} after ${sql.raw(event)} on ${sql.table(table)} for each row
      ${when ? sql`when (${when})` : sql``} execute function ${fn}()`.execute(db);
    return;
  }
  await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on ${sql.table(table)}
    ${when ? sql`when ${when}` : sql``} begin ${body}; end`.execute(db);
}

async function dropTrigger(db: Kysely<unknown>, name: string, table: string) {
  if (isPostgres(db)) {
    await sql`drop trigger ${sql.id(name)} on ${sql.table(table)}`.execute(db);
    await sql`drop function ${sql.id(name)}()`.execute(db);
  } else await sql`drop trigger ${sql.id(name)}`.execute(db);
}

interface Trigger {
  name: string;
  table: string;
  event: 'insert' | 'update' | 'delete';
  body: RawBuilder<unknown>;
  when?: RawBuilder<unknown>;
}

/** The triggers that write a case's rows again, each on its table and event. */
function triggers(db: Kysely<unknown>): Trigger[] {
  const distinct = isPostgres(db) ? sql`is distinct from` : sql`is not`;
  const latest = (row: 'new') => rewrite(sql.ref(`${row}.case_id`), sql.ref(`${row}.year`));
  return [
    {
      name: 'case_year_latest_scopes_insert',
      table: 'case_year_latest',
      event: 'insert',
      body: latest('new'),
    },
    {
      name: 'case_year_latest_scopes_update',
      table: 'case_year_latest',
      event: 'update',
      body: latest('new'),
    },
    ...CLAIM_TABLES.flatMap((t): Trigger[] => [
      { name: `${t.table}_scopes_insert`, table: t.table, event: 'insert', body: rewrite(caseOf('new')) },
      { name: `${t.table}_scopes_delete`, table: t.table, event: 'delete', body: rewrite(caseOf('old')) },
      {
        name: `${t.table}_scopes_update`,
        table: t.table,
        event: 'update',
        body: sql`${rewrite(caseOf('old'))}; ${rewrite(caseOf('new'))}`,
        when: sql.join(
          t.read.map((c) => sql`old.${sql.ref(c)} ${distinct} new.${sql.ref(c)}`),
          sql` or `,
        ),
      },
    ]),
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('answer_scopes')
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('year', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('affiliate', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('decision', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('answer_scopes_pk', ['case_id', 'year', 'scope', 'kind', 'affiliate'])
    .execute();
  await db.schema
    .createTable('answers_daily')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('affiliate', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('answers', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('answers_daily_pk', [...KEY])
    .execute();
  // The answers already there, in one statement each, then kept by the triggers.
  await sql`insert into answer_scopes (case_id, year, scope, kind, affiliate, day, decision)
    ${answerRows(sql`true`, claimsOf())}`.execute(db);
  await count(sql`true`, 1).execute(db);
  for (const trigger of triggers(db)) await createTrigger(db, trigger);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of triggers(db)) await dropTrigger(db, t.name, t.table);
  await db.schema.dropTable('answers_daily').execute();
  await db.schema.dropTable('answer_scopes').execute();
}
