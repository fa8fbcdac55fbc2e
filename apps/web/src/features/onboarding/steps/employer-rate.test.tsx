import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carVanRatePence, claimableTaxYears } from '@taxback/domain';
import { resetSettingsCache } from '../../../lib/settings.ts';
import { installFakeServer, renderWizard, snapshotWith } from '../../../../test/wizard-helpers.tsx';
import { createEmptySnapshot, emptyEmployment, emptyEmploymentYear } from '@taxback/domain';

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
  postcode = 'WN2 1AR',
  extra?: NonNullable<Parameters<typeof installFakeServer>[0]>['extra'],
) {
  const base = createEmptySnapshot();
  const snapshot = snapshotWith({
    personalInfo: { ...base.personalInfo, postcode },
    vehicleInfo: { type: 'car-van' },
    employments: [{ ...emptyEmployment('job-1'), employerName: 'Acme' }],
    taxYears: base.taxYears.map((y) =>
      y.year in years
        ? { ...y, selected: true, jobs: [{ ...emptyEmploymentYear('job-1'), businessMiles: years[y.year]! }] }
        : y,
    ),
  });
  const server = installFakeServer({
    saved: { snapshot, currentStep: 'employer-rate', lastStepCompleted: 'mileage', revision: 6 },
    ...(extra ? { extra } : {}),
  });
  renderWizard();
  await screen.findByRole('heading', {
    level: 1,
    name: 'What did your employer pay for your business miles?',
  });
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
    await open({ [y1]: 5_000 }, 'WN2 1AR', (method, url) =>
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
    fireEvent.click(screen.getByLabelText('An amount for each mile'));
    fireEvent.change(screen.getByLabelText('Pence per mile'), { target: { value: '49' } });
    // 5,000 × 45p = £2,250 approved; the employer paid 5,000 × 49p = £2,450.
    expect(screen.getByTestId('impact-claimable')).toHaveTextContent('£0');
    expect(screen.getByTestId(`taxable-excess-${y1}`)).toHaveTextContent(
      `In ${y1} your employer paid £200 more than HMRC's approved mileage rates. That extra is taxable, and no tax relief is due for ${y1}.`,
    );
    expect(screen.getByTestId('relief-cap-note')).toBeVisible();
  });

  it('asks per year what the employer paid: per mile, a yearly total, or nothing (D21)', async () => {
    const server = await open({ [y1]: 12_000, [y2]: 2_000 });
    // 12,000 miles by car: 10,000 × 45p + 2,000 × 25p = £5,000.
    expect(screen.getByTestId(`impact-${y1}-allowance`)).toHaveTextContent('£5,000');
    fireEvent.click(screen.getByTestId('wizard-continue'));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(`Select what Acme paid for your business miles in ${y1}`);
    expect(summary).toHaveTextContent(`Select what Acme paid for your business miles in ${y2}`);
    const [first, second] = screen.getAllByRole('group', { name: /What did Acme pay/ });
    fireEvent.click(within(first!).getByLabelText('An amount for each mile'));
    const ppm = screen.getByLabelText('Pence per mile');
    fireEvent.change(ppm, { target: { value: '2-5p' } });
    expect(ppm).toHaveValue('25');
    fireEvent.click(within(second!).getByLabelText('A total for the year'));
    fireEvent.change(screen.getByLabelText('Total for the year, in pounds'), { target: { value: '100' } });
    // y1: employer paid 12,000 × 25p = £3,000, claimable £2,000; y2: 2,000 × 45p = £900 − £100 = £800.
    expect(screen.getByTestId(`impact-${y1}-claimable`)).toHaveTextContent('£2,000');
    expect(screen.getByTestId(`impact-${y2}-claimable`)).toHaveTextContent('£800');
    expect(screen.getByTestId('impact-rebate')).toHaveTextContent('£560');
    fireEvent.click(screen.getByTestId('wizard-continue'));
    // The estimate comes once the employer's payments are known (D31): its figure is the final one.
    await screen.findByRole('heading', { level: 1, name: /^Congratulations/ });
    await waitFor(() => expect(server.puts()).toHaveLength(1));
    const put = server.puts()[0] as {
      lastStepCompleted: string;
      currentStep: string;
      snapshot: { taxYears: Array<{ year: string; jobs: unknown[] }> };
    };
    expect([put.lastStepCompleted, put.currentStep]).toEqual(['employer-rate', 'congratulations']);
    const jobs = (year: string) => put.snapshot.taxYears.find((y) => y.year === year)?.jobs;
    expect(jobs(y1)).toEqual([expect.objectContaining({ paidKind: 'ppm', paidPencePerMile: 25 })]);
    expect(jobs(y2)).toEqual([expect.objectContaining({ paidKind: 'total', paidTotalPounds: 100 })]);
  });

  it("changing the kind of payment shows that kind's own amount, not what was typed for the other", async () => {
    await open({ [y1]: 5_000 });
    fireEvent.click(screen.getByLabelText('An amount for each mile'));
    fireEvent.change(screen.getByLabelText('Pence per mile'), { target: { value: '25' } });
    fireEvent.click(screen.getByLabelText('A total for the year'));
    expect(screen.queryByLabelText('Pence per mile')).toBeNull();
    const total = screen.getByLabelText('Total for the year, in pounds');
    expect(total).toHaveValue('');
    expect(screen.getByTestId(`paid-total-${y1}-job-1`)).toBeVisible();
    fireEvent.change(total, { target: { value: '100' } });
    // 5,000 × 45p = £2,250, less the £100 paid.
    expect(screen.getByTestId('impact-claimable')).toHaveTextContent('£2,150');
    fireEvent.click(screen.getByLabelText('An amount for each mile'));
    expect(screen.queryByLabelText('Total for the year, in pounds')).toBeNull();
    expect(screen.getByLabelText('Pence per mile')).toHaveValue('25');
    // 5,000 × (45p − 25p) = £1,000.
    expect(screen.getByTestId('impact-claimable')).toHaveTextContent('£1,000');
  });
});

