import { describe, expect, it } from 'vitest';
import { claimDeadline, claimableTaxYears, isTaxYear, taxYearInfo, taxYearOf } from './tax-years.ts';

const years = (today: string) => claimableTaxYears(new Date(today)).map((y) => y.year);

describe('claimable tax years (D2, pinned clock, UTC date parts)', () => {
  it.each([
    ['2025-06-01T12:00:00Z', ['2024/25', '2023/24', '2022/23', '2021/22']],
    ['2026-11-21T12:00:00Z', ['2025/26', '2024/25', '2023/24', '2022/23']],
    ['2026-04-05T23:59:59.999Z', ['2024/25', '2023/24', '2022/23', '2021/22']],
    ['2026-04-06T00:00:00.000Z', ['2025/26', '2024/25', '2023/24', '2022/23']],
    ['2025-04-05T12:00:00Z', ['2023/24', '2022/23', '2021/22', '2020/21']],
    ['2025-04-06T12:00:00Z', ['2024/25', '2023/24', '2022/23', '2021/22']],
    ['2025-01-01T00:00:00Z', ['2023/24', '2022/23', '2021/22', '2020/21']],
    ['2025-12-31T23:59:59Z', ['2024/25', '2023/24', '2022/23', '2021/22']],
  ])('on %s offers %j', (today, expected) => {
    expect(years(today)).toEqual(expected);
  });

  it('uses the UTC date, whatever offset the Date was created with', () => {
    // 00:30 BST on 6 April is still 5 April in UTC.
    expect(years('2026-04-06T00:30:00+01:00')).toEqual(years('2026-04-05T12:00:00Z'));
  });

  it('labels each year with its dates', () => {
    expect(claimableTaxYears(new Date('2025-06-01T00:00:00Z'))[0]).toEqual({
      year: '2024/25',
      startYear: 2024,
      start: '2024-04-06',
      end: '2025-04-05',
      label: '6 April 2024 to 5 April 2025',
    });
  });

  it('never offers a year whose deadline has passed, an unfinished year, or fewer than four', () => {
    const day = 24 * 60 * 60 * 1000;
    for (let t = Date.UTC(2019, 0, 1); t < Date.UTC(2032, 0, 1); t += day) {
      const today = new Date(t);
      const iso = today.toISOString().slice(0, 10);
      const offered = claimableTaxYears(today);
      expect(offered).toHaveLength(4);
      for (const y of offered) {
        expect(claimDeadline(y.year) >= iso).toBe(true);
        expect(y.end < iso).toBe(true);
      }
    }
  });

  it('drops 2021/22 the day after its deadline of 5 April 2026', () => {
    expect(claimDeadline('2021/22')).toBe('2026-04-05');
    expect(years('2026-04-05T12:00:00Z')).toContain('2021/22');
    expect(years('2026-04-06T12:00:00Z')).not.toContain('2021/22');
  });

  it('defaults to the current date', () => {
    expect(claimableTaxYears()).toEqual(claimableTaxYears(new Date()));
  });
});

describe('tax year helpers', () => {
  it.each([
    ['2024-04-05T23:59:59Z', '2023/24'],
    ['2024-04-06T00:00:00Z', '2024/25'],
    ['2025-01-15T00:00:00Z', '2024/25'],
    ['2099-12-31T00:00:00Z', '2099/00'],
    ['2000-03-01T00:00:00Z', '1999/00'],
  ])('taxYearOf(%s) → %s', (date, expected) => {
    expect(taxYearOf(new Date(date))).toBe(expected);
  });

  it.each([
    ['2024/25', true],
    ['1999/00', true],
    ['2024/26', false],
    ['2024-25', false],
    ['24/25', false],
    ['2024/2025', false],
    ['', false],
  ])('isTaxYear(%j) → %s', (s, expected) => {
    expect(isTaxYear(s)).toBe(expected);
  });

  it('taxYearInfo throws on a malformed year', () => {
    expect(() => taxYearInfo('2024/26')).toThrow();
    expect(taxYearInfo('2021/22').label).toBe('6 April 2021 to 5 April 2022');
  });

  it.each([
    ['2024/25', '2029-04-05'],
    ['2019/20', '2024-04-05'],
  ])('claimDeadline(%s) → %s', (year, expected) => {
    expect(claimDeadline(year)).toBe(expected);
  });
});
