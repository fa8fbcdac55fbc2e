// Sub-path imports: the landing page uses these and stays small (no zod, no wizard code).
import { CLAIM_DIRECT_FOR_FREE, calculateFee } from '@taxback/domain/fees';
import type { FeeSettings } from '@taxback/domain/fees';
import { formatMoney } from '@taxback/domain/money';
import { formatNumber } from '@taxback/domain/number-format';

/** True when a fee is configured (D20); with none, pages keep SPEC.md's "No fees". */
export function hasFee(fee: FeeSettings | null | undefined): fee is FeeSettings {
  return fee !== null && fee !== undefined && fee.percent > 0;
}

/**
 * D20: beside an amount, our fee and what the claimant keeps, in pounds. Renders nothing when no
 * fee is set (or the settings are not known yet).
 */
export function FeeNote({
  amountPounds,
  fee,
  testId = 'fee-note',
}: {
  amountPounds: number;
  fee: FeeSettings | null | undefined;
  testId?: string;
}) {
  if (!hasFee(fee) || !(amountPounds > 0)) return null;
  const b = calculateFee(Math.round(amountPounds * 100), fee);
  const vat = b.vatPence > 0 ? ' including VAT' : '';
  return (
    <p className="text-sm" data-testid={testId}>
      Our fee: {formatMoney(b.totalFeePence / 100)}
      {vat}. You keep: <strong>{formatMoney(b.claimantPence / 100)}</strong>.
    </p>
  );
}

/** D20: the plain statement that claiming directly from HMRC is free, where a fee is set. */
export function ClaimForFreeNote({
  fee,
  testId = 'claim-for-free',
}: {
  fee: FeeSettings | null | undefined;
  testId?: string;
}) {
  if (!hasFee(fee)) return null;
  return (
    <p className="text-sm" data-testid={testId}>
      {CLAIM_DIRECT_FOR_FREE}{' '}
      <a href="https://www.gov.uk/tax-relief-for-employees" target="_blank" rel="noopener noreferrer">
        Claim tax relief on GOV.UK (opens in a new tab)
      </a>
    </p>
  );
}

/** D20: the short fee statement for lists and footers: "No fees" only when there are none. */
export function feeHeadline(fee: FeeSettings | null | undefined): string {
  if (!hasFee(fee)) return 'No fees';
  const vat = fee.vatPercent > 0 ? ' plus VAT' : '';
  return `Our fee: ${formatNumber(fee.percent, { maxFractionDigits: 2 })}% of your refund${vat}, only if HMRC repays you`;
}
