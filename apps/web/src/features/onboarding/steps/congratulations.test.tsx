import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONGRATS_ADVANCE_MS,
  claimableTaxYears,
  createEmptySnapshot,
  emptyEmployment,
  emptyEmploymentYear,
} from '@taxback/domain';
import { resetSettingsCache } from '../../../lib/settings.ts';
import { installFakeServer, renderWizard, snapshotWith } from '../../../../test/wizard-helpers.tsx';

// 4,000 miles: at most £2,200 of expenses in any year offered, so a P87 claim (no Self Assessment, D31).
const year = claimableTaxYears()[0]!.year;

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  resetSettingsCache();
  // Timers run on their own (so the wizard loads as usual) and can be moved on at will.
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function openCongratulations() {
  const base = createEmptySnapshot();
  const snapshot = snapshotWith({
    personalInfo: { ...base.personalInfo, firstName: 'Ada', postcode: 'WN2 1AR' },
    vehicleInfo: { type: 'car-van' },
    employments: [{ ...emptyEmployment('job-1'), employerName: 'Acme' }],
    taxYears: base.taxYears.map((y) =>
      y.year === year
        ? {
            ...y,
            selected: true,
            jobs: [{ ...emptyEmploymentYear('job-1'), businessMiles: 4_000, paidKind: 'none' as const }],
          }
        : y,
    ),
  });
  installFakeServer({
    saved: { snapshot, currentStep: 'congratulations', lastStepCompleted: 'employer-rate', revision: 5 },
  });
  renderWizard();
  await screen.findByRole('heading', { level: 1, name: 'Congratulations, Ada!' });
}

// The estimate comes after the employer-payment question (D31), so the evidence follows it.
const nextHeading = { level: 1, name: 'Evidence of your business mileage' };

describe('step 6 congratulations: the time limit (SPEC §2, WCAG 2.2.1, decision 019)', () => {
  it('says it moves on by itself, and does after 5 seconds', async () => {
    await openCongratulations();
    expect(screen.getByTestId('congrats-timing')).toHaveTextContent(
      'This page moves on by itself after 5 seconds.',
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONGRATS_ADVANCE_MS - 500);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Congratulations, Ada!' })).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(await screen.findByRole('heading', nextHeading)).toBeInTheDocument();
  });

  it('stays for as long as the claimant wants once they choose to stay, until Continue', async () => {
    await openCongratulations();
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    const note = screen.getByTestId('congrats-timing');
    expect(note).toHaveTextContent('This page will stay until you press Continue.');
    expect(note).toHaveFocus();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONGRATS_ADVANCE_MS * 4);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Congratulations, Ada!' })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('wizard-continue'));
    expect(await screen.findByRole('heading', nextHeading)).toBeInTheDocument();
  });
});

// D31: a year with more than £2,500 of expenses is claimed on a Self Assessment return; the claimant
// hears so at the figure, and is not congratulated ("If your expenses are over £2,500 you must
// claim using a Self Assessment tax return", GOV.UK, Claim tax relief for your job expenses).
describe('step 6 with a year over £2,500: Self Assessment first, no congratulation', () => {
  it('says Self Assessment with GOV.UK link, shows the figure still, and does not move on by itself', async () => {
    const base = createEmptySnapshot();
    const snapshot = snapshotWith({
      personalInfo: { ...base.personalInfo, firstName: 'Ada', postcode: 'WN2 1AR' },
      vehicleInfo: { type: 'car-van' },
      employments: [{ ...emptyEmployment('job-1'), employerName: 'Acme' }],
      taxYears: base.taxYears.map((y) =>
        y.year === year
          ? {
              ...y,
              selected: true,
              jobs: [{ ...emptyEmploymentYear('job-1'), businessMiles: 12_000, paidKind: 'none' as const }],
            }
          : y,
      ),
    });
    installFakeServer({
      saved: { snapshot, currentStep: 'congratulations', lastStepCompleted: 'employer-rate', revision: 5 },
    });
    renderWizard();
    await screen.findByRole('heading', { level: 1, name: 'Your claim needs a Self Assessment tax return' });
    expect(screen.queryByText(/Congratulations/)).toBeNull();
    const note = screen.getByTestId('self-assessment-note');
    expect(note).toHaveTextContent(`over £2,500 for ${year}`);
    expect(within(note).getByRole('link')).toHaveAttribute(
      'href',
      'https://www.gov.uk/tax-relief-for-employees',
    );
    expect(screen.getByTestId('congrats-rebate')).toBeVisible();
    expect(screen.queryByTestId('congrats-timing')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONGRATS_ADVANCE_MS * 2);
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Self Assessment');
  });
});
