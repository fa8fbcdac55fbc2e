import { describe, expect, it } from 'vitest';
import type { AuthorityDocument } from '@taxback/domain';
import { AMENDMENT_MESSAGES } from '@taxback/domain/casework';
import { NO_SIGNATURE } from '../../components/authority/signature-value.ts';
import {
  amendmentReducer,
  initialAmendment,
  milesErrorsOf,
  milesRequiredErrors,
  type AmendmentEvent,
  type AmendmentRow,
  type AmendmentState,
} from './amendment-state.ts';

const rows: AmendmentRow[] = [
  { year: '2024-25', employmentId: 'e1', employerName: 'Acme', miles: '4000' },
  { year: '2025-26', employmentId: 'e1', employerName: 'Acme', miles: '3000' },
];
const authority = { title: 'Authority' } as unknown as AuthorityDocument;
const atMiles = initialAmendment(rows);
const asking: AmendmentState = { ...atMiles, busy: true };
const atCheck: AmendmentState = { ...atMiles, stage: { at: 'check', authority } };
const drawn = { ...NO_SIGNATURE, dataUrl: 'data:image/png;base64,AAAA' };

describe('the amendment: its phases, as a table of changes', () => {
  it.each<[string, AmendmentState, AmendmentEvent, Partial<AmendmentState>]>([
    [
      'a year’s miles typed',
      atMiles,
      { type: 'typed', row: 1, miles: '2500' },
      { rows: [rows[0]!, { ...rows[1]!, miles: '2500' }] },
    ],
    ['the figures asked for: busy', atMiles, { type: 'asked' }, { busy: true, stage: atMiles.stage }],
    [
      'the miles refused: messages, the summary focused, no longer busy',
      asking,
      { type: 'refused', errors: { 'amend-0': 'Enter your miles' } },
      { busy: false, errors: { 'amend-0': 'Enter your miles' }, attempt: 1, stage: atMiles.stage },
    ],
    [
      'the figures checked: on to the check with the authority to sign',
      { ...asking, errors: { 'amend-0': 'old' } },
      { type: 'checked', authority },
      { busy: false, errors: {}, stage: { at: 'check', authority } },
    ],
    [
      'Change: back to the miles, focusing the year’s field',
      { ...atCheck, errors: { signature: 'Sign' } },
      { type: 'change', row: 1 },
      { errors: {}, stage: { at: 'miles', focusRow: 1 } },
    ],
    ['signed', atCheck, { type: 'signed', value: drawn }, { signature: drawn, stage: atCheck.stage }],
    [
      'a box ticked',
      atCheck,
      { type: 'ticked', key: 'terms', value: true },
      { checks: { accuracy: false, authorization: false, terms: true } },
    ],
    [
      'the signed change refused: the message, still at the check',
      { ...atCheck, busy: true },
      { type: 'refused', errors: { signature: 'Sign again' } },
      { busy: false, errors: { signature: 'Sign again' }, attempt: 1, stage: atCheck.stage },
    ],
  ])('%s', (_name, before, event, expected) => {
    const after = amendmentReducer(before, event);
    expect(after).toEqual({ ...before, ...expected });
  });
});

describe('the amendment’s messages', () => {
  it('asks for whole miles of up to six digits at each field that has none', () => {
    expect(milesRequiredErrors(rows)).toEqual({});
    expect(
      milesRequiredErrors([
        { ...rows[0]!, miles: '' },
        { ...rows[1]!, miles: '1234567' },
      ]),
    ).toEqual({
      'amend-0': AMENDMENT_MESSAGES.milesRequired,
      'amend-1': AMENDMENT_MESSAGES.milesRequired,
    });
  });

  it('puts the server’s messages at the miles fields, or its one message at the first', () => {
    expect(milesErrorsOf({ 'years.1.miles': 'Too many miles' }, 'No')).toEqual({
      'amend-1': 'Too many miles',
    });
    expect(milesErrorsOf({}, 'The claim changed')).toEqual({ 'amend-0': 'The claim changed' });
  });
});
