// The claims the operators' list bench times (`claims-list.bench.ts`): half general, half mileage,
// every status (open ones only among the last nine months' claims), plus drafts; a third of them
// owned by one of ten operators (the first being the operator the queue page is timed for), with
// the queues' flags set on some. With `activity`, each submitted claim also gets what an agency's
// seasons leave behind it (issue 45): its stored files' records, a thread of up to three messages,
// its status history, audit events, finished jobs and the text and email it was sent.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import { CLAIM_STATUSES } from '@taxback/domain';
import { FUNNEL_STEPS, addDays } from '@taxback/domain/dashboard';
import type { ClaimKind, NewRow } from '../../src/db/database.ts';
import type { TestApp } from '../helpers.ts';

const BATCH = 500;
/** The days the claims are made on: 2023-01-01 to 2025-12-31. */
const SEEDED_DAYS = 1096;
const FIRST = [
  ...['Oliver', 'George', 'Noah', 'Arthur', 'Harry', 'Leo', 'Muhammad', 'Jack', 'Charlie', 'Oscar'],
  ...['Jacob', 'Henry', 'Thomas', 'Freddie', 'Alfie', 'Theo', 'William', 'Archie', 'Joshua', 'Daniel'],
  ...['Olivia', 'Amelia', 'Isla', 'Ava', 'Ivy', 'Freya', 'Lily', 'Florence', 'Mia', 'Willow'],
  ...['Rosie', 'Sophia', 'Isabella', 'Grace', 'Daisy', 'Sienna', 'Poppy', 'Elsie', 'Emily', 'Priya'],
];
/**
 * Surnames as common as they are in England and Wales: the thirty most common with roughly their
 * shares (Smith about 1.2%, the thirtieth about 0.2%; together about 11.6%), then 400 made-up
 * names sharing the rest, each about as common as the thirtieth. A search for the commonest
 * surname finds about one claim in eighty, as it would in a real agency's records.
 */
const COMMON_SURNAMES: ReadonlyArray<readonly [string, number]> = [
  ['Smith', 1.26],
  ['Jones', 0.98],
  ['Williams', 0.76],
  ['Taylor', 0.63],
  ['Brown', 0.6],
  ['Davies', 0.56],
  ['Evans', 0.46],
  ['Wilson', 0.41],
  ['Thomas', 0.4],
  ['Johnson', 0.38],
  ['Roberts', 0.37],
  ['Robinson', 0.31],
  ['Thompson', 0.31],
  ['Wright', 0.3],
  ['Walker', 0.29],
  ['White', 0.28],
  ['Edwards', 0.28],
  ['Hughes', 0.27],
  ['Green', 0.27],
  ['Hall', 0.27],
  ['Lewis', 0.26],
  ['Harris', 0.26],
  ['Clarke', 0.25],
  ['Patel', 0.25],
  ['Jackson', 0.24],
  ['Wood', 0.23],
  ['Turner', 0.22],
  ['Martin', 0.22],
  ['Cooper', 0.21],
  ['Hill', 0.21],
];
const HEADS = ['Ash', 'Black', 'Brad', 'Cal', 'Dun', 'Fair', 'Gold', 'Hart', 'Kings', 'Lang'];
const HEADS_TOO = ['Mor', 'North', 'Pen', 'Ross', 'Stan', 'Thorn', 'Wake', 'West', 'Whit', 'Wil'];
const TAILS = ['ley', 'ford', 'ton', 'wood', 'field', 'by', 'ham', 'well', 'more', 'worth'];
const TAILS_TOO = ['shaw', 'combe', 'dale', 'bury', 'stone', 'wick', 'land', 'hurst', 'croft', 'gate'];
const OTHER_SURNAMES = [...HEADS, ...HEADS_TOO].flatMap((h) => [...TAILS, ...TAILS_TOO].map((t) => h + t));
const COMMON_SHARE = COMMON_SURNAMES.reduce((sum, [, share]) => sum + share, 0) / 100;

/**
 * A number in [0, 1) for claim `i`, one stream per salt: an integer hash (murmur3's finaliser), so
 * that the streams are independent of one another (a first name says nothing of the surname).
 */
