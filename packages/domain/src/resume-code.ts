import { randomBytes } from './random.ts';

/** D8: no 0/O, 1/I/L, so a code read out of an SMS cannot be mistyped. */
export const RESUME_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RESUME_CODE_LENGTH = 4;
export const RESUME_CODE_TTL_DAYS = 7;

export function normaliseResumeCode(s: string): string {
  return s.trim().toUpperCase();
}

/** The code, uppercased and trimmed, is exactly 4 characters from the alphabet. */
export function isResumeCodeShape(s: string): boolean {
  const code = normaliseResumeCode(s);
  return code.length === RESUME_CODE_LENGTH && [...code].every((ch) => RESUME_CODE_ALPHABET.includes(ch));
}

/** Rejection sampling keeps every character equally likely (256 is not a multiple of 31). */
export function generateResumeCode(random: (n: number) => Uint8Array = randomBytes): string {
  const size = RESUME_CODE_ALPHABET.length;
  const limit = Math.floor(256 / size) * size;
  let code = '';
  while (code.length < RESUME_CODE_LENGTH) {
    for (const byte of random(RESUME_CODE_LENGTH * 2)) {
      if (byte < limit && code.length < RESUME_CODE_LENGTH) code += RESUME_CODE_ALPHABET[byte % size];
    }
  }
  return code;
}
