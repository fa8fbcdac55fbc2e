import {
  RELIEF_CAP_NOTICE,
  UPPER_FIGURE_NOTICE,
  formatMoney,
  taxableExcessNotice,
  type RebateSummary,
  type FeeSettings,
  type ReliefEstimate,
  milesText,
} from '@taxback/domain';
import { ClaimForFreeNote, FeeNote } from '../../../components/authority/fee-note.tsx';
import { useFeeSettings } from '../../../lib/settings.ts';
import { SelfAssessmentNote } from './self-assessment-note.tsx';

export interface RebatePanelProps {
  summary: RebateSummary;
  /** 'total': step 5's running total; 'impact': step 7's per-year breakdown with the employer payment. */
  variant: 'total' | 'impact';
  /** The relief at the claimant's rates (D21: their band, Scottish rates, or basic and higher). */
  estimate: ReliefEstimate;
}

/** The one rate every year's estimate uses, or null when the years differ or give a range. */
function singleRate(estimate: ReliefEstimate): number | null {
  const rates = new Set(estimate.years.map((y) => Math.min(...y.rates)));
  const ranged = estimate.years.some((y) => y.rates.length > 1);
  return rates.size === 1 && !ranged ? [...rates][0]! : null;
}

/**
 * D21: which rates the estimate is at. Without a band it is the basic-rate figure, with what a
 * higher-rate taxpayer would get beside it.
 */
export function EstimateRates({ estimate }: { estimate: ReliefEstimate }) {
  const ranged = estimate.low !== estimate.high;
  const scottish = estimate.scottish ? 'Scottish ' : '';
  const basic = estimate.years[0]?.rates[0];
  const higher = estimate.years[0]?.rates[1];
  const one = singleRate(estimate);
  return (
    <p className="mt-2 text-sm" data-testid="estimate-rates">
      {ranged
        ? `At the ${scottish}basic rate (${basic ?? 20}%). If you paid ${scottish}higher-rate tax (${higher ?? 40}%), it would be about ${formatMoney(estimate.high)}.`
        : one !== null
          ? `At the ${scottish}rate you told us (${one}%).`
          : `At the ${scottish}rates you told us for each year.`}
    </p>
  );
}

const FIGURE_STYLES = {
  plain: 'text-right',
  strong: 'text-right font-semibold',
  headline: 'text-right text-xl font-bold text-brand-700',
} as const;

