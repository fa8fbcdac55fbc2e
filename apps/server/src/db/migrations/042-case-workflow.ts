import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

// D38 (issue 42): a case is worked as one claim. follows_case = 1 marks a claim that joined a case
// (migration 034's case_id) and follows the case's own workflow: its status and owner are the
// case's first claim's, the queues list the case once (by its first claim), and the claimant
// follows the case's reference. 0 (every claim until now, and a claim that joined a case already
// sent to HMRC) means the claim is worked on its own, as before.
//
// Existing linked claims are folded in: a claim in a case whose first claim and itself are both
// still before HMRC (submitted, in review, information requested, ready for HMRC) follows the case
// from now on. Its status and owner become the case's, and the change is written in its status
// history (a system move with the reason), so nothing is lost: its rows, files, signatures, thread
// and audit entries stay where they were. A case that was ready for HMRC is not moved back here:
// its readiness already read the claim that joined it (decision 064). A pair where either claim
// has gone to HMRC, or is finished, stays as it was: two workflows, one case.

/** The status history's actor for a move the service makes itself (casework's CASE_SYSTEM_ACTOR). */
const CASE_SYSTEM_ACTOR = 'system';

const BEFORE_HMRC = ['submitted', 'in-review', 'information-requested', 'ready-for-hmrc'];

type Claim = {
  id: string;
  case_id: string | null;
  status: string;
  owner_id: string | null;
  version: number;
  follows_case: number;
  updated_at: string;
};
type Tables = {
  form_responses: Claim;
  onboarding_claims: Claim;
  claim_status_history: {
    id: string;
    claim_kind: string;
    claim_id: string;
    from_status: string;
    to_status: string;
    version: number;
    reason: string | null;
    operator_id: string;
    created_at: string;
  };
};

const FOLDED_REASON = 'Joined its case: worked with the case from now on (D38)';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['form_responses', 'onboarding_claims'] as const)
    await db.schema
      .alterTable(table)
      .addColumn('follows_case', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

  const t = db as Kysely<Tables>;
  const at = new Date().toISOString();
  for (const [table, kind] of [
    ['form_responses', 'general'],
    ['onboarding_claims', 'onboarding'],
  ] as const) {
    const members = await t
      .selectFrom(`${table} as m`)
      .innerJoin('form_responses as h', 'h.id', 'm.case_id')
      .select(['m.id', 'm.status', 'm.version', 'h.status as case_status', 'h.owner_id as case_owner'])
      .where('m.case_id', 'is not', null)
      .where('m.status', 'in', BEFORE_HMRC)
      .where('h.status', 'in', BEFORE_HMRC)
      .execute();
    for (const m of members) {
      await t
        .updateTable(table)
        .set({
          follows_case: 1,
          status: m.case_status,
          owner_id: m.case_owner,
          version: Number(m.version) + 1,
          updated_at: at,
        })
        .where('id', '=', m.id)
        .execute();
      if (m.status !== m.case_status)
        await t
          .insertInto('claim_status_history')
          .values({
            id: randomUUID(),
            claim_kind: kind,
            claim_id: m.id,
            from_status: m.status,
            to_status: m.case_status,
            version: Number(m.version) + 1,
            reason: FOLDED_REASON,
            operator_id: CASE_SYSTEM_ACTOR,
            created_at: at,
          })
          .execute();
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['form_responses', 'onboarding_claims'] as const)
    await db.schema.alterTable(table).dropColumn('follows_case').execute();
}
