// Reads what the server stored, straight from its database, so specs check the real rows rather
// than what the browser believes it sent. SQLite (read-only) by default, PostgreSQL in the CI's
// second run (E2E_DATABASE_URL).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { getDatabaseUrl, getDataDir } from './env.ts';

export type Row = Record<string, unknown>;

/** One form_responses row (SPEC.md §3), with JSON and boolean columns decoded from either engine. */
export interface StoredClaim {
  id: string;
  sessionId: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  phone: string;
  signature: string | null;
  selectedExpenses: string[];
  earnsOver18k: boolean;
  affiliateName: string | null;
  utmData: Record<string, unknown> | null;
  fullUrl: string | null;
  ipAddress: string | null;
  assessmentData: Record<string, unknown> | null;
  raw: Row;
}

/**
 * Runs one read query on the server's database. Write PostgreSQL placeholders (`$1`, `$2`, …);
 * on SQLite they become `?` with the parameters reordered to match.
 */
export async function queryRows(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
  const url = getDatabaseUrl();
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const result = await client.query<Row>(sql, [...params]);
      return result.rows;
    } finally {
      await client.end();
    }
  }
  const order: unknown[] = [];
  const sqliteSql = sql.replace(/\$(\d+)/g, (_, n: string) => {
    order.push(params[Number(n) - 1]);
    return '?';
  });
  const db = new Database(join(getDataDir(), 'taxback.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sqliteSql).all(...order) as Row[];
  } finally {
    db.close();
  }
}

function decodeJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function decodeBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true' || value === 't';
}

function textOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

function objectOrNull(value: unknown): Record<string, unknown> | null {
  const decoded = decodeJson(value);
  return decoded !== null && typeof decoded === 'object' && !Array.isArray(decoded)
    ? (decoded as Record<string, unknown>)
    : null;
}

function toStoredClaim(row: Row): StoredClaim {
  const expenses = decodeJson(row.selected_expenses);
  return {
    id: String(row.id),
    sessionId: String(row.session_id),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    fullName: String(row.full_name),
    email: String(row.email),
    phone: String(row.phone),
    signature: textOrNull(row.signature),
    selectedExpenses: Array.isArray(expenses) ? expenses.map(String) : [],
    earnsOver18k: decodeBoolean(row.earns_over_18k),
    affiliateName: textOrNull(row.affiliate_name),
    utmData: objectOrNull(row.utm_data),
    fullUrl: textOrNull(row.full_url),
    ipAddress: textOrNull(row.ip_address),
    assessmentData: objectOrNull(row.assessment_data),
    raw: row,
  };
}

/** Every stored general claim for one browser session (a correct server keeps at most one). */
export async function findClaimsBySession(sessionId: string): Promise<StoredClaim[]> {
  const rows = await queryRows('SELECT * FROM form_responses WHERE session_id = $1', [sessionId]);
  return rows.map(toStoredClaim);
}
