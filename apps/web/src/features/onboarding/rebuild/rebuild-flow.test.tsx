import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  WORKPLACE_MESSAGES,
  WORKPLACE_QUESTIONS,
  claimableTaxYears,
  workplaceFieldPath,
} from '@taxback/domain';
import { fieldId } from '../lib/validation.ts';
import { completedSnapshot, installFakeServer, renderWizard } from '../../../../test/wizard-helpers.tsx';

const [y1, y2] = claimableTaxYears().map((y) => y.year) as [string, string];

type Extra = NonNullable<Parameters<typeof installFakeServer>[0]>['extra'];

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openSetup(extra?: Extra, year = y1) {
  const snapshot = completedSnapshot({ [y1]: 5000, [y2]: 3000 });
  const fake = installFakeServer({
    saved: { snapshot, currentStep: 'evidence', lastStepCompleted: 'employer-rate', revision: 7 },
    ...(extra ? { extra } : {}),
  });
  renderWizard();
  await screen.findByRole('heading', { level: 1, name: 'Evidence of your business mileage' });
  fireEvent.click(screen.getByTestId(`build-log-${year.replace('/', '-')}`));
  await screen.findByRole('heading', { level: 1, name: 'Your business journeys' });
  return fake;
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

/**
 * Decision 081: HMRC's questions for regular place `n`, answered as a temporary workplace expected
 * to last 12 months (EIM32080: 24 months or less), so every journey there still counts.
 */
function answerTemporaryPlace(n: number) {
  const click = (name: string) => fireEvent.click(screen.getByTestId(`place-${n}-${name}`));
  click('role-regular-site');
  click('siteBased-no');
  click('homeWorking-no');
  click('sameAsCommute-no');
  type(`place-${n}-shareOfWorkingTime`, '60');
  click('wholeEmployment-no');
  type(`place-${n}-expectedMonths`, '12');
  click('expectationChange-no');
  type(`place-${n}-actualMonths`, '12');
}

function distanceAnswer(status: number, body?: unknown): Extra {
  return (method, url) => (url.startsWith('/api/distance') ? { status, body } : undefined);
}

describe('journey setup', () => {
  // D25: the claimant's leave is left out of the dated log; each period is two real dates in order.
  it('takes periods of leave, checked like any GOV.UK date, and saves them', async () => {
    await openSetup();
    type('journey-0-from', 'WN2 1AR');
    type('journey-0-to', 'SK5 6AQ');
    type('journey-0-distance', '12');
    type('journey-0-reason', 'site-visit');
    fireEvent.click(screen.getByTestId('add-leave'));
    const leave = screen.getByTestId('leave-1');
    const first = within(leave).getByRole('group', { name: 'Period 1: first day of leave' });
    const last = within(leave).getByRole('group', { name: 'Period 1: last day of leave' });
    fireEvent.change(within(first).getByLabelText('Day'), { target: { value: '14' } });
    fireEvent.change(within(first).getByLabelText('Month'), { target: { value: '8' } });
    fireEvent.change(within(first).getByLabelText('Year'), { target: { value: '2025' } });
    fireEvent.change(within(last).getByLabelText('Day'), { target: { value: '1' } });
    fireEvent.change(within(last).getByLabelText('Month'), { target: { value: '8' } });
    fireEvent.change(within(last).getByLabelText('Year'), { target: { value: '2025' } });
    fireEvent.click(screen.getByTestId('wizard-continue'));
    expect(await screen.findByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      'The last day of leave must be the same as or after the first day',
    );
    fireEvent.change(within(last).getByLabelText('Day'), { target: { value: '22' } });
    expect(screen.queryByRole('alert', { name: 'There is a problem' })).toBeNull();
    fireEvent.click(screen.getByTestId('wizard-continue'));
    await screen.findByRole('heading', { level: 1, name: 'Review & Generate' });
  });

  it('formats postcodes as typed and shows Calculate Distance only when both are valid', async () => {
    await openSetup();
    type('journey-0-from', 'wn21ar');
    expect(screen.getByTestId('journey-0-from')).toHaveValue('WN2 1AR');
    type('journey-0-to', 'sk5');
    expect(screen.getByTestId('journey-0-to')).toHaveValue('SK5');
    expect(screen.queryByTestId('journey-0-calculate')).toBeNull();
    expect(screen.getByTestId('journey-0-postcode-hint')).toHaveTextContent(
      'Please enter valid UK postcodes (e.g., WN2 1AR, SK5 6AQ)',
    );
    expect(screen.getByTestId('journey-0-to-hint')).toBeInTheDocument();
    expect(screen.queryByTestId('journey-0-from-hint')).toBeNull();
    type('journey-0-to', 'sk5-6aq!');
    expect(screen.getByTestId('journey-0-to')).toHaveValue('SK5 6AQ');
    expect(screen.getByRole('button', { name: 'Calculate Distance' })).toBeInTheDocument();
    expect(screen.queryByTestId('journey-0-postcode-hint')).toBeNull();
  });

  it('fills the distance from the server, marks an estimate and works out the annual miles', async () => {
    const fake = await openSetup(
      distanceAnswer(200, {
        status: 'OK',
        distanceMiles: 12.34,
        durationSeconds: 900,
        estimate: true,
        source: 'offline',
      }),
    );
    type('journey-0-from', 'WN2 1AR');
    type('journey-0-to', 'SK5 6AQ');
    fireEvent.click(screen.getByTestId('journey-0-calculate'));
    await waitFor(() => expect(screen.getByTestId('journey-0-distance')).toHaveValue('12.3'));
    expect(screen.getByTestId('journey-0-distance-estimate')).toHaveTextContent('estimate');
    const call = fake.calls.find((c) => c.url.startsWith('/api/distance'));
    expect(call?.url).toBe('/api/distance?from=WN2%201AR&to=SK5%206AQ');
    expect(call?.sessionId).toMatch(/^tx_/);
    // Daily return: 250 × 12.3 × 2.
    expect(screen.getByTestId('journey-0-annual-miles')).toHaveTextContent('6,150 miles');
    fireEvent.change(screen.getByTestId('journey-0-trip-type'), { target: { value: 'single' } });
    fireEvent.change(screen.getByTestId('journey-0-frequency'), { target: { value: 'weekly' } });
    expect(screen.getByTestId('journey-0-annual-miles')).toHaveTextContent('590.4 miles');
    // A distance typed by hand is always possible and replaces the estimate.
    type('journey-0-distance', '10.5');
    expect(screen.queryByTestId('journey-0-distance-estimate')).toBeNull();
    expect(screen.getByTestId('journey-0-annual-miles')).toHaveTextContent('504 miles');
  });

  it.each([
    [500, { status: 'error', error: 'boom' }, 'Distance calculation failed. Please enter manually.'],
    [504, undefined, 'Distance calculation failed. Please enter manually.'],
    [422, { status: 'error', error: 'No route between these postcodes' }, 'No route between these postcodes'],
    [422, undefined, 'Unable to calculate distance between postcodes'],
    [400, { status: 'error', error: 'Both postcodes are required' }, 'Both postcodes are required'],
  ])('shows the distance message for a %i answer', async (status, body, message) => {
    await openSetup(distanceAnswer(status, body));
    type('journey-0-from', 'WN2 1AR');
    type('journey-0-to', 'SK5 6AQ');
    fireEvent.click(screen.getByTestId('journey-0-calculate'));
    expect(await screen.findByTestId('journey-0-distance-error')).toHaveTextContent(message);
    expect(screen.getByTestId('journey-0-distance')).toHaveValue('');
  });

  it('says to enter the distance by hand when the request itself fails', async () => {
    await openSetup((method, url) => {
      if (url.startsWith('/api/distance')) throw new TypeError('Failed to fetch');
      return undefined;
    });
    type('journey-0-from', 'WN2 1AR');
    type('journey-0-to', 'SK5 6AQ');
    fireEvent.click(screen.getByTestId('journey-0-calculate'));
    expect(await screen.findByTestId('journey-0-distance-error')).toHaveTextContent(
      'Failed to calculate distance. Please enter manually.',
    );
  });

  it("asks for a custom reason only for 'other' and clears it when the reason changes", async () => {
    await openSetup();
    const reason = screen.getByTestId('journey-0-reason');
    expect(within(reason).getByRole('option', { name: 'Select a reason' })).toHaveValue('');
    expect(screen.queryByTestId('journey-0-custom-reason')).toBeNull();
    fireEvent.change(reason, { target: { value: 'other' } });
    type('journey-0-custom-reason', 'Bank <run>');
    expect(screen.getByTestId('journey-0-custom-reason')).toHaveValue('Bank run');
    fireEvent.change(reason, { target: { value: 'site-visit' } });
    expect(screen.queryByTestId('journey-0-custom-reason')).toBeNull();
    fireEvent.change(reason, { target: { value: 'other' } });
    expect(screen.getByTestId('journey-0-custom-reason')).toHaveValue('');
  });

  // D21: a one-off journey has a date and counts once, in the tax year of that date.
});

describe('journey setup: one-off journeys, checks and the review', () => {
  it('takes a one-off journey with its date, counts it once in its own year and saves the date', async () => {
    // Built from the older year's Build Log: that year's log alone (issue 31).
    const fake = await openSetup(
      (method, url) =>
        method === 'POST' && url === '/api/onboarding/mileage-log'
          ? { status: 201, body: { logs: {} } }
          : undefined,
      y2,
    );
    type('journey-0-from', 'WN2 1AR');
    type('journey-0-to', 'SK5 6AQ');
    type('journey-0-distance', '50');
    type('journey-0-reason', 'site-visit');
    type('journey-0-trip-type', 'one-off');
    type('journey-0-frequency', 'one-off');
    // The old 'one-off' trip type meant a single trip; a one-off journey offers return or single.
    expect(screen.getByTestId('journey-0-trip-type')).toHaveValue('single');
    expect(
      within(screen.getByTestId('journey-0-trip-type')).queryByRole('option', { name: 'One-off' }),
    ).toBeNull();
    type('journey-0-trip-type', 'return');
    expect(screen.getByTestId('journey-0-annual-miles')).toHaveTextContent('100 miles');
    const date = screen.getByRole('group', { name: 'Date of the journey' });

    fireEvent.click(screen.getByTestId('wizard-continue'));
    expect(await screen.findByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      'Enter the date of the journey',
    );
    // A date before the years claimed is refused: the trip would count in no claimed year.
    const [startOfY2] = [Number(y2.slice(0, 4))];
    fireEvent.change(within(date).getByLabelText('Day'), { target: { value: '5' } });
    fireEvent.change(within(date).getByLabelText('Month'), { target: { value: '4' } });
    fireEvent.change(within(date).getByLabelText('Year'), { target: { value: String(startOfY2) } });
    fireEvent.click(screen.getByTestId('wizard-continue'));
    expect(await screen.findByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      'The date of the journey must be in a tax year you are claiming for',
    );
    // 6 April starts the older year claimed.
    fireEvent.change(within(date).getByLabelText('Day'), { target: { value: '6' } });
    fireEvent.click(screen.getByTestId('wizard-continue'));
    await screen.findByRole('heading', { level: 1, name: 'Review & Generate' });
    expect(screen.getByTestId('summary-journey-0')).toHaveTextContent(`6 April ${startOfY2}`);
    expect(screen.getByTestId('summary-journey-0')).toHaveTextContent('One-off journey');
    expect(screen.getByTestId(`rebuild-year-${y2.replace('/', '-')}`)).toHaveTextContent('100 miles');
    expect(screen.queryByTestId(`rebuild-year-${y1.replace('/', '-')}`)).toBeNull();
    expect(screen.getByTestId('rebuild-total-miles')).toHaveTextContent('100 miles');

    fireEvent.click(screen.getByRole('button', { name: 'Generate Log' }));
    await screen.findByRole('heading', { level: 1, name: 'Evidence of your business mileage' });
    const saved = (fake.puts().at(-1)?.snapshot as { journeys: Record<string, unknown>[] }).journeys[0];
    expect(saved).toMatchObject({
      frequency: 'one-off',
      tripType: 'return',
      distance: 50,
      date: `${startOfY2}-04-06`,
    });
  });

  it('checks each journey on Continue with the shared messages', async () => {
    await openSetup();
    fireEvent.click(screen.getByTestId('add-journey'));
    type('journey-1-from', 'WN2 1AR');
    type('journey-1-to', 'SK5 6AQ');
    type('journey-1-distance', '4');
    fireEvent.click(screen.getByTestId('wizard-continue'));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getAllByText('Please enter a postcode')).toHaveLength(2);
    expect(within(summary).getAllByText('Select a reason')).toHaveLength(2);
    expect(within(summary).getByText('Enter the distance in miles')).toBeInTheDocument();
    // The second journey's reason error links to the second journey's field.
    const links = within(summary).getAllByRole('link', { name: 'Select a reason' });
    expect(links[1]).toHaveAttribute('href', '#field-journeys-1-reason');
    expect(screen.getByTestId('wizard-step')).toHaveAttribute('data-step', 'journeys');
  });

  it('reviews the journeys, generates the log after saving them, and returns to the evidence', async () => {
    // The server answers with the year asked for (y1, whose Build Log was pressed).
    const logs = {
      [y1]: {
        pdf: {
          id: '00000000-0000-4000-8000-000000000001',
          url: '/api/files/00000000-0000-4000-8000-000000000001',
          filename: 'mileage-log-a.pdf',
        },
        csv: {
          id: '00000000-0000-4000-8000-000000000002',
          url: '/api/files/00000000-0000-4000-8000-000000000002',
          filename: 'mileage-log-a.csv',
        },
      },
    };
    const fake = await openSetup((method, url) =>
      method === 'POST' && url === '/api/onboarding/mileage-log'
        ? { status: 201, body: { logs } }
        : undefined,
    );
    type('journey-0-from', 'WN2 1AR');
    type('journey-0-to', 'SK5 6AQ');
    type('journey-0-distance', '10');
    fireEvent.change(screen.getByTestId('journey-0-reason'), { target: { value: 'client-meeting' } });
    fireEvent.click(screen.getByTestId('add-journey'));
    type('journey-1-from', 'M1 1AA');
    type('journey-1-to', 'L1 8JQ');
    type('journey-1-distance', '35');
    fireEvent.change(screen.getByTestId('journey-1-trip-type'), { target: { value: 'single' } });
    fireEvent.change(screen.getByTestId('journey-1-frequency'), { target: { value: 'weekly' } });
    fireEvent.change(screen.getByTestId('journey-1-reason'), { target: { value: 'site-visit' } });
    fireEvent.click(screen.getByTestId('wizard-continue'));

    await screen.findByRole('heading', { level: 1, name: 'Review & Generate' });
    expect(screen.getByTestId('summary-journey-0-annual')).toHaveTextContent('5,000 miles');
    expect(screen.getByTestId('summary-journey-1-annual')).toHaveTextContent('1,680 miles');
    // A regular pattern counts in the year the log is for, and only that year is built (issue 31).
    expect(screen.getByTestId(`rebuild-year-${y1.replace('/', '-')}`)).toHaveTextContent('6,680 miles');
    expect(screen.queryByTestId(`rebuild-year-${y2.replace('/', '-')}`)).toBeNull();
    expect(screen.getByTestId('rebuild-total-miles')).toHaveTextContent('6,680 miles');

    answerTemporaryPlace(1);
    answerTemporaryPlace(2);
    fireEvent.click(screen.getByRole('button', { name: 'Generate Log' }));
    await screen.findByRole('heading', { level: 1, name: 'Evidence of your business mileage' });
    const put = fake.puts().at(-1);
    expect(put).toMatchObject({ currentStep: 'evidence', lastStepCompleted: 'employer-rate' });
    expect((put?.snapshot as { journeys: unknown[] }).journeys).toHaveLength(2);
    const putIndex = fake.calls.findIndex((c) => c.method === 'PUT');
    const logIndex = fake.calls.findIndex((c) => c.url === '/api/onboarding/mileage-log');
    expect(putIndex).toBeGreaterThan(-1);
    expect(logIndex).toBeGreaterThan(putIndex);
    expect(fake.calls[logIndex]?.body).toEqual({ taxYear: y1 });
    expect(screen.getByTestId(`mileage-log-${y1.replace('/', '-')}-pdf`)).toBeInTheDocument();
    expect(screen.queryByTestId(`mileage-log-${y2.replace('/', '-')}`)).toBeNull();
  });

  it('says when the log could not be generated and stays on the review', async () => {
    await openSetup((method, url) =>
      url === '/api/onboarding/mileage-log'
        ? { status: 503, body: { error: 'Service unavailable' } }
        : undefined,
    );
    type('journey-0-from', 'WN2 1AR');
    type('journey-0-to', 'SK5 6AQ');
    type('journey-0-distance', '10');
    fireEvent.change(screen.getByTestId('journey-0-reason'), { target: { value: 'delivery' } });
    fireEvent.click(screen.getByTestId('wizard-continue'));
    await screen.findByRole('heading', { level: 1, name: 'Review & Generate' });
    answerTemporaryPlace(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Generate Log' }));
    expect(await screen.findByTestId('generate-error')).toHaveTextContent('Service unavailable');
    expect(screen.getByRole('heading', { level: 1, name: 'Review & Generate' })).toBeInTheDocument();
  });
});

describe('the review before the log is built: every regular place answered, no journeys', () => {
  // Decision 081 (D39; EIM32080 onwards): every regular place is answered before the log is built.
  it('asks the questions of every regular place before generating, the error at the question', async () => {
    const fake = await openSetup();
    type('journey-0-from', 'WN2 1AR');
    type('journey-0-to', 'SK5 6AQ');
    type('journey-0-distance', '10');
    fireEvent.change(screen.getByTestId('journey-0-reason'), { target: { value: 'delivery' } });
    fireEvent.click(screen.getByTestId('wizard-continue'));
    fireEvent.click(await screen.findByRole('button', { name: 'Generate Log' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveTextContent(WORKPLACE_MESSAGES.role);
    expect(within(summary).getByRole('link')).toHaveAttribute(
      'href',
      `#${fieldId(workplaceFieldPath('SK5 6AQ', 'role'))}`,
    );
    expect(
      screen.getByRole('group', { name: WORKPLACE_QUESTIONS.role.question }),
    ).toHaveAccessibleDescription(expect.stringContaining(WORKPLACE_MESSAGES.role));
    expect(fake.calls.some((r) => r.url === '/api/onboarding/mileage-log')).toBe(false);
    answerTemporaryPlace(1);
    expect(screen.queryByRole('alert', { name: 'There is a problem' })).toBeNull();
  });

  it("shows 'No journeys added' when every journey was removed", async () => {
    await openSetup();
    fireEvent.click(screen.getByTestId('journey-0-remove'));
    fireEvent.click(screen.getByTestId('wizard-continue'));
    const box = await screen.findByTestId('no-journeys');
    expect(box).toHaveTextContent('No journeys added');
    expect(box).toHaveTextContent(
      'Please go back and add at least one business journey to generate your mileage log.',
    );
    expect(screen.queryByRole('button', { name: 'Generate Log' })).toBeNull();
    fireEvent.click(screen.getByTestId('wizard-back'));
    await screen.findByRole('heading', { level: 1, name: 'Your business journeys' });
  });
});
