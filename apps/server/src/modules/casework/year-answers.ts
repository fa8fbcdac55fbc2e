import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  caseMoneyOf,
  feeBaseWords,
  caseYears,
  currentYearAnswers,
  sentToHmrc,
  ukIsoDate,
  YEAR_ANSWER_MESSAGES,
  yearAnswerProblems,
  type FeeSettings,
} from '@taxback/domain';
import type { YearAnswerInput } from '@taxback/domain/admin-schemas';
import { DATE_SUBJECTS, recordDateProblem } from '@taxback/domain/date-rules';
import type { Database, Row } from '../../db/database.ts';
import { caseChargedFees, caseYearAnswerRows, yearAnswerOfRow } from '../../db/case-year-answers.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { nowIso } from '../../db/values.ts';
import { ConflictError, ValidationError } from '../../errors.ts';
import type { ClaimNotices } from '../../jobs/notify-claimant.ts';
import type { AuditLog } from '../operators/index.ts';
import { assertMayChangeClaim, type ClaimActor, type ClaimOwnership } from '../shared/claim-access.ts';
import { caseIdOf, caseInputOf, claimKindOf, type Found } from './claim-view.ts';
import { claimMadeOn } from './hmrc-records.ts';

// D40 (issue 42): HMRC's answer for each tax year of a case. Every version is a row of
// case_year_answers (migration 036), never changed: the first an operator records, then each
// admin correction with its reason. Both claims of a case read and write the same rows (keyed by
// the case's id), so the operator sees one answer per year whichever claim they work from.

/** Thrown inside the transaction when the year's answer moved on; answered outside it. */
const STALE = new Error('stale year answer');

// Migration 034: a case's id (caseIdOf) lives beside Found in claim-view.ts.
export { caseIdOf };

type AnswerRow = Row<'case_year_answers'> & { operator: string | null };

const answerOf = (r: AnswerRow) => ({
  ...yearAnswerOfRow(r),
  correctionReason: r.correction_reason,
  operator: r.operator,
  createdAt: r.created_at,
});
export type YearAnswerView = ReturnType<typeof answerOf>;

/** The claim page's view: each year of the case with its current answer and its history, and the money. */
export function yearAnswersView(found: Found, rows: readonly AnswerRow[], fees: FeeSettings) {
  const versions = rows.map(answerOf);
  const current = currentYearAnswers(versions);
  const claimed = caseYears(caseInputOf(found)).years;
  const years = [...new Set([...claimed.map((y) => y.year), ...current.map((a) => a.year)])].sort();
  const money = caseMoneyOf(current, fees);
  return {
    caseId: caseIdOf(found),
    years: years.map((year) => ({
      year,
      claimedPence: claimed.find((y) => y.year === year)?.pence ?? null,
      current: current.find((a) => a.year === year) ?? null,
      history: versions.filter((v) => v.year === year),
    })),
    money: {
      repaidPence: money.repaidPence,
      taxCodePence: money.taxCodePence,
      feeBasePence: money.feeBasePence,
      feeOn: feeBaseWords(money),
      feePence: money.fee.totalFeePence,
      claimantPence: money.fee.claimantPence,
    },
  };
}

export function createYearAnswers(deps: {
  db: Kysely<Database>;
  audit: AuditLog;
  fees: FeeSettings;
  notices: ClaimNotices;
  now: () => Date;
  find: (id: string) => Promise<Found>;
  ownership: (found: Found) => Promise<ClaimOwnership>;
}) {
  const { db, audit, now, find } = deps;

  /**
   * Records HMRC's answer for a year (the claim's owner, or an admin), or corrects it (an admin,
   * with a reason). `input.version` is the year's version the operator saw: another is 409.
   */
  async function recordYearAnswer(actor: ClaimActor, id: string, input: YearAnswerInput) {
    const found = await find(id);
    const correcting = input.version > 0;
    assertMayChangeClaim(actor, await deps.ownership(found), correcting ? 'correct-record' : 'status');
    if (!sentToHmrc(found.status))
      throw new ConflictError('This claim has not been sent to HMRC yet, so HMRC has not answered it.');
    const caseId = caseIdOf(found);
    const today = ukIsoDate(now());
    const errors: Record<string, string> = {
      ...yearAnswerProblems(input, caseYears(caseInputOf(found)).years),
    };
    const decidedOn = input.decidedOn ?? today;
    const dateProblem = recordDateProblem(DATE_SUBJECTS.decidedOn, decidedOn, {
      today,
      claimMadeOn: claimMadeOn(found),
    });
    if (dateProblem) errors.decidedOn = dateProblem;
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);

    const at = nowIso(now());
    const row = {
      id: randomUUID(),
      case_id: caseId,
      year: input.year,
      version: input.version + 1,
      decision: input.decision,
      pence: input.pence,
      given_as: input.givenAs,
      decided_on: decidedOn,
      hmrc_reason: input.hmrcReason,
      correction_reason: correcting ? input.correctionReason : null,
      operator_id: actor.id,
      created_at: at,
    };
    const stale = async () => {
      const rows = await caseYearAnswerRows(db, caseId);
      return new ConflictError(YEAR_ANSWER_MESSAGES.stale, {
        hmrcYears: yearAnswersView(found, rows, await caseChargedFees(db, caseId, deps.fees)),
      });
    };
    try {
      await db.transaction().execute(async (trx) => {
        const latest = await trx
          .selectFrom('case_year_answers')
          .select(['version', 'decision', 'pence', 'given_as', 'decided_on', 'hmrc_reason'])
          .where('case_id', '=', caseId)
          .where('year', '=', input.year)
          .orderBy('version', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (Number(latest?.version ?? 0) !== input.version) throw STALE;
        // The unique (case_id, year, version) refuses the second of two writes from one page.
        await trx.insertInto('case_year_answers').values(row).execute();
        await trx
          .updateTable(found.kind === 'general' ? 'form_responses' : 'onboarding_claims')
          .set({ last_action_at: at })
          .where('id', '=', id)
          .execute();
        await audit.record(
          {
            actor: actor.id,
            action: 'hmrc-year-answered',
            entity: 'claim',
            entityId: id,
            detail: {
              caseId,
              year: input.year,
              version: row.version,
              before: latest ?? null,
              after: {
                decision: row.decision,
                pence: row.pence,
                givenAs: row.given_as,
                decidedOn: row.decided_on,
                hmrcReason: row.hmrc_reason,
              },
              reason: row.correction_reason,
            },
          },
          trx,
        );
        // D40: the claimant hears of each year's answer; the status page says it in words.
        await deps.notices.yearAnswered(trx, {
          claimKind: claimKindOf(found.kind),
          claimId: id,
          answerId: row.id,
        });
      });
    } catch (error) {
      if (error === STALE || isUniqueViolation(error)) throw await stale();
      throw error;
    }
    return yearAnswersView(
      found,
      await caseYearAnswerRows(db, caseId),
      await caseChargedFees(db, caseId, deps.fees),
    );
  }

  return { recordYearAnswer };
}
