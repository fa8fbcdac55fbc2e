/**
 * Numbers and pounds as en-GB writes them ('1,234.5', '£1,234.56', '-£3.00'), without Intl
 * (decision 030). A browser's first Intl call loads its locale data: about 50 ms on a desktop and
 * 200 ms at Lighthouse's mobile CPU, in the middle of the landing page's and the wizard's first
 * render. The output is Intl.NumberFormat('en-GB')'s for every finite number below 1e21, rounding
 * half away from zero as it does; a domain test compares the two. Anything else goes to Intl.
 */

export interface NumberFormatOptions {
  /** Digits after the point at least (default 0). */
  minFractionDigits?: number;
  /** Digits after the point at most (default 3, as Intl's). */
  maxFractionDigits?: number;
}

/** en-GB digits with thousands commas: 10000 → '10,000', 12.25 with at most 1 digit → '12.3'. */
export function formatNumber(n: number, options: NumberFormatOptions = {}): string {
  const min = options.minFractionDigits ?? 0;
  const max = Math.max(options.maxFractionDigits ?? 3, min);
  if (!Number.isFinite(n) || Math.abs(n) >= 1e21) {
    return new Intl.NumberFormat('en-GB', {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
    }).format(n);
  }
  return signOf(n) + digits(Math.abs(n), min, max);
}

/** Miles as the wizard and the authority show them: '6,000 miles', '12.5 miles' (one decimal at most). */
export function milesText(n: number): string {
  return `${formatNumber(n, { maxFractionDigits: 1 })} miles`;
}

/** Pounds with the pound sign, as Intl's GBP currency style: 1234.5 → '£1,234.50', -3 → '-£3.00'. */
export function formatPounds(pounds: number, fractionDigits: { min: number; max: number }): string {
  const { min } = fractionDigits;
  const max = Math.max(fractionDigits.max, min);
  if (!Number.isFinite(pounds) || Math.abs(pounds) >= 1e21) {
    return new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: 'GBP',
      minimumFractionDigits: min,
      maximumFractionDigits: max,
    }).format(pounds);
  }
  return `${signOf(pounds)}£${digits(Math.abs(pounds), min, max)}`;
}

/** Intl shows a minus for every negative number, -0 included. */
function signOf(n: number): string {
  return n < 0 || Object.is(n, -0) ? '-' : '';
}

/**
 * Intl rounds the number's shortest decimal form (the digits String(n) shows: 2.675, not the
 * binary 2.67499999...), half away from zero; toFixed would round the binary value instead.
 */
function digits(abs: number, min: number, max: number): string {
  const [mantissa = '0', exponent = '0'] = abs.toExponential().split('e');
  const significant = mantissa.replace('.', '');
  // How many of the significant digits come before the point, and how many are kept.
  const beforePoint = Number(exponent) + 1;
  const keep = beforePoint + max;
  let scaled = '0'; // the rounded number times 10^max, as digits
  if (keep >= 0) {
    const kept = significant.slice(0, keep).padEnd(keep, '0');
    scaled = (significant[keep] ?? '0') >= '5' ? increment(kept) : kept || '0';
  }
  const padded = scaled.padStart(max + 1, '0');
  const whole = padded.slice(0, padded.length - max).replace(/^0+(?=\d)/, '');
  let fraction = padded.slice(padded.length - max);
  while (fraction.length > min && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === '' ? grouped : `${grouped}.${fraction}`;
}

/** A string of digits plus one ('0999' → '1000', '' → '1'). */
function increment(digitsText: string): string {
  const out = digitsText.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}
