import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

// D40 (issue 42): HMRC answers a case year by year. case_year_answers keeps every version of each
// year's answer, never updated or deleted: the first an operator records (version 1), then each
// admin correction with its reason (2, 3, ...). The unique (case_id, year, version) makes two
// operators answering from the same page one write and one "changed by someone else" (409).
//   case_id            the case's id: its first claim's id (migration 034), whichever claim of the
//                      case the operator answered from
//   decision           accepted | reduced | refused | self-assessment
//   pence, given_as    what HMRC gives and how (repayment | tax-code); NULL when refused or SA
//   decided_on         UK date of HMRC's decision
//   hmrc_reason        HMRC's reason ('' when none)
//   correction_reason  NULL for the first version; an admin's reason for each correction
//   operator_id        who recorded it; NULL for a version folded from an older record below
// Claims repaid before this kept one amount for the whole claim (claim_hmrc_records 'repaid').
// Where the claim covered a single tax year that amount is that year's answer, folded in here as
// version 1 (accepted, repaid, on the repaid date); a claim covering several years keeps its whole
// amount as it was, since how HMRC split it was never recorded. Nothing is deleted.

type Tables = {
  form_responses: {
    id: string;
    case_id: string | null;
    status: string;
    details: string | null;
    repaid_pence: number | null;
    repaid_on: string | null;
    created_at: string;
  };
  onboarding_claims: {
    id: string;
    case_id: string | null;
    status: string;
    snapshot: string | null;
    repaid_pence: number | null;
    repaid_on: string | null;
    submitted_at: string | null;
  };
  case_year_answers: {
    id: string;
    case_id: string;
    year: string;
    version: number;
    decision: string;
    pence: number | null;
    given_as: string | null;
    decided_on: string;
    hmrc_reason: string;
    correction_reason: string | null;
    operator_id: string | null;
    created_at: string;
  };
};

/** The selected tax years of a stored snapshot or details (both keep `taxYears`), defensively. */
function selectedYearsOf(text: string | null): string[] {
  try {
    const parsed = JSON.parse(text ?? 'null') as {
      taxYears?: unknown;
      details?: { taxYears?: unknown };
    } | null;
    const years = parsed?.details?.taxYears ?? parsed?.taxYears;
    if (!Array.isArray(years)) return [];
    return years
      .filter((y): y is { year: string; selected?: unknown } => typeof y?.year === 'string')
      .filter((y) => y.selected !== false)
      .map((y) => y.year);
  } catch {
    return [];
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('case_year_answers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('year', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('pence', 'integer')
    .addColumn('given_as', 'text')
    .addColumn('decided_on', 'text', (c) => c.notNull())
    .addColumn('hmrc_reason', 'text', (c) => c.notNull())
    .addColumn('correction_reason', 'text')
    .addColumn('operator_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('case_year_answers_version_unique')
    .on('case_year_answers')
    .columns(['case_id', 'year', 'version'])
    .unique()
    .execute();

  // Fold single-year repayments (see above), summed per case and year.
  const t = db as Kysely<Tables>;
  const folded = new Map<string, { caseId: string; year: string; pence: number; on: string }>();
  const fold = (caseId: string, text: string | null, pence: number | null, on: string | null) => {
    const years = selectedYearsOf(text);
    if (pence === null || years.length !== 1 || on === null) return;
    const key = `${caseId} ${years[0]}`;
    const seen = folded.get(key);
    folded.set(key, {
      caseId,
      year: years[0]!,
      pence: Number(pence) + (seen?.pence ?? 0),
      on: seen && seen.on > on ? seen.on : on,
    });
  };
  const general = await t
    .selectFrom('form_responses')
    .select(['id', 'case_id', 'details', 'repaid_pence', 'repaid_on', 'created_at'])
    .where('status', '=', 'repaid')
    .where('repaid_pence', 'is not', null)
    .execute();
  for (const r of general)
    fold(r.case_id ?? r.id, r.details, r.repaid_pence, r.repaid_on ?? r.created_at.slice(0, 10));
  const mileage = await t
    .selectFrom('onboarding_claims')
    .select(['id', 'case_id', 'snapshot', 'repaid_pence', 'repaid_on', 'submitted_at'])
    .where('status', '=', 'repaid')
    .where('repaid_pence', 'is not', null)
    .execute();
  for (const r of mileage)
    fold(r.case_id ?? r.id, r.snapshot, r.repaid_pence, r.repaid_on ?? r.submitted_at?.slice(0, 10) ?? null);
  const at = new Date().toISOString();
  for (const f of folded.values()) {
    await t
      .insertInto('case_year_answers')
      .values({
        id: randomUUID(),
        case_id: f.caseId,
        year: f.year,
        version: 1,
        decision: 'accepted',
        pence: f.pence,
        given_as: 'repayment',
        decided_on: f.on,
        hmrc_reason: '',
        correction_reason: null,
        operator_id: null,
        created_at: at,
      })
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('case_year_answers_version_unique').execute();
  await db.schema.dropTable('case_year_answers').execute();
}
