import { describe, expect, it } from 'vitest';
import { authorityInputOfSnapshot } from './authority-inputs.ts';
import { authorityLines, buildAuthorityDocument, LOG_MISMATCH_HEADING } from './authority.ts';
import { NO_FEES } from './fees.ts';
import type { Journey } from './journeys.ts';
import {
  logMilesMismatches,
  mileageLogFileBase,
  mileageLogKey,
  mileageLogKeysOfFiles,
  parseMileageLogFilename,
  parseMileageLogKey,
} from './log-mismatch.ts';
import { employment, jobYear, mileageSnapshot } from './test/example-snapshots.ts';
import { normaliseSnapshot } from './wizard-snapshot.ts';

// D25 (a mileage log rebuilt from the claimant's pattern must total the miles claimed) and issue 31
// (a log per year and employment; the mismatch said on the authority). HMRC's own word for it:
// EIM31235/ITEPA 2003 s231 compare the approved amount with the miles actually driven, and HMRC's
// "Expenses and benefits: business travel mileage" guidance asks for "records of your business
// mileage": two different figures for one year's miles cannot both be the record.

const YEAR = '2024/25';
const journey = (id: string, employmentId: string, distance: number): Journey => ({
  id,
  employmentId,
  startAddress: 'WN2 1AR',
  endAddress: 'SK5 6AQ',
  frequency: 'daily',
  tripType: 'return',
  reason: 'site-visit',
  customReason: '',
  distance,
});

// England and Wales, 6 April 2024 to 5 April 2025: 260 weekdays less 6 weekday bank holidays (GOV.UK
// bank-holidays.json) is 254 working days. A daily return trip of 10 miles each way: 254 × 20 =
// 5,080 miles; of 5 miles each way, 2,540.
const ACME_LOG_MILES = 5080;
const BETA_LOG_MILES = 2540;
const AFTER_THE_YEAR = '2026-11-23';

function twoJobs(acmeMiles: number, betaMiles: number) {
  return normaliseSnapshot(
    mileageSnapshot(
      { years: [{ year: YEAR, miles: acmeMiles }] },
      {
        employments: [employment('job-1', 'Acme Ltd'), employment('job-2', 'Beta Ltd')],
        taxYears: [
          {
            year: YEAR,
            selected: true,
            employersConnected: 'no',
            jobs: [jobYear(acmeMiles, 0, 'job-1'), jobYear(betaMiles, 0, 'job-2')],
          },
        ],
        journeys: [journey('j1', 'job-1', 10), journey('j2', 'job-2', 5)],
      },
    ),
  );
}

describe('mileage log keys and file names (issue 31: a log per year and employment)', () => {
  it.each([
    [YEAR, null, '2024/25', 'mileage-log-2024-25'],
    [YEAR, 'job-2', '2024/25:job-2', 'mileage-log-2024-25-job-2'],
  ])('%s %s → key %s, file %s', (year, employmentId, key, base) => {
    expect(mileageLogKey(year, employmentId)).toBe(key);
    expect(parseMileageLogKey(key)).toEqual({ year, employmentId });
    expect(mileageLogFileBase(year, employmentId)).toBe(base);
    expect(parseMileageLogFilename(`${base}.pdf`)).toEqual({ year, employmentId, format: 'pdf' });
    expect(parseMileageLogFilename(`${base}.csv`)).toEqual({ year, employmentId, format: 'csv' });
  });

  it.each([
    'receipts-2024-25.pdf',
    'mileage-log-2024.pdf',
    'mileage-log-2024-25.docx',
    'mileage-log-2024-25-a b.pdf',
  ])('%s is no generated log', (name) => expect(parseMileageLogFilename(name)).toBeNull());

  it('a claim’s logs are one key per PDF', () => {
    const keys = mileageLogKeysOfFiles([
      { filename: 'mileage-log-2024-25.pdf' },
      { filename: 'mileage-log-2024-25.csv' },
      { filename: 'mileage-log-2023-24-job-2.pdf' },
      { filename: 'payslip.pdf' },
    ]);
    expect(keys.sort()).toEqual(['2023/24:job-2', '2024/25']);
  });
});

describe('logMilesMismatches per year and employment (D25, issue 31)', () => {
  it('a year’s log covers its every employment', () => {
    const found = logMilesMismatches(twoJobs(6000, 1000), [YEAR], AFTER_THE_YEAR);
    expect(found).toEqual([
      {
        year: YEAR,
        employmentId: 'job-1',
        employerName: 'Acme Ltd',
        logMiles: ACME_LOG_MILES,
        claimedMiles: 6000,
      },
      {
        year: YEAR,
        employmentId: 'job-2',
        employerName: 'Beta Ltd',
        logMiles: BETA_LOG_MILES,
        claimedMiles: 1000,
      },
    ]);
  });

  it('one employment’s log covers that employment alone', () => {
    const found = logMilesMismatches(twoJobs(6000, 1000), [mileageLogKey(YEAR, 'job-2')], AFTER_THE_YEAR);
    expect(found.map((m) => [m.employmentId, m.logMiles, m.claimedMiles])).toEqual([
      ['job-2', BETA_LOG_MILES, 1000],
    ]);
  });

  it('no mismatch where the stated miles are the log’s, nor for a year without a log', () => {
    expect(logMilesMismatches(twoJobs(ACME_LOG_MILES, BETA_LOG_MILES), [YEAR], AFTER_THE_YEAR)).toEqual([]);
    expect(
      logMilesMismatches(twoJobs(6000, 1000), ['2023/24', mileageLogKey(YEAR, 'job-9')], AFTER_THE_YEAR),
    ).toEqual([]);
  });
});

describe('the mismatch on the signed authority (D19, D25, issue 31)', () => {
  const terms = {
    agent: { companyName: 'Example Claims Ltd', address: 'London', hmrcAgentReference: '' },
    fee: NO_FEES,
  };

  it('names the year, the log’s miles against the stated miles, and that the stated miles stand', () => {
    const snapshot = twoJobs(6000, BETA_LOG_MILES);
    const mismatches = logMilesMismatches(snapshot, [YEAR], AFTER_THE_YEAR);
    const lines = authorityLines(
      buildAuthorityDocument(authorityInputOfSnapshot(snapshot, terms, undefined, mismatches)),
    );
    expect(lines).toContain(`${LOG_MISMATCH_HEADING}.`);
    expect(lines).toContain(
      '• 2024/25 for Acme Ltd: your mileage log adds up to 5,080 miles, but you state 6,000 miles. This claim is for the 6,000 miles you stated, not the 5,080 miles in the log.',
    );
    // Beta's log matches its stated miles: nothing is said about it.
    expect(lines.join('\n')).not.toContain('for Beta Ltd: your mileage log');
  });

  it('says nothing, and keeps the document as before, when every log matches', () => {
    const snapshot = twoJobs(ACME_LOG_MILES, BETA_LOG_MILES);
    const without = buildAuthorityDocument(authorityInputOfSnapshot(snapshot, terms));
    const withNone = buildAuthorityDocument(authorityInputOfSnapshot(snapshot, terms, undefined, []));
    expect(withNone).toEqual(without);
    expect(authorityLines(without).join('\n')).not.toContain(LOG_MISMATCH_HEADING);
  });
});
