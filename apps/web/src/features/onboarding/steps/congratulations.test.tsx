import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONGRATS_ADVANCE_MS,
  claimableTaxYears,
  createEmptySnapshot,
  emptyEmployment,
  emptyEmploymentYear,
} from '@taxback/domain';
import { resetSettingsCache } from '../../../lib/settings.ts';
import { installFakeServer, renderWizard, snapshotWith } from '../wizard-test-utils.tsx';

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
        ? { ...y, selected: true, jobs: [{ ...emptyEmploymentYear('job-1'), businessMiles: 8_000 }] }
        : y,
    ),
  });
  installFakeServer({
    saved: { snapshot, currentStep: 'congratulations', lastStepCompleted: 'mileage', revision: 5 },
  });
  renderWizard();
  await screen.findByRole('heading', { level: 1, name: 'Congratulations, Ada!' });
}

const employerRateHeading = { level: 1, name: 'What did your employer pay for your business miles?' };

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
    expect(await screen.findByRole('heading', employerRateHeading)).toBeInTheDocument();
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
    expect(await screen.findByRole('heading', employerRateHeading)).toBeInTheDocument();
  });
});
