import { describe, expect, it } from 'vitest';
import { nominationOffered, nominationParagraphs, taxYearList } from './nomination.ts';
import { nominationSignSchema } from './nomination-schemas.ts';

// D29 (decision 076): when a nomination is offered, its words and what signing it takes.

describe('nominationOffered', () => {
  it.each([
    [true, 'sent-to-hmrc', null, true],
    [true, 'repaid', 45_000, true],
    [true, 'repaid', 0, false],
    [true, 'rejected', null, false],
    [true, 'withdrawn', 45_000, false],
    [true, 'needs-self-assessment', null, false],
    [false, 'sent-to-hmrc', 45_000, false],
  ] as const)('configured %s, %s, HMRC repaid %s → %s', (configured, status, hmrcRepaidPence, offered) => {
    expect(nominationOffered({ configured, status, hmrcRepaidPence })).toBe(offered);
  });
});

describe('the nomination’s words', () => {
  it('names the claimant, the claim, the years and us with our agent reference and address', () => {
    const [first, , third] = nominationParagraphs({
      claimantName: 'Alex Claimant',
      reference: 'TB 4K7 9MX 2QH',
      taxYears: ['2025/26', '2023/24', '2024/25'],
      agent: {
        name: 'Example Claims Ltd',
        address: '1 Test Street\nTestville',
        hmrcAgentReference: 'A1B2C3',
      },
    });
    expect(first).toBe(
      'I, Alex Claimant, nominate Example Claims Ltd (HMRC agent reference A1B2C3), of 1 Test Street, Testville, to receive on my behalf any repayment of Income Tax that HMRC makes on my claim TB 4K7 9MX 2QH for the tax years 2023/24, 2024/25 and 2025/26.',
    );
    expect(third).toContain('Anyone can claim directly from HMRC for free.');
    expect(taxYearList(['2024/25'])).toBe('2024/25');
  });

  it('is signed by a typed name (tidied) and a ticked consent', () => {
    expect(nominationSignSchema.parse({ fullName: '  Alex   Claimant ', consent: true })).toEqual({
      fullName: 'Alex Claimant',
      consent: true,
    });
    const refused = nominationSignSchema.safeParse({ fullName: '', consent: false });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.path[0]).sort()).toEqual(['consent', 'fullName']);
  });
});
