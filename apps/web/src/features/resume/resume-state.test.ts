import { describe, expect, it } from 'vitest';
import { initialResume, resumeReducer, type ResumeEvent, type ResumeState } from './resume-state.ts';

const atPhone = initialResume(null);
const wrongNumber: ResumeState = {
  ...atPhone,
  phone: '0770',
  error: 'Please enter a valid UK phone number',
  attempt: 1,
};
const resuming: ResumeState = { ...atPhone, phone: '07700 900123', phase: { kind: 'resuming' } };

describe('/resume: the number, then resuming, as a table of phase changes', () => {
  it.each<[string, ResumeState, ResumeEvent, Partial<ResumeState>]>([
    [
      'a number typed, angle brackets taken out',
      atPhone,
      { type: 'typed', raw: '07700<> 900123' },
      { phone: '07700 900123' },
    ],
    [
      'a message stays while the number is still not valid',
      wrongNumber,
      { type: 'typed', raw: '07700 9' },
      { phone: '07700 9' },
    ],
    [
      'a message goes once the number is valid',
      wrongNumber,
      { type: 'typed', raw: '07700 900123 ' },
      { phone: '07700 900123 ', error: null },
    ],
    [
      'no number: its message, the summary focused',
      atPhone,
      { type: 'refused', message: 'Enter the mobile number this code was sent to' },
      { error: 'Enter the mobile number this code was sent to', attempt: 1 },
    ],
    [
      'the same message again: the summary focused again',
      wrongNumber,
      { type: 'refused', message: 'Please enter a valid UK phone number' },
      { attempt: 2 },
    ],
    [
      'the number checked: resuming, the message gone',
      { ...wrongNumber, phone: '07700 900123' },
      { type: 'resuming' },
      { phase: { kind: 'resuming' }, error: null },
    ],
    [
      'the server says the number is not the code’s: back to the number, with its message',
      resuming,
      { type: 'refused', message: 'The mobile number does not match' },
      { phase: { kind: 'phone' }, error: 'The mobile number does not match', attempt: 1 },
    ],
    [
      'the code cannot be resumed: why, in place of the form',
      resuming,
      { type: 'failed', message: 'This code has expired' },
      { phase: { kind: 'failed', message: 'This code has expired' } },
    ],
  ])('%s', (_name, before, event, expected) => {
    expect(resumeReducer(before, event)).toEqual({ ...before, ...expected });
  });

  it('starts at the number, or at why not for a malformed code', () => {
    expect(initialResume(null)).toEqual({ phase: { kind: 'phone' }, phone: '', error: null, attempt: 0 });
    expect(initialResume('Invalid resume code').phase).toEqual({
      kind: 'failed',
      message: 'Invalid resume code',
    });
  });
});