function spread(i: number, salt: number): number {
  let h = Math.imul(i ^ Math.imul(salt, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) / 4_294_967_296;
}

function surname(i: number): string {
  let u = spread(i, 17);
  if (u >= COMMON_SHARE) return OTHER_SURNAMES[Math.floor(((u - COMMON_SHARE) / (1 - COMMON_SHARE)) * 400)]!;
  for (const [name, share] of COMMON_SURNAMES) {
    u -= share / 100;
    if (u < 0) return name;
  }
  return 'Hill';
}

/** Claim `i`'s first name and surname. */
export function benchName(i: number): [string, string] {
  return [FIRST[Math.floor(spread(i, 3) * FIRST.length)]!, surname(i)];
}

/** A UK mobile number as a claimant types it: 07 and nine digits spread over the claims. */
export function benchPhone(i: number): string {
  const digits = String(100_000_000 + Math.floor(spread(i, 101) * 900_000_000));
  return `07${digits.slice(0, 3)} ${digits.slice(3)}`;
}
const AFFILIATES = [null, 'partner-one', 'partner-two', 'partner-three', 'partner-four'];

function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length] as T;
}

/**
 * How an agency's claims stand by their age (decision 093): a claim takes weeks to months through
 * review and HMRC, so only the claims of the last OPEN_DAYS of the seasons (nine months: a whole
 * season's, a heavier tail than most agencies carry) may still be open, spread over every status;
 * older ones are closed, most of them repaid.
 */
const OPEN_DAYS = 270;
const CLOSED_SPREAD = [
  ...['repaid', 'repaid', 'repaid', 'repaid', 'repaid'],
  ...['rejected', 'needs-self-assessment', 'withdrawn'],
] as const;

function statusOf(i: number, dayIndex: number, openDays: number): string {
  if (i % 20 === 0) return 'draft';
  if (SEEDED_DAYS - 1 - dayIndex < openDays) return pick(CLAIM_STATUSES, Math.floor(i / 2));
  return pick(CLOSED_SPREAD, Math.floor(i / 2));
}

type Activity = {
  stored_files: NewRow<'stored_files'>[];
  claim_messages: NewRow<'claim_messages'>[];
  claim_status_history: NewRow<'claim_status_history'>[];
  audit_events: NewRow<'audit_events'>[];
  jobs: NewRow<'jobs'>[];
  sms_outbox: NewRow<'sms_outbox'>[];
  email_outbox: NewRow<'email_outbox'>[];
};

const noActivity = (): Activity => ({
  stored_files: [],
  claim_messages: [],
  claim_status_history: [],
  audit_events: [],
  jobs: [],
  sms_outbox: [],
  email_outbox: [],
});

/** What one submitted claim leaves behind it: about a dozen rows over seven tables, no personal data beyond the claim's. */
function addActivity(
  into: Activity,
  claim: { id: string; session: string; kind: ClaimKind; status: string; at: string; owner: string | null },
  i: number,
  phone: string,
  email: string,
): void {
  const { id, session, kind, at } = claim;
  const operator = claim.owner ?? 'system';
  const file = randomUUID();
  into.stored_files.push({
    id: file,
    session_id: session,
    claim_kind: kind,
    kind: kind === 'general' ? 'signature' : 'evidence',
    tax_year: kind === 'general' ? '' : '2024/25',
    storage_key: randomUUID(),
    filename: kind === 'general' ? 'signature.png' : 'mileage-log.pdf',
    content_type: kind === 'general' ? 'image/png' : 'application/pdf',
    size: 20_000 + (i % 50_000),
    sha256: '0'.repeat(64),
    expense_section: null,
    created_at: at,
    render_input: null,
  });
  for (let m = 0; m < i % 4; m++)
    into.claim_messages.push({
      id: randomUUID(),
      claim_kind: kind,
      claim_id: id,
      author: m % 2 === 0 ? 'operator' : 'claimant',
      operator_id: m % 2 === 0 ? claim.owner : null,
      body: m % 2 === 0 ? 'Please send your P60 for the year.' : 'Attached, thank you.',
      request_id: null,
      file_ids: m % 2 === 0 ? '[]' : JSON.stringify([file]),
      created_at: at,
      idempotency_key: null,
    });
  if (claim.status !== 'submitted')
    into.claim_status_history.push({
      id: randomUUID(),
      claim_kind: kind,
      claim_id: id,
      from_status: 'submitted',
      to_status: claim.status,
      version: 2,
      reason: null,
      operator_id: operator,
      created_at: at,
    });
  for (const action of ['claim-viewed', 'status-changed'])
    into.audit_events.push({
      id: randomUUID(),
      actor: operator,
      action,
      entity: 'claim',
      entity_id: id,
      detail: null,
      created_at: at,
    });
  into.jobs.push({
    id: randomUUID(),
    name: 'send-sms',
    payload: JSON.stringify({ claimId: id }),
    status: 'done',
    max_attempts: 5,
    run_at: at,
    locked_until: null,
    last_error: null,
    created_at: at,
    finished_at: at,
  });
  const delivery = {
    provider: 'offline',
    status: 'sent',
    provider_message_id: null,
    error: null,
    created_at: at,
    sent_at: at,
  };
  const about = { claim_kind: kind, claim_id: id };
  into.sms_outbox.push({
    id: randomUUID(),
    ...delivery,
    ...about,
    to_phone: phone,
    template: 'claim-received',
    body: 'We have your claim.',
  });
  into.email_outbox.push({
    id: randomUUID(),
    ...delivery,
    ...about,
    to_email: email,
    template: 'claim-received',
    subject: 'We have your claim',
    body_text: 'We have your claim.',
    body_html: '<p>We have your claim.</p>',
  });
}

