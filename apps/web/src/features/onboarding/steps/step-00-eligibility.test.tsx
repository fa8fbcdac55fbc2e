import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_ADVANCE_MS } from '@taxback/domain';
import { installFakeServer, renderWizard } from '../wizard-test-utils.tsx';
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
  it('shows the business-driving box and no Back or Continue at first', async () => {
    await startAtStep0();
    expect(screen.getByRole('heading', { name: 'What counts as business driving?' })).toBeInTheDocument();
    expect(screen.queryByTestId('wizard-back')).toBeNull();
    expect(screen.queryByTestId('wizard-continue')).toBeNull();
  });

  it('auto-advances 800 ms after "yes" and saves the answer with the session header', async () => {
    const { server, sessionId } = await startAtStep0();
    vi.useFakeTimers();
    fireEvent.click(screen.getByTestId('eligibility-yes'));
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
    expect(put).toMatchObject({ revision: 0, step: 0, currentStep: 1, lastStepCompleted: 0 });
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

  it('"no" shows the red box and still moves on', async () => {
    await startAtStep0();
    vi.useFakeTimers();
    fireEvent.click(screen.getByTestId('eligibility-no'));
    expect(screen.getByTestId('eligibility-info')).toHaveTextContent(/may not be eligible/);
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS);
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('How are you employed?');
  });

  it('company vehicle waits for a registration, uppercased, letters and digits, at most 8', async () => {
    const { server } = await startAtStep0();
    vi.useFakeTimers();
    fireEvent.click(screen.getByTestId('eligibility-company-vehicle'));
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
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How are you employed?' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(server.puts()).toHaveLength(1));
    expect(server.puts()[0]).toMatchObject({
      snapshot: { eligibilityData: { drivesForWork: 'company-vehicle', vehicleVRM: 'AB12CDEX' } },
    });
  });
});
