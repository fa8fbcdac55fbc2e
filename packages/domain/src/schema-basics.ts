// The building blocks of every schema (D4): SPEC.md §5's messages, the field limits, and the
// sanitising fields (text, email, phone, PNG data URL, numbers) the request and step schemas are
// made of. Every schema module imports this one first, so zod's configuration below applies to all.
import { z } from 'zod';
import { isPngDataUrl } from './data-url.ts';
import { isValidEmail, EMAIL_MAX_LENGTH } from './email.ts';
import { isValidUkPhone } from './phone.ts';
import { sanitiseEmail, sanitiseText } from './sanitise.ts';
import type { TaxYear } from './tax-years.ts';
import { MAX_LEAVE_PERIODS } from './dates.ts';
import { MAX_EMPLOYMENTS } from './wizard-snapshot.ts';

// zod 4 compiles object schemas with `new Function` for a faster parser. Browsers run under our
// CSP, which has no 'unsafe-eval', so even zod's probe for it would be reported as a violation:
// there the interpreted parser is used. Node has no CSP, and there the compiled parser takes a
// third off a wizard save's validation (the generated code comes from our schemas' keys only).
z.config({ jitless: typeof (globalThis as { document?: unknown }).document !== 'undefined' });

/** true only when A and B are the same type (each assignable to the other). */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// ---------------------------------------------------------------------------------------------
// Messages

export const MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid UK phone number',
  signatureRequired: 'Signature is required',
  signatureTooLarge: 'Signature is too large. Please clear it and sign again',
  expensesRequired: 'Please select at least one expense',
  expenseUnknown: 'Select an expense from the list',
  mustQualify: 'You must qualify to proceed',
  drivesForWorkRequired: 'Please select an option',
  vrmRequired: 'Vehicle registration is required',
  employmentTypeRequired: 'Please select your employment type',
  homeAddressRequired: 'Home address is required',
  taxYearsRequired: 'Please select at least one tax year',
  taxYearInvalid: 'Enter a tax year like 2024/25',
  logYearForEmployment: 'Choose the tax year of the employment’s mileage log',
  logEmploymentInvalid: 'Choose an employment with business journeys in that tax year',
  taxYearNotClaimable: 'You can only claim for the current tax year and the four before it',
  taxYearDuplicate: 'Each tax year can only be listed once',
  vehicleTypeRequired: 'Please select your vehicle type',
  milesRequired: (year: TaxYear) => `Business miles required for ${year}`,
  milesWholeNumber: (year: TaxYear) => `Business miles for ${year} must be a whole number`,
  milesTooHigh: (year: TaxYear) => `Business miles for ${year} must be 200,000 or fewer`,
  milesInvalid: 'Business miles must be a whole number from 0 to 200,000',
  employerNameRequired: "Enter the employer's name",
  payeReferenceRequired: "Enter the employer PAYE reference, or tick that you don't have it",
  payeReferenceInvalid: 'Enter the employer PAYE reference in the correct format, like 123/AB45678',
  jobTitleRequired: 'Enter your job title',
  continuingRequired: 'Select whether you still work there',
  employmentsRequired: 'Add at least one employment',
  employmentsTooMany: `You can add up to ${MAX_EMPLOYMENTS} employments`,
  employmentDuplicate: 'Each employment must be listed once',
  employersConnectedRequired: (year: TaxYear) =>
    `Select whether your employers in ${year} are the same or associated employers`,
  employerPaidRequired: (employer: string, year: TaxYear) =>
    `Select what ${employer} paid for your business miles in ${year}`,
  employerPencePerMileInvalid: (employer: string, year: TaxYear) =>
    `Enter the pence per mile ${employer} paid in ${year}, from 1 to ${MAX_EMPLOYER_RATE_PENCE}`,
  employerTotalInvalid: (employer: string, year: TaxYear) =>
    `Enter the total ${employer} paid for business miles in ${year}, in pounds`,
  mileageRateInvalid: 'Please enter a valid mileage rate',
  taxablePayInvalid: (year: TaxYear) =>
    `Enter your taxable pay for ${year} in pounds, as on your P60, or leave it empty`,
  taxPaidInvalid: (year: TaxYear) =>
    `Enter the income tax you paid in ${year} in pounds, as on your P60, or leave it empty`,
  taxPaidMoreThanPay: (year: TaxYear) => `The tax you paid in ${year} cannot be more than your taxable pay`,
  milesAfterEmploymentEnded: (employer: string, year: TaxYear) =>
    `You left ${employer} before ${year} began, so there are no business miles for it in ${year}`,
  wfhNotClaimable: 'Working from home relief can only be claimed for tax years up to 2025/26',
  mileageRateTooHigh: 'Mileage rate must be 200p per mile or less',
  evidenceRequired: (year: TaxYear) => `Evidence required for ${year}`,
  digitalSignatureRequired: 'Digital signature is required',
  typedNameRequired: 'Enter your full name to sign',
  typedNameInvalid: 'Enter your full name to sign, using letters',
  signatureMethodInvalid: 'Draw your signature or type your name to sign',
  accuracyRequired: 'Please confirm accuracy of information',
  authorizationRequired: 'Please authorize us to act as your tax agent',
  termsRequired: 'Please accept terms and conditions',
  niNumberRequired: 'National Insurance number is required',
  niNumberInvalid: 'Enter a National Insurance number in the correct format, like QQ 12 34 56 C',
  niNumberExample: 'Enter your own National Insurance number: QQ 12 34 56 C is only an example',
  postcodeRequired: 'Please enter a postcode',
  postcodeInvalid: 'Please enter a valid UK postcode',
  frequencyRequired: 'Select how often you make this journey',
  tripTypeRequired: 'Select a trip type',
  reasonRequired: 'Select a reason',
  customReasonRequired: 'Please enter a reason',
  distanceRequired: 'Enter the distance in miles',
  distanceInvalid: 'Distance must be between 0 and 1,000 miles',
  journeyDateRequired: 'Enter the date of the journey',
  journeyDateInvalid: 'The date of the journey must be a real date',
  oneOffTripTypeRequired: 'Select whether this one-off journey was a return or a single trip',
  resumeCodeInvalid: 'Invalid resume code. Please check your SMS and try again.',
  tooLong: (max: number) => `Must be ${max} characters or fewer`,
} as const;

