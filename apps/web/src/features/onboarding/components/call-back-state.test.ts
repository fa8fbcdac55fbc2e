import { describe, expect, it } from 'vitest';
import {
  INITIAL_CALL_BACK,
  callBackReducer,
  type CallBackEvent,
  type CallBackState,
} from './call-back-state.ts';

const typedIn: CallBackState = { ...INITIAL_CALL_BACK, name: 'Alex', phone: '07700 900123', consent: true };
const sending: CallBackState = { ...typedIn, attempt: 1, phase: { kind: 'sending' } };
const sent: CallBackState = { ...sending, phase: { kind: 'sent', message: 'We will call you' } };

describe('the call-back request: sending it, as a table of phase changes', () => {
  it.each<[string, CallBackState, CallBackEvent, Partial<CallBackState>]>([
    ['a name typed', INITIAL_CALL_BACK, { type: 'typed', field: 'name', value: 'Alex' }, { name: 'Alex' }],
    [
      'a number typed',
      INITIAL_CALL_BACK,
      { type: 'typed', field: 'phone', value: '07700 900123' },
      { phone: '07700 900123' },
    ],
    ['the consent ticked', INITIAL_CALL_BACK, { type: 'ticked', consent: true }, { consent: true }],
    ['the consent unticked', typedIn, { type: 'ticked', consent: false }, { consent: false }],
    [
      'the check finds something: the messages, the summary focused, still the form',
      INITIAL_CALL_BACK,
      { type: 'refused', errors: { name: 'Enter your name', consent: 'Tick the box' } },
      { errors: { name: 'Enter your name', consent: 'Tick the box' }, attempt: 1 },
    ],
    [
      'the check passes: on its way, the old messages gone',
      { ...typedIn, errors: { phone: 'Enter a phone number' }, attempt: 1 },
      { type: 'send' },
      { errors: {}, attempt: 2, phase: { kind: 'sending' } },
    ],
    [
      'the server takes it: its thanks in place of the form',
      sending,
      { type: 'sent', message: 'We will call you' },
      { phase: { kind: 'sent', message: 'We will call you' } },
    ],
    [
      'the server refuses a field: back to the form, with the message',
      sending,
      { type: 'failed', errors: { phone: 'Enter a UK phone number' } },
      { phase: { kind: 'idle' }, errors: { phone: 'Enter a UK phone number' } },
    ],
    [
      'the server cannot take it: back to the form, with why',
      sending,
      { type: 'failed', errors: { form: 'We could not send your request. Please try again.' } },
      { phase: { kind: 'idle' }, errors: { form: 'We could not send your request. Please try again.' } },
    ],
    ['a thanks nobody waits for changes nothing', typedIn, { type: 'sent', message: 'x' }, {}],
    ['a failure nobody waits for changes nothing', typedIn, { type: 'failed', errors: { form: 'x' } }, {}],
    ['once sent, a late failure changes nothing', sent, { type: 'failed', errors: { form: 'x' } }, {}],
  ])('%s', (_name, before, event, expected) => {
    expect(callBackReducer(before, event)).toEqual({ ...before, ...expected });
  });
});
