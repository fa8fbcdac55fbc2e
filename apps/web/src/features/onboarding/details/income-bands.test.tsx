// Issue 30 (D21, D31): the details journey asks each chosen year's income band, and the estimate on
// check your answers uses it, saying plainly when a year's band was not given.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimableTaxYears, createEmptySnapshot, type GeneralDetails } from '@taxback/domain';
import { TaxYearsStep } from './about-steps.tsx';
import { CheckStep } from './check-and-sign.tsx';
import type { DetailsController } from './use-details.ts';

afterEach(cleanup);

// Three claimable years, oldest first; the current year is left out (its rates may not be set).
const [older, middle, latest] = claimableTaxYears()
  .map((y) => y.year)
  .slice(1, 4)
  .reverse() as [string, string, string];

function nurse(scottish: 'yes' | 'no', bands: Record<string, string>): GeneralDetails {
  const empty = createEmptySnapshot(claimableTaxYears());
  return {
    personalInfo: { ...empty.personalInfo, firstName: 'Nia', lastName: 'Nurse' },
    employments: [],
    taxYears: empty.taxYears.map((y) => ({
      ...y,
      selected: [older, middle, latest].includes(y.year),
      incomeBand: (bands[y.year] ?? '') as GeneralDetails['taxYears'][number]['incomeBand'],
    })),
    scottishTaxpayer: scottish,
    expenses: { clothing: { kind: 'flat-rate', industry: 'healthcare', job: 'nurses' } },
  };
}

function controller(step: 'tax-years' | 'check', update = vi.fn()): DetailsController {
  return {
    view: { selectedExpenses: ['uniform'] },
    plan: ['about-you', 'employments', 'tax-years', 'clothing', 'check', 'sign'],
    step,
    errors: {},
    errorKey: 0,
    saving: false,
    update,
    back: vi.fn(),
    change: vi.fn(),
    goTo: vi.fn(),
    continueStep: vi.fn(),
  } as unknown as DetailsController;
}

const slug = (year: string) => year.replace('/', '-');

describe('the income band in the details journey (issue 30)', () => {
  it("asks each chosen year's band with that year's rates, Scottish ones for a Scottish taxpayer", () => {
    const update = vi.fn();
    render(<TaxYearsStep d={controller('tax-years', update)} details={nurse('no', {})} />);
    const bands = screen.getByTestId('income-bands');
    const select = within(bands).getByLabelText(`Which best describes your income in ${middle}?`);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Choose your rate',
      'Basic rate (20%)',
      'Higher rate (40%)',
      'Additional rate (45%)',
      'Not sure',
    ]);
    expect(within(bands).getAllByRole('combobox')).toHaveLength(3);
    fireEvent.change(select, { target: { value: 'higher' } });
    const patch = update.mock.calls[0]![0] as Pick<GeneralDetails, 'taxYears'>;
    expect(patch.taxYears.find((y) => y.year === middle)?.incomeBand).toBe('higher');
    expect(patch.taxYears.filter((y) => y.incomeBand !== '').map((y) => y.year)).toEqual([middle]);
    cleanup();

    render(<TaxYearsStep d={controller('tax-years')} details={nurse('yes', {})} />);
    const scottish = screen.getByLabelText(`Which best describes your income in ${middle}?`);
    const labels = within(scottish)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(labels).toContain('Starter rate (19%)');
    expect(labels).toContain('Intermediate rate (21%)');
    expect(labels).not.toContain('Additional rate (45%)');
  });

  it('estimates each year at its band, and says a year without one is a range', () => {
    render(
      <CheckStep d={controller('check')} details={nurse('no', { [older]: 'basic', [middle]: 'higher' })} />,
    );
    // A nurse's £125 flat rate (EIM32712): 20% is £25, 40% is £50, unknown £25 to £50.
    expect(screen.getByTestId(`estimate-${slug(older)}`)).toHaveTextContent(
      `${older}: £25.00, at your rate of 20%`,
    );
    expect(screen.getByTestId(`estimate-${slug(middle)}`)).toHaveTextContent(
      `${middle}: £50.00, at your rate of 40%`,
    );
    expect(screen.getByTestId(`estimate-${slug(latest)}`)).toHaveTextContent(
      `${latest}: £25.00 to £50.00, you have not told us your income, so this is between the basic rate (20%) and the higher rate (40%)`,
    );
    expect(screen.getByTestId('details-estimate')).toHaveTextContent('In all: £100.00 to £125.00');
    const income = screen.getByText('Your income').closest('div')!;
    expect(income).toHaveTextContent(`${older}: Basic rate (20%)`);
    expect(income).toHaveTextContent(`${latest}: Not given`);
  });
});
