import { describe, expect, it } from 'vitest';
import { STATUS_MESSAGES, type ClaimStatusView } from '@taxback/domain/status-schemas';
import {
  SIGNED_OUT,
  initialStatus,
  statusReducer,
  type StatusEvent,
  type StatusState,
} from './status-state.ts';

const view = { reference: 'TB 4K7 9MX 2QH' } as unknown as ClaimStatusView;
const other = { reference: 'TB 8PQ 3RT 7WX' } as unknown as ClaimStatusView;

const details: StatusState = { ...initialStatus('TB 4K7 9MX 2QH'), phone: '07700 900123' };
const asking: StatusState = { ...details, busy: true };
const atCode: StatusState = { ...details, phase: { kind: 'code', sentTo: '•••• 123' }, code: '123456' };
const viewing: StatusState = { ...details, phase: { kind: 'view', view } };

describe('/status: signing in and following a claim, as a table of phase changes', () => {
  it.each<[string, StatusState, StatusEvent, Partial<StatusState>]>([
    [
      'a reference typed',
      details,
      { type: 'typed', field: 'reference', value: 'TB 1' },
      { reference: 'TB 1' },
    ],
    ['asking: busy', details, { type: 'asked' }, { busy: true }],
    [
      'the browser’s own check fails: messages, the summary focused',
      details,
      { type: 'refused', errors: { phone: STATUS_MESSAGES.phoneRequired } },
      { errors: { phone: STATUS_MESSAGES.phoneRequired }, attempt: 1 },
    ],
    [
      'a code sent: to the code, with nothing typed there yet',
      { ...asking, errors: { phone: 'x' }, notice: SIGNED_OUT, code: '999999' },
      { type: 'code-sent', sentTo: '•••• 123' },
      {
        busy: false,
        errors: {},
        alert: null,
        notice: null,
        code: '',
        phase: { kind: 'code', sentTo: '•••• 123' },
      },
    ],
    [
      'resending from the code refused for a field: back to the details',
      { ...atCode, busy: true },
      { type: 'refused', errors: { reference: 'No claim' }, backToDetails: true },
      { busy: false, errors: { reference: 'No claim' }, attempt: 1, phase: { kind: 'details' } },
    ],
    [
      'a wrong code: stays at the code',
      { ...atCode, busy: true },
      { type: 'refused', errors: { code: STATUS_MESSAGES.codeInvalid } },
      { busy: false, errors: { code: STATUS_MESSAGES.codeInvalid }, attempt: 1 },
    ],
    [
      'the service cannot answer: the alert, no field message',
      asking,
      { type: 'refused', errors: {}, alert: 'Try again' },
      { busy: false, errors: {}, alert: 'Try again', attempt: 1 },
    ],
    [
      'the right code: the claim',
      { ...atCode, busy: true, alert: 'old' },
      { type: 'signed-in', view },
      { busy: false, errors: {}, alert: null, phase: { kind: 'view', view } },
    ],
    ['a reload resumes the claim', details, { type: 'resumed', view }, { phase: { kind: 'view', view } }],
    ['a reload never leaves the code being typed', atCode, { type: 'resumed', view }, {}],
    [
      'a link for another claim: the details, with its reference and why',
      viewing,
      { type: 'other-claim', reference: 'TB 8PQ 3RT 7WX', notice: STATUS_MESSAGES.otherClaim },
      { phase: { kind: 'details' }, reference: 'TB 8PQ 3RT 7WX', notice: STATUS_MESSAGES.otherClaim },
    ],
    [
      'a link and no claim resumed: never left showing one',
      viewing,
      { type: 'not-resumed' },
      { phase: { kind: 'details' } },
    ],
    ['a link and no claim resumed, at the code: stays', atCode, { type: 'not-resumed' }, {}],
    [
      'signed out: everything typed cleared, said why, the heading focused',
      { ...viewing, busy: true, attempt: 3 },
      { type: 'signed-out', next: 'signed-out' },
      { ...initialStatus(''), notice: SIGNED_OUT, attempt: 3, signOuts: 1 },
    ],
    [
      'follow another claim: cleared, nothing said',
      { ...viewing, busy: true },
      { type: 'signed-out', next: 'another' },
      { ...initialStatus(''), signOuts: 1 },
    ],
    [
      'signing out failed: the claim stays, with the message',
      { ...viewing, busy: true },
      { type: 'sign-out-failed', alert: 'Try again' },
      { busy: false, alert: 'Try again' },
    ],
    [
      'change the details from the code',
      { ...atCode, errors: { code: 'x' }, alert: 'y' },
      { type: 'change-details' },
      { errors: {}, alert: null, phase: { kind: 'details' } },
    ],
    [
      'an answer sent: the claim as it is now',
      viewing,
      { type: 'changed', view: other },
      { phase: { kind: 'view', view: other } },
    ],
  ])('%s', (_name, before, event, expected) => {
    expect(statusReducer(before, event)).toEqual({ ...before, ...expected });
  });
});
