// BENCH_EXPLAIN=1 (claims-list.bench.ts): the plan of every statement one claims-list request
// runs, as the database chose it over the seeded claims: EXPLAIN QUERY PLAN on SQLite, EXPLAIN
// ANALYZE on PostgreSQL (which runs the statement and gives its real time). Decision 049.
import { CompiledQuery } from 'kysely';
import type { KyselyPlugin } from 'kysely';
import { claimListQuerySchema } from '@taxback/domain/admin-schemas';
import { createClaimListQueries } from '../../src/modules/casework/claim-list-queries.ts';
import type { TestApp } from '../helpers.ts';

/** Every statement `run` executes on the database it is given, compiled, in the order they ran. */
export async function capturedStatements(
  db: TestApp['app']['db'],
  run: (db: TestApp['app']['db']) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  // Every builder (subqueries too) passes through transformQuery; only executed ones reach transformResult.
  const compiled = new Map<string, CompiledQuery>();
  const statements: CompiledQuery[] = [];
  const capture: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      compiled.set(queryId.queryId, db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result, queryId }) => {
      const statement = compiled.get(queryId.queryId);
      if (statement) statements.push(statement);
      return result;
    },
  };
  await run(db.withPlugin(capture));
  return statements;
}

/** Every statement one claims-list request runs for `params`, compiled, in the order they ran. */
export async function listStatements(
  t: TestApp,
  params: Record<string, string>,
  operatorId: string,
): Promise<CompiledQuery[]> {
  return capturedStatements(t.app.db, (db) =>
    createClaimListQueries(db).list(claimListQuerySchema.parse(params), 50, operatorId),
  );
}

/** Prints each statement of the list for `params` (a query string's fields) with its plan. */
export async function explainList(t: TestApp, params: Record<string, string>, operatorId: string) {
  const db = t.app.db;
  const statements = await listStatements(t, params, operatorId);
  const pg = t.app.dbDialect === 'postgres';
  for (const statement of statements) {
    const prefix = pg ? 'EXPLAIN (ANALYZE, BUFFERS) ' : 'EXPLAIN QUERY PLAN ';
    const plan = await db.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(prefix + statement.sql, [...statement.parameters]),
    );
    console.log(`\n-- ${new URLSearchParams(params).toString()}\n${statement.sql}`);
    for (const row of plan.rows)
      console.log(
        pg
          ? String(row['QUERY PLAN'])
          : `${'  '.repeat(Number(row.parent) > 0 ? 1 : 0)}${String(row.detail)}`,
      );
  }
}
