import { describe, expect, it } from 'vitest';
import { yearAnswerSchema } from './admin-schemas.ts';
import { CLAIM_STATUSES } from './claim-status.ts';
import { feesChargedOn } from './fees.ts';
import {
  caseMoneyOf,
  claimantYearAnswers,
  feeBaseWords,
  currentYearAnswers,
  sentToHmrc,
  YEAR_ANSWER_MESSAGES,
  yearAnswerProblems,
  yearAnswerWords,
  type YearAnswer,
} from './hmrc-answers.ts';

// D40: HMRC answers a P87 year by year. GOV.UK "Claim tax relief for your job expenses": HMRC
// "will either adjust your tax code" (the current year) "or give you a tax refund" (past years);
// it may reduce or refuse a year, or say the expenses must go on a Self Assessment return (over
// £2,500, D31). D20 and D41: a fee is a share of what HMRC repaid; tax-code relief carries none.
const FEES = { percent: 20, minimumPence: 2500, vatPercent: 20 };

const answer = (over: Partial<YearAnswer>): YearAnswer => ({
  year: '2024/25',
  decision: 'accepted',
  pence: 45_000,
  givenAs: 'repayment',
  decidedOn: '2026-11-20',
  hmrcReason: '',
  version: 1,
  ...over,
});

describe('yearAnswerWords (what the claimant reads, per year)', () => {
  it.each<[string, Partial<YearAnswer>, string]>([
    ['a repayment', {}, '2024/25: HMRC repaid £450.00'],
    [
      'relief through the tax code',
      { year: '2026/27', givenAs: 'tax-code', pence: 12_000 },
      '2026/27: HMRC will change your tax code to give you £120.00',
    ],
    [
      'a refusal with HMRC’s reason',
      { year: '2023/24', decision: 'refused', pence: null, givenAs: null, hmrcReason: 'no receipts' },
      '2023/24: HMRC refused this year: no receipts',
    ],
    [
      'a reduced repayment',
      { decision: 'reduced', pence: 30_000, hmrcReason: 'commuting miles removed' },
      '2024/25: HMRC repaid £300.00, less than claimed: commuting miles removed',
    ],
    [
      'a year for Self Assessment',
      { decision: 'self-assessment', pence: null, givenAs: null },
      '2024/25: HMRC says this year must be claimed on a Self Assessment tax return',
    ],
  ])('%s', (_name, over, words) => {
    expect(yearAnswerWords(answer(over))).toBe(words);
  });
});

describe('caseMoneyOf (the fee on what HMRC repaid)', () => {
  it('takes the fee on the repaid years only', () => {
    const money = caseMoneyOf(
      [
        answer({ year: '2023/24', pence: 20_000 }),
        answer({ year: '2024/25', pence: 30_000 }),
        answer({ year: '2026/27', pence: 12_000, givenAs: 'tax-code' }),
        answer({ year: '2022/23', decision: 'refused', pence: null, givenAs: null }),
      ],
      FEES,
    );
    // 20% of £500 = £100, VAT £20: £120 fee; the claimant keeps £380.
    expect(money).toMatchObject({ repaidPence: 50_000, taxCodePence: 12_000 });
    expect(money.fee).toMatchObject({ totalFeePence: 12_000, claimantPence: 38_000 });
  });

  it('charges nothing when nothing was repaid', () => {
    expect(caseMoneyOf([answer({ givenAs: 'tax-code' })], FEES).fee.totalFeePence).toBe(0);
  });

  // D41: "relief given through the tax code carries no fee unless the operator's settings say
  // otherwise and the signed terms said so". feesChargedOn joins the two; caseMoneyOf follows it.
  const answers = [
    answer({ pence: 30_000 }),
    answer({ year: '2026/27', pence: 12_000, givenAs: 'tax-code' }),
  ];
  it.each<[string, boolean | undefined, boolean | undefined, number, number, string]>([
    ['off in the settings (the default)', undefined, undefined, 30_000, 7_200, 'the £300.00 HMRC repaid'],
    [
      'off in the settings, though the terms said so',
      undefined,
      true,
      30_000,
      7_200,
      'the £300.00 HMRC repaid',
    ],
    [
      'on in the settings, not in the signed terms',
      true,
      undefined,
      30_000,
      7_200,
      'the £300.00 HMRC repaid',
    ],
    [
      'on in the settings and in the signed terms',
      true,
      true,
      42_000,
      // 20% of £420 = £84, VAT £16.80: £100.80.
      10_080,
      'the £300.00 HMRC repaid and the £120.00 of relief through the tax code',
    ],
  ])('tax-code relief: %s', (_name, setting, signed, base, fee, words) => {
    const fees = feesChargedOn(
      { ...FEES, onTaxCode: setting },
      signed === undefined ? null : { onTaxCode: signed },
    );
    const money = caseMoneyOf(answers, fees);
    expect(money.feeBasePence).toBe(base);
    expect(money.fee.totalFeePence).toBe(fee);
    expect(feeBaseWords(money)).toBe(words);
  });

  it('names tax-code relief alone when HMRC repaid nothing', () => {
    const money = caseMoneyOf([answers[1]!], { ...FEES, onTaxCode: true });
    expect(feeBaseWords(money)).toBe('the £120.00 of relief through the tax code');
  });
});

