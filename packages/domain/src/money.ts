const WITH_PENCE = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const WHOLE_POUNDS = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/**
 * SPEC §9: under £100 shows pence ('£45.00'), otherwise whole pounds ('£4,625').
 * The amount is rounded to the penny first, so 99.999 counts as £100 and shows '£100', never '£100.00'.
 */
export function formatMoney(amountGbp: number): string {
  const pounds = Number.isFinite(amountGbp) ? Math.round(amountGbp * 100) / 100 : 0;
  // Avoid '-£0.00' for tiny negative values.
  const value = Object.is(pounds, -0) ? 0 : pounds;
  return Math.abs(value) < 100 ? WITH_PENCE.format(value) : WHOLE_POUNDS.format(value);
}

export function roundPounds(n: number): number {
  return Math.round(n);
}

/** An exact amount of money in pence, always with pence: 123456 → '£1,234.56' (repayments, fees). */
export function formatPence(pence: number): string {
  return WITH_PENCE.format(Number.isFinite(pence) ? pence / 100 : 0);
}
