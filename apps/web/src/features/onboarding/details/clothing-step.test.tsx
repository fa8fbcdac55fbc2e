// D30: the uniform step asks HMRC's own questions for the flat rate: the job (found by a search
// across industries), the healthcare shoes and stockings or tights, and for each year what the
// employer pays and whether the flat rate is already in the tax code. Figures are EIM32712's.
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FLAT_RATE_IN_TAX_CODE_REASON,
  claimableTaxYears,
  createEmptySnapshot,
  type ClothingAnswer,
  type GeneralDetails,
} from '@taxback/domain';
import { ClothingStep } from './expense-steps.tsx';
import type { DetailsController } from './use-details.ts';

afterEach(cleanup);

// Two claimable years, oldest first; the current year is left out.
const [older, latest] = claimableTaxYears()
  .map((y) => y.year)
  .slice(1, 3)
  .reverse() as [string, string];

function detailsWith(clothing: ClothingAnswer | undefined): GeneralDetails {
  const empty = createEmptySnapshot(claimableTaxYears());
  return {
    personalInfo: { ...empty.personalInfo, firstName: 'Fay', lastName: 'Fitter' },
    employments: [],
    taxYears: empty.taxYears.map((y) => ({ ...y, selected: [older, latest].includes(y.year) })),
    scottishTaxpayer: 'no',
    expenses: clothing === undefined ? {} : { clothing },
  };
}

let stored: GeneralDetails | null = null;

/** The step with a controller that keeps the answers it is given, as use-details does. */
function Harness({ start, errors = {} }: { start: GeneralDetails; errors?: Record<string, string> }) {
  const [details, setDetails] = useState(start);
  stored = details;
  const d = {
    view: { selectedExpenses: ['uniform'] },
    plan: ['about-you', 'employments', 'tax-years', 'clothing', 'check', 'sign'],
    step: 'clothing',
    sessionId: 'tx_1764158400000_abcdef123',
    evidence: [],
    errors,
    errorKey: 0,
    saving: false,
    update: (patch: Partial<GeneralDetails>) => setDetails((now) => ({ ...now, ...patch })),
    back: vi.fn(),
    change: vi.fn(),
    goTo: vi.fn(),
    continueStep: vi.fn(),
  } as unknown as DetailsController;
  return <ClothingStep d={d} details={details} />;
}

function flatRate(more: Partial<Extract<ClothingAnswer, { kind: 'flat-rate' }>> = {}): ClothingAnswer {
  return { kind: 'flat-rate', industry: '', job: '', ...more };
}

const amounts = () => screen.getByTestId('flat-rate-amounts');
const yearBlock = (year: string) => screen.getByTestId(`clothing-year-${year.replace('/', '-')}`);
const question = (scope: HTMLElement, legend: RegExp) => within(scope).getByRole('group', { name: legend });
const answer = (scope: HTMLElement, legend: RegExp, choice: 'Yes' | 'No') =>
  fireEvent.click(within(question(scope, legend)).getByRole('radio', { name: choice }));
const storedClothing = () => stored?.expenses.clothing as Extract<ClothingAnswer, { kind: 'flat-rate' }>;

