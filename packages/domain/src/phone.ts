const UK_PHONE = /^(\+44|0)\d{9,10}$/;

function compact(s: string): string {
  return s.replace(/\s+/g, '');
}

/** SPEC §5: +44 or a leading 0, then 9 or 10 digits; spaces are ignored. */
export function isValidUkPhone(s: string): boolean {
  return UK_PHONE.test(compact(s));
}

/** E.164 form ('+447700900123'), so numbers typed in different styles compare equal (resume, D8). */
export function normaliseUkPhone(s: string): string | null {
  const c = compact(s);
  if (!UK_PHONE.test(c)) return null;
  return '+44' + (c.startsWith('+44') ? c.slice(3) : c.slice(1));
}
