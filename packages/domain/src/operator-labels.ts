// Issue 32.5: what operators read instead of the stored codes. One map for every operator screen
// (claim page, audit log) and the P87 worksheet; the words are the wizard's own where it has them.
import type { AuditAction } from './admin-schemas.ts';
import { EXPENSE_CATEGORIES } from './expenses.ts';
import { FREQUENCIES, JOURNEY_REASONS, ONE_OFF_FREQUENCY } from './journeys.ts';

const DRIVES_FOR_WORK: Record<string, string> = {
  yes: 'Yes, in my own vehicle',
  'company-vehicle': 'Yes, in a company vehicle',
  no: 'No',
};

const EMPLOYMENT_TYPES: Record<string, string> = {
  employed: 'Employed (PAYE)',
  'self-employed': 'Self-employed',
  cis: 'CIS subcontractor',
};

const VEHICLES: Record<string, string> = {
  'car-van': 'Car or van',
  motorbike: 'Motorbike',
  bicycle: 'Bicycle',
};

const FILE_KINDS: Record<string, string> = {
  evidence: 'Evidence',
  p60: 'P60',
  'mileage-log': 'Mileage log',
  signature: 'Signature',
  authority: 'Signed authority',
  nomination: 'Signed nomination',
  'nomination-audit': 'Nomination audit trail',
};

const TRIP_TYPES: Record<string, string> = { return: 'Return', single: 'Single', 'one-off': 'One-off' };

const YES_NO: Record<string, string> = { yes: 'Yes', no: 'No' };

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'account-locked': 'Account locked',
  'second-factor-failed': 'Security code refused',
  'second-factor-enrolled': 'Authenticator app set up',
  'sign-out': 'Signed out',
  'operator-created': 'Operator added',
  'operator-changed': 'Operator changed',
  'claims-listed': 'Claims listed',
  'claim-viewed': 'Claim viewed',
  'ni-revealed': 'National Insurance number shown',
  'file-downloaded': 'File downloaded',
  'p87-downloaded': 'P87 worksheet downloaded',
  'status-changed': 'Status changed',
  'note-added': 'Note added',
  'claim-details-corrected': 'Claim details completed or corrected',
  'claim-allocated': 'Claim allocated',
  'hmrc-record-corrected': 'Sent or repaid record corrected',
  'hmrc-year-answered': 'HMRC’s answer for a year recorded or corrected',
  'claims-merged': 'Claim merged into the case',
  'duplicate-dismissed': 'Marked not a duplicate',
  'thread-read': 'Thread read',
  'message-added': 'Message sent to the claimant',
  'information-requested': 'Information requested',
  'claims-exported': 'Claims exported',
  'affiliate-report-viewed': 'Affiliate report viewed',
  'call-backs-viewed': 'Call backs viewed',
  'call-back-removed': 'Call back removed',
  'job-retried': 'Job sent again',
  'dashboard-exported': 'Dashboard section downloaded as CSV',
  'invoice-issued': 'Invoice issued',
  'invoice-payment': 'Invoice payment recorded',
  'invoice-write-off': 'Invoice written off',
  'invoice-credit': 'Invoice credited',
  'invoice-downloaded': 'Invoice downloaded',
  'invoice-card-payment-refused': 'Card payment not recorded (to refund)',
  'client-money-received': 'Money received from HMRC',
  'client-money-refunded': 'Client money refunded to HMRC',
  'client-money-written-off': 'Client money written off',
  'bank-details-given': 'Bank details given',
  'bank-details-changed': 'Bank details changed',
  'payout-file-downloaded': 'Payout file downloaded',
  'payout-made': 'Payout made',
  'reconciliation-downloaded': 'Client money reconciliation downloaded',
  'nomination-signed': 'Nomination signed by the claimant',
};

const MAPS = {
  drivesForWork: DRIVES_FOR_WORK,
  employmentType: EMPLOYMENT_TYPES,
  vehicle: VEHICLES,
  fileKind: FILE_KINDS,
  tripType: TRIP_TYPES,
  yesNo: YES_NO,
  frequency: Object.fromEntries([
    ...FREQUENCIES.map((f) => [f.id, f.label]),
    [ONE_OFF_FREQUENCY.id, ONE_OFF_FREQUENCY.label],
  ]),
  journeyReason: Object.fromEntries(JOURNEY_REASONS.map((r) => [r.id, r.label])),
  expense: Object.fromEntries(EXPENSE_CATEGORIES.map((c) => [c.id, c.label])),
  auditAction: AUDIT_ACTION_LABELS as Record<string, string>,
} satisfies Record<string, Record<string, string>>;

export type AnswerKind = keyof typeof MAPS;

/**
 * The operator's words for a stored answer: `answerLabel('vehicle', 'car-van')` is 'Car or van'.
 * null or '' stays null (shown as not answered); a code the map does not know is shown as stored.
 */
export function answerLabel(kind: AnswerKind, code: string | null | undefined): string | null {
  if (code === null || code === undefined || code === '') return null;
  return MAPS[kind][code] ?? code;
}
