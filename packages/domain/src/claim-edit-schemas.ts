// D32 (issue 28): operators complete or correct the P87 answers that do not change the amount
// claimed, one answer per change, each with a reason. Imported by sub-path
// ('@taxback/domain/claim-edit-schemas'): only the admin bundle and the server carry it.
import { z } from 'zod';
import { ADMIN_MESSAGES, REASON_MAX_LENGTH } from './admin-schemas.ts';
import {
  dateOfBirthProblem,
  datePartsToIso,
  endDateProblem,
  formatIsoDate,
  type DateParts,
} from './dates.ts';
import { isRecord } from './records.ts';
import { isPayeReference } from './p87-readiness.ts';
import { formatPostcode, sanitisePostcodeInput } from './postcode.ts';
import { sanitiseText } from './sanitise.ts';
import {
  ADDRESS_MAX_LENGTH,
  COMPANY_NAME_MAX_LENGTH,
  JOB_TITLE_MAX_LENGTH,
  MESSAGES,
  NAME_MAX_LENGTH,
  requiredText,
} from './schema-basics.ts';
import { datePartsSchema } from './snapshot-schemas.ts';
import { hmrcDetailsStepSchema } from './step-schemas.ts';

/** The claimant's answers an operator may complete or correct (D32), and the words for each. */
export const CLAIMANT_EDIT_FIELDS = {
  firstName: 'First names',
  lastName: 'Surname',
  dateOfBirth: 'Date of birth',
  address: 'Home address',
  niNumber: 'National Insurance number',
} as const;

/** An employment's answers an operator may complete or correct (D32). */
export const EMPLOYMENT_EDIT_FIELDS = {
  employerName: 'Employer name',
  payeReference: 'Employer PAYE reference',
  jobTitle: 'Job title',
  employmentEnd: 'Whether the job continues or when it ended',
} as const;

/**
 * D32: what changes the amount claimed is the claimant's to change (an amendment and a new signed
 * authority), never an operator's. Sent to the edit route, each is refused by name.
 */
export const AMOUNT_FIELDS = {
  taxYears: 'The tax years claimed',
  businessMiles: 'Business miles',
  vehicle: 'The vehicle',
  vehicleType: 'The vehicle',
  employerPaid: 'What the employer paid',
  paidKind: 'What the employer paid',
  paidPencePerMile: 'What the employer paid',
  paidTotalPounds: 'What the employer paid',
  employerMileageRate: 'What the employer paid',
  employersConnected: 'Whether the employers are connected',
  incomeBand: 'The income band',
  taxablePay: 'The P60 taxable pay',
  taxPaid: 'The P60 tax paid',
  journeys: 'The journeys',
  selectedExpenses: 'The expenses claimed',
  expenses: 'The expenses claimed',
  earnsOver18k: 'Whether the claimant earns over £18,000',
} as const;

export type ClaimantEditField = keyof typeof CLAIMANT_EDIT_FIELDS;
export type EmploymentEditField = keyof typeof EMPLOYMENT_EDIT_FIELDS;
export type EditField = ClaimantEditField | EmploymentEditField;

export const EDIT_MESSAGES = {
  fieldRequired: 'Select the detail to change',
  fieldUnknown: 'Select a detail that operators may change',
  amountField: (label: string) =>
    `${label} changes the amount claimed, so only the claimant can change it: ask them to amend their claim`,
  employmentRequired: 'Select the employment',
  firstNameRequired: 'Enter the claimant’s first names',
  lastNameRequired: 'Enter the claimant’s surname',
  homeAddressRequired: 'Enter the claimant’s home address',
  employerNameRequired: 'Enter the employer’s name',
  payeReferenceRequired: 'Enter the employer PAYE reference',
  jobTitleRequired: 'Enter the job title',
  continuingRequired: 'Select whether the claimant still works there',
} as const;

const isClaimantField = (f: string): f is ClaimantEditField => Object.hasOwn(CLAIMANT_EDIT_FIELDS, f);
const isEmploymentField = (f: string): f is EmploymentEditField => Object.hasOwn(EMPLOYMENT_EDIT_FIELDS, f);
const amountFieldLabel = (f: string): string | null =>
  Object.hasOwn(AMOUNT_FIELDS, f) ? AMOUNT_FIELDS[f as keyof typeof AMOUNT_FIELDS] : null;

