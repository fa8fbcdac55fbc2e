import { stripAngleBrackets } from '@taxback/domain/sanitise';
import { claimFormSchema, fieldErrors, signedBySchema } from '@taxback/domain/schemas';
import { foldSignatureErrors, type SignatureValue } from '../../components/authority/signature-value.ts';
import type { ErrorSummaryItem } from '../../components/ui/error-summary.tsx';

// The claim form's state (issue 46): its answers with their messages, and where the sending of it
// stands, each one value changed only by its reducer, so every change is a row of a table test.

export const SIGNATURE_REQUIRED_MESSAGE = 'Signature is required';
export const SIGNATURE_FIELD_ID = 'signature';

export type FieldName = 'firstName' | 'lastName' | 'email' | 'phone';
export type Values = Record<FieldName, string>;
export const FIELD_ORDER: FieldName[] = ['firstName', 'lastName', 'email', 'phone'];

export function validateValues(values: Values): Partial<Record<FieldName, string>> {
  const result = claimFormSchema.safeParse(values);
  if (result.success) return {};
  const all = fieldErrors(result);
  const out: Partial<Record<FieldName, string>> = {};
  for (const f of FIELD_ORDER) if (all[f]) out[f] = all[f];
  return out;
}

/**
 * Issue 32: a typed name must be there and read as a name (the shared rule); a drawing must be there.
 * A blank typed name leaves no image either: its one message is the typed name's.
 */
export function signatureErrors(signature: SignatureValue): Record<string, string> {
  const signedBy = signedBySchema.safeParse({
    signatureMethod: signature.method,
    typedName: signature.typedName,
  });
  if (!signedBy.success) return fieldErrors(signedBy);
  return signature.dataUrl ? {} : { signature: SIGNATURE_REQUIRED_MESSAGE };
}

export type FieldsState = {
  values: Values;
  signature: SignatureValue;
  errors: Record<string, string>;
  summary: ErrorSummaryItem[];
  /** Moves the focus to the summary each time it is shown, even with the same messages. */
  summaryKey: number;
};

export type FieldsEvent =
  | { type: 'typed'; name: FieldName; raw: string }
  | { type: 'left'; name: FieldName }
  | { type: 'signed'; value: SignatureValue }
  | { type: 'errors'; errors: Record<string, string> }
  | { type: 'sent' };

export function initialFields(signature: SignatureValue): FieldsState {
  return {
    values: { firstName: '', lastName: '', email: '', phone: '' },
    signature,
    errors: {},
    summary: [],
    summaryKey: 0,
  };
}

function withFieldError(errors: Record<string, string>, name: string, message: string | undefined) {
  const copy = { ...errors };
  if (message) copy[name] = message;
  else delete copy[name];
  return copy;
}

/** The messages of the error summary, in the form's order: fields, signature, then the rest. */
function summaryOf(errors: Record<string, string>): ErrorSummaryItem[] {
  const items: ErrorSummaryItem[] = [];
  for (const f of FIELD_ORDER) {
    const message = errors[f];
    if (message) items.push({ fieldId: f, message });
  }
  if (errors.signature) items.push({ fieldId: SIGNATURE_FIELD_ID, message: errors.signature });
  for (const [key, message] of Object.entries(errors)) {
    if (!(FIELD_ORDER as string[]).includes(key) && key !== 'signature')
      items.push({ fieldId: 'submit-claim', message });
  }
  return items;
}

export function fieldsReducer(state: FieldsState, event: FieldsEvent): FieldsState {
  switch (event.type) {
    case 'typed': {
      const values = { ...state.values, [event.name]: stripAngleBrackets(event.raw) };
      // Once a field shows an error, it is checked again as the claimant types, so it clears when fixed.
      if (!state.errors[event.name]) return { ...state, values };
      return {
        ...state,
        values,
        errors: withFieldError(state.errors, event.name, validateValues(values)[event.name]),
      };
    }
    case 'left':
      return {
        ...state,
        errors: withFieldError(state.errors, event.name, validateValues(state.values)[event.name]),
      };
    case 'signed': {
      // A signature, or a switch between drawing and typing, clears the message (a new check comes on submit).
      const clears = Boolean(event.value.dataUrl) || event.value.method !== state.signature.method;
      return {
        ...state,
        signature: event.value,
        errors: clears ? withFieldError(state.errors, 'signature', undefined) : state.errors,
      };
    }
    case 'errors': {
      const errors = foldSignatureErrors(event.errors);
      return { ...state, errors, summary: summaryOf(errors), summaryKey: state.summaryKey + 1 };
    }
    case 'sent':
      return { ...state, summary: [] };
  }
}

export type SendState =
  | { phase: 'editing'; error: string | null }
  | { phase: 'sending' }
  | { phase: 'sent'; authorityUrl: string | null; reference: string; download: 'idle' | 'busy' | 'error' };

export type SendEvent =
  | { type: 'send' }
  | { type: 'accepted'; authorityUrl: string | null; reference: string }
  /** The server answered with field messages: back to the form, which shows them. */
  | { type: 'refused' }
  | { type: 'failed'; message: string }
  | { type: 'download'; state: 'idle' | 'busy' | 'error' };

export const INITIAL_SEND: SendState = { phase: 'editing', error: null };

export function sendReducer(state: SendState, event: SendEvent): SendState {
  switch (event.type) {
    case 'send':
      return state.phase === 'editing' ? { phase: 'sending' } : state;
    case 'accepted':
      return state.phase === 'sending'
        ? { phase: 'sent', authorityUrl: event.authorityUrl, reference: event.reference, download: 'idle' }
        : state;
    case 'refused':
      return state.phase === 'sending' ? { phase: 'editing', error: null } : state;
    case 'failed':
      return state.phase === 'sending' ? { phase: 'editing', error: event.message } : state;
    case 'download':
      return state.phase === 'sent' ? { ...state, download: event.state } : state;
  }
}
