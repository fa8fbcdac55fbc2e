import { describe, expect, it } from 'vitest';
import {
  CURRENT_TAX_YEAR_NOTE,
  claimDeadline,
  claimableTaxYears,
  isClaimableTaxYear,
  isTaxYear,
  taxYearInfo,
  taxYearOf,
  ukIsoDate,
} from './tax-years.ts';

const years = (today: string) => claimableTaxYears(new Date(today)).map((y) => y.year);

// D21 after GOV.UK "Claim tax relief for your job expenses": a claim can be for the current tax year
// ("HMRC will usually adjust your tax code") or the previous 4 years; HMRC must receive a claim
// within 4 years of the end of the tax year (TMA 1970 s43). Tax years turn at midnight UK time.
describe('claimable tax years (D21, pinned clock, Europe/London)', () => {
  it.each([
    ['2026-11-23T12:00:00Z', ['2026/27', '2025/26', '2024/25', '2023/24', '2022/23']],
    ['2025-06-01T12:00:00Z', ['2025/26', '2024/25', '2023/24', '2022/23', '2021/22']],
    // 00:30 BST on 6 April 2026 is 23:30 UTC on 5 April: the UK has turned, so the year has.
    ['2026-04-05T23:30:00Z', ['2026/27', '2025/26', '2024/25', '2023/24', '2022/23']],
    ['2026-04-06T00:30:00+01:00', ['2026/27', '2025/26', '2024/25', '2023/24', '2022/23']],
    // Just before midnight UK time on 5 April: the old list, 2021/22 still on its deadline day.
    ['2026-04-05T22:59:59.999Z', ['2025/26', '2024/25', '2023/24', '2022/23', '2021/22']],
    ['2026-04-05T23:59:59+01:00', ['2025/26', '2024/25', '2023/24', '2022/23', '2021/22']],
    // In winter the UK is on GMT: UTC midnight is UK midnight.
    ['2025-12-31T23:59:59Z', ['2025/26', '2024/25', '2023/24', '2022/23', '2021/22']],
    ['2026-01-01T00:00:00Z', ['2025/26', '2024/25', '2023/24', '2022/23', '2021/22']],
  ])('on %s offers %j', (today, expected) => {
    expect(years(today)).toEqual(expected);
  });

  it("marks the current year, and only it, with GOV.UK's sentence", () => {
    const offered = claimableTaxYears(new Date('2026-11-23T12:00:00Z'));
    expect(offered[0]).toEqual({
      year: '2026/27',
      startYear: 2026,
      start: '2026-04-06',
      end: '2027-04-05',
      label: '6 April 2026 to 5 April 2027',
      current: true,
    });
    expect(offered.slice(1).every((y) => y.current === undefined)).toBe(true);
    expect(CURRENT_TAX_YEAR_NOTE).toBe(
      'If your claim is for the current tax year, HMRC will usually adjust your tax code',
    );
  });

  it('offers 2021/22 until midnight UK time at the end of its deadline, 5 April 2026', () => {
    expect(claimDeadline('2021/22')).toBe('2026-04-05');
    expect(years('2026-04-05T22:59:00Z')).toContain('2021/22');
    expect(years('2026-04-05T23:00:00Z')).not.toContain('2021/22');
    expect(years('2026-04-05T23:30:00Z')).toContain('2026/27');
    expect(isClaimableTaxYear('2021/22', new Date('2026-04-05T23:30:00Z'))).toBe(false);
  });

  it('every day for 13 years: five years, the first running today, none past its deadline', () => {
    const day = 24 * 60 * 60 * 1000;
    for (let t = Date.UTC(2019, 0, 1, 12); t < Date.UTC(2032, 0, 1); t += day) {
      const today = new Date(t);
      const iso = ukIsoDate(today);
      const offered = claimableTaxYears(today);
      expect(offered).toHaveLength(5);
      expect(offered[0]!.start <= iso && iso <= offered[0]!.end).toBe(true);
      for (const y of offered) expect(claimDeadline(y.year) >= iso).toBe(true);
    }
  });

  it('defaults to the current date', () => {
    expect(claimableTaxYears()).toEqual(claimableTaxYears(new Date()));
  });
});

