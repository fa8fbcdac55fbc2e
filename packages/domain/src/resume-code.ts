import { randomBytes, randomCharacters } from './random.ts';

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

/** Every character equally likely (randomCharacters samples by rejection). */
export function generateResumeCode(random: (n: number) => Uint8Array = randomBytes): string {
  return randomCharacters(RESUME_CODE_ALPHABET, RESUME_CODE_LENGTH, random);
}
