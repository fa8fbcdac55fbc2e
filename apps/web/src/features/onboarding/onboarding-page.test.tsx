import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimableTaxYears, storageIndexOf } from '@taxback/domain';
import {
  installFakeServer,
  progressAnswer,
  renderWizard,
  snapshotWith,
} from '../../../test/wizard-helpers.tsx';
import { outboxKey } from './lib/outbox.ts';
import { CONFLICT_MESSAGE, SESSION_STORAGE_KEY } from './onboarding-page.tsx';

const year = claimableTaxYears()[0]!.year;

function savedAtStep3() {
  const snapshot = snapshotWith({
    eligibilityData: { drivesForWork: 'yes', vehicleVRM: '' },
    employmentDetails: { employmentType: 'employed', businessName: '', utrNumber: '' },
    personalInfo: {
      title: '',
      dateOfBirth: { day: '4', month: '3', year: '1990' },
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '07700900123',
      homeAddress: '1 High St, Wigan',
      postcode: 'WN2 1AR',
    },
  });
  return { snapshot, currentStep: 'tax-years' as const, lastStepCompleted: 'personal' as const, revision: 2 };
}

const SESSION_ID = 'tx_1700000000000_abcdefghijklmnopqrstuv';

/** The draft saved at the tax years with this year ticked, left in the browser's outbox unsent. */
function unsentLocalSave(saved: ReturnType<typeof savedAtStep3>, payload: Record<string, unknown>) {
  const local = structuredClone(saved.snapshot);
  local.taxYears = local.taxYears.map((y) => (y.year === year ? { ...y, selected: true } : y));
  localStorage.setItem(
    outboxKey(SESSION_ID),
    JSON.stringify({
      payload: { ...payload, snapshot: local },
      baseRevision: 2,
      acknowledged: false,
      savedAt: new Date().toISOString(),
    }),
  );
}

/** The restored draft's tax years step, with this year ticked and Continue pressed. */
async function chooseYearAndContinue() {
  await screen.findByRole('heading', { level: 1, name: 'Which tax years do you want to claim for?' });
  fireEvent.click(screen.getByTestId(`tax-year-${year}`));
  fireEvent.click(screen.getByTestId('wizard-continue'));
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('OnboardingPage load and save', () => {
  it('creates a session id in session storage and shows a spinner while loading', async () => {
    installFakeServer();
    renderWizard();
    expect(screen.getByTestId('wizard-loading')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'Do you drive for work purposes?' });
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toMatch(/^tx_\d{13}_/);
  });

  it('restores the saved step and answers', async () => {
    installFakeServer({ saved: savedAtStep3() });
    renderWizard();
    await screen.findByRole('heading', { level: 1, name: 'Which tax years do you want to claim for?' });
    expect(screen.getByTestId('wizard-progress')).toHaveTextContent('Step 5 of 13');
    // Back: the employments (D17), then the personal details.
    fireEvent.click(screen.getByTestId('wizard-back'));
    expect(await screen.findByLabelText("Employer's name")).toHaveValue('');
    fireEvent.click(screen.getByTestId('wizard-back'));
    expect(screen.getByLabelText('First name')).toHaveValue('Ann');
    expect(screen.getByLabelText('Full address')).toHaveValue('1 High St, Wigan');
  });

  it('a step of a restored draft saves only the sections it changed (issue 33)', async () => {
    const server = installFakeServer({ saved: savedAtStep3() });
    renderWizard();
    await chooseYearAndContinue();
    await screen.findByRole('heading', { level: 1, name: 'What type of vehicle do you use?' });
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const sent = server.calls.find((c) => c.method === 'PUT');
    expect(sent?.url).toBe('/api/onboarding/steps/tax-years');
    const body = sent?.body as Record<string, unknown>;
    expect(body).toMatchObject({ revision: 2, currentStep: 'vehicle', lastStepCompleted: 'tax-years' });
    expect(body).not.toHaveProperty('snapshot');
    // The tax years, and the page address the restored draft did not have yet (tracking is
    // recorded when first known); nothing the claimant did not change.
    expect(Object.keys(body.sections as object).sort()).toEqual(['fullUrl', 'taxYears']);
    // The server then holds the whole draft with the change.
    const held = server.puts()[0]?.snapshot as { taxYears: { year: string; selected: boolean }[] };
    expect(held.taxYears.find((y) => y.year === year)?.selected).toBe(true);
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent('All changes saved'));
  });

  it('an unacknowledged newer local save wins over the server copy and is sent again', async () => {
    const saved = savedAtStep3();
    const server = installFakeServer({ saved });
    unsentLocalSave(saved, { currentStep: 'vehicle', lastStepCompleted: 'tax-years' });
    renderWizard('/onboarding', SESSION_ID);
    await screen.findByRole('heading', { level: 1, name: 'What type of vehicle do you use?' });
    await waitFor(() => expect(server.puts()).toHaveLength(1));
    expect(server.puts()[0]).toMatchObject({ revision: 2, currentStep: 'vehicle' });
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent('All changes saved'));
  });

  it('a local copy saved while steps were numbers resumes at its step and is sent with step ids', async () => {
    const saved = savedAtStep3();
    const server = installFakeServer({ saved });
    // The entry as the wizard wrote it before decision 031: the plan's storage numbers and the
    // unused step field.
    const stored = { completed: storageIndexOf('tax-years'), current: storageIndexOf('vehicle') };
    unsentLocalSave(saved, {
      step: stored.completed,
      currentStep: stored.current,
      lastStepCompleted: stored.completed,
    });
    renderWizard('/onboarding', SESSION_ID);
    await screen.findByRole('heading', { level: 1, name: 'What type of vehicle do you use?' });
    await waitFor(() => expect(server.puts()).toHaveLength(1));
    expect(server.puts()[0]).toMatchObject({
      revision: 2,
      currentStep: 'vehicle',
      lastStepCompleted: 'tax-years',
    });
    expect(server.puts()[0]).not.toHaveProperty('step');
  });
});

