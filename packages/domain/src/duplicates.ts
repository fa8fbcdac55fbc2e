// Issue 17: the same person's claim sent from several sessions. Claims sharing a phone number, an
// email address or an NI number, submitted within 30 days of each other, are shown to operators
// as possible duplicates. Nothing is merged: two claims may be one person's for different years,
// or a couple sharing an email address.

export const POSSIBLE_DUPLICATE_DAYS = 30;

export type DuplicateReason = 'phone' | 'email' | 'ni-number';

export const DUPLICATE_REASON_LABELS: Record<DuplicateReason, string> = {
  phone: 'same phone number',
  email: 'same email address',
  'ni-number': 'same National Insurance number',
};

/** What two claims are compared by: E.164 phone, lower-case email, keyed hash of the NI number. */
export interface DuplicateKeys {
  phone: string | null;
  email: string | null;
  niKey: string | null;
}

const present = (v: string | null): v is string => v !== null && v.trim() !== '';

/** Why `b` may be a duplicate of `a`: each key both have and share; empty when none. */
export function duplicateReasons(a: DuplicateKeys, b: DuplicateKeys): DuplicateReason[] {
  const reasons: DuplicateReason[] = [];
  if (present(a.phone) && present(b.phone) && a.phone === b.phone) reasons.push('phone');
  if (present(a.email) && present(b.email) && a.email.toLowerCase() === b.email.toLowerCase())
    reasons.push('email');
  if (present(a.niKey) && present(b.niKey) && a.niKey === b.niKey) reasons.push('ni-number');
  return reasons;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The submission times another claim must fall within: 30 days either side of `submittedAt`. */
export function duplicateWindow(submittedAt: string): { from: string; to: string } {
  const at = Date.parse(submittedAt);
  return {
    from: new Date(at - POSSIBLE_DUPLICATE_DAYS * DAY_MS).toISOString(),
    to: new Date(at + POSSIBLE_DUPLICATE_DAYS * DAY_MS).toISOString(),
  };
}
