import { calculateRebate, claimableTaxYears, createSessionId } from '@taxback/domain';
import type { Journey } from '@taxback/domain';
import { mileageSnapshot } from '@taxback/domain/test/example-snapshots';
import { makeSignaturePng, toPngDataUrl } from './png.ts';

const YEARS = claimableTaxYears().map((y) => y.year);

/** A claimant at step 5 of the wizard with two years of mileage: what a Continue sends. */
export function wizardSnapshot(n: number) {
  const phone = `07700 9${String(n % 100_000).padStart(5, '0')}`;
  return mileageSnapshot(
    {
      years: YEARS.map((year, i) => ({ year, selected: i < 2, miles: i < 2 ? 12_000 - i * 3_000 : 0 })),
      ratePence: 10,
      employerName: 'Acme Deliveries Ltd',
      personalInfo: {
        firstName: 'Bench',
        lastName: `Claimant${n}`,
        email: `bench${n}@example.com`,
        phone,
        homeAddress: '1 Test Street, Wigan',
      },
    },
    { utmData: { utm_source: 'bench' }, fullUrl: 'http://localhost/onboarding?utm_source=bench' },
  );
}

export function saveBody(revision: number, n: number): string {
  return JSON.stringify({
    revision,
    currentStep: 'congratulations',
    lastStepCompleted: 'mileage',
    snapshot: wizardSnapshot(n),
  });
}

/** The same Continue as a per-step save (decision 032): only the mileage step's section. */
export function sectionSaveBody(revision: number, n: number): string {
  return JSON.stringify({
    revision,
    currentStep: 'congratulations',
    lastStepCompleted: 'mileage',
    sections: { taxYears: wizardSnapshot(n).taxYears },
  });
}

/** The general claim with a ~20 KB signature PNG (SPEC's 600×200 canvas). */
export function claimBody(): { body: string; signatureBytes: number } {
  const png = makeSignaturePng(20 * 1024);
  const body = JSON.stringify({
    firstName: 'Bench',
    lastName: 'Claimant',
    email: 'bench@example.com',
    phone: '07700 900123',
    signature: toPngDataUrl(png),
    selectedExpenses: ['travel', 'uniform', 'fees'],
    earnsOver18k: true,
    affiliateName: null,
    utmData: { utm_source: 'bench' },
    fullUrl: 'http://localhost/complete',
    assessmentData: {
      qualifies: 'yes',
      timestamp: new Date().toISOString(),
      step: 'expenses_completed',
      lastUpdated: new Date().toISOString(),
    },
  });
  return { body, signatureBytes: png.length };
}

export { createSessionId, calculateRebate };

/** 50 journeys of every kind, for the mileage-log timing. */
export function benchJourneys(count = 50): Journey[] {
  const places = ['WN2 1AR', 'SK5 6AQ', 'M1 1AE', 'L1 8JQ', 'LS1 4AP', 'YO1 7HH', 'B1 1AA', 'EH1 1YZ'];
  const frequencies = ['daily', 'weekly', 'monthly'] as const;
  const trips = ['return', 'single', 'one-off'] as const;
  const reasons = ['client-meeting', 'site-visit', 'delivery', 'training', 'other'] as const;
  return Array.from({ length: count }, (_, i) => ({
    id: `j${i}`,
    startAddress: places[i % places.length] ?? 'WN2 1AR',
    endAddress: places[(i + 3) % places.length] ?? 'SK5 6AQ',
    frequency: frequencies[i % 3] ?? 'weekly',
    tripType: trips[i % 3] ?? 'return',
    reason: reasons[i % 5] ?? 'site-visit',
    customReason: i % 5 === 4 ? `Stock check ${i}` : '',
    distance: 5 + ((i * 7) % 60) + 0.5,
  }));
}

export const BENCH_YEARS = YEARS;