describe('currentYearAnswers and the claimant’s view', () => {
  it('keeps the latest version of each year, in year order', () => {
    const versions = [
      answer({ year: '2024/25', version: 1, pence: 10_000 }),
      answer({ year: '2023/24', version: 1 }),
      answer({ year: '2024/25', version: 2, pence: 11_000 }),
    ];
    expect(currentYearAnswers(versions).map((a) => [a.year, a.version, a.pence])).toEqual([
      ['2023/24', 1, 45_000],
      ['2024/25', 2, 11_000],
    ]);
    expect(claimantYearAnswers(versions, FEES)?.years.map((y) => y.words)).toEqual([
      '2023/24: HMRC repaid £450.00',
      '2024/25: HMRC repaid £110.00',
    ]);
    expect(claimantYearAnswers([], FEES)).toBeNull();
  });
});

describe('yearAnswerProblems (against the case)', () => {
  const years = [{ year: '2024/25', pence: 100_000 }];
  it.each<[string, Partial<YearAnswer>, Record<string, string>]>([
    ['a year of the case', {}, {}],
    [
      'a year the case does not claim',
      { year: '2021/22' },
      { year: YEAR_ANSWER_MESSAGES.yearNotInCase('2021/22') },
    ],
    [
      'more than claimed, no reason',
      { pence: 100_001 },
      { hmrcReason: YEAR_ANSWER_MESSAGES.overClaimed('£1,000.00') },
    ],
    ['more than claimed, with HMRC’s reason', { pence: 100_001, hmrcReason: 'interest added' }, {}],
    ['exactly what was claimed', { pence: 100_000 }, {}],
  ])('%s', (_name, over, problems) => {
    expect(yearAnswerProblems(answer(over), years)).toEqual(problems);
  });
});

describe('yearAnswerSchema', () => {
  const parse = (body: object) => yearAnswerSchema.safeParse(body);
  const errors = (body: object) => {
    const r = parse(body);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('reads an accepted year in pounds, and drops an amount sent with a refusal', () => {
    expect(
      parse({ year: '2024/25', decision: 'accepted', amount: '£1,234.50', givenAs: 'repayment', version: 0 })
        .data,
    ).toMatchObject({
      pence: 123_450,
      givenAs: 'repayment',
      decidedOn: null,
    });
    expect(
      parse({
        year: '2024/25',
        decision: 'refused',
        amount: '5',
        givenAs: 'repayment',
        hmrcReason: 'late',
        version: 0,
      }).data,
    ).toMatchObject({ pence: null, givenAs: null, hmrcReason: 'late' });
  });
  it.each<[string, object, Record<string, string>]>([
    [
      'no year',
      { decision: 'accepted', amount: '1', givenAs: 'repayment', version: 0 },
      { year: YEAR_ANSWER_MESSAGES.year },
    ],
    [
      'a decision not on the list',
      { year: '2024/25', decision: 'maybe', version: 0 },
      { decision: YEAR_ANSWER_MESSAGES.decision },
    ],
    [
      'a reduced year without a reason',
      { year: '2024/25', decision: 'reduced', amount: '1', givenAs: 'tax-code', version: 0 },
      { hmrcReason: YEAR_ANSWER_MESSAGES.hmrcReasonRequired },
    ],
    [
      'a way of giving it not on the list',
      { year: '2024/25', decision: 'accepted', amount: '1', givenAs: 'cheque', version: 0 },
      { givenAs: YEAR_ANSWER_MESSAGES.givenAsRequired },
    ],
    [
      'a correction without its reason',
      { year: '2024/25', decision: 'self-assessment', version: 2 },
      { correctionReason: YEAR_ANSWER_MESSAGES.correctionReasonRequired },
    ],
    [
      'an amount as a list',
      { year: '2024/25', decision: 'accepted', amount: [1], givenAs: 'repayment', version: 0 },
      { amount: YEAR_ANSWER_MESSAGES.amountInvalid },
    ],
  ])('%s', (_name, body, expected) => {
    expect(errors(body)).toEqual(expected);
  });
});

describe('sentToHmrc', () => {
  // D35: a claim reaches HMRC at "sent to HMRC"; HMRC's answer then moves it on (D40), so only
  // those states can hold an answer. A withdrawn claim never went, and one in review has not yet.
  it.each(CLAIM_STATUSES.map((status) => [status] as const))('%s', (status) => {
    const sent = ['sent-to-hmrc', 'repaid', 'rejected', 'needs-self-assessment'].includes(status);
    expect(sentToHmrc(status)).toBe(sent);
  });
  it('is false for a draft or an unknown word', () => {
    expect(sentToHmrc('draft')).toBe(false);
    expect(sentToHmrc('')).toBe(false);
  });
});
