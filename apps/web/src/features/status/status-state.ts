import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import type { Fields } from './status-api.ts';
import { refused, typed } from '../../lib/form-state.ts';

// /status's state (issue 46): signing in by the claim's reference, the mobile number and a code by
// text, then the claim's timeline. One value, changed only by the reducer, so each phase change is
// a row of a table test.

export type Phase =
  { kind: 'details' } | { kind: 'code'; sentTo: string } | { kind: 'view'; view: ClaimStatusView };

/** Why the details form is showing again, said above it. */
export const SIGNED_OUT =
  'You have signed out. To follow a claim again, enter its reference and mobile number.';

export type StatusState = {
  phase: Phase;
  reference: string;
  phone: string;
  code: string;
  errors: Fields;
  /** A message about the whole form (the service could not answer), not one field. */
  alert: string | null;
  /** Why the details form shows: signed out, or the link was for another claim. */
  notice: string | null;
  busy: boolean;
  /** Moves the focus to the error summary each time it is shown. */
  attempt: number;
  /** Moves the focus to the details form's heading after each sign-out. */
  signOuts: number;
};

export type StatusEvent =
  | { type: 'typed'; field: 'reference' | 'phone' | 'code'; value: string }
  | { type: 'asked' }
  | { type: 'refused'; errors: Fields; alert?: string; backToDetails?: boolean }
  | { type: 'code-sent'; sentTo: string }
  | { type: 'signed-in'; view: ClaimStatusView }
  /** A reload found the session's claim (never while a code is being typed). */
  | { type: 'resumed'; view: ClaimStatusView }
  /** The link names a claim the session is not for: the details form, with the link's reference. */
  | { type: 'other-claim'; reference: string; notice: string }
  /** The link names a claim and the server shows none: never left showing a claim. */
  | { type: 'not-resumed' }
  | { type: 'signed-out'; next: 'signed-out' | 'another' }
  /** Signing out failed: the timeline stays, with the message. */
  | { type: 'sign-out-failed'; alert: string }
  | { type: 'change-details' }
  | { type: 'changed'; view: ClaimStatusView };

export function initialStatus(reference: string): StatusState {
  return {
    phase: { kind: 'details' },
    reference,
    phone: '',
    code: '',
    errors: {},
    alert: null,
    notice: null,
    busy: false,
    attempt: 0,
    signOuts: 0,
  };
}

const toDetails = (phase: Phase): Phase => (phase.kind === 'view' ? { kind: 'details' } : phase);

export function statusReducer(state: StatusState, event: StatusEvent): StatusState {
  switch (event.type) {
    case 'typed':
      return typed(state, event.field, event.value);
    case 'asked':
      return { ...state, busy: true };
    case 'refused':
      return {
        ...refused(state, event.errors),
        alert: event.alert ?? null,
        phase: event.backToDetails && state.phase.kind === 'code' ? { kind: 'details' } : state.phase,
      };
    case 'code-sent':
      return {
        ...state,
        busy: false,
        errors: {},
        alert: null,
        notice: null,
        code: '',
        phase: { kind: 'code', sentTo: event.sentTo },
      };
    case 'signed-in':
      return { ...state, busy: false, errors: {}, alert: null, phase: { kind: 'view', view: event.view } };
    case 'resumed':
      return state.phase.kind === 'code' ? state : { ...state, phase: { kind: 'view', view: event.view } };
    case 'other-claim':
      return {
        ...state,
        phase: toDetails(state.phase),
        reference: event.reference,
        notice: event.notice,
      };
    case 'not-resumed':
      return { ...state, phase: toDetails(state.phase) };
    case 'signed-out':
      return {
        ...initialStatus(''),
        notice: event.next === 'signed-out' ? SIGNED_OUT : null,
        attempt: state.attempt,
        signOuts: state.signOuts + 1,
      };
    case 'sign-out-failed':
      return { ...state, busy: false, alert: event.alert };
    case 'change-details':
      return { ...state, errors: {}, alert: null, phase: { kind: 'details' } };
    case 'changed':
      return { ...state, phase: { kind: 'view', view: event.view } };
  }
}