/** The PAYE reference as stored ('123/AB45678'): upper case, no spaces. */
const payeReference = z.preprocess(
  (v) => (typeof v === 'string' ? sanitiseText(v).toUpperCase().replace(/\s+/g, '') : (v ?? '')),
  z
    .string({ error: EDIT_MESSAGES.payeReferenceRequired })
    .min(1, { error: EDIT_MESSAGES.payeReferenceRequired, abort: true })
    .refine(isPayeReference, MESSAGES.payeReferenceInvalid),
);

function dateValue(problem: (p: DateParts) => { message: string } | null) {
  return datePartsSchema.superRefine((p, ctx) => {
    const found = problem(p);
    if (found) ctx.addIssue({ code: 'custom', message: found.message });
  });
}

function valueSchemas(today: Date) {
  return {
    firstName: requiredText(EDIT_MESSAGES.firstNameRequired, NAME_MAX_LENGTH),
    lastName: requiredText(EDIT_MESSAGES.lastNameRequired, NAME_MAX_LENGTH),
    dateOfBirth: dateValue((p) => dateOfBirthProblem(p, today)),
    address: z.object({
      homeAddress: requiredText(EDIT_MESSAGES.homeAddressRequired, ADDRESS_MAX_LENGTH),
      postcode: z.preprocess(
        (v) => (typeof v === 'string' ? sanitisePostcodeInput(v).trim() : (v ?? '')),
        z
          .string({ error: MESSAGES.postcodeRequired })
          .min(1, { error: MESSAGES.postcodeRequired, abort: true })
          .refine((s) => formatPostcode(s) !== null, { error: MESSAGES.postcodeInvalid, abort: true })
          .transform((s) => formatPostcode(s) ?? s),
      ),
    }),
    niNumber: hmrcDetailsStepSchema.shape.niNumber,
    employerName: requiredText(EDIT_MESSAGES.employerNameRequired, COMPANY_NAME_MAX_LENGTH),
    payeReference,
    jobTitle: requiredText(EDIT_MESSAGES.jobTitleRequired, JOB_TITLE_MAX_LENGTH),
    employmentEnd: z
      .object({
        continuing: z.enum(['yes', 'no'], { error: EDIT_MESSAGES.continuingRequired }),
        endDate: datePartsSchema,
      })
      .superRefine((v, ctx) => {
        const problem = v.continuing === 'no' ? endDateProblem(v.endDate, today) : null;
        if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: ['endDate'] });
      })
      .transform((v) =>
        v.continuing === 'yes'
          ? { continuing: 'yes' as const, endDate: { day: '', month: '', year: '' } }
          : v,
      ),
  } satisfies Record<EditField, z.ZodType>;
}

const datePartsWire = z.strictObject({
  day: z.string().optional(),
  month: z.string().optional(),
  year: z.string().optional(),
});

/**
 * The new value as it travels (issue 44: typed in /api/docs): text (a name, the NI number, an
 * employer's answer), a date's parts, the address with its postcode, or whether the job continues
 * with its end date; null or left out when there is none. The field's own rules (valueSchemas)
 * then check it with their messages. Anything else counts as no value, so it is refused by those
 * rules too, and an amount field is still refused by its name whatever its value.
 */
const editValueTypes = z.union([
  z.string(),
  datePartsWire,
  z.strictObject({ homeAddress: z.string().optional(), postcode: z.string().optional() }),
  z.strictObject({ continuing: z.string().optional(), endDate: datePartsWire.optional() }),
  z.null(),
]);
const editValueSchema = z.preprocess(
  (v) => (v === undefined || editValueTypes.safeParse(v).success ? v : null),
  editValueTypes.optional(),
);
export type ClaimEditValue = z.input<typeof editValueTypes>;

type Values = ReturnType<typeof valueSchemas>;
type ValueOf<F extends EditField> = z.output<Values[F]>;

