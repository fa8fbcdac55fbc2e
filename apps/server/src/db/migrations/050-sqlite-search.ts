import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';
import { SQLITE_SEARCH_TABLES } from '../search-document.ts';

// Issue 45 (decision 089): SQLite's operators' search gets an index made for it, as PostgreSQL's
// got pg_trgm (migration 039). Per claim table, an FTS5 table with the trigram tokenizer holds
// each claim's search document (../search-document.ts) beside its id, so a LIKE '%term%' of three
// or more characters is answered from the trigrams instead of a scan of every claim. A keys table
// finds a claim's FTS row: a claim table's own rowid is not kept by VACUUM (its key is text), an
// FTS5 table's is. Triggers keep both in step with every insert, change of a searched column, and
// delete, in the writing statement's own transaction.

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const { table, document, columns } of SQLITE_SEARCH_TABLES) {
    const search = sql.table(`${table}_search`);
    const keys = sql.table(`${table}_search_keys`);
    const source = sql.table(table);
    const doc = sql.raw(document);
    await sql`create virtual table ${search} using fts5(document, claim_id unindexed, tokenize = 'trigram')`.execute(
      db,
    );
    await sql`create table ${keys} (claim_id text primary key, search_rowid integer not null)`.execute(db);
    await sql`insert into ${search} (document, claim_id) select ${doc}, id from ${source}`.execute(db);
    await sql`insert into ${keys} (claim_id, search_rowid) select claim_id, rowid from ${search}`.execute(db);
    await sql`create trigger ${sql.id(`${table}_search_insert`)} after insert on ${source} begin
      insert into ${search} (document, claim_id) select ${doc}, id from ${source} where id = new.id;
      insert into ${keys} (claim_id, search_rowid) values (new.id, last_insert_rowid());
    end`.execute(db);
    const changed = sql.join(
      columns.map((c) => sql`old.${sql.id(c)} is not new.${sql.id(c)}`),
      sql` or `,
    );
    await sql`create trigger ${sql.id(`${table}_search_update`)}
      after update of ${sql.join(columns.map((c) => sql.id(c)))} on ${source} when ${changed} begin
      update ${search} set document = (select ${doc} from ${source} where id = new.id)
        where rowid = (select search_rowid from ${keys} where claim_id = new.id);
    end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_search_delete`)} after delete on ${source} begin
      delete from ${search} where rowid = (select search_rowid from ${keys} where claim_id = old.id);
      delete from ${keys} where claim_id = old.id;
    end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const { table } of SQLITE_SEARCH_TABLES) {
    for (const trigger of ['insert', 'update', 'delete'])
      await sql`drop trigger if exists ${sql.id(`${table}_search_${trigger}`)}`.execute(db);
    await sql`drop table if exists ${sql.table(`${table}_search_keys`)}`.execute(db);
    await sql`drop table if exists ${sql.table(`${table}_search`)}`.execute(db);
  }
}
