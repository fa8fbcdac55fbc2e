import {
  claimableTaxYears,
  claimsTravel,
  createSessionId,
  FIRST_STEP_ID,
  mileagePrefillOf,
} from '@taxback/domain';
import type { RebateSummary } from '@taxback/domain';
import type { WizardSnapshot } from '@taxback/domain/schemas';
import { isUniqueViolation } from '../../db/errors.ts';
import { fromJsonText } from '../../db/values.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { readStoredDetails } from '../claims/index.ts';
import type { OnboardingContext, RequestMeta } from './service-context.ts';

// Issue 42 (D38), the case model's first slice: the mileage claim a funnel claimant starts from
// their signed details joins their case. The server makes the wizard's draft itself, with what
// the details hold filled in (decision 052's prefill), under a new wizard session it returns to
// the funnel session that asked; a case holds one mileage claim, so asking again (a second tap, a
// second tab) returns the same draft.

export const START_FROM_CLAIM_MESSAGES = {
  notFound: 'There is no claim for this session',
  noTravel: 'This claim did not choose travel, so it has no mileage claim to start',
  notSigned: 'Sign your details first: the mileage claim starts from what they hold',
} as const;

type WholeSave = (
  sessionId: string,
  body: {
    revision: number;
    currentStep: typeof FIRST_STEP_ID;
    lastStepCompleted: null;
    snapshot: WizardSnapshot;
  },
  meta: RequestMeta,
) => Promise<{ revision: number; totals: RebateSummary }>;

export function startFromClaimOperation(ctx: OnboardingContext, save: WholeSave) {
  const { db } = ctx.deps;

  const draftOfCase = (caseId: string) =>
    db.selectFrom('onboarding_claims').select('session_id').where('case_id', '=', caseId).executeTakeFirst();

  return async function startFromClaim(
    funnelSessionId: string,
    meta: RequestMeta,
  ): Promise<{ sessionId: string; created: boolean }> {
    const claim = await db
      .selectFrom('form_responses')
      .select([
        'id',
        'case_id',
        'details',
        'details_signed_at',
        'selected_expenses',
        'affiliate_name',
        'utm_data',
        'full_url',
      ])
      .where('session_id', '=', funnelSessionId)
      .executeTakeFirst();
    if (!claim) throw new NotFoundError(START_FROM_CLAIM_MESSAGES.notFound);
    if (!claimsTravel(fromJsonText<string[]>(claim.selected_expenses, [])))
      throw new ConflictError(START_FROM_CLAIM_MESSAGES.noTravel);
    const stored = readStoredDetails(claim.details);
    if (claim.details_signed_at === null || !stored)
      throw new ConflictError(START_FROM_CLAIM_MESSAGES.notSigned);

    const caseId = claim.case_id ?? claim.id;
    const existing = await draftOfCase(caseId);
    if (existing) return { sessionId: existing.session_id, created: false };

    const prefill = mileagePrefillOf(stored.details, claimableTaxYears(ctx.now()));
    const snapshot: WizardSnapshot = {
      ...prefill,
      // Where the claimant came from, as their funnel claim recorded it.
      affiliateName: claim.affiliate_name,
      utmData: fromJsonText<Record<string, string> | null>(claim.utm_data, null),
      fullUrl: claim.full_url,
    };
    const sessionId = createSessionId(ctx.now().getTime());
    await save(
      sessionId,
      { revision: 0, currentStep: FIRST_STEP_ID, lastStepCompleted: null, snapshot },
      meta,
    );
    try {
      await db
        .updateTable('onboarding_claims')
        .set({ case_id: caseId })
        .where('session_id', '=', sessionId)
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Started twice at once: the other draft is the case's; this one goes.
      await db.deleteFrom('onboarding_claims').where('session_id', '=', sessionId).execute();
      const winner = await draftOfCase(caseId);
      if (!winner) throw error;
      return { sessionId: winner.session_id, created: false };
    }
    return { sessionId, created: true };
  };
}