describe('tax year helpers', () => {
  it.each([
    ['2024-04-05T22:59:59Z', '2023/24'],
    // Midnight UK time (BST) on 6 April 2024 is 23:00 UTC on the 5th.
    ['2024-04-05T23:00:00Z', '2024/25'],
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

// GOV.UK "When do the clocks change?": in the UK the clocks go forward 1 hour at 1am on the last
// Sunday in March, and back 1 hour at 2am on the last Sunday in October (Summer Time Act 1972 s1,
// as the Summer Time Order 2002 has it). Decision 030: ukDateParts works this out without Intl;
// every instant gets its own UK date across UK midnight and the clock changes, in any order.
describe('ukIsoDate across UK midnight and the clock changes', () => {
  it.each([
    ['2025-03-30T00:59:59.999Z', '2025-03-30'], // last minute of GMT
    ['2025-03-30T01:00:00.000Z', '2025-03-30'], // 02:00 BST
    ['2025-03-30T22:59:59.999Z', '2025-03-30'], // 23:59 BST
    ['2025-03-30T23:00:00.000Z', '2025-03-31'], // BST midnight
    ['2025-10-25T22:30:00.000Z', '2025-10-25'],
    ['2025-10-25T23:00:00.000Z', '2025-10-26'],
    ['2025-10-26T00:30:00.000Z', '2025-10-26'], // 01:30 BST
    ['2025-10-26T01:30:00.000Z', '2025-10-26'], // 01:30 GMT, the hour repeated
    ['2025-10-26T23:59:59.999Z', '2025-10-26'], // GMT again: midnight is 00:00Z
    ['2025-10-27T00:00:00.000Z', '2025-10-27'],
    ['1969-07-20T23:30:00.000Z', '1969-07-21'], // British Standard Time, all year
  ])('%s is %s in the UK, alone and after its neighbours', (instant, expected) => {
    const at = new Date(instant);
    for (const before of [-3_600_000, 1, -1, 0]) ukIsoDate(new Date(at.getTime() + before));
    expect(ukIsoDate(at)).toBe(expected);
    expect(ukIsoDate(new Date(at.getTime()))).toBe(expected);
  });
});

// Decision 030: the summer-time rule agrees with Intl's Europe/London (the IANA zone data) at every
// whole and half hour from 1996 to 2040, and at each minute of the two hours around each change.
describe('ukIsoDate against Intl Europe/London', () => {
  const intl = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const HOUR = 3_600_000;

  it('agrees at every half hour, 1996 to 2040', () => {
    const mismatches: string[] = [];
    for (let t = Date.UTC(1996, 0, 1); t < Date.UTC(2041, 0, 1); t += HOUR / 2) {
      const at = new Date(t);
      if (ukIsoDate(at) !== intl.format(at)) mismatches.push(at.toISOString());
    }
    expect(mismatches).toEqual([]);
  });

  it('agrees minute by minute around every clock change, 1996 to 2040', () => {
    const mismatches: string[] = [];
    for (let year = 1996; year <= 2040; year++) {
      for (const month of [2, 9]) {
        // 23:00-03:00 UTC on each of the month's last eight days covers its last Sunday.
        for (let day = 0; day < 8; day++) {
          const midnight = Date.UTC(year, month + 1, -day);
          for (let t = midnight - HOUR; t <= midnight + 3 * HOUR; t += 60_000) {
            const at = new Date(t);
            if (ukIsoDate(at) !== intl.format(at)) mismatches.push(at.toISOString());
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('answers through Intl before 1996 and throws on an invalid date', () => {
    expect(ukIsoDate(new Date('1980-07-01T23:30:00Z'))).toBe('1980-07-02');
    expect(ukIsoDate(new Date('1980-12-01T23:30:00Z'))).toBe('1980-12-01');
    expect(() => ukIsoDate(new Date('not a date'))).toThrow(RangeError);
  });
});
