import type { DetailsStepId, GeneralDetails } from '@taxback/domain';
import type { ClaimDetailsView, DetailsEvidence } from '@taxback/domain/api/responses';

// D30's details journey's state (issue 46): the claim as the server holds it with the answers being
// edited, the evidence uploaded, the screen, and each screen's save. One value, changed only by the
// reducer, so each phase change is a row of a table test.

export type Errors = Record<string, string>;

export type DetailsClaim =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'loaded'; view: ClaimDetailsView; details: GeneralDetails };

export type DetailsState = {
  claim: DetailsClaim;
  /** Decision 052: the receipts and proof uploaded so far (each upload is stored at once). */
  evidence: DetailsEvidence[];
  step: DetailsStepId;
  errors: Errors;
  /** Moves the focus to the error summary each time it is shown. */
  errorKey: number;
  saving: boolean;
  /** The screen was opened from check your answers: saving it goes back there. */
  returnToCheck: boolean;
};

export type DetailsEvent =
  /** The claim loaded: its answers as stored (or started from the claim), and its evidence. */
  | { type: 'loaded'; view: ClaimDetailsView; details: GeneralDetails }
  | { type: 'load-failed' }
  | { type: 'updated'; patch: Partial<GeneralDetails> }
  | { type: 'evidence-added'; file: DetailsEvidence }
  | { type: 'evidence-removed'; id: string }
  /** Messages, by the browser's check or the server's: the summary focused. */
  | { type: 'shown'; errors: Errors }
  /** To another screen, without messages. */
  | { type: 'went'; step: DetailsStepId }
  /** "Change" on check your answers: to that screen, and back to the check once it is saved. */
  | { type: 'change'; step: DetailsStepId }
  | { type: 'saving' }
  | { type: 'save-refused'; errors: Errors }
  /** Saved: on to `next`, or back to check your answers if the screen was opened from there. */
  | { type: 'saved'; next: DetailsStepId };

export const INITIAL_DETAILS: DetailsState = {
  claim: { kind: 'loading' },
  evidence: [],
  step: 'about-you',
  errors: {},
  errorKey: 0,
  saving: false,
  returnToCheck: false,
};

export function detailsReducer(state: DetailsState, event: DetailsEvent): DetailsState {
  switch (event.type) {
    case 'loaded':
      return {
        ...state,
        claim: { kind: 'loaded', view: event.view, details: event.details },
        evidence: event.view.evidence,
      };
    case 'load-failed':
      return { ...state, claim: { kind: 'failed' } };
    case 'updated':
      return state.claim.kind === 'loaded'
        ? { ...state, claim: { ...state.claim, details: { ...state.claim.details, ...event.patch } } }
        : state;
    case 'evidence-added':
      return { ...state, evidence: [...state.evidence.filter((e) => e.id !== event.file.id), event.file] };
    case 'evidence-removed':
      return { ...state, evidence: state.evidence.filter((e) => e.id !== event.id) };
    case 'shown':
      return { ...state, errors: event.errors, errorKey: state.errorKey + 1 };
    case 'went':
      return { ...state, errors: {}, step: event.step };
    case 'change':
      return { ...state, errors: {}, step: event.step, returnToCheck: true };
    case 'saving':
      return { ...state, saving: true };
    case 'save-refused':
      return { ...state, saving: false, errors: event.errors, errorKey: state.errorKey + 1 };
    case 'saved':
      return {
        ...state,
        saving: false,
        errors: {},
        step: state.returnToCheck ? 'check' : event.next,
        returnToCheck: false,
      };
  }
}