describe('step 7 employer rate: Self Assessment, tax bands and the P60', () => {
  it('nothing paid, and a claim over £2,500 in a year brings the Self Assessment note', async () => {
    await open({ [y1]: 10_000, [y2]: 2_000 });
    for (const group of screen.getAllByRole('group', { name: /What did Acme pay/ }))
      fireEvent.click(within(group).getByLabelText('Nothing'));
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
  });

  // D21: a Scottish claimant's estimate is at Scottish rates (GOV.UK "Scottish Income Tax":
  // intermediate 21%, higher 42% in 2024/25 and 2025/26); a Scottish postcode suggests yes.
  it('a Scottish postcode suggests Scottish income tax; a band gives the estimate at its rate', async () => {
    const server = await open({ [y1]: 10_000 }, 'EH1 1YZ');
    const scottish = screen.getByRole('group', { name: 'Do you pay Scottish income tax?' });
    expect(within(scottish).getByLabelText('Yes')).toBeChecked();
    expect(scottish).toHaveTextContent('Your postcode is in Scotland');
    fireEvent.click(
      within(screen.getByRole('group', { name: /What did Acme pay/ })).getByLabelText('Nothing'),
    );
    // 10,000 × 45p = £4,500: not sure gives the Scottish basic (20%) and higher (42%) figures.
    expect(screen.getByTestId('impact-rebate')).toHaveTextContent('£900');
    expect(screen.getAllByTestId('estimate-rates')[0]).toHaveTextContent(
      'At the Scottish basic rate (20%). If you paid Scottish higher-rate tax (42%), it would be about £1,890.',
    );
    const band = screen.getByLabelText(`Which best describes your income in ${y1}?`);
    expect(
      within(band)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('Intermediate rate (21%)');
    fireEvent.change(band, { target: { value: 'intermediate' } });
    expect(screen.getByTestId('impact-rebate')).toHaveTextContent('£945');
    expect(screen.getAllByTestId('estimate-rates')[0]).toHaveTextContent(
      'At the Scottish rate you told us (21%).',
    );
    fireEvent.click(screen.getByTestId('wizard-continue'));
    // £4,500 of expenses in one year: Self Assessment, said instead of any congratulation (D31).
    await screen.findByRole('heading', { level: 1, name: 'Your claim needs a Self Assessment tax return' });
    await waitFor(() => expect(server.puts()).toHaveLength(1));
    const put = server.puts()[0] as {
      snapshot: { scottishTaxpayer: string; taxYears: Array<{ year: string; incomeBand: string }> };
    };
    expect(put.snapshot.scottishTaxpayer).toBe('yes');
    expect(put.snapshot.taxYears.find((y) => y.year === y1)?.incomeBand).toBe('intermediate');
  });

  // D31: with the P60's figures the estimate is the tax on the pay less the tax on the pay after the
  // deduction, capped at the tax paid. 2025/26: £14,000 pay less the £12,570 personal allowance
  // leaves £1,430 taxed at 20% = £286 (GOV.UK "Income Tax rates and Personal Allowances").
  it('the P60 question: pay and tax paid cap the estimate at the tax paid, and are saved', async () => {
    expect(y1).toBe('2025/26');
    const server = await open({ [y1]: 5_000 });
    fireEvent.click(
      within(screen.getByRole('group', { name: /What did Acme pay/ })).getByLabelText('Nothing'),
    );
    // 5,000 × 45p = £2,250 claimable; 20% would be £450, an upper figure without the P60.
    expect(screen.getByTestId('impact-rebate')).toHaveTextContent('£450');
    expect(screen.getByTestId('upper-figure-note')).toBeVisible();
    const p60 = screen.getByRole('group', { name: `Your P60 for ${y1} (optional)` });
    fireEvent.change(within(p60).getByLabelText(`Taxable pay in ${y1}, in pounds`), {
      target: { value: '14000' },
    });
    fireEvent.change(within(p60).getByLabelText(`Tax paid in ${y1}, in pounds`), {
      target: { value: '286' },
    });
    expect(screen.getByTestId('impact-rebate')).toHaveTextContent('£286');
    expect(screen.queryByTestId('upper-figure-note')).toBeNull();
    fireEvent.click(screen.getByTestId('wizard-continue'));
    await screen.findByRole('heading', { level: 1, name: /^Congratulations/ });
    expect(screen.getByTestId('congrats-rebate')).toHaveAttribute('data-value', '286');
    await waitFor(() => expect(server.puts()).toHaveLength(1));
    const put = server.puts()[0] as {
      snapshot: { taxYears: Array<{ year: string; taxablePay?: number; taxPaid?: number }> };
    };
    expect(put.snapshot.taxYears.find((y) => y.year === y1)).toMatchObject({
      taxablePay: 14000,
      taxPaid: 286,
    });
  });

  it('a tax paid above the pay is refused beside the field', async () => {
    await open({ [y1]: 5_000 });
    fireEvent.click(
      within(screen.getByRole('group', { name: /What did Acme pay/ })).getByLabelText('Nothing'),
    );
    fireEvent.change(screen.getByLabelText(`Taxable pay in ${y1}, in pounds`), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText(`Tax paid in ${y1}, in pounds`), { target: { value: '200' } });
    fireEvent.click(screen.getByTestId('wizard-continue'));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(`The tax you paid in ${y1} cannot be more than your taxable pay`);
  });
});