describe('OnboardingPage when the server is down or has moved on', () => {
  it('keeps moving while the API is down, says so, and keeps the data in the local outbox', async () => {
    const server = installFakeServer({
      saved: savedAtStep3(),
      extra: (method) =>
        method === 'PUT' ? { status: 503, body: { error: 'Service unavailable' } } : undefined,
    });
    const { sessionId } = renderWizard();
    await chooseYearAndContinue();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'What type of vehicle do you use?' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('save-status')).toHaveTextContent("Offline, we'll keep trying"),
    );
    const entry = JSON.parse(localStorage.getItem(outboxKey(sessionId)) ?? '{}') as {
      acknowledged: boolean;
      payload: { currentStep: string };
    };
    expect(entry.acknowledged).toBe(false);
    expect(entry.payload.currentStep).toBe('vehicle');
    expect(server.puts().length).toBeGreaterThanOrEqual(1);
  });

  it('on a stale revision reloads from the server and tells the claimant', async () => {
    let gets = 0;
    const saved = savedAtStep3();
    installFakeServer({
      saved,
      extra: (method, url) => {
        if (method === 'PUT') return { status: 409, body: { error: CONFLICT_MESSAGE, revision: 5 } };
        if (method === 'GET' && url === '/api/onboarding' && ++gets > 1) {
          return {
            status: 200,
            body: {
              ...progressAnswer(saved.snapshot),
              revision: 5,
              currentStep: 'mileage',
              lastStepCompleted: 'vehicle',
            },
          };
        }
        return undefined;
      },
    });
    renderWizard();
    await chooseYearAndContinue();
    expect(await screen.findByRole('alert')).toHaveTextContent(CONFLICT_MESSAGE);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your business mileage');
  });

  it('shows the step-3 error in the summary and inline, focused, and clears it once a year is chosen', async () => {
    installFakeServer({ saved: savedAtStep3() });
    renderWizard();
    await screen.findByRole('heading', { level: 1, name: 'Which tax years do you want to claim for?' });
    fireEvent.click(screen.getByTestId('wizard-continue'));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('There is a problem');
    expect(summary).toHaveTextContent('Please select at least one tax year');
    expect(summary).toHaveFocus();
    expect(document.title).toMatch(/^Error: /);
    fireEvent.click(screen.getByTestId(`tax-year-${year}`));
    expect(screen.queryByText('Please select at least one tax year')).toBeNull();
  });
});
