import { describe, expect, it } from 'vitest';
import type { GeneralDetails } from '@taxback/domain';
import type { ClaimDetailsView, DetailsEvidence } from '@taxback/domain/api/responses';
import { INITIAL_DETAILS, detailsReducer, type DetailsEvent, type DetailsState } from './details-state.ts';

const receipt = { id: 'e1', filename: 'receipt.pdf' } as unknown as DetailsEvidence;
const proof = { id: 'e2', filename: 'proof.pdf' } as unknown as DetailsEvidence;
const view = { reference: 'TB-1', evidence: [receipt] } as unknown as ClaimDetailsView;
const details = { scottishTaxpayer: '', expenses: {} } as unknown as GeneralDetails;
const loaded: DetailsState = {
  ...INITIAL_DETAILS,
  claim: { kind: 'loaded', view, details },
  evidence: [receipt],
};
const saving: DetailsState = { ...loaded, saving: true };
const fromCheck: DetailsState = { ...loaded, step: 'employments', returnToCheck: true };

describe('the details journey, as a table of phase changes', () => {
  it.each<[string, DetailsState, DetailsEvent, Partial<DetailsState>]>([
    [
      'the claim loaded: its answers, and the evidence uploaded before',
      INITIAL_DETAILS,
      { type: 'loaded', view, details },
      { claim: { kind: 'loaded', view, details }, evidence: [receipt] },
    ],
    ['the claim not found', INITIAL_DETAILS, { type: 'load-failed' }, { claim: { kind: 'failed' } }],
    [
      'an answer changed',
      loaded,
      { type: 'updated', patch: { scottishTaxpayer: 'yes' } },
      { claim: { kind: 'loaded', view, details: { ...details, scottishTaxpayer: 'yes' } } },
    ],
    ['nothing to change before the claim loads', INITIAL_DETAILS, { type: 'updated', patch: {} }, {}],
    ['a file uploaded', loaded, { type: 'evidence-added', file: proof }, { evidence: [receipt, proof] }],
    [
      'a file uploaded again: once, at the end',
      { ...loaded, evidence: [receipt, proof] },
      { type: 'evidence-added', file: receipt },
      { evidence: [proof, receipt] },
    ],
    ['a file removed', loaded, { type: 'evidence-removed', id: 'e1' }, { evidence: [] }],
    [
      'messages shown: the summary focused',
      loaded,
      { type: 'shown', errors: { 'personalInfo.firstName': 'Enter your first name' } },
      { errors: { 'personalInfo.firstName': 'Enter your first name' }, errorKey: 1 },
    ],
    [
      'to another screen: the messages gone',
      { ...loaded, errors: { save: 'x' }, errorKey: 1 },
      { type: 'went', step: 'tax-years' },
      { errors: {}, step: 'tax-years' },
    ],
    [
      'Change from check your answers: to that screen, and back once saved',
      { ...loaded, step: 'check', errors: { save: 'x' } },
      { type: 'change', step: 'employments' },
      { errors: {}, step: 'employments', returnToCheck: true },
    ],
    ['saving', loaded, { type: 'saving' }, { saving: true }],
    [
      'the save refused: the messages, the summary focused, still the screen',
      saving,
      { type: 'save-refused', errors: { save: 'Your answers could not be saved. Please try again.' } },
      { saving: false, errors: { save: 'Your answers could not be saved. Please try again.' }, errorKey: 1 },
    ],
    [
      'saved: on to the next screen, the messages gone',
      { ...saving, errors: { save: 'x' } },
      { type: 'saved', next: 'employments' },
      { saving: false, errors: {}, step: 'employments' },
    ],
    [
      'saved, opened from check your answers: back there',
      { ...fromCheck, saving: true },
      { type: 'saved', next: 'tax-years' },
      { saving: false, step: 'check', returnToCheck: false },
    ],
  ])('%s', (_name, before, event, expected) => {
    expect(detailsReducer(before, event)).toEqual({ ...before, ...expected });
  });
});