describe('the flat rate for uniform, work clothing and tools', () => {
  it('finds a fitter by searching, announces the count, and fills in the industry and job', async () => {
    render(<Harness start={detailsWith(flatRate())} />);
    fireEvent.change(screen.getByLabelText('Search for a job'), { target: { value: 'fitter' } });
    const results = screen.getByRole('group', { name: 'Choose your job from the results' });
    const options = within(results).getAllByRole('radio');
    expect(options).toHaveLength(4);
    const fitter = within(results).getByRole('radio', { name: /welders\s*Constructional engineering/ });
    await waitFor(() =>
      expect(screen.getByTestId('flat-rate-search-status')).toHaveTextContent('4 jobs match your search.'),
    );
    fireEvent.click(fitter);
    expect(fitter).toBeChecked();
    expect(screen.getByLabelText('Your industry')).toHaveValue('constructional-engineering');
    expect(screen.getByLabelText('Your job')).toHaveValue('trades');
    expect(storedClothing()).toMatchObject({ industry: 'constructional-engineering', job: 'trades' });
    // EIM32712 Constructional engineering (a): £140.
    expect(amounts()).toHaveTextContent(`${older}: £140.00`);
  });

  it('says plainly when the search finds nothing', async () => {
    render(<Harness start={detailsWith(flatRate())} />);
    fireEvent.change(screen.getByLabelText('Search for a job'), { target: { value: 'astronaut' } });
    expect(screen.getByText(/^No jobs match your search/)).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('flat-rate-search-status')).toHaveTextContent(/^No jobs match your search/),
    );
    // Enter in the search must not send the page.
    const enter = fireEvent.keyDown(screen.getByLabelText('Search for a job'), { key: 'Enter' });
    expect(enter).toBe(false);
  });

  it('adds the shoes and the stockings or tights allowance for a nurse: £143', () => {
    render(<Harness start={detailsWith(flatRate())} />);
    fireEvent.change(screen.getByLabelText('Your industry'), { target: { value: 'healthcare' } });
    fireEvent.change(screen.getByLabelText('Your job'), { target: { value: 'nurses' } });
    expect(amounts()).toHaveTextContent(`${latest}: £125.00`);
    expect(question(document.body, /buy your own shoes/)).toHaveAccessibleDescription(
      'If so, HMRC adds £12.00 a year to the flat rate.',
    );
    answer(document.body, /buy your own shoes/, 'Yes');
    answer(document.body, /stockings or tights/, 'Yes');
    expect(amounts()).toHaveTextContent(
      `${latest}: £143.00 (£125.00 with £12.00 for shoes and £6.00 for stockings or tights)`,
    );
    expect(storedClothing()).toMatchObject({ shoes: true, stockings: true });
    // A job without the allowance neither asks nor keeps it.
    fireEvent.change(screen.getByLabelText('Your job'), { target: { value: 'porters-domestics' } });
    expect(screen.queryByRole('group', { name: /buy your own shoes/ })).toBeNull();
    expect(storedClothing().shoes).toBeUndefined();
    expect(amounts()).toHaveTextContent(`${latest}: £125.00`);
  });

  it('takes off what the employer pays: £140 less £20 is £120', () => {
    render(
      <Harness start={detailsWith(flatRate({ industry: 'constructional-engineering', job: 'trades' }))} />,
    );
    answer(yearBlock(latest), /Does your employer pay you anything towards these costs/, 'Yes');
    const amount = within(yearBlock(latest)).getByLabelText(
      `How much your employer paid towards these costs in ${latest}`,
    );
    fireEvent.change(amount, { target: { value: '20' } });
    expect(storedClothing().employerPays).toEqual({ [latest]: 2000 });
    expect(amounts()).toHaveTextContent(`${latest}: £120.00 (£140.00 less £20.00 your employer pays)`);
    expect(amounts()).toHaveTextContent(`${older}: £140.00`);
    // "No" for the other year is kept as £0.
    answer(yearBlock(older), /Does your employer pay you anything towards these costs/, 'No');
    expect(storedClothing().employerPays).toEqual({ [older]: 0, [latest]: 2000 });
  });

  it('claims nothing for a year already in the tax code, and says why', () => {
    render(
      <Harness start={detailsWith(flatRate({ industry: 'constructional-engineering', job: 'trades' }))} />,
    );
    answer(yearBlock(older), /already in your tax code/, 'Yes');
    expect(storedClothing().inTaxCode).toEqual([older]);
    expect(within(yearBlock(older)).getByText(`${FLAT_RATE_IN_TAX_CODE_REASON}.`)).toBeVisible();
    expect(amounts()).toHaveTextContent(`${older}: £0.00 (${FLAT_RATE_IN_TAX_CODE_REASON})`);
    expect(amounts()).toHaveTextContent(`${latest}: £140.00`);
    answer(yearBlock(older), /already in your tax code/, 'No');
    expect(storedClothing().inTaxCode).toEqual([]);
    expect(amounts()).toHaveTextContent(`${older}: £140.00`);
  });

  it('tells a special constable why there is no flat rate, and offers the actual cost', async () => {
    render(<Harness start={detailsWith(flatRate())} />);
    fireEvent.change(screen.getByLabelText('Your industry'), { target: { value: 'police' } });
    fireEvent.change(screen.getByLabelText('Your job'), { target: { value: 'special-constables' } });
    const notice = screen.getByTestId('flat-rate-excluded');
    expect(notice).toHaveTextContent('There is no flat rate for this job');
    expect(notice).toHaveTextContent(/Special constables are volunteers with no police pay/);
    expect(notice).toHaveTextContent('you may still be able to claim what you actually spent');
    expect(screen.queryByRole('group', { name: /employer pay you anything/ })).toBeNull();
    expect(amounts()).toHaveTextContent(`${latest}: £0.00 (Special constables are volunteers`);
    fireEvent.click(within(notice).getByRole('button', { name: 'Claim what I actually spent instead' }));
    expect(storedClothing()).toEqual({ kind: 'actual', years: {} });
    await waitFor(() => expect(screen.getByRole('radio', { name: /What I actually spent/ })).toHaveFocus());
    expect(screen.getByLabelText(`What you spent in ${latest}`)).toBeVisible();
  });

  it('shows a stored old job id as the job it now is', () => {
    render(<Harness start={detailsWith(flatRate({ industry: 'building', job: 'stone-masons' }))} />);
    expect(screen.getByLabelText('Your industry')).toHaveValue('building-materials');
    expect(screen.getByLabelText('Your job')).toHaveValue('stone-masons');
    expect(amounts()).toHaveTextContent(`${latest}: £120.00`);
    expect(storedClothing()).toMatchObject({ industry: 'building-materials', job: 'stone-masons' });
  });

  it("shows the server's errors at their fields", () => {
    const pays = `expenses.clothing.employerPays.${latest}`;
    const taxCode = `expenses.clothing.inTaxCode.${older}`;
    render(
      <Harness
        start={detailsWith(
          flatRate({ industry: 'healthcare', job: 'nurses', employerPays: { [latest]: Number.NaN } }),
        )}
        errors={{
          [pays]: 'Enter an amount between £0 and £100,000',
          [taxCode]: `${older} is not one of the tax years you chose`,
          'expenses.clothing.shoes': 'Only nurses can claim for shoes',
        }}
      />,
    );
    const amount = within(yearBlock(latest)).getByLabelText(
      `How much your employer paid towards these costs in ${latest}`,
    );
    expect(amount).toHaveAttribute('id', `field-expenses-clothing-employerPays-${latest.replace('/', '-')}`);
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(/Error: ?Enter an amount between £0 and £100,000/);
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toHaveLength(3);
    for (const href of links) expect(document.getElementById((href ?? '').slice(1))).not.toBeNull();
    expect(question(yearBlock(older), /already in your tax code/)).toHaveAccessibleDescription(
      new RegExp(`Error: ?${older} is not one of the tax years you chose`),
    );
    expect(question(document.body, /buy your own shoes/)).toHaveAccessibleDescription(
      /Error: ?Only nurses can claim for shoes/,
    );
  });
});
