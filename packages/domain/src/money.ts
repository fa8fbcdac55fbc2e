import { formatPounds } from './number-format.ts';

// Written without Intl (decision 030): formatPounds matches Intl's GBP currency style.
const WITH_PENCE = { min: 2, max: 2 };
const WHOLE_POUNDS = { min: 0, max: 0 };

/**
 * SPEC §9: under £100 shows pence ('£45.00'), otherwise whole pounds ('£4,625').
 * The amount is rounded to the penny first, so 99.999 counts as £100 and shows '£100', never '£100.00'.
 */
export function formatMoney(amountGbp: number): string {
  const pounds = Number.isFinite(amountGbp) ? Math.round(amountGbp * 100) / 100 : 0;
  // Avoid '-£0.00' for tiny negative values.
  const value = Object.is(pounds, -0) ? 0 : pounds;
  return formatPounds(value, Math.abs(value) < 100 ? WITH_PENCE : WHOLE_POUNDS);
}

export function roundPounds(n: number): number {
  return Math.round(n);
}

/** An exact amount of money in pence, always with pence: 123456 → '£1,234.56' (repayments, fees). */
export function formatPence(pence: number): string {
  return formatPounds(Number.isFinite(pence) ? pence / 100 : 0, WITH_PENCE);
}
