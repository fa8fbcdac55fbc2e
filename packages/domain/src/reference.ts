import { RESUME_CODE_ALPHABET } from './resume-code.ts';
import { randomBytes, randomCharacters } from './random.ts';

/**
 * A claim's reference, read out over the phone (issue 32): 'TB' and 9 characters from the resume
 * codes' alphabet (no 0/O, 1/I/L, D8), in groups of three: 'TB 4K7 9MX 2QH'. 31^9 is about 2^44.6,
 * so a clash stays unlikely over millions of claims; the submission still checks that the reference
 * is unused in both claim tables. Stored as shown, so every screen, text, email and PDF shows the
 * groups. Mileage claims have them since decision 047, general claims since decision 053.
 */
export const CLAIM_REFERENCE_PREFIX = 'TB';
const REFERENCE_CHARACTERS = 9;
const GROUP = 3;

/** A new claim's reference ('TB 4K7 9MX 2QH'), mileage or general; every character equally likely. */
export function newClaimReference(random: (n: number) => Uint8Array = randomBytes): string {
  return groupedReference(randomCharacters(RESUME_CODE_ALPHABET, REFERENCE_CHARACTERS, random));
}

function groupedReference(chars: string): string {
  const groups = chars.match(new RegExp(`.{1,${GROUP}}`, 'g')) ?? [];
  return [CLAIM_REFERENCE_PREFIX, ...groups].join(' ');
}

/** The shape of a reference issued since issue 32, as stored and shown: 'TB 4K7 9MX 2QH'. */
export const NEW_CLAIM_REFERENCE_PATTERN = new RegExp(
  `^${CLAIM_REFERENCE_PREFIX}( [${RESUME_CODE_ALPHABET}]{${GROUP}}){${REFERENCE_CHARACTERS / GROUP}}$`,
);

const NEW_MILEAGE = new RegExp(
  `^${CLAIM_REFERENCE_PREFIX}([${RESUME_CODE_ALPHABET}]{${REFERENCE_CHARACTERS}})$`,
);
/** Before issue 32: 'TB' + 6 digits of the time + the session id's last 8 (base64url), uppercased. */
const OLD_MILEAGE = /^TB[0-9]{6}[0-9A-Z_-]{8}$/;

/** A general claim made before decision 053 has no stored reference: it is read from its id. */
export const GENERAL_REFERENCE_PREFIX = 'GEN-';

/** The GEN- reference of a general claim, read from its id (claims made before decision 053). */
export function generalReference(id: string): string {
  return GENERAL_REFERENCE_PREFIX + id.slice(0, 8).toUpperCase();
}

/** A general claim's reference: its stored one ('TB 4K7 9MX 2QH'), or for an older claim GEN-. */
export function generalClaimReference(row: { id: string; reference: string | null }): string {
  return row.reference ?? generalReference(row.id);
}

/**
 * A reference as a claimant or an operator may type it (any case, spaces anywhere or none, GEN's
 * dash dropped), in its stored form, or null when it cannot be one of ours: 'general' for a GEN-
 * reference read from a general claim's id, 'stored' for a TB reference as a claim stores it (a
 * mileage claim's, or since decision 053 a general claim's too). References issued before issue 32
 * ('TB943798AWXR1L-G') are still read.
 */
export function parseClaimReference(
  input: string,
): { kind: 'general'; idPrefix: string } | { kind: 'stored'; reference: string } | null {
  // Session ids are base64url, so an old mileage reference may itself hold '-' and '_'.
  const compact = input.replace(/\s+/g, '').toUpperCase();
  const general = /^GEN-?([0-9A-F]{8})$/.exec(compact);
  if (general) return { kind: 'general', idPrefix: general[1]!.toLowerCase() };
  const fresh = NEW_MILEAGE.exec(compact);
  if (fresh) return { kind: 'stored', reference: groupedReference(fresh[1]!) };
  if (OLD_MILEAGE.test(compact)) return { kind: 'stored', reference: compact };
  return null;
}