// ---------------------------------------------------------------------------------------------
// Limits

export const NAME_MAX_LENGTH = 100;
export const ADDRESS_MAX_LENGTH = 500;
export const COMPANY_NAME_MAX_LENGTH = 200;
export const AFFILIATE_MAX_LENGTH = 100;
export const UTM_VALUE_MAX_LENGTH = 500;
export const FULL_URL_MAX_LENGTH = 2000;
/** A 600×200 PNG signature is tens of KB; 2 MB of data URL leaves ample room and bounds abuse. */
export const SIGNATURE_MAX_LENGTH = 2_000_000;
export const MAX_BUSINESS_MILES = 200_000;
export const MAX_EMPLOYER_RATE_PENCE = 200;
export const MAX_TAX_YEAR_ENTRIES = 10;
export const MAX_JOURNEYS = 100;
export { MAX_LEAVE_PERIODS };
export const MAX_EMPLOYER_TOTAL_POUNDS = 1_000_000;
/** D31: the most taxable pay or tax paid a year's P60 figures may state, in pounds. */
export const MAX_P60_POUNDS = 100_000_000;
export const JOB_TITLE_MAX_LENGTH = 100;
export const TITLE_MAX_LENGTH = 20;

// ---------------------------------------------------------------------------------------------
// Building blocks

/** Strings are sanitised; a missing value becomes '' so required-field messages apply. */
function toCleanText(v: unknown): unknown {
  if (typeof v === 'string') return sanitiseText(v);
  return v ?? '';
}

export function text(max: number) {
  return z.preprocess(toCleanText, z.string().max(max, MESSAGES.tooLong(max)));
}

export function requiredText(message: string, max: number) {
  return z.preprocess(
    toCleanText,
    z.string({ error: message }).min(1, { error: message, abort: true }).max(max, MESSAGES.tooLong(max)),
  );
}

export function nullableText(max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? sanitiseText(v) || null : (v ?? null)),
    z.string().max(max, MESSAGES.tooLong(max)).nullable(),
  );
}

export function emailField(requiredMessage: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? sanitiseEmail(v) : (v ?? '')),
    z
      .string({ error: requiredMessage })
      .min(1, { error: requiredMessage, abort: true })
      .max(EMAIL_MAX_LENGTH, { error: MESSAGES.emailInvalid, abort: true })
      .refine(isValidEmail, MESSAGES.emailInvalid),
  );
}

