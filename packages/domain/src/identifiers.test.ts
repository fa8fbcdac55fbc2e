import { describe, expect, it } from 'vitest';
import { NEW_CLAIM_REFERENCE_PATTERN, newClaimReference } from './reference.ts';
import { createSessionId, isSessionId, redactSessionId, SESSION_ID_PATTERN } from './session.ts';
import { formatNiNumber, isValidNiNumber, maskNiNumber, normaliseNiNumber } from './ni-number.ts';
import { MESSAGES } from './schema-basics.ts';
import { hmrcDetailsStepSchema } from './step-schemas.ts';
import {
  generateResumeCode,
  isResumeCodeShape,
  RESUME_CODE_ALPHABET,
  RESUME_CODE_LENGTH,
  RESUME_CODE_TTL_DAYS,
} from './resume-code.ts';
import { toBase64Url } from './random.ts';

// Issue 32: read over the phone, so no 0/O, 1/I/L and no hyphen, in groups of three.
describe('claim references for new claims', () => {
  it('are TB and nine characters from the unambiguous alphabet in groups: TB 4K7 9MX 2QH', () => {
    for (let i = 0; i < 200; i++) {
      const reference = newClaimReference();
      expect(reference).toMatch(NEW_CLAIM_REFERENCE_PATTERN);
      expect(reference).toMatch(/^TB [^-01ILO]{3} [^-01ILO]{3} [^-01ILO]{3}$/);
    }
  });

  it('take each character from the random bytes, skipping those that would bias it', () => {
    // 248 = 8 x 31: bytes from 248 up are dropped, the rest index the alphabet.
    const bytes = [255, 0, 1, 2, 30, 31, 62, 248, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    expect(newClaimReference(() => Uint8Array.from(bytes))).toBe('TB ABC 9AA DEF');
  });

  it('are distinct: about 44.6 bits each', () => {
    const references = new Set(Array.from({ length: 2000 }, () => newClaimReference()));
    expect(references.size).toBe(2000);
    expect(9 * Math.log2(RESUME_CODE_ALPHABET.length)).toBeGreaterThan(44);
  });
});

describe('session ids (D5)', () => {
  it('have the tx_<ms>_<base64url 16 bytes> shape', () => {
    const id = createSessionId(1717171717171);
    expect(id).toMatch(/^tx_1717171717171_[A-Za-z0-9_-]{22}$/);
    expect(isSessionId(id)).toBe(true);
    expect(SESSION_ID_PATTERN.test(createSessionId())).toBe(true);
  });

  it('are unique', () => {
    const ids = new Set(Array.from({ length: 500 }, () => createSessionId(1717171717171)));
    expect(ids.size).toBe(500);
  });

  it.each([
    ['tx_1717171717171_abcdefghijklmnopqrstuv', true],
    ['tx_1717171717171_abcdefghij-_lmnopqrstuvwxyz', true],
    ['tx_1717171717171_abcdefghijklmnopqrstu', false],
    ['tx_1717171717171_abc', false],
    ['tx_171717171717_abcdefghijklmnopqrstuv', false],
    ['tx_1717171717171_abcdefghijklmnopqrst/v', false],
    ['TX_1717171717171_abcdefghijklmnopqrstuv', false],
    [`tx_1717171717171_${'a'.repeat(200)}`, false],
    ['', false],
    [null, false],
    [42, false],
  ])('isSessionId(%j) → %s', (s, expected) => {
    expect(isSessionId(s)).toBe(expected);
  });

  it('redacts all but the last 4 characters', () => {
    expect(redactSessionId('tx_1717171717171_abcdefghijklmnopqrstuv')).toBe('tx_…stuv');
  });

  it.each([
    [[], ''],
    [[0xff], '_w'],
    [[0xfb, 0xff], '-_8'],
    [[0x66, 0x6f, 0x6f], 'Zm9v'],
    [[0x66, 0x6f, 0x6f, 0x62, 0x61, 0x72], 'Zm9vYmFy'],
  ])('base64url(%j) → %j', (bytes, expected) => {
    expect(toBase64Url(new Uint8Array(bytes))).toBe(expected);
  });
});

describe('National Insurance numbers', () => {
  it.each([
    ['AB123456C', true],
    ['ab 12 34 56 c', true],
    [' AB-12-34-56-D ', true],
    ['AA123456A', true],
    ['CE123456B', true],
    ['ZY123456A', true],
    ['AB123456', false],
    ['AB123456E', false],
    ['AB12345C', false],
    ['AB1234567C', false],
    ['DA123456A', false],
    ['FA123456A', false],
    ['IA123456A', false],
    ['QQ123456C', false],
    ['UA123456A', false],
    ['VA123456A', false],
    ['AD123456A', false],
    ['AF123456A', false],
    ['AI123456A', false],
    ['AO123456A', false],
    ['AQ123456A', false],
    ['AU123456A', false],
    ['AV123456A', false],
    ['BG123456A', false],
    ['GB123456A', false],
    ['KN123456A', false],
    ['NK123456A', false],
    ['NT123456A', false],
    ['TN123456A', false],
    ['ZZ123456A', false],
    ['', false],
  ])('isValidNiNumber(%j) → %s', (s, expected) => {
    expect(isValidNiNumber(s)).toBe(expected);
  });

  // Issue 32.7: the number as people type it from a payslip or letter (HMRC NIM39110's format,
  // printed in pairs): spaces, hyphens, a non-breaking space or lower case are all the same number.
  it.each([
    'AB 12 34 56 C',
    'ab 12 34 56 c',
    ' AB 12 34 56 C ',
    'AB12 34 56C',
    'AB-12-34-56-C',
    'AB\u00a012\u00a034\u00a056\u00a0C',
    'AB\t123456\tC',
  ])('the step accepts %j as AB123456C', (typed) => {
    expect(hmrcDetailsStepSchema.parse({ niNumber: typed })).toEqual({ niNumber: 'AB123456C' });
  });

  // The hint's example (GOV.UK's QQ 12 34 56 C) is never allocated: typed as shown, it is refused
  // with a message that says so, not with the format message that shows it as the model.
  it.each(['QQ 12 34 56 C', 'QQ123456C', 'qq 12 34 56 c'])('the example %j has its own message', (typed) => {
    const parsed = hmrcDetailsStepSchema.safeParse({ niNumber: typed });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([MESSAGES.niNumberExample]);
    expect(MESSAGES.niNumberExample).not.toBe(MESSAGES.niNumberInvalid);
  });

  it('normalises, formats and masks', () => {
    expect(normaliseNiNumber(' ab 12 34 56 c ')).toBe('AB123456C');
    expect(formatNiNumber('ab123456c')).toBe('AB 12 34 56 C');
    expect(maskNiNumber('AB123456C')).toBe('AB •• •• •• C');
    expect(maskNiNumber('AB1')).not.toContain('1');
  });
});

describe('resume codes (D8)', () => {
  it('use an unambiguous alphabet', () => {
    expect(RESUME_CODE_LENGTH).toBe(4);
    expect(RESUME_CODE_TTL_DAYS).toBe(7);
    for (const ch of '0O1IL') expect(RESUME_CODE_ALPHABET).not.toContain(ch);
    expect(new Set(RESUME_CODE_ALPHABET).size).toBe(RESUME_CODE_ALPHABET.length);
  });

  it.each([
    ['ABCD', true],
    ['abcd', true],
    [' 7K9P ', true],
    ['AB2', false],
    ['ABCDE', false],
    ['AB0D', false],
    ['ABOD', false],
    ['AB1D', false],
    ['ABID', false],
    ['ABLD', false],
    ['AB-D', false],
    ['', false],
  ])('isResumeCodeShape(%j) → %s', (s, expected) => {
    expect(isResumeCodeShape(s)).toBe(expected);
  });

  it('generates codes of the right shape', () => {
    for (let i = 0; i < 200; i++) expect(isResumeCodeShape(generateResumeCode())).toBe(true);
  });

  it('rejects biased bytes (rejection sampling) and maps the rest onto the alphabet', () => {
    let call = 0;
    const random = (n: number) => {
      call++;
      // 248+ is rejected; 0 → 'A', 31 → 'A', 30 → '9'
      return new Uint8Array(
        call === 1 ? [255, 250, 0, 31, 30, 248, 249, 252].slice(0, n) : new Array(n).fill(1),
      );
    };
    expect(generateResumeCode(random)).toBe('AA9B');
  });
});
