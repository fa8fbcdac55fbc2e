import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carVanRatePence, claimableTaxYears } from '@taxback/domain';
import { resetSettingsCache } from '../../../lib/settings.ts';
import { installFakeServer, renderWizard, snapshotWith } from '../wizard-test-utils.tsx';
import { createEmptySnapshot } from '@taxback/domain';

// The figures below are worked at 45p (D21: cars and vans to 2025/26), so take offered years at 45p.
const [y1, y2] = claimableTaxYears()
  .filter((y) => carVanRatePence(y.year) === 45)
  .map((y) => y.year) as [string, string];

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  resetSettingsCache();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(
  years: Record<string, number>,
  extra?: NonNullable<Parameters<typeof installFakeServer>[0]>['extra'],
) {
  const base = createEmptySnapshot();
  const snapshot = snapshotWith({
    vehicleInfo: { type: 'car-van' },
    taxYears: base.taxYears.map((y) =>
      y.year in years ? { ...y, selected: true, businessMiles: years[y.year]!, companyName: 'Acme' } : y,
    ),
  });
  const server = installFakeServer({
    saved: { snapshot, currentStep: 7, lastStepCompleted: 6, revision: 6 },
    ...(extra ? { extra } : {}),
  });
  renderWizard();
  await screen.findByRole('heading', { level: 1, name: 'How much does your employer pay per mile?' });
  return server;
}

describe('step 7 employer rate', () => {
  it('a year at 55p (2026/27 on, D21): 8,000 miles and no employer payment → £4,400 allowance', async () => {
    const year55 = claimableTaxYears().find((y) => carVanRatePence(y.year) === 55)?.year;
    if (year55 === undefined) throw new Error('no offered year at 55p');
    await open({ [year55]: 8_000 });
    expect(screen.getByTestId('impact-allowance')).toHaveTextContent('£4,400');
    expect(screen.getByTestId('impact-claimable')).toHaveTextContent('£4,400');
    expect(screen.getByTestId('impact-rebate')).toHaveTextContent('£880');
  });

  it('the estimate shows our fee and what the claimant keeps only when a fee is set (D20)', async () => {
    await open({ [y1]: 5_000 });
    expect(screen.getByTestId('impact-rebate')).toHaveTextContent('£450');
    expect(screen.queryByTestId('fee-note')).toBeNull();
    cleanup();
    resetSettingsCache();
    await open({ [y1]: 5_000 }, (method, url) =>
      url === '/api/settings'
        ? {
            status: 200,
            body: {
              agent: { companyName: 'Example Claims Ltd', address: 'London', hmrcAgentReference: '' },
              fee: { percent: 10, minimumPence: 0, vatPercent: 0 },
            },
          }
        : undefined,
    );
    // 5,000 × 45p = £2,250 claimable; 20% = £450; 10% fee £45; the claimant keeps £405.
    expect(await screen.findByTestId('fee-note')).toHaveTextContent('Our fee: £45.00. You keep: £405.');
    expect(screen.getByTestId('claim-for-free')).toBeVisible();
  });

  it('an employer paying above the approved rate: nothing claimable and the taxable-excess notice (D21)', async () => {
    await open({ [y1]: 5_000 });
    fireEvent.change(screen.getByLabelText('Pence per mile'), { target: { value: '49' } });
    // 5,000 × 45p = £2,250 approved; the employer paid 5,000 × 49p = £2,450.
    expect(screen.getByTestId('impact-claimable')).toHaveTextContent('£0');
    expect(screen.getByTestId(`taxable-excess-${y1}`)).toHaveTextContent(
      `In ${y1} your employer paid £200 more than HMRC's approved mileage rates. That extra is taxable, and no tax relief is due for ${y1}.`,
    );
    expect(screen.getByTestId('relief-cap-note')).toBeVisible();
  });

  it('shows the impact of an employer rate: allowance, payment, claimable and 20% rebate', async () => {
    const server = await open({ [y1]: 12_000 });
    const input = screen.getByLabelText('Pence per mile');
    // 12,000 miles by car: 10,000 × 45p + 2,000 × 25p = £5,000.
    expect(screen.getByTestId('impact-allowance')).toHaveTextContent('£5,000');
    expect(screen.getByTestId('impact-rebate')).toHaveTextContent('£1,000');
    fireEvent.change(input, { target: { value: '1-0.5.5p' } });
    expect(input).toHaveValue('10.55');
    fireEvent.click(screen.getByTestId('quick-rate-25'));
    expect(input).toHaveValue('25');
    expect(screen.getByTestId('quick-rate-25')).toHaveAttribute('aria-pressed', 'true');
    // Employer paid 12,000 × 25p = £3,000; claimable £2,000; rebate £400.
    expect(screen.getByTestId('impact-employer-payment')).toHaveTextContent('£3,000');
    expect(screen.getByTestId('impact-claimable')).toHaveTextContent('£2,000');
    expect(screen.getByTestId('impact-rebate')).toHaveTextContent('£400');
    expect(screen.queryByTestId('self-assessment-note')).toBeNull();
    fireEvent.click(screen.getByTestId('wizard-continue'));
    await screen.findByRole('heading', { level: 1, name: 'Evidence of your business mileage' });
    await waitFor(() => expect(server.puts()).toHaveLength(1));
    expect(server.puts()[0]).toMatchObject({
      step: 7,
      currentStep: 8,
      snapshot: { employerMileageRate: 25 },
    });
  });

  it('empty means 0 and a claim over £2,500 in a year brings the Self Assessment note', async () => {
    await open({ [y1]: 10_000, [y2]: 2_000 });
    expect(screen.getByLabelText('Pence per mile')).toHaveValue('');
    // y1: £4,500 claimable (> £2,500) → note; y2: £900.
    expect(screen.getByTestId(`impact-${y1}-allowance`)).toHaveTextContent('£4,500');
    expect(screen.getByTestId(`impact-${y1}-claimable`)).toHaveTextContent('£4,500');
    expect(screen.getByTestId(`impact-${y1}-rebate`)).toHaveTextContent('£900');
    expect(screen.getByTestId(`impact-${y2}-claimable`)).toHaveTextContent('£900');
    expect(screen.getByTestId(`impact-${y2}-rebate`)).toHaveTextContent('£180');
    expect(screen.getByTestId('impact-claimable')).toHaveTextContent('£5,400');
    expect(screen.getByTestId('impact-rebate')).toHaveTextContent('£1,080');
    expect(screen.getByTestId('self-assessment-note')).toHaveTextContent(y1);
    expect(screen.getByTestId('self-assessment-note')).not.toHaveTextContent(y2);
    fireEvent.click(screen.getByTestId('quick-rate-45'));
    expect(screen.queryByTestId('self-assessment-note')).toBeNull();
    expect(screen.getByTestId('impact-rebate')).toHaveTextContent('£0.00');
  });
});
