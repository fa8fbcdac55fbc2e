// Issue 17: the same person's claim sent from several sessions. Claims sharing a phone number, an
// email address or an NI number, submitted within 30 days of each other, are shown to operators
// as possible duplicates. Nothing is merged: two claims may be one person's for different years,
// or a couple sharing an email address.

export const POSSIBLE_DUPLICATE_DAYS = 30;

export type DuplicateReason = 'phone' | 'email' | 'ni-number' | 'person';

export const DUPLICATE_REASON_LABELS: Record<DuplicateReason, string> = {
  phone: 'same phone number',
  email: 'same email address',
  'ni-number': 'same National Insurance number',
  person: 'same name, date of birth and postcode',
};

/**
 * What two claims are compared by: E.164 phone, lower-case email, keyed hash of the NI number, and
 * (D38) a hash of the person: their names, date of birth and postcode (personKeyText).
 */
export interface DuplicateKeys {
  phone: string | null;
  email: string | null;
  niKey: string | null;
  personKey?: string | null;
}

/** Letters only, in lower case: 'O’Neil-Smith' and 'o neil smith' are one name. */
const nameKey = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/**
 * D38: the same person is one with the same names, date of birth and postcode, however typed:
 * names as letters only in lower case, the ISO date of birth, the postcode without spaces in upper
 * case. Null unless all of them are given (no match is ever made on part of a person).
 */
export function personKeyText(p: {
  firstName: string | null | undefined;
  lastName: string | null | undefined;
  dateOfBirth: string | null | undefined;
  postcode: string | null | undefined;
}): string | null {
  const first = nameKey(p.firstName ?? '');
  const last = nameKey(p.lastName ?? '');
  const postcode = (p.postcode ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  const dob = p.dateOfBirth ?? '';
  if (first === '' || last === '' || postcode === '' || !/^\d{4}-\d{2}-\d{2}$/.test(dob)) return null;
  return `${first}|${last}|${dob}|${postcode}`;
}

const present = (v: string | null): v is string => v !== null && v.trim() !== '';

/** Why `b` may be a duplicate of `a`: each key both have and share; empty when none. */
export function duplicateReasons(a: DuplicateKeys, b: DuplicateKeys): DuplicateReason[] {
  const reasons: DuplicateReason[] = [];
  if (present(a.phone) && present(b.phone) && a.phone === b.phone) reasons.push('phone');
  if (present(a.email) && present(b.email) && a.email.toLowerCase() === b.email.toLowerCase())
    reasons.push('email');
  if (present(a.niKey) && present(b.niKey) && a.niKey === b.niKey) reasons.push('ni-number');
  if (present(a.personKey ?? null) && a.personKey === b.personKey) reasons.push('person');
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
