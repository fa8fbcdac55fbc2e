import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calculateRebate, carVanRatePence, claimableTaxYears, formatMoney } from '@taxback/domain';
import { installFakeServer, renderWizard, snapshotWith } from '../wizard-test-utils.tsx';
import { createEmptySnapshot } from '@taxback/domain';

// The figures below are worked at 45p (D21: cars and vans to 2025/26), so take offered years at 45p.
const [y1, y2] = claimableTaxYears()
  .filter((y) => carVanRatePence(y.year) === 45)
  .map((y) => y.year) as [string, string];

function savedAtStep5(miles1 = 0) {
  const base = createEmptySnapshot();
  const snapshot = snapshotWith({
    personalInfo: { ...base.personalInfo, firstName: 'Ann' },
    vehicleInfo: { type: 'car-van' },
    taxYears: base.taxYears.map((y) =>
      y.year === y1 || y.year === y2
        ? {
            ...y,
            selected: true,
            businessMiles: y.year === y1 ? miles1 : 0,
            companyName: y.year === y1 ? 'Acme' : '',
          }
        : y,
    ),
  });
  return { snapshot, currentStep: 5, lastStepCompleted: 4, revision: 4 };
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
    const miles = within(screen.getByRole('tabpanel')).getByLabelText('Total business miles');
    fireEvent.change(miles, { target: { value: '12,5a00' } });
    expect(miles).toHaveValue('12500');
    const expected = calculateRebate({ years: [{ year: y1, miles: 12500 }], vehicle: 'car-van' });
    expect(screen.getByTestId('total-miles')).toHaveTextContent('12,500 miles');
    // 10,000 × 45p + 2,500 × 25p = £5,125 allowance → £1,025 at 20%.
    expect(expected.rebate20).toBe(1025);
    expect(screen.getByTestId('estimated-rebate')).toHaveTextContent(formatMoney(1025));
  });

  it('keys errors per year and switches to the first tab that has one', async () => {
    await open(1000);
    // Look at the second year, then Continue: y1 is complete, y2 is not.
    fireEvent.click(screen.getByRole('tab', { name: y1 }));
    fireEvent.click(screen.getByTestId('wizard-continue'));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(`Company name required for ${y2}`);
    expect(summary).toHaveTextContent(`Business miles required for ${y2}`);
    expect(summary).not.toHaveTextContent(y1);
    expect(screen.getByRole('tab', { name: new RegExp(`^${y2}.*has an error`) })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByLabelText('Company or employer name')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(within(panel).getByLabelText('Company or employer name'), {
      target: { value: 'Beta Ltd' },
    });
    expect(screen.getByRole('alert')).not.toHaveTextContent(`Company name required for ${y2}`);
    expect(screen.getByRole('alert')).toHaveTextContent(`Business miles required for ${y2}`);
  });

  it('the estimate pop-up multiplies miles per day, days and weeks, and is disabled at 0', async () => {
    await open();
    fireEvent.click(screen.getByTestId(`estimate-${y1}`));
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
    expect(within(screen.getByRole('tabpanel')).getByLabelText('Total business miles')).toHaveValue('1688');
  });
});
