import { describe, expect, it } from 'vitest';
import {
  HMRC_NOT_ENDORSED,
  HMRC_PAYS_YOU_DIRECTLY,
  NO_FEE_TEXT,
  authorityCanonical,
  authorityLines,
  buildAuthorityDocument,
  feeParagraphs,
} from './authority.ts';
import type { AuthorityInput } from './authority.ts';
import { CLAIM_DIRECT_FOR_FREE, NO_FEES } from './fees.ts';

function input(): AuthorityInput {
  return {
    kind: 'mileage',
    claimant: {
      title: 'Ms',
      fullName: 'Jane Example',
      dateOfBirth: '1985-03-14',
      address: '1 Test Street\nTestville',
      postcode: 'SW1A 1AA',
      email: 'jane@example.com',
      phone: '07700 900123',
    },
    agent: {
      companyName: 'Example Claims Ltd',
      address: '2 Agent Road, London',
      hmrcAgentReference: 'A1234B',
    },
    fee: NO_FEES,
    years: [
      {
        year: '2024/25',
        employments: [
          {
            employerName: 'Acme Ltd',
            payeReference: '123/AB45678',
            jobTitle: 'Engineer',
            miles: 5000,
            claimablePounds: 1250,
          },
        ],
        claimablePounds: 1250,
        estimatePounds: 250,
      },
    ],
    signedAt: '2026-11-23T21:00:00.000Z',
  };
}

const text = (i: AuthorityInput) => authorityLines(buildAuthorityDocument(i)).join('\n');
const canonical = (i: AuthorityInput) => authorityCanonical(buildAuthorityDocument(i));

// DECISIONS D20: fee configuration; UK standard VAT 20% (GOV.UK "VAT rates").
describe('feeParagraphs', () => {
  it.each<[string, Parameters<typeof feeParagraphs>, string[]]>([
    ['no fee (the default)', [NO_FEES, 25_000], [NO_FEE_TEXT, CLAIM_DIRECT_FOR_FREE]],
    [
      '20% plus 20% VAT, minimum £25, on a £250 estimate',
      [{ percent: 20, minimumPence: 2_500, vatPercent: 20 }, 25_000],
      [
        'Our fee is 20% of the repayment HMRC makes (at least £25.00), plus VAT at 20%. It is never more than the repayment.',
        'We only charge if HMRC repays you, and we invoice you after HMRC has paid you.',
        'For example, on your estimated repayment of £250 our fee would be £50.00 plus £10.00 VAT (£60.00 in all), and you would keep £190.',
        CLAIM_DIRECT_FOR_FREE,
      ],
    ],
    [
      'the minimum applies to a small estimate',
      [{ percent: 20, minimumPence: 2_500, vatPercent: 20 }, 5_000],
      [
        'Our fee is 20% of the repayment HMRC makes (at least £25.00), plus VAT at 20%. It is never more than the repayment.',
        'We only charge if HMRC repays you, and we invoice you after HMRC has paid you.',
        'For example, on your estimated repayment of £50.00 our fee would be £25.00 plus £5.00 VAT (£30.00 in all), and you would keep £20.00.',
        CLAIM_DIRECT_FOR_FREE,
      ],
    ],
    [
      '15% without VAT or minimum, no estimate (general claim)',
      [{ percent: 15, minimumPence: 0, vatPercent: 0 }, null],
      [
        'Our fee is 15% of the repayment HMRC makes. It is never more than the repayment.',
        'We only charge if HMRC repays you, and we invoice you after HMRC has paid you.',
        CLAIM_DIRECT_FOR_FREE,
      ],
    ],
    // D41: a fee on tax-code relief only where the settings say so, and then the terms say it.
    [
      '15% charged on tax-code relief too',
      [{ percent: 15, minimumPence: 0, vatPercent: 0, onTaxCode: true }, null],
      [
        'Our fee is 15% of the repayment HMRC makes and of any relief HMRC gives you by changing your tax code. It is never more than that relief.',
        'We only charge if HMRC repays you or changes your tax code, and we invoice you after HMRC has done so.',
        CLAIM_DIRECT_FOR_FREE,
      ],
    ],
    // D29 with D41: with a nomination offered, the fee is kept from the repayment HMRC pays us.
    [
      '15% with a nomination offered',
      [{ percent: 15, minimumPence: 0, vatPercent: 0, fromRepayment: true }, null],
      [
        'Our fee is 15% of the repayment HMRC makes. It is never more than the repayment.',
        'We only charge if HMRC repays you. If you nominate us to receive your repayment, we keep our fee from it and pay you the rest; otherwise we invoice you after HMRC has paid you.',
        CLAIM_DIRECT_FOR_FREE,
      ],
    ],
    [
      '15% with a nomination offered and tax-code relief charged',
      [{ percent: 15, minimumPence: 0, vatPercent: 0, fromRepayment: true, onTaxCode: true }, null],
      [
        'Our fee is 15% of the repayment HMRC makes and of any relief HMRC gives you by changing your tax code. It is never more than that relief.',
        'We only charge if HMRC repays you or changes your tax code. If you nominate us to receive your repayment, we keep our fee from it and pay you the rest; otherwise, and for relief through your tax code, we invoice you after HMRC has given it.',
        CLAIM_DIRECT_FOR_FREE,
      ],
    ],
  ])('%s', (_name, args, expected) => {
    expect(feeParagraphs(...args)).toEqual(expected);
  });
});

