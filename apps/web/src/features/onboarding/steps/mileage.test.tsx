import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calculateRebate, carVanRatePence, claimableTaxYears, formatMoney } from '@taxback/domain';
import { installFakeServer, renderWizard, snapshotWith } from '../../../../test/wizard-helpers.tsx';
import { milesFieldText } from './mileage.tsx';
import { createEmptySnapshot, emptyEmployment, emptyEmploymentYear } from '@taxback/domain';

// The figures below are worked at 45p (D21: cars and vans to 2025/26), so take offered years at 45p.
const [y1, y2] = claimableTaxYears()
  .filter((y) => carVanRatePence(y.year) === 45)
  .map((y) => y.year) as [string, string];

const job = (employmentId: string, businessMiles: number) => ({
  ...emptyEmploymentYear(employmentId),
  businessMiles,
});

/** Two employments (Acme, Beta); y1 has `miles1` for Acme, y2 nothing yet. */
function savedAtStep5(miles1 = 0) {
  const base = createEmptySnapshot();
  const snapshot = snapshotWith({
    personalInfo: { ...base.personalInfo, firstName: 'Ann' },
    vehicleInfo: { type: 'car-van' },
    employments: [
      { ...emptyEmployment('job-1'), employerName: 'Acme' },
      { ...emptyEmployment('job-2'), employerName: 'Beta' },
    ],
    taxYears: base.taxYears.map((y) =>
      y.year === y1 || y.year === y2
        ? { ...y, selected: true, jobs: [job('job-1', y.year === y1 ? miles1 : 0), job('job-2', 0)] }
        : y,
    ),
  });
  return { snapshot, currentStep: 'mileage' as const, lastStepCompleted: 'vehicle' as const, revision: 4 };
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(miles1 = 0) {
  const server = installFakeServer({ saved: savedAtStep5(miles1) });
  renderWizard();
  await screen.findByRole('heading', { level: 1, name: 'Your business mileage' });
  return server;
}

describe('step 5 business mileage', () => {
  it('has one accessible tab per selected year, moved with the arrow keys', async () => {
    await open();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([y1, y2]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: y2 })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: y2 })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAttribute(
      'aria-labelledby',
      screen.getByRole('tab', { name: y2 }).id,
    );
    fireEvent.keyDown(screen.getByRole('tab', { name: y2 }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: y1 })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps digits only in miles and updates the running total from the domain', async () => {
    await open();
    const miles = within(screen.getByRole('tabpanel')).getByLabelText('Business miles for Acme');
    fireEvent.change(miles, { target: { value: '12,5a00' } });
    expect(miles).toHaveValue('12500');
    const expected = calculateRebate({ years: [{ year: y1, miles: 12500 }], vehicle: 'car-van' });
    expect(screen.getByTestId('total-miles')).toHaveTextContent('12,500 miles');
    // 10,000 × 45p + 2,500 × 25p = £5,125 allowance → £1,025 at 20%.
    expect(expected.rebate20).toBe(1025);
    expect(screen.getByTestId('estimated-rebate')).toHaveTextContent(formatMoney(1025));
  });

  it('keys errors per year and job and switches to the first tab that has one', async () => {
    await open(1000);
    fireEvent.click(screen.getByRole('tab', { name: y1 }));
    fireEvent.click(screen.getByTestId('wizard-continue'));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(`Business miles required for ${y2}`);
    expect(summary).not.toHaveTextContent(y1);
    expect(screen.getByRole('tab', { name: new RegExp(`^${y2}.*has an error`) })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByLabelText('Business miles for Acme')).toHaveAttribute('aria-invalid', 'true');
    // D18: miles for both employers in one year ask whether the employers are connected.
    fireEvent.change(within(panel).getByLabelText('Business miles for Acme'), { target: { value: '300' } });
    expect(within(panel).queryByRole('group', { name: /same company or associated/ })).toBeNull();
    fireEvent.change(within(panel).getByLabelText('Business miles for Beta'), { target: { value: '200' } });
    const connected = within(panel).getByRole('group', { name: /same company or associated/ });
    fireEvent.click(screen.getByTestId('wizard-continue'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Select whether your employers in ${y2} are the same or associated employers`,
    );
    fireEvent.click(within(connected).getByLabelText('No, they are separate employers'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('each job in a year has its own vehicle, defaulting to the vehicle step', async () => {
    await open();
    const panel = screen.getByRole('tabpanel');
    const vehicles = within(panel).getAllByLabelText(/^Vehicle/);
    expect(vehicles.map((v) => (v as HTMLSelectElement).value)).toEqual(['car-van', 'car-van']);
    fireEvent.change(vehicles[1]!, { target: { value: 'motorbike' } });
    fireEvent.change(within(panel).getByLabelText('Business miles for Acme'), { target: { value: '11000' } });
    fireEvent.change(within(panel).getByLabelText('Business miles for Beta'), { target: { value: '2000' } });
    // A car 11,000 mi and a motorbike 2,000 mi (separate employers, 45p year): £4,750 + £480 = £5,230.
    expect(screen.getByTestId('total-miles')).toHaveTextContent('13,000 miles');
    expect(screen.getByTestId('estimated-rebate')).toHaveTextContent(formatMoney(1046));
  });

  it('the estimate pop-up multiplies miles per day, days and weeks, and is disabled at 0', async () => {
    await open();
    fireEvent.click(screen.getByTestId(`estimate-${y1}-job-1`));
    const dialog = screen.getByRole('dialog');
    const use = within(dialog).getByRole('button', { name: 'Use This Estimate' });
    expect(use).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Average business miles per day'), {
      target: { value: '12.5' },
    });
    fireEvent.change(within(dialog).getByLabelText('Days per week'), { target: { value: '3' } });
    expect(use).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Working weeks per year'), { target: { value: '45' } });
    // round(12.5 × 3 × 45) = round(1687.5) = 1688
    expect(within(dialog).getByTestId('estimate-result')).toHaveTextContent('1,688');
    expect(use).toBeEnabled();
    fireEvent.click(use);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(screen.getByRole('tabpanel')).getByLabelText('Business miles for Acme')).toHaveValue(
      '1688',
    );
  });

  it('a typed 0 shows 0, an emptied field is empty, and a saved 0 shows 0 once the step was answered', async () => {
    await open(1000);
    const panel = screen.getByRole('tabpanel');
    const beta = within(panel).getByLabelText('Business miles for Beta');
    // Never answered: the empty default, not a figure.
    expect(beta).toHaveValue('');
    fireEvent.change(beta, { target: { value: '0' } });
    expect(beta).toHaveValue('0');
    fireEvent.change(beta, { target: { value: '' } });
    expect(beta).toHaveValue('');
    expect(milesFieldText(0, undefined, true)).toBe('0');
    expect(milesFieldText(0, undefined, false)).toBe('');
    expect(milesFieldText(250, undefined, false)).toBe('250');
  });

  it('does not ask for the miles of a job in a year that began after it ended (ITEPA 2003 s337)', async () => {
    const saved = savedAtStep5(1000);
    // Beta ended on 10 August in the earlier year: that year is still its year, the later one is not.
    const [later, earlier] = [y1, y2].sort().reverse() as [string, string];
    const endYear = Number(earlier.slice(0, 4));
    saved.snapshot.employments[1] = {
      ...saved.snapshot.employments[1]!,
      continuing: 'no',
      endDate: { day: '10', month: '8', year: String(endYear) },
    };
    installFakeServer({ saved });
    renderWizard();
    await screen.findByRole('heading', { level: 1, name: 'Your business mileage' });
    fireEvent.click(screen.getByRole('tab', { name: earlier }));
    expect(
      within(screen.getByRole('tabpanel')).getByLabelText('Business miles for Beta'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: later }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).queryByLabelText('Business miles for Beta')).toBeNull();
    expect(within(panel).getByLabelText('Business miles for Acme')).toBeInTheDocument();
  });
});
