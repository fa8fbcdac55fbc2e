import { describe, expect, it } from 'vitest';
import { NO_FEES, calculateFee } from './fees.ts';
import type { FeeSettings } from './fees.ts';

// DECISIONS D20: the fee is configuration (percent of HMRC's repayment, a minimum, VAT), default 0%.
// UK standard VAT rate 20% (GOV.UK "VAT rates").
describe('calculateFee (pence)', () => {
  it.each<[string, number, FeeSettings, [fee: number, vat: number, claimant: number]]>([
    ['default: no fees', 50_000, NO_FEES, [0, 0, 50_000]],
    [
      '0% with a minimum still charges nothing',
      50_000,
      { percent: 0, minimumPence: 2_500, vatPercent: 20 },
      [0, 0, 50_000],
    ],
    ['20% no VAT', 50_000, { percent: 20, minimumPence: 0, vatPercent: 0 }, [10_000, 0, 40_000]],
    ['20% plus 20% VAT', 50_000, { percent: 20, minimumPence: 0, vatPercent: 20 }, [10_000, 2_000, 38_000]],
    [
      'rounds the fee to the nearest penny',
      12_345,
      { percent: 17.5, minimumPence: 0, vatPercent: 0 },
      [2_160, 0, 10_185],
    ],
    [
      'rounds VAT to the nearest penny',
      12_345,
      { percent: 17.5, minimumPence: 0, vatPercent: 20 },
      [2_160, 432, 9_753],
    ],
    [
      'the minimum applies above the percentage',
      5_000,
      { percent: 10, minimumPence: 2_500, vatPercent: 0 },
      [2_500, 0, 2_500],
    ],
    ['minimum plus VAT', 5_000, { percent: 10, minimumPence: 2_500, vatPercent: 20 }, [2_500, 500, 2_000]],
    [
      'the fee never exceeds the repayment (no VAT)',
      1_000,
      { percent: 10, minimumPence: 2_500, vatPercent: 0 },
      [1_000, 0, 0],
    ],
    [
      'the fee plus VAT never exceeds the repayment',
      1_200,
      { percent: 10, minimumPence: 2_500, vatPercent: 20 },
      [1_000, 200, 0],
    ],
    [
      'a repayment of nothing costs nothing',
      0,
      { percent: 20, minimumPence: 2_500, vatPercent: 20 },
      [0, 0, 0],
    ],
  ])('%s', (_name, repayment, settings, [fee, vat, claimant]) => {
    const result = calculateFee(repayment, settings);
    expect(result).toEqual({
      repaymentPence: repayment,
      feePence: fee,
      vatPence: vat,
      totalFeePence: fee + vat,
      claimantPence: claimant,
    });
    expect(result.claimantPence + result.totalFeePence).toBe(repayment);
  });

  it.each([-1, 1.5, Number.NaN])('refuses a repayment of %s pence', (pence) => {
    expect(() => calculateFee(pence)).toThrow(RangeError);
  });
});