/** One figure of a summary: its term and its value (a `dl`'s dt and dd). */
export function FigureRow({
  label,
  testId,
  weight = 'strong',
  children,
}: {
  label: React.ReactNode;
  testId?: string;
  weight?: keyof typeof FIGURE_STYLES;
  children: React.ReactNode;
}) {
  return (
    <>
      <dt>{label}</dt>
      <dd className={FIGURE_STYLES[weight]} data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

/** A panel of the claim's figures, named by its own h2. */
function FiguresPanel({
  titleId,
  title,
  className,
  testId,
  children,
}: {
  titleId: string;
  title: string;
  className: string;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className={className} data-testid={testId}>
      <h2 id={titleId} className="mb-3 text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * What goes under every estimate (D20, D21, D28): the rates it is at, our fee and what the claimant
 * keeps, that claiming from HMRC directly is free, and that relief cannot exceed the tax paid.
 */
export function EstimateNotes({
  estimate,
  fee,
}: {
  estimate: ReliefEstimate;
  fee: FeeSettings | null | undefined;
}) {
  return (
    <>
      <EstimateRates estimate={estimate} />
      <FeeNote amountPounds={estimate.low} fee={fee} />
      <ClaimForFreeNote fee={fee} />
      <p className="mt-3 text-sm" data-testid="relief-cap-note">
        {RELIEF_CAP_NOTICE}
      </p>
      {/* D31: without the year's P60 figures the estimate is an upper figure. */}
      {estimate.upperFigure && (
        <p className="mt-2 text-sm" data-testid="upper-figure-note">
          {UPPER_FIGURE_NOTICE}
        </p>
      )}
    </>
  );
}

export function RebatePanel({ summary, variant, estimate }: RebatePanelProps) {
  const yearLow = (year: string) => estimate.years.find((y) => y.year === year)?.low ?? 0;
  const rate = singleRate(estimate) ?? (estimate.low !== estimate.high ? estimate.years[0]?.rates[0] : null);
  // D20: with a fee set, the estimate shows our fee and what the claimant keeps.
  const fee = useFeeSettings();
  if (variant === 'total') {
    return (
      <FiguresPanel
        titleId="claim-summary-title"
        title="Your claim so far"
        className="rounded-lg bg-brand-50 p-4"
        testId="claim-summary"
      >
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
          <FigureRow label="Total business miles" testId="total-miles">
            {milesText(summary.totalMiles)}
          </FigureRow>
          <FigureRow label="Estimated rebate" testId="estimated-rebate" weight="headline">
            {formatMoney(estimate.low)}
          </FigureRow>
        </dl>
        <EstimateNotes estimate={estimate} fee={fee} />
        {/* D31: told at the figure, before any congratulation. */}
        <div className="mt-4">
          <SelfAssessmentNote summary={summary} title={null} />
        </div>
      </FiguresPanel>
    );
  }

  const excess = summary.years
    .map((y) => ({ year: y.year, excess: y.taxableExcess }))
    .filter((y) => y.excess > 0);

  return (
    <FiguresPanel
      titleId="impact-title"
      title="What this means for your claim"
      className="rounded-lg border-2 border-brand-700 p-4"
      testId="impact-panel"
    >
      {summary.years.length > 1 && (
        <div className="mb-4 space-y-3">
          {summary.years.map((y) => (
            <dl
              key={y.year}
              className="grid grid-cols-2 gap-x-4 border-b border-gray-200 pb-3 text-sm"
              data-testid={`impact-year-${y.year}`}
            >
              <dt className="col-span-2 mb-1 text-base font-semibold">{y.year}</dt>
              <FigureRow label="HMRC allowance" testId={`impact-${y.year}-allowance`} weight="plain">
                {formatMoney(y.allowance)}
              </FigureRow>
              <FigureRow label="Employer payment" testId={`impact-${y.year}-employer-payment`} weight="plain">
                {formatMoney(y.employerPayment)}
              </FigureRow>
              <FigureRow label="Claimable amount" testId={`impact-${y.year}-claimable`} weight="plain">
                {formatMoney(y.claimable)}
              </FigureRow>
              <FigureRow
                label={`Estimated rebate${rate ? ` (${rate}%)` : ''}`}
                testId={`impact-${y.year}-rebate`}
                weight="plain"
              >
                {formatMoney(yearLow(y.year))}
              </FigureRow>
            </dl>
          ))}
        </div>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
        {summary.years.length > 1 && <dt className="col-span-2 font-semibold">All selected years</dt>}
        <FigureRow label="HMRC allowance" testId="impact-allowance">
          {formatMoney(summary.totalAllowance)}
        </FigureRow>
        <FigureRow label="Employer payment" testId="impact-employer-payment">
          − {formatMoney(summary.totalEmployerPayment)}
        </FigureRow>
        <FigureRow label="Claimable amount" testId="impact-claimable">
          {formatMoney(summary.totalClaimable)}
        </FigureRow>
        <FigureRow
          label={`Estimated rebate${rate ? ` at ${rate}%` : ''}`}
          testId="impact-rebate"
          weight="headline"
        >
          {formatMoney(estimate.low)}
        </FigureRow>
      </dl>
      <EstimateNotes estimate={estimate} fee={fee} />
      {excess.map((y) => (
        <p
          key={y.year}
          className="mt-4 rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-amber-950"
          data-testid={`taxable-excess-${y.year}`}
        >
          {taxableExcessNotice(y.year, y.excess)}
        </p>
      ))}
      <div className="mt-4">
        <SelfAssessmentNote summary={summary} title={null} />
      </div>
    </FiguresPanel>
  );
}
