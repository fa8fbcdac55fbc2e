import { describe, expect, it } from 'vitest';
import { NO_SIGNATURE } from '../../components/authority/signature-value.ts';
import {
  INITIAL_SEND,
  SIGNATURE_REQUIRED_MESSAGE,
  fieldsReducer,
  initialFields,
  sendReducer,
  type FieldsState,
  type SendEvent,
  type SendState,
} from './claim-form-state.ts';

const editing: SendState = INITIAL_SEND;
const failed: SendState = { phase: 'editing', error: 'Failed to submit form. Please try again.' };
const sending: SendState = { phase: 'sending' };
const sent: SendState = { phase: 'sent', authorityUrl: '/a.pdf', reference: 'TB-1', download: 'idle' };

const accepted: SendEvent = { type: 'accepted', authorityUrl: '/a.pdf', reference: 'TB-1' };

describe('the claim form: sending it, as a table of phase changes', () => {
  it.each<[string, SendState, SendEvent, SendState]>([
    ['send from the form', editing, { type: 'send' }, sending],
    ['send again after a failure clears the banner', failed, { type: 'send' }, sending],
    ['a second send while one is on its way changes nothing', sending, { type: 'send' }, sending],
    ['a send after it was sent changes nothing', sent, { type: 'send' }, sent],
    ['the server accepts it', sending, accepted, sent],
    ['an acceptance nobody waits for changes nothing', editing, accepted, editing],
    ['the server answers field messages: back to the form, no banner', sending, { type: 'refused' }, editing],
    [
      'the server is busy: back to the form with the banner',
      sending,
      { type: 'failed', message: 'We are very busy' },
      { phase: 'editing', error: 'We are very busy' },
    ],
    ['a failure nobody waits for changes nothing', sent, { type: 'failed', message: 'x' }, sent],
    [
      'the signed authority downloads',
      sent,
      { type: 'download', state: 'busy' },
      { ...sent, download: 'busy' } as SendState,
    ],
    [
      'the download fails',
      { ...sent, download: 'busy' } as SendState,
      { type: 'download', state: 'error' },
      { ...sent, download: 'error' } as SendState,
    ],
    ['no download before it is sent', editing, { type: 'download', state: 'busy' }, editing],
  ])('%s', (_name, before, event, after) => {
    expect(sendReducer(before, event)).toEqual(after);
  });
});

describe('the claim form: its answers and messages', () => {
  const start = initialFields(NO_SIGNATURE);
  const withEmailError: FieldsState = fieldsReducer(start, {
    type: 'errors',
    errors: { email: 'Enter a valid email address' },
  });

  it('types a value, taking angle brackets out, and says nothing until a field was checked', () => {
    const next = fieldsReducer(start, { type: 'typed', name: 'firstName', raw: 'A<l>ex' });
    expect(next.values.firstName).toBe('Alex');
    expect(next.errors).toEqual({});
  });

  it('checks a field when it is left, and again as it is typed once it shows a message', () => {
    const left = fieldsReducer(start, { type: 'left', name: 'email' });
    expect(left.errors.email).toBeTruthy();
    const fixed = fieldsReducer(left, { type: 'typed', name: 'email', raw: 'alex@example.com' });
    expect(fixed.errors).toEqual({});
  });

  it('lists every message in the summary in the form’s order, and moves the focus to it each time', () => {
    const shown = fieldsReducer(start, {
      type: 'errors',
      errors: {
        phone: 'Enter a phone number',
        signature: SIGNATURE_REQUIRED_MESSAGE,
        firstName: 'Enter a name',
      },
    });
    expect(shown.summary.map((item) => item.fieldId)).toEqual(['firstName', 'phone', 'signature']);
    expect(shown.summaryKey).toBe(1);
    expect(fieldsReducer(shown, { type: 'errors', errors: shown.errors }).summaryKey).toBe(2);
    expect(withEmailError.summary).toEqual([{ fieldId: 'email', message: 'Enter a valid email address' }]);
  });

  it('puts a message that belongs to no field beside the submit button', () => {
    const shown = fieldsReducer(start, { type: 'errors', errors: { selectedExpenses: 'Choose an expense' } });
    expect(shown.summary).toEqual([{ fieldId: 'submit-claim', message: 'Choose an expense' }]);
  });

  it('clears the signature’s message when the claimant signs or switches method, not otherwise', () => {
    const unsigned = fieldsReducer(start, {
      type: 'errors',
      errors: { signature: SIGNATURE_REQUIRED_MESSAGE },
    });
    const same = fieldsReducer(unsigned, { type: 'signed', value: NO_SIGNATURE });
    expect(same.errors.signature).toBe(SIGNATURE_REQUIRED_MESSAGE);
    const drawn = fieldsReducer(unsigned, {
      type: 'signed',
      value: { ...NO_SIGNATURE, dataUrl: 'data:image/png;base64,AAAA' },
    });
    expect(drawn.errors.signature).toBeUndefined();
  });

  it('empties the summary once sent, keeping what was typed', () => {
    const typed = fieldsReducer(withEmailError, { type: 'typed', name: 'lastName', raw: 'Claimant' });
    const done = fieldsReducer(typed, { type: 'sent' });
    expect(done.summary).toEqual([]);
    expect(done.values.lastName).toBe('Claimant');
  });
});