export function phoneField(requiredMessage: string) {
  return z.preprocess(
    toCleanText,
    z
      .string({ error: requiredMessage })
      .min(1, { error: requiredMessage, abort: true })
      .max(30, { error: MESSAGES.phoneInvalid, abort: true })
      .refine(isValidUkPhone, MESSAGES.phoneInvalid),
  );
}

export function pngDataUrl(message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : (v ?? '')),
    z
      .string({ error: message })
      // An empty signature does not abort (decision 058): the body's checks still run, so a typed
      // signature's blank name is said at its own field beside this message.
      .min(1, { error: message })
      .max(SIGNATURE_MAX_LENGTH, { error: MESSAGES.signatureTooLarge, abort: true })
      .refine((v) => v === '' || isPngDataUrl(v), message),
  );
}

/** Issue 32: a claim is signed by drawing (the default) or, the accessible alternative, by typing a name. */
export const SIGNATURE_METHODS = ['drawn', 'typed'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

/**
 * How a claim was signed, beside its `signature` PNG (which, when typed, is the browser's drawing of
 * the name). Absent method means drawn: the clients before issue 32 sent only the PNG. Check with
 * checkSignedBy (given SIGNED_BY_CHECK); read with signedByOf. Every signing request has these:
 * the funnel's claim form, the details journey, the wizard's signing step and an amendment
 * (decisions 055 and 058).
 */
export const signedByFields = {
  signatureMethod: z.enum(SIGNATURE_METHODS, { error: MESSAGES.signatureMethodInvalid }).optional(),
  typedName: nullableText(NAME_MAX_LENGTH).optional(),
};

/**
 * A typed signature needs a name that reads as one: at least two letters (any script), so a stray
 * character or a run of punctuation does not stand for a person's signature on the authority.
 */
export function checkSignedBy(
  value: { signatureMethod?: SignatureMethod | undefined; typedName?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.signatureMethod !== 'typed') return;
  const name = value.typedName ?? '';
  if (name === '') ctx.addIssue({ code: 'custom', path: ['typedName'], message: MESSAGES.typedNameRequired });
  else if ((name.match(/\p{L}/gu) ?? []).length < 2)
    ctx.addIssue({ code: 'custom', path: ['typedName'], message: MESSAGES.typedNameInvalid });
}

/**
 * When checkSignedBy runs (the second argument of `.superRefine(checkSignedBy, SIGNED_BY_CHECK)`):
 * also when other fields fail, so a typed signature's blank name is said at its field with the rest
 * (a blank name leaves no image either, and "the signature is required" alone would not say what
 * to do); not when the method or the name is itself refused, nor when the body is not an object.
 */
export const SIGNED_BY_CHECK = {
  when: (payload: z.core.ParsePayload): boolean =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    payload.issues.every((i) => {
      const field = i.path?.[0];
      return field !== undefined && field !== 'signatureMethod' && field !== 'typedName';
    }),
};

/** How a claim was signed, as stored. */
export interface SignedBy {
  method: SignatureMethod;
  /** The name as typed when `method` is 'typed'; null when drawn. */
  typedName: string | null;
}

/** What is stored: the method, and the typed name only when typed (one sent with a drawing is ignored). */
export function signedByOf(value: {
  signatureMethod?: SignatureMethod | undefined;
  typedName?: string | null | undefined;
}): SignedBy {
  return value.signatureMethod === 'typed'
    ? { method: 'typed', typedName: value.typedName ?? null }
    : { method: 'drawn', typedName: null };
}

/** The signing method and typed name alone, for a form to check before it sends (issue 32). */
export const signedBySchema = z.object(signedByFields).superRefine(checkSignedBy, SIGNED_BY_CHECK);

/** Numbers typed into a field may arrive as strings; '' / null / undefined mean 0. */
export function toNumber(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return 0;
  if (typeof v === 'string') {
    const s = v.trim();
    return /^\d+(\.\d+)?$|^\.\d+$/.test(s) ? Number(s) : Number.NaN;
  }
  return v;
}

/**
 * A missing section parses as {}: each field maps a missing value itself (to '' or its default),
 * which zod's input types cannot express for preprocessed fields.
 */
export function section<T extends z.ZodType>(schema: T) {
  return schema.prefault({} as z.input<T>);
}
