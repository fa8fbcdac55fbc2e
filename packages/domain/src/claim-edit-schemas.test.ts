import { describe, expect, it } from 'vitest';
import { createClaimEditSchema, editLabel, formatEditValue } from './claim-edit-schemas.ts';
import { answerLabel } from './operator-labels.ts';

// D32: what operators may change and how each answer is checked; issue 32.5: labels, not codes.
const schema = createClaimEditSchema(new Date('2026-03-02T12:00:00Z'));
const errorsOf = (body: Record<string, unknown>) => {
  const r = schema.safeParse({ version: 1, reason: 'Phoned in', ...body });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the operator edit body', () => {
  it.each([
    [{ field: 'payeReference', employmentId: 'job-1', value: ' 123/ab 45678 ' }, '123/AB45678'],
    [{ field: 'niNumber', value: 'ab 12 34 56 c' }, 'AB123456C'],
    [{ field: 'firstName', value: '  Mira  ' }, 'Mira'],
    [
      { field: 'address', value: { homeAddress: '1 High St', postcode: 'wn21ar' } },
      { homeAddress: '1 High St', postcode: 'WN2 1AR' },
    ],
    [
      {
        field: 'employmentEnd',
        employmentId: 'job-1',
        value: { continuing: 'yes', endDate: { day: '1', month: '1', year: '2020' } },
      },
      { continuing: 'yes', endDate: { day: '', month: '', year: '' } },
    ],
  ])('%j is stored as %j', (body, value) => {
    const r = schema.parse({ version: 1, reason: 'Phoned in', ...body });
    expect(r.edit.value).toEqual(value);
  });

  it.each([
    [{ field: 'businessMiles', value: 1 }, 'field', /^Business miles changes the amount claimed/],
    [{ field: 'taxablePay', value: 1 }, 'field', /^The P60 taxable pay changes the amount/],
    [{ field: 'journeys', value: [] }, 'field', /^The journeys changes|^The journeys/],
    [{ field: 'signature', value: 'x' }, 'field', /^Select a detail that operators may change$/],
    [{ field: 'jobTitle', value: 'Driver' }, 'employmentId', /^Select the employment$/],
    [{ field: 'payeReference', employmentId: 'job-1', value: '12/AB' }, 'value', /correct format/],
    [{ field: 'niNumber', value: 'QQ123456C' }, 'value', /only an example/],
    [{ field: 'dateOfBirth', value: { day: '30', month: '2', year: '1980' } }, 'value', /real date/],
    [{ field: 'dateOfBirth', value: { day: '1', month: '1', year: '2020' } }, 'value', /16 or over/],
    [{ field: 'address', value: { homeAddress: '', postcode: 'nope' } }, 'value.homeAddress', /home address/],
    [{ field: 'firstName', value: 'Mira', reason: '  ' }, 'reason', /^Enter the reason for this change$/],
  ])('%j: %s says %s', (body, key, message) => {
    expect(errorsOf(body)[key]).toMatch(message);
  });
});

describe('labels', () => {
  it.each([
    ['vehicle', 'car-van', 'Car or van'],
    ['drivesForWork', 'yes', 'Yes, in my own vehicle'],
    ['drivesForWork', 'company-vehicle', 'Yes, in a company vehicle'],
    ['employmentType', 'employed', 'Employed (PAYE)'],
    ['fileKind', 'mileage-log', 'Mileage log'],
    ['fileKind', 'p60', 'P60'],
    ['auditAction', 'ni-revealed', 'National Insurance number shown'],
    ['auditAction', 'claim-details-corrected', 'Claim details completed or corrected'],
    ['yesNo', 'yes', 'Yes'],
  ] as const)('%s %s is "%s"', (kind, code, label) => {
    expect(answerLabel(kind, code)).toBe(label);
  });

  it('no answer stays no answer; an unknown code is shown as stored', () => {
    expect(answerLabel('vehicle', '')).toBeNull();
    expect(answerLabel('vehicle', null)).toBeNull();
    expect(answerLabel('vehicle', 'hovercraft')).toBe('hovercraft');
  });

  it('names and shows the history’s values', () => {
    expect(editLabel('payeReference', 1)).toBe('Employer PAYE reference (employment 2)');
    expect(editLabel('niNumber', null)).toBe('National Insurance number');
    expect(formatEditValue('dateOfBirth', { day: '6', month: '4', year: '1980' })).toBe('6 April 1980');
    expect(
      formatEditValue('employmentEnd', {
        continuing: 'no',
        endDate: { day: '31', month: '3', year: '2025' },
      }),
    ).toBe('Ended 31 March 2025');
    expect(formatEditValue('payeReference', null)).toBeNull();
  });
});