/**
 * Inserts `total` claims in batches; `me` owns a tenth of the owned ones (D34). With `activity`,
 * each submitted claim's files, thread, history, audit events, jobs and outbox rows too. Claims
 * made in the last `openDays` days (OPEN_DAYS unless given) may be open; older ones are closed.
 */
export async function seedBenchClaims(
  t: TestApp,
  total: number,
  me: string,
  options: { activity?: boolean; progress?: (seeded: number) => void; openDays?: number } = {},
): Promise<void> {
  const owners = [me, ...Array.from({ length: 9 }, () => randomUUID())];
  // Issue 45: over three seasons, 2023 to 2025 (1,096 days; 7,919 is prime, so every day is used).
  const firstDay = Date.UTC(2023, 0, 1);
  for (let offset = 0; offset < total; offset += BATCH) {
    const general: NewRow<'form_responses'>[] = [];
    const mileage: NewRow<'onboarding_claims'>[] = [];
    const activity = noActivity();
    for (let i = offset; i < Math.min(total, offset + BATCH); i++) {
      const [first, last] = benchName(i);
      const dayIndex = (i * 7919) % SEEDED_DAYS;
      const at = new Date(firstDay + dayIndex * 86_400_000 + (i % 86_400) * 1000).toISOString();
      const status = statusOf(i, dayIndex, options.openDays ?? OPEN_DAYS);
      const common = {
        id: randomUUID(),
        session_id: `bench_${i}`,
        first_name: first,
        last_name: last,
        full_name: `${first} ${last}`,
        email: `${first}.${last}.${i}@example.com`.toLowerCase(),
        phone: benchPhone(i),
        affiliate_name: pick(AFFILIATES, i),
        created_at: at,
        updated_at: at,
        // Issue 29: owners, the last action and the flags the queues show.
        // Owners change every nine indexes, so each owns general (even i) and mileage (odd i) claims.
        owner_id: status !== 'draft' && i % 3 === 0 ? pick(owners, Math.floor(i / 9)) : null,
        last_action_at: at,
        reply_received_at: i % 13 === 0 ? at : null,
        reply_due_on: i % 17 === 0 ? at.slice(0, 10) : null,
        superseded_authorities: i % 29 === 0 ? 1 : 0,
        operator_unread_count: i % 31 === 0 ? 2 : 0,
      };
      if (options.activity && status !== 'draft')
        addActivity(
          activity,
          {
            id: common.id,
            session: common.session_id,
            kind: i % 2 === 0 ? 'general' : 'onboarding',
            status,
            at,
            owner: common.owner_id,
          },
          i,
          common.phone,
          common.email,
        );
      if (i % 2 === 0 && status !== 'draft') {
        general.push({ ...common, selected_expenses: '["travel"]', earns_over_18k: 1, status });
      } else {
        mileage.push({
          ...common,
          status,
          employer_name: 'Acme Ltd',
          home_address: '1 High Street',
          postcode: 'WN2 1AR',
          mileage_data: JSON.stringify({
            '2024/25': { miles: 5000 + (i % 9000), companyName: 'Acme Ltd' },
          }),
          estimated_rebate_20_percent: 200 + (i % 2000),
          estimated_rebate_claimant: 200 + (i % 2000),
          self_assessment_required: i % 11 === 0 ? 1 : 0,
          readiness_missing: i % 4,
          submission_reference: status === 'draft' ? null : `TB${String(i).padStart(8, '0')}`,
          submitted_at: status === 'draft' ? null : at,
          last_activity_at: at,
        });
      }
    }
    await t.app.db.transaction().execute(async (trx) => {
      if (general.length > 0) await trx.insertInto('form_responses').values(general).execute();
      if (mileage.length > 0) await trx.insertInto('onboarding_claims').values(mileage).execute();
      for (const [table, rows] of Object.entries(activity) as [keyof Activity, Activity[keyof Activity]][])
        // At most a few thousand rows a statement: PostgreSQL takes 65,535 parameters at most.
        for (let from = 0; from < rows.length; from += BATCH)
          await trx
            .insertInto(table)
            .values(rows.slice(from, from + BATCH) as never)
            .execute();
    });
    if ((offset + BATCH) % 50_000 === 0) options.progress?.(offset + BATCH);
  }
}

