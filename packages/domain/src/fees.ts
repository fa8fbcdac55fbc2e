// Our fee on a repayment (DECISIONS D20): configuration (percent of HMRC's repayment, a minimum,
// VAT on the fee), "No fees" (0%) by default. Everything in whole pence so nothing drifts.

export interface FeeSettings {
  /** Percent of the repayment, e.g. 20 for 20%. */
  percent: number;
  /** The least we charge, in pence, when a fee applies at all (percent > 0). */
  minimumPence: number;
  /** VAT on the fee, in percent (20 for the UK standard rate); 0 when not VAT registered. */
  vatPercent: number;
  /**
   * D41: whether relief HMRC gives through the tax code is charged too (off unless configured).
   * A case is charged on it only when the terms it signed said so as well (feesChargedOn).
   */
  onTaxCode?: boolean;
  /**
   * D29, D41: whether claimants may nominate us to receive HMRC's repayment, so that we keep the
   * fee from it and pay them the rest (NOMINATION=on); otherwise we invoice.
   */
  fromRepayment?: boolean;
}

/** D20: the sentence every fee-bearing page carries (the landing page imports it from here). */
export const CLAIM_DIRECT_FOR_FREE =
  'You do not have to use us: anyone can claim tax relief directly from HMRC for free.';

export const NO_FEES: FeeSettings = { percent: 0, minimumPence: 0, vatPercent: 0 };

export interface FeeBreakdown {
  repaymentPence: number;
  /** Fee before VAT. */
  feePence: number;
  vatPence: number;
  /** Fee plus VAT: what we keep. */
  totalFeePence: number;
  /** What the claimant receives. */
  claimantPence: number;
}

/**
 * D41: the fee settings a case is charged on: today's, with relief through the tax code charged
 * only when today's settings say so and the terms the claimant signed said so too (a claimant who
 * signed before the setting was turned on is never charged on it).
 */
export function feesChargedOn(
  current: FeeSettings,
  signed: Pick<FeeSettings, 'onTaxCode'> | null,
): FeeSettings {
  return { ...current, onTaxCode: current.onTaxCode === true && signed?.onTaxCode === true };
}

/**
 * The fee and what the claimant receives from HMRC's repayment. The fee is the percentage rounded
 * to the nearest penny, raised to the minimum, and never more than the repayment (fee plus VAT
 * are capped so the claimant never owes us money on a small repayment).
 */
export function calculateFee(repaymentPence: number, settings: FeeSettings = NO_FEES): FeeBreakdown {
  if (!Number.isInteger(repaymentPence) || repaymentPence < 0)
    throw new RangeError('The repayment must be a whole number of pence, 0 or more');
  if (settings.percent <= 0 || repaymentPence === 0) {
    return { repaymentPence, feePence: 0, vatPence: 0, totalFeePence: 0, claimantPence: repaymentPence };
  }
  const vatRate = Math.max(0, settings.vatPercent) / 100;
  let fee = Math.max(
    Math.round((repaymentPence * settings.percent) / 100),
    Math.max(0, settings.minimumPence),
  );
  let vat = Math.round(fee * vatRate);
  if (fee + vat > repaymentPence) {
    // Cap: the whole repayment is the fee including VAT.
    fee = Math.round(repaymentPence / (1 + vatRate));
    vat = repaymentPence - fee;
  }
  return {
    repaymentPence,
    feePence: fee,
    vatPence: vat,
    totalFeePence: fee + vat,
    claimantPence: repaymentPence - fee - vat,
  };
}
