import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_ADVANCE_MS } from '@taxback/domain';
import { installFakeServer, renderWizard } from '../../../../test/wizard-helpers.tsx';
import { outboxKey } from '../lib/outbox.ts';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function startAtStep0() {
  const server = installFakeServer();
  const utils = renderWizard();
  await screen.findByRole('heading', { level: 1, name: 'Do you drive for work purposes?' });
  return { server, ...utils };
}

describe('step 0 eligibility', () => {
  // D26: a line above the options says a click or tap moves on; Continue is always there.
  it('shows the business-driving box, the auto-advance line and Continue, but no Back, at first', async () => {
    await startAtStep0();
    expect(screen.getByRole('heading', { name: 'What counts as business driving?' })).toBeInTheDocument();
    expect(screen.queryByTestId('wizard-back')).toBeNull();
    expect(screen.getByTestId('wizard-continue')).toBeEnabled();
    expect(
      screen.getByRole('group', { name: 'Do you drive for work purposes?' }),
    ).toHaveAccessibleDescription(
      'Clicking or tapping an answer takes you to the next question. If you use a keyboard, choose an answer and then Continue.',
    );
  });

  // D26, WCAG 2.2 3.2.2: Enter or Space on an option chooses it (a click with detail 0) and stays.
  it('a keyboard choice never moves on by itself; Continue does', async () => {
    await startAtStep0();
    vi.useFakeTimers();
    fireEvent.click(screen.getByTestId('eligibility-yes'), { detail: 0 });
    expect(screen.getByTestId('eligibility-yes')).toHaveAttribute('aria-pressed', 'true');
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS * 3);
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Do you drive for work purposes?');
    vi.useRealTimers();
    fireEvent.click(screen.getByTestId('wizard-continue'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How are you employed?' }),
    ).toBeInTheDocument();
  });

  it('auto-advances 800 ms after "yes" and saves the answer with the session header', async () => {
    const { server, sessionId } = await startAtStep0();
    vi.useFakeTimers();
    fireEvent.click(screen.getByTestId('eligibility-yes'), { detail: 1 });
    expect(screen.getByTestId('eligibility-info')).toHaveTextContent(/Good news/);
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS - 1);
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Do you drive for work purposes?');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('How are you employed?');
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    vi.useRealTimers();

    await waitFor(() => expect(server.puts()).toHaveLength(1));
    const put = server.puts()[0]!;
    expect(put).toMatchObject({ revision: 0, currentStep: 'employment', lastStepCompleted: 'eligibility' });
    expect((put.snapshot as { eligibilityData: unknown }).eligibilityData).toEqual({
      drivesForWork: 'yes',
      vehicleVRM: '',
    });
    expect(server.calls.find((c) => c.method === 'PUT')?.sessionId).toBe(sessionId);
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent('All changes saved'));
    expect(JSON.parse(localStorage.getItem(outboxKey(sessionId)) ?? '{}')).toMatchObject({
      acknowledged: true,
    });
  });

  // D27: "No" ends the mileage route on its explanation, which offers the general expenses funnel.
  it('"no" shows the red box, then the explanation with the work-expenses link', async () => {
    await startAtStep0();
    vi.useFakeTimers();
    fireEvent.click(screen.getByTestId('eligibility-no'), { detail: 1 });
    expect(screen.getByTestId('eligibility-info')).toHaveTextContent(
      /only for journeys you make for your job/,
    );
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS);
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('You cannot claim a mileage rebate');
    expect(screen.getByTestId('route-explanation')).toHaveAttribute('data-route', 'not-driving');
    expect(screen.getByTestId('route-general-claim')).toHaveAttribute('href', '/start-claim');
    expect(screen.queryByTestId('wizard-continue')).toBeNull();
    vi.useRealTimers();
    fireEvent.click(screen.getByTestId('wizard-back'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Do you drive for work purposes?');
  });

  it('company vehicle waits for a registration, uppercased, letters and digits, at most 8', async () => {
    const { server } = await startAtStep0();
    vi.useFakeTimers();
    fireEvent.click(screen.getByTestId('eligibility-company-vehicle'), { detail: 1 });
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS * 2);
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Do you drive for work purposes?');
    vi.useRealTimers();
    const continueButton = screen.getByTestId('wizard-continue');
    expect(continueButton).toBeDisabled();
    const vrm = screen.getByLabelText('Vehicle registration');
    fireEvent.change(vrm, { target: { value: 'ab12 c-de<x>yz' } });
    expect(vrm).toHaveValue('AB12CDEX');
    expect(continueButton).toBeEnabled();
    fireEvent.click(continueButton);
    // D27: a company vehicle is explained (a fuel claim, no estimate) before the claim goes on.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Claiming for a company vehicle' }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('wizard-continue'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How are you employed?' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(server.puts().length).toBeGreaterThanOrEqual(1));
    expect(server.puts()[0]).toMatchObject({
      currentStep: 'company-vehicle',
      lastStepCompleted: 'eligibility',
      snapshot: { eligibilityData: { drivesForWork: 'company-vehicle', vehicleVRM: 'AB12CDEX' } },
    });
    // The explanation's Continue moves the claimant to step 1, and records the explanation as done.
    await waitFor(() =>
      expect(server.puts().at(-1)).toMatchObject({
        currentStep: 'employment',
        lastStepCompleted: 'company-vehicle',
      }),
    );
  });
});
