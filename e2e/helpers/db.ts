// Reads what the server stored, straight from its database, so specs check the real rows rather
// than what the browser believes it sent. SQLite (read-only) by default, PostgreSQL in the CI's
// second run (E2E_DATABASE_URL).
import { join } from 'node:path';
import { expect } from '@playwright/test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { normaliseUkPhone } from '@taxback/domain';
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

/**
 * Runs one write on the server's database, for state a spec cannot reach through the screens it
 * tests (columns another feature writes). `$1` placeholders as in queryRows.
 */
export async function executeSql(sql: string, params: readonly unknown[] = []): Promise<void> {
  const url = getDatabaseUrl();
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql, [...params]);
    } finally {
      await client.end();
    }
    return;
  }
  const order: unknown[] = [];
  const sqliteSql = sql.replace(/\$(\d+)/g, (_, n: string) => {
    order.push(params[Number(n) - 1]);
    return '?';
  });
  const db = new Database(join(getDataDir(), 'taxback.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(sqliteSql).run(...order);
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

// ---------------------------------------------------------------------------------------------
// The mileage wizard's tables (onboarding_claims, stored_files, sms_outbox), shared by the wizard specs.

/** A JSON text column as stored by SQLite, or the value itself (PostgreSQL JSON columns arrive parsed). */
export function decodeJsonColumn(value: unknown): unknown {
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}

/** Every onboarding_claims row of one browser session (a correct server keeps at most one). */
export async function findOnboardingClaims(sessionId: string): Promise<Row[]> {
  return queryRows('SELECT * FROM onboarding_claims WHERE session_id = $1', [sessionId]);
}

/** The onboarding_claims row of one browser session, if the server has saved one. */
export async function findOnboardingClaim(sessionId: string): Promise<Row | undefined> {
  return (await findOnboardingClaims(sessionId))[0];
}

/**
 * Waits until the session's stored claim satisfies `ready` (saves are asynchronous, D10) and
 * returns it; fails with `what` in the message when it never does.
 */
export async function waitForOnboardingClaim(
  sessionId: string,
  ready: (row: Row) => boolean,
  what: string,
  timeout = 20_000,
): Promise<Row> {
  let found: Row | undefined;
  await expect
    .poll(
      async () => {
        found = await findOnboardingClaim(sessionId);
        return found !== undefined && ready(found);
      },
      { message: `stored claim never reached: ${what}`, timeout },
    )
    .toBe(true);
  return found as Row;
}

/** stored_files rows, optionally only one session's, oldest first. */
export async function listStoredFiles(sessionId?: string): Promise<Row[]> {
  return sessionId === undefined
    ? queryRows('SELECT * FROM stored_files ORDER BY created_at, id')
    : queryRows('SELECT * FROM stored_files WHERE session_id = $1 ORDER BY created_at, id', [sessionId]);
}

/** How many stored_files rows exist (all sessions, or one). */
export async function countStoredFiles(sessionId?: string): Promise<number> {
  const rows =
    sessionId === undefined
      ? await queryRows('SELECT COUNT(*) AS n FROM stored_files')
      : await queryRows('SELECT COUNT(*) AS n FROM stored_files WHERE session_id = $1', [sessionId]);
  return Number(rows[0]?.n ?? 0);
}

/** The latest 'resume-code' text sent to `phone` (any UK format): its code and send status. */
export interface SentResumeCode {
  code: string;
  status: string;
  body: string;
}

/**
 * Reads the latest resume code texted to `phone` from the offline SMS outbox (D9), or null when
 * none was sent. Not polled: callers that wait for the send use expect.poll around it.
 */
export async function latestResumeCode(phone: string): Promise<SentResumeCode | null> {
  const e164 = normaliseUkPhone(phone) ?? phone;
  const rows = await queryRows(
    `SELECT body, status FROM sms_outbox WHERE to_phone = $1 AND template = 'resume-code'
     ORDER BY created_at DESC`,
    [e164],
  );
  const latest = rows[0];
  if (!latest) return null;
  const body = String(latest.body);
  const match = /\/resume\/([A-Z0-9]{4})\b/.exec(body);
  return { code: match?.[1] ?? '', status: String(latest.status), body };
}
