import type { AuthorityDocument } from '@taxback/domain';
import { AMENDMENT_MESSAGES } from '@taxback/domain/casework';
import { NO_SIGNATURE, type SignatureValue } from '../../components/authority/signature-value.ts';
import type { AgreementKey } from '../../components/authority/agreement-checks.tsx';
import { refused } from '../../lib/form-state.ts';

// D32, decision 056: the amendment's state (issue 46). The claimant changes a year's miles, checks
// the new figures with the authority the server would sign for them, then signs; one value, changed
// only by the reducer, so each phase change is a row of a table test.

/** A year's miles for one employment, as typed. */
export type AmendmentRow = { year: string; employmentId: string; employerName: string; miles: string };

export type AmendmentState = {
  rows: AmendmentRow[];
  /** The miles (and which field to focus on returning to them), or the check with its authority. */
  stage: { at: 'miles'; focusRow: number | null } | { at: 'check'; authority: AuthorityDocument };
  signature: SignatureValue;
  checks: Record<AgreementKey, boolean>;
  errors: Record<string, string>;
  /** Moves the focus to the error summary each time it is shown. */
  attempt: number;
  busy: boolean;
};

export type AmendmentEvent =
  | { type: 'typed'; row: number; miles: string }
  | { type: 'asked' }
  | { type: 'refused'; errors: Record<string, string> }
  | { type: 'checked'; authority: AuthorityDocument }
  | { type: 'change'; row: number }
  | { type: 'signed'; value: SignatureValue }
  | { type: 'ticked'; key: AgreementKey; value: boolean };

export function initialAmendment(rows: AmendmentRow[]): AmendmentState {
  return {
    rows,
    stage: { at: 'miles', focusRow: null },
    signature: NO_SIGNATURE,
    checks: { accuracy: false, authorization: false, terms: false },
    errors: {},
    attempt: 0,
    busy: false,
  };
}

export function amendmentReducer(state: AmendmentState, event: AmendmentEvent): AmendmentState {
  switch (event.type) {
    case 'typed':
      return {
        ...state,
        rows: state.rows.map((old, i) => (i === event.row ? { ...old, miles: event.miles } : old)),
      };
    case 'asked':
      return { ...state, busy: true };
    case 'refused':
      return refused(state, event.errors);
    case 'checked':
      return { ...state, busy: false, errors: {}, stage: { at: 'check', authority: event.authority } };
    case 'change':
      return { ...state, errors: {}, stage: { at: 'miles', focusRow: event.row } };
    case 'signed':
      return { ...state, signature: event.value };
    case 'ticked':
      return { ...state, checks: { ...state.checks, [event.key]: event.value } };
  }
}

/** Each row whose miles are not a whole number of up to six digits, with the message at its field. */
export function milesRequiredErrors(rows: AmendmentRow[]): Record<string, string> {
  return Object.fromEntries(
    rows.flatMap((r, i) =>
      /^\d{1,6}$/.test(r.miles.trim()) ? [] : [[`amend-${i}`, AMENDMENT_MESSAGES.milesRequired]],
    ),
  );
}

/** The server's field keys for the miles (years.N.miles) are the miles screen's fields. */
export function milesErrorsOf(errors: Record<string, string>, message: string): Record<string, string> {
  const fields = Object.entries(errors).flatMap(([key, text]) => {
    const row = /^years\.(\d+)\.miles$/.exec(key);
    return row ? [[`amend-${row[1]}`, text] as const] : [];
  });
  return fields.length > 0 ? Object.fromEntries(fields) : { 'amend-0': message };
}
