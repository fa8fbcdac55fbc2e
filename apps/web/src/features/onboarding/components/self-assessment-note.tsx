import {
  JOB_EXPENSES_GUIDANCE_URL,
  SELF_ASSESSMENT_THRESHOLD_GBP,
  formatMoney,
  type RebateSummary,
} from '@taxback/domain';

/** The years of a claim whose expenses are over £2,500 (D31), from the domain's figures. */
export function selfAssessmentYears(summary: RebateSummary): string[] {
  return summary.years.filter((y) => y.selfAssessmentRequired).map((y) => y.year);
}

/**
 * D31: HMRC takes no P87 for a year whose expenses are over £2,500 ("If your expenses are over
 * £2,500 you must claim using a Self Assessment tax return", GOV.UK, Claim tax relief for your job
 * expenses). Said plainly wherever a figure is shown, with GOV.UK's link; the year stays, flagged.
 */
export function SelfAssessmentNote({
  summary,
  title = 'Self Assessment may be needed',
}: {
  summary: RebateSummary;
  /** The note's heading; none where the page's own heading says it. */
  title?: string | null;
}) {
  const years = selfAssessmentYears(summary);
  if (years.length === 0) return null;
  return (
    <div
      className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950"
      data-testid="self-assessment-note"
    >
      {title && <h2 className="mb-1 text-lg">{title}</h2>}
      <p>
        Your claimable expenses are over {formatMoney(SELF_ASSESSMENT_THRESHOLD_GBP)} for{' '}
        {years.join(' and ')}. HMRC does not take claims above this amount on form P87: they are made on a
        Self Assessment tax return. We keep {years.length === 1 ? 'this year' : 'these years'} in your claim
        and flag {years.length === 1 ? 'it' : 'them'}, and we will explain what it means for you.
      </p>
      <p className="mt-2">
        <a href={JOB_EXPENSES_GUIDANCE_URL} className="font-semibold text-amber-950 underline">
          How to claim tax relief for your job expenses (GOV.UK)
        </a>
      </p>
    </div>
  );
}
