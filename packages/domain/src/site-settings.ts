import { normaliseUkPhone } from './phone.ts';

/**
 * Issue 32: what the landing page and the header claim about us comes from configuration, never
 * from a placeholder: our phone number, a review rating (out of REVIEW_MAX) and the total claimed.
 * Each is absent when not configured, and the page then shows nothing in its place.
 */
export interface SiteSettings {
  phone?: string | undefined;
  reviewRating?: number | undefined;
  totalClaimed?: string | undefined;
}

export const REVIEW_MAX = 5;

/** A `tel:` link for a UK number ('0161 496 0000' → 'tel:+441614960000'), or null when it is not one. */
export function phoneHref(phone: string): string | null {
  const e164 = normaliseUkPhone(phone);
  return e164 ? `tel:${e164}` : null;
}

/**
 * The settings from JSON of unknown shape (the page's `<meta name="site-settings">`): only the
 * fields of the right type are kept, so a bad value hides that item rather than the page.
 */
export function readSiteSettings(value: unknown): SiteSettings {
  if (typeof value !== 'object' || value === null) return {};
  const v = value as Record<string, unknown>;
  const out: SiteSettings = {};
  if (typeof v.phone === 'string' && v.phone.trim() !== '') out.phone = v.phone.trim();
  if (typeof v.reviewRating === 'number' && v.reviewRating > 0 && v.reviewRating <= REVIEW_MAX)
    out.reviewRating = v.reviewRating;
  if (typeof v.totalClaimed === 'string' && v.totalClaimed.trim() !== '')
    out.totalClaimed = v.totalClaimed.trim();
  return out;
}
