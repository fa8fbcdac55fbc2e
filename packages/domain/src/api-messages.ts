// Messages the API answers with and the browser shows or recognises: one wording for both.

/** Issue 44: what a write route answers when its body is missing, `null` or not a JSON object. */
export const REQUEST_MESSAGES = {
  bodyRequired: 'Send the request as a JSON object',
} as const;

/** D8: resuming a saved application with a code sent by SMS. */
export const RESUME_MESSAGES = {
  invalidCode: 'Invalid resume code. Please check your SMS and try again.',
  notFound: 'Resume code not found. It may have expired or been used already.',
  throttled: 'Too many attempts. Please wait 15 minutes and try again.',
  tooManyCodes: 'Too many codes have been sent to this number. Please wait an hour and try again.',
  smsFailed: 'We could not send the text message. Please try again.',
} as const;

/** D10: saving the wizard with an optimistic revision. */
export const SAVE_CONFLICT_MESSAGES = {
  staleRevision: 'This application was changed in another window.',
  alreadySubmitted: 'This claim has already been submitted.',
} as const;
