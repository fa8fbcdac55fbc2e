import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_FEES } from '@taxback/domain/fees';
import { ClaimForFreeNote, FeeNote, feeHeadline } from './fee-note.tsx';

afterEach(cleanup);

const FEE = { percent: 20, minimumPence: 2_500, vatPercent: 20 };

// D20: with no fee nothing is added (pages keep "No fees"); with one, the fee and what the claimant keeps.
describe('FeeNote', () => {
  it.each<[string, number, typeof FEE | null, string | null]>([
    ['no fee', 450, NO_FEES, null],
    ['settings not known yet', 450, null, null],
    ['nothing to charge on', 0, FEE, null],
    ['20% plus VAT', 450, FEE, 'Our fee: £108 including VAT. You keep: £342.'],
    ['the minimum applies', 50, FEE, 'Our fee: £30.00 including VAT. You keep: £20.00.'],
    ['no VAT', 450, { percent: 10, minimumPence: 0, vatPercent: 0 }, 'Our fee: £45.00. You keep: £405.'],
  ])('%s', (_name, amount, fee, expected) => {
    render(<FeeNote amountPounds={amount} fee={fee} />);
    const note = screen.queryByTestId('fee-note');
    if (expected === null) expect(note).toBeNull();
    else expect(note).toHaveTextContent(expected);
  });
});

describe('ClaimForFreeNote and feeHeadline', () => {
  it('says claiming directly from HMRC is free only when a fee is set', () => {
    const { rerender } = render(<ClaimForFreeNote fee={NO_FEES} />);
    expect(screen.queryByTestId('claim-for-free')).toBeNull();
    rerender(<ClaimForFreeNote fee={FEE} />);
    expect(screen.getByTestId('claim-for-free')).toHaveTextContent(
      'anyone can claim tax relief directly from HMRC for free',
    );
    expect(screen.getByRole('link', { name: /Claim tax relief on GOV.UK/ })).toHaveAttribute(
      'href',
      'https://www.gov.uk/tax-relief-for-employees',
    );
  });

  it.each<[typeof FEE | null, string]>([
    [null, 'No fees'],
    [NO_FEES, 'No fees'],
    [FEE, 'Our fee: 20% of your refund plus VAT, only if HMRC repays you'],
    [
      { percent: 12.5, minimumPence: 0, vatPercent: 0 },
      'Our fee: 12.5% of your refund, only if HMRC repays you',
    ],
  ])('headline for %j', (fee, expected) => {
    expect(feeHeadline(fee)).toBe(expected);
  });
});
