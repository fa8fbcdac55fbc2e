// Pragmatic check (not full RFC 5322): one @, a dotted domain with a 2+ letter TLD, no spaces or
// characters that are never valid unquoted. The real proof of an address is mail reaching it.
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export const EMAIL_MAX_LENGTH = 254;

export function isValidEmail(s: string): boolean {
  const value = s.trim();
  if (value.length === 0 || value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0 || at !== value.indexOf('@')) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || !LOCAL.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1] ?? '';
  if (!/^[A-Za-z]{2,}$/.test(tld)) return false;
  return labels.every((l) => DOMAIN_LABEL.test(l));
}
