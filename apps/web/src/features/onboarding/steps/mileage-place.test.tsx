// Decision 084 (D39): on the mileage step, whether some of a year's miles were regular journeys
// between home and one place; HMRC's questions about it (EIM32080 onwards, booklet 490) and the
// miles driven there; the miles the test leaves out are taken off the year's claim.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  STEP_PLACE_MESSAGES,
  STEP_PLACE_QUESTIONS,
  WORKPLACE_MESSAGES,
  WORKPLACE_QUESTIONS,
  carVanRatePence,
  claimableTaxYears,
  createEmptySnapshot,
  emptyEmployment,
  emptyEmploymentYear,
  stepLeftOutMilesField,
  type WizardSnapshot,
} from '@taxback/domain';
import {
  completedSnapshot,
  installFakeServer,
  renderWizard,
  snapshotWith,
} from '../../../../test/wizard-helpers.tsx';
import { THIRTY_MONTH_SITE } from '@taxback/domain/test/example-snapshots';
import { fieldId } from '../lib/validation.ts';

const [year] = claimableTaxYears()
  .filter((y) => carVanRatePence(y.year) === 45)
  .map((y) => y.year) as [string];

function open(miles = 12_000) {
  const base = createEmptySnapshot();
  const snapshot = snapshotWith({
    personalInfo: { ...base.personalInfo, firstName: 'Dee' },
    vehicleInfo: { type: 'car-van' },
    employments: [{ ...emptyEmployment('job-1'), employerName: 'Haulage Ltd' }],
    taxYears: base.taxYears.map((y) =>
      y.year === year
        ? { ...y, selected: true, jobs: [{ ...emptyEmploymentYear('job-1'), businessMiles: miles }] }
        : y,
    ),
  });
  const server = installFakeServer({
    saved: { snapshot, currentStep: 'mileage', lastStepCompleted: 'vehicle', revision: 4 },
  });
  renderWizard();
  return server;
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const group = (name: string | RegExp) => screen.getByRole('group', { name });
const choose = (question: string | RegExp, label: string) =>
  fireEvent.click(within(group(question)).getByRole('radio', { name: new RegExp(`^${label}`) }));
const typeIn = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const regular = new RegExp(`^${STEP_PLACE_QUESTIONS.regular.question.replace('?', '\\?')}`);

/** EIM32080, booklet 490 paras 3.18-3.20: a site of 30 months at 60% of the working time. */
function answerThirtyMonthSite() {
  typeIn(STEP_PLACE_QUESTIONS.place.label, 'm1 1ae');
  choose(WORKPLACE_QUESTIONS.role.question, 'A place I go to for a piece of work that will end');
  choose(WORKPLACE_QUESTIONS.siteBased.question, 'No');
  choose(WORKPLACE_QUESTIONS.homeWorking.question, 'No');
  choose(WORKPLACE_QUESTIONS.sameAsCommute.question, 'No');
  typeIn(`${WORKPLACE_QUESTIONS.shareOfWorkingTime.question} (%)`, '60');
  choose(WORKPLACE_QUESTIONS.wholeEmployment.question, 'No');
  typeIn(WORKPLACE_QUESTIONS.expectedMonths.question, '30');
  choose(WORKPLACE_QUESTIONS.expectationChange.question, 'No');
  typeIn(WORKPLACE_QUESTIONS.actualMonths.question, '30');
  typeIn(STEP_PLACE_QUESTIONS.miles(year).label, '4000');
}

describe('the mileage step asks about a regular place (decision 084)', () => {
  it('a 30-month site at 60%: the 4,000 miles there are left out with the reason, and the claim is 8,000', async () => {
    const server = open();
    await screen.findByRole('heading', { level: 1, name: 'Your business mileage' });
    expect(screen.queryByText(WORKPLACE_QUESTIONS.role.question)).toBeNull();
    choose(regular, 'Yes');
    answerThirtyMonthSite();

    expect(screen.getByTestId(`step-place-${year.replace('/', '-')}-job-1-outcome-reason`)).toHaveTextContent(
      'more than 24, so HMRC treats it as a permanent workplace',
    );
    expect(screen.getByTestId(`step-place-${year.replace('/', '-')}-job-1-result`)).toHaveTextContent(
      `4,000 of the 4,000 miles to M1 1AE are left out, so your claim for ${year} is 8,000 miles, not 12,000.`,
    );
    // The field keeps the figure typed; the claim (and its estimate) is what is left.
    expect(screen.getByLabelText(/^Business miles/)).toHaveValue('12000');
    expect(screen.getByTestId('total-miles')).toHaveTextContent('8,000 miles');

    fireEvent.click(screen.getByTestId('wizard-continue'));
    await waitFor(() => expect(server.puts().length).toBeGreaterThan(0));
    const saved = server.puts().at(-1)!.snapshot as WizardSnapshot;
    expect(saved.taxYears.find((y) => y.year === year)?.jobs[0]?.businessMiles).toBe(8000);
    expect(saved.workplaces).toEqual([
      expect.objectContaining({
        place: 'M1 1AE',
        mileageStep: { employmentId: 'job-1', year, miles: 4000, statedMiles: 12_000 },
        outcome: { counts: 'none', rule: 'permanent-workplace-24-months' },
      }),
    ]);
  });

  it('a yes with nothing answered names each missing answer in the summary; a no puts the miles back', async () => {
    open();
    await screen.findByRole('heading', { level: 1, name: 'Your business mileage' });
    choose(regular, 'Yes');
    fireEvent.click(screen.getByTestId('wizard-continue'));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(STEP_PLACE_MESSAGES.placeRequired);
    expect(summary).toHaveTextContent(WORKPLACE_MESSAGES.role);
    expect(summary).toHaveTextContent(STEP_PLACE_MESSAGES.milesRequired(year));
    expect(screen.getByRole('textbox', { name: STEP_PLACE_QUESTIONS.place.label })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    answerThirtyMonthSite();
    expect(screen.getByTestId('total-miles')).toHaveTextContent('8,000 miles');
    choose(regular, 'No');
    expect(screen.queryByText(WORKPLACE_QUESTIONS.role.question)).toBeNull();
    expect(screen.getByTestId('total-miles')).toHaveTextContent('12,000 miles');
  });

  it('a site expected to last 12 months (EIM32090): every mile counts, and a new figure is worked out again', async () => {
    open();
    await screen.findByRole('heading', { level: 1, name: 'Your business mileage' });
    choose(regular, 'Yes');
    answerThirtyMonthSite();
    typeIn(WORKPLACE_QUESTIONS.expectedMonths.question, '12');
    typeIn(WORKPLACE_QUESTIONS.actualMonths.question, '12');
    expect(screen.getByTestId('total-miles')).toHaveTextContent('12,000 miles');
    typeIn(WORKPLACE_QUESTIONS.expectedMonths.question, '30');
    typeIn(WORKPLACE_QUESTIONS.actualMonths.question, '30');
    fireEvent.change(screen.getByLabelText(/^Business miles/), { target: { value: '10000' } });
    expect(screen.getByTestId('total-miles')).toHaveTextContent('6,000 miles');
  });
});

describe('the evidence step refuses a year still claiming the step’s left-out miles (decision 084)', () => {
  it('names the place, the reason and the figure, linked to "Claim 8,000 miles", which lowers the claim', async () => {
    // EIM32080: the 30-month site at 60% is a permanent workplace; the claim was raised back to 12,000.
    const snapshot = completedSnapshot(
      { [year]: 12_000 },
      {
        workplaces: [
          {
            place: 'M1 1AE',
            facts: { ...THIRTY_MONTH_SITE, expectationChange: null },
            mileageStep: { employmentId: 'job-1', year, miles: 4000, statedMiles: 12_000 },
          },
        ],
      },
    );
    const upload = {
      id: '00000000-0000-4000-8000-000000000001',
      filename: 'own-log.pdf',
      url: '/api/files/00000000-0000-4000-8000-000000000001',
      type: 'application/pdf',
      size: 10,
    };
    installFakeServer({
      saved: {
        snapshot,
        currentStep: 'evidence',
        lastStepCompleted: 'employer-rate',
        revision: 7,
        server: { evidenceFiles: { [year]: [upload] } },
      },
    });
    renderWizard();
    await screen.findByRole('heading', { level: 1, name: 'Evidence of your business mileage' });
    const list = screen.getByTestId('left-out-step-miles');
    expect(list).toHaveTextContent(
      `${year}: all of the 4,000 miles you drove between home and M1 1AE are left out.`,
    );
    expect(list).toHaveTextContent('more than 24, so HMRC treats it as a permanent workplace');

    fireEvent.click(screen.getByTestId('wizard-continue'));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveTextContent(
      'you claim 12,000 miles, but 4,000 of the miles you drove to M1 1AE are left out',
    );
    expect(summary).toHaveTextContent('Claim 8,000 miles or fewer');
    const claim = within(list).getByRole('button', { name: `Claim 8,000 miles for ${year}` });
    expect(claim.id).toBe(fieldId(stepLeftOutMilesField({ year, employmentId: 'job-1' })));
    expect(within(summary).getByRole('link')).toHaveAttribute('href', `#${claim.id}`);

    fireEvent.click(claim);
    expect(within(screen.getByTestId('left-out-step-miles')).queryByRole('button')).toBeNull();
    fireEvent.click(screen.getByTestId('wizard-continue'));
    await screen.findByRole('heading', { level: 1, name: 'Check your answers' });
  });
});
