import { describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  auditQuerySchema,
  claimListQuerySchema,
  claimNoteSchema,
  parsePoundsToPence,
  statusChangeSchema,
} from './admin-schemas.ts';
import { DATE_SUBJECTS, dateMessages } from './date-rules.ts';

// Issue 32.14: HMRC's repaid amount has one rule whatever its JSON type: 0 to £9,999,999.99 with at
// most two decimals (the text form's rule; the number form used to skip it).
describe('parsePoundsToPence', () => {
  it.each([
    ['123.45', 12_345],
    ['£1,234.5', 123_450],
    [' 50 ', 5_000],
    ['0', 0],
    ['9999999.99', 999_999_999],
    [123.45, 12_345],
    [0.1, 10],
    [0, 0],
    [50, 5_000],
    [9_999_999.99, 999_999_999],
  ])('%j is %d pence', (value, pence) => {
    expect(parsePoundsToPence(value)).toBe(pence);
  });

  it.each([
    -5,
    -0.01,
    1e308,
    100_000_000,
    1e15,
    10_000_000,
    1.234,
    0.001,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '-5',
    '-0.01',
    '1e308',
    '100000000',
    '10000000.00',
    '1.234',
    '',
    'ten',
    true,
    null,
    { pounds: 5 },
  ])('%j is refused', (value) => {
    expect(parsePoundsToPence(value)).toBeNaN();
  });

  it('answers the field message for a hostile amount, as number or text', () => {
    for (const repaidAmount of [-5, '-5', 1e308, '1e308', 100_000_000, '1.234']) {
      const parsed = statusChangeSchema.safeParse({ to: 'repaid', reason: '', version: 0, repaidAmount });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues).toEqual([
        expect.objectContaining({ path: ['repaidAmount'], message: ADMIN_MESSAGES.repaidInvalid }),
      ]);
    }
  });
});

// Issue 32.15: a filter date is a calendar date; Date.parse rolled 31 February into March.
describe('admin date filters', () => {
  it.each(['2025-02-31', '2025-02-30', '2025-02-29', '2025-04-31', '2025-13-01', '2025-00-10', '2025-1-1'])(
    '%s is refused in every date filter',
    (date) => {
      for (const schema of [claimListQuerySchema, auditQuerySchema]) {
        for (const field of ['from', 'to'] as const) {
          const parsed = schema.safeParse({ [field]: date });
          expect(parsed.success).toBe(false);
          expect(parsed.error?.issues).toEqual([
            expect.objectContaining({ path: [field], message: dateMessages(DATE_SUBJECTS[field]).real }),
          ]);
        }
      }
    },
  );

  it.each(['2024-02-29', '2025-02-28', '2025-12-31', '2025-04-06'])('%s is a date', (date) => {
    expect(claimListQuerySchema.parse({ from: date, to: date })).toMatchObject({ from: date, to: date });
  });
});

// Issue 32.3: operators' own words keep '<' and '>'; they are escaped where shown, not stripped.
describe('operator notes and reasons', () => {
  it('keep angle brackets, trimmed', () => {
    expect(claimNoteSchema.parse({ body: '  Also >£2,500 <check>  ' })).toEqual({
      body: 'Also >£2,500 <check>',
    });
    expect(
      statusChangeSchema.parse({ to: 'withdrawn', reason: ' Asked for <£100 back ', version: 0 }).reason,
    ).toBe('Asked for <£100 back');
  });
});