/**
 * Issue 45: what the admins' dashboard shows beyond the claims themselves, over the seeded claims
 * (decision 072): sent to HMRC on the day made for the claims in those statuses, repaid that day
 * for the repaid ones, an HMRC answer per claim repaid or refused and three years of funnel counts.
 */
export async function seedDashboardFigures(t: TestApp): Promise<void> {
  const db = t.app.db;
  // One update a table: each row updated runs the roll-ups' triggers (decisions 085 and 091).
  for (const table of ['form_responses', 'onboarding_claims'] as const) {
    const repaid = (value: RawBuilder<unknown>) => sql`case when status = 'repaid' then ${value} end`;
    await sql`update ${sql.table(table)} set sent_on = substr(created_at, 1, 10),
      repaid_on = ${repaid(sql`substr(created_at, 1, 10)`)}, repaid_pence = ${repaid(sql`10000`)},
      fee_pence = ${repaid(sql`2000`)}, claimant_pence = ${repaid(sql`8000`)}
      where status in ('sent-to-hmrc', 'repaid', 'rejected')`.execute(db);
  }
  // HMRC answers every claim it repaid or refused (decision 094): accepted on the day repaid,
  // refused on the day sent. Each claim here is a case of its own.
  for (const table of ['form_responses', 'onboarding_claims'] as const)
    await sql`insert into case_year_answers (id, case_id, year, version, decision, pence, given_as,
        decided_on, hmrc_reason, correction_reason, operator_id, created_at)
      select id, id, '2024/25', 1, case when status = 'repaid' then 'accepted' else 'refused' end,
        repaid_pence, case when status = 'repaid' then 'repayment' end, coalesce(repaid_on, sent_on),
        '', null, null, created_at
      from ${sql.table(table)} where status in ('repaid', 'rejected')`.execute(db);
  const days = Array.from({ length: SEEDED_DAYS }, (_, i) => addDays('2023-01-01', i));
  await db
    .insertInto('funnel_steps')
    .values(days.flatMap((day) => FUNNEL_STEPS.map((step, i) => ({ day, step, count: 1000 >> i }))))
    .execute();
}

/** The dashboards the benches time over the seeded year (2025): p99 <= 50 ms each (decision 085). */
export const DASHBOARD_SCENARIOS: Record<string, string> = {
  'twelve weeks': '/api/admin/dashboard?from=2025-06-02&to=2025-08-24',
  'twelve weeks, mileage, one affiliate':
    '/api/admin/dashboard?from=2025-06-02&to=2025-08-24&kind=mileage&affiliate=partner-two',
  'a whole year': '/api/admin/dashboard?from=2025-01-01&to=2025-12-31',
  'a whole year, general, one affiliate':
    '/api/admin/dashboard?from=2025-01-01&to=2025-12-31&kind=general&affiliate=partner-two',
};

/** The roll-ups the database keeps by triggers (decisions 085, 091 and 094). */
export const ROLL_UP_TABLES = ['dashboard_days', 'affiliate_daily', 'answers_daily'] as const;

/** The tables the dashboard reads, for PostgreSQL's VACUUM ANALYZE after seeding. */
export const DASHBOARD_TABLES = [
  'form_responses',
  'onboarding_claims',
  'case_year_answers',
  'funnel_steps',
  'dashboard_days',
  'answers_daily',
] as const;