/** One change, typed by its field. */
export type ClaimEdit =
  | { [F in ClaimantEditField]: { field: F; employmentId: null; value: ValueOf<F> } }[ClaimantEditField]
  | {
      [F in EmploymentEditField]: { field: F; employmentId: string; value: ValueOf<F> };
    }[EmploymentEditField];

/**
 * POST /api/admin/claims/:id/details: one answer, its new value, the reason and the version the
 * operator saw. Errors are keyed 'field', 'reason', 'value' (or 'value.<part>').
 */
export function createClaimEditSchema(today?: Date) {
  return z
    .object({
      version: z.number({ error: ADMIN_MESSAGES.versionRequired }).int().min(0),
      reason: z.preprocess(
        (v) => (typeof v === 'string' ? v.trim() : (v ?? '')),
        z
          .string({ error: ADMIN_MESSAGES.reasonRequired })
          .max(REASON_MAX_LENGTH, ADMIN_MESSAGES.tooLong(REASON_MAX_LENGTH)),
      ),
      field: z.string({ error: EDIT_MESSAGES.fieldRequired }).min(1, EDIT_MESSAGES.fieldRequired).max(40),
      employmentId: z.string().max(40).nullish(),
      value: editValueSchema,
    })
    .transform((body, ctx): { version: number; reason: string; edit: ClaimEdit } => {
      const issue = (path: Array<string | number>, message: string) => {
        ctx.addIssue({ code: 'custom', path, message });
        return z.NEVER;
      };
      // Every problem at once, in the form's order: the detail, its new value, then the reason.
      const amount = amountFieldLabel(body.field);
      if (amount) issue(['field'], EDIT_MESSAGES.amountField(amount));
      else if (!isClaimantField(body.field) && !isEmploymentField(body.field))
        issue(['field'], EDIT_MESSAGES.fieldUnknown);
      const field = isClaimantField(body.field) || isEmploymentField(body.field) ? body.field : null;
      const employment = field !== null && isEmploymentField(field);
      if (employment && !body.employmentId) issue(['employmentId'], EDIT_MESSAGES.employmentRequired);
      const parsed = field ? valueSchemas(today ?? new Date())[field].safeParse(body.value) : null;
      if (parsed && !parsed.success)
        for (const i of parsed.error.issues)
          issue(['value', ...i.path.map((p) => (typeof p === 'symbol' ? String(p) : p))], i.message);
      if (body.reason === '') issue(['reason'], ADMIN_MESSAGES.reasonRequired);
      if (!field || !parsed?.success || body.reason === '' || (employment && !body.employmentId))
        return z.NEVER;
      const edit = {
        field,
        employmentId: employment ? body.employmentId : null,
        value: parsed.data,
      } as ClaimEdit;
      return { version: body.version, reason: body.reason, edit };
    });
}

export const claimEditSchema = createClaimEditSchema();
export type ClaimEditRequest = z.output<typeof claimEditSchema>;

/** What the history and the claimant's message call a change: 'Job title (employment 2)'. */
export function editLabel(field: EditField, employmentIndex: number | null): string {
  if (isClaimantField(field)) return CLAIMANT_EDIT_FIELDS[field];
  const label = EMPLOYMENT_EDIT_FIELDS[field];
  return employmentIndex === null ? label : `${label} (employment ${employmentIndex + 1})`;
}

/**
 * A stored answer of `field` as the claim's history shows it ('6 April 1980', 'Still employed',
 * '1 High Street, WN2 1AR'); null for no answer. An NI number comes here masked by the caller.
 */
export function formatEditValue(field: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const dateOf = (v: unknown) => {
    const iso = isRecord(v) ? datePartsToIso(v as unknown as DateParts) : null;
    return iso ? formatIsoDate(iso) : null;
  };
  if (field === 'dateOfBirth') return dateOf(value);
  if (field === 'address' && isRecord(value))
    return [value.homeAddress, value.postcode].filter((s) => typeof s === 'string' && s !== '').join(', ');
  if (field === 'employmentEnd' && isRecord(value)) {
    if (value.continuing === 'yes') return 'Still employed there';
    if (value.continuing === 'no') return `Ended ${dateOf(value.endDate) ?? '(date missing)'}`;
    return null;
  }
  return typeof value === 'string' ? (value === '' ? null : value) : JSON.stringify(value);
}