describe('buildAuthorityDocument', () => {
  it('has every section D19 and D29 ask for, in order', () => {
    const doc = buildAuthorityDocument(input());
    expect(doc.sections.map((s) => s.id)).toEqual([
      'agent',
      'claimant',
      'authority',
      'claim',
      'repayment',
      'fee',
      'cancel',
      'signature',
    ]);
    const all = text(input());
    for (const expected of [
      'Example Claims Ltd',
      'HMRC agent reference: A1234B',
      'Name: Ms Jane Example',
      'Date of birth: 14 March 1985',
      '2024/25 (6 April 2024 to 5 April 2025)',
      'Employer: Acme Ltd',
      'Employer PAYE reference: 123/AB45678',
      'Business miles: 5,000 miles',
      'Estimated tax refund: £250',
      HMRC_PAYS_YOU_DIRECTLY,
      HMRC_NOT_ENDORSED,
      NO_FEE_TEXT,
      'You can cancel within 14 days of signing',
      'Signed at: 23 November 2026 at 21:00:00 GMT',
    ])
      expect(all).toContain(expected);
  });

  it('never offers a nomination (D29: the drawn signature cannot sign one)', () => {
    const all = text(input());
    expect(all).toContain('You do not nominate us, or anyone else, to receive your repayment.');
    expect(all).not.toMatch(/bank details|sort code|account number/i);
  });

  it('says the reference is not yet issued when configuration has none', () => {
    const i = input();
    i.agent.hmrcAgentReference = '';
    expect(text(i)).toContain('HMRC agent reference: Not yet issued by HMRC');
  });

  it('shows the fee example in the fee section when a fee is set', () => {
    const i = input();
    i.fee = { percent: 20, minimumPence: 2_500, vatPercent: 20 };
    const fee = buildAuthorityDocument(i).sections.find((s) => s.id === 'fee');
    expect(authorityLines({ title: '', sections: fee ? [fee] : [] }).join('\n')).toContain(
      'you would keep £190',
    );
    expect(text(i)).not.toContain(NO_FEE_TEXT);
  });

  it('a fuel claim (D27) states no amounts and no estimate', () => {
    const i = input();
    const y = i.years[0]!;
    i.years = [
      {
        year: y.year,
        employments: y.employments.map((e) => ({ ...e, claimablePounds: undefined })),
        claimablePounds: undefined,
        estimatePounds: undefined,
      },
    ];
    const all = text(i);
    expect(all).toContain('Amount: Assessed with you by our team');
    expect(all).not.toMatch(/Amount you can claim|Estimated tax refund|Estimated refund in all/);
  });

  it('the general claim lists the chosen expenses and no years', () => {
    const i: AuthorityInput = { ...input(), kind: 'general', years: [], expenses: ['Uniform', 'Tools'] };
    const all = text(i);
    expect(all).toContain('Authority to act for you on your tax refund claim');
    expect(all).toContain('• Uniform\n• Tools');
    expect(all).not.toContain('2024/25');
  });
});

describe('authorityCanonical: every signed field changes it (D15, D19)', () => {
  const base = canonical(input());
  it.each<[string, (i: AuthorityInput) => void]>([
    ['name', (i) => (i.claimant.fullName = 'Janet Example')],
    ['title', (i) => (i.claimant.title = 'Dr')],
    ['date of birth', (i) => (i.claimant.dateOfBirth = '1985-03-15')],
    ['address', (i) => (i.claimant.address = '3 Test Street')],
    ['a year', (i) => (i.years[0]!.year = '2023/24')],
    ['an employer', (i) => (i.years[0]!.employments[0]!.employerName = 'Acme Group Ltd')],
    ['a PAYE reference', (i) => (i.years[0]!.employments[0]!.payeReference = '123/AB45679')],
    ['the miles', (i) => (i.years[0]!.employments[0]!.miles = 5001)],
    ['an amount', (i) => (i.years[0]!.claimablePounds = 1251)],
    ['the estimate', (i) => (i.years[0]!.estimatePounds = 251)],
    ['the fee', (i) => (i.fee = { percent: 20, minimumPence: 0, vatPercent: 0 })],
    ['the fee minimum', (i) => (i.fee = { percent: 20, minimumPence: 1, vatPercent: 0 })],
    ['the agent reference', (i) => (i.agent.hmrcAgentReference = 'A1234C')],
    ['the signing time', (i) => (i.signedAt = '2026-11-23T21:00:01.000Z')],
    ['an expense (general)', (i) => (i.expenses = ['Uniform'])],
  ])('%s', (_name, change) => {
    const changed = input();
    change(changed);
    // The general case: compare against a general document with a different expense list.
    if (changed.expenses) {
      const general = { ...input(), kind: 'general' as const, expenses: ['Tools'] };
      expect(canonical({ ...general, expenses: changed.expenses })).not.toBe(canonical(general));
      return;
    }
    expect(canonical(changed)).not.toBe(base);
  });

  it('is the same for the same input', () => {
    expect(canonical(input())).toBe(base);
  });
});
