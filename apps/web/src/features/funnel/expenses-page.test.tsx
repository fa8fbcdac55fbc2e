import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ExpensesPage } from './expenses-page.tsx';
import { LocationProbe, TEST_SESSION_ID, renderRoutes } from '../../../test/funnel-helpers.tsx';

const routes = [
  { path: '/', Component: LocationProbe },
  { path: '/expenses', Component: ExpensesPage },
  { path: '/complete', Component: LocationProbe },
];
const assessment = {
  qualifies: 'yes',
  timestamp: '2025-01-01T00:00:00.000Z',
  step: 'qualification_completed',
  lastUpdated: '2025-01-01T00:00:00.000Z',
};

function startWithSession() {
  sessionStorage.setItem('funnel_session_id', TEST_SESSION_ID);
  sessionStorage.setItem('funnel_assessment', JSON.stringify(assessment));
}
function navState(): Record<string, unknown> {
  return JSON.parse(screen.getByTestId('state').textContent ?? 'null') as Record<string, unknown>;
}

beforeEach(() => sessionStorage.clear());

describe('ExpensesPage', () => {
  it('redirects to / with "Session expired" when there is no session', async () => {
    const { router } = renderRoutes(routes, '/expenses');
    // Decision 092: the redirect is made right after the page's first commit, before a paint.
    expect(await screen.findByTestId('pathname')).toHaveTextContent(/^\/$/);
    expect(navState()).toEqual({ error: 'Session expired' });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('accepts the session from navigation state and mirrors it to storage', () => {
    renderRoutes(routes, { pathname: '/expenses', state: { sessionId: TEST_SESSION_ID } });
    expect(
      screen.getByRole('heading', { name: 'Which work expenses do you pay for yourself?' }),
    ).toBeVisible();
    expect(sessionStorage.getItem('funnel_session_id')).toBe(TEST_SESSION_ID);
  });

  // D28: marriage allowance is not a job expense; it is a separate link to GOV.UK.
  it('shows the seven categories and a GOV.UK link for marriage allowance; Continue is disabled until one is chosen', () => {
    startWithSession();
    renderRoutes(routes, '/expenses');
    expect(screen.getByText('Choose your expenses below to maximize your refund')).toBeVisible();
    const toggles = screen.getAllByRole('button', { pressed: false });
    expect(toggles).toHaveLength(7);
    expect(screen.queryByRole('button', { name: /marriage/i })).toBeNull();
    expect(screen.getByRole('link', { name: 'Marriage Allowance on GOV.UK' })).toHaveAttribute(
      'href',
      'https://www.gov.uk/marriage-allowance',
    );
    const cont = screen.getByRole('button', { name: 'Continue' });
    expect(cont).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(cont);
    expect(screen.getByRole('alert')).toHaveTextContent('Please select at least one expense');
    expect(screen.queryByTestId('pathname')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Hotel stays' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(cont).toHaveAttribute('aria-disabled', 'false');
  });

  it('toggles a category on and off and stores the choice', () => {
    startWithSession();
    renderRoutes(routes, '/expenses');
    const hotel = screen.getByRole('button', { name: 'Hotel stays' });
    fireEvent.click(hotel);
    expect(hotel).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Telephone expenses' }));
    expect(JSON.parse(sessionStorage.getItem('funnel_expenses') ?? '[]')).toEqual(['hotel', 'telephone']);
    fireEvent.click(hotel);
    expect(hotel).toHaveAttribute('aria-pressed', 'false');
    expect(JSON.parse(sessionStorage.getItem('funnel_expenses') ?? '[]')).toEqual(['telephone']);
  });

  it('restores the stored selection on return', () => {
    startWithSession();
    sessionStorage.setItem('funnel_expenses', JSON.stringify(['wfh', 'fees']));
    renderRoutes(routes, '/expenses');
    expect(
      screen.getByRole('button', { name: 'Set amount for working from home (tax years up to 2025/26)' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Professional fees or subscription fees' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(2);
  });

  it('Continue records expenses_completed and goes to /complete with the state', () => {
    startWithSession();
    renderRoutes(routes, '/expenses');
    fireEvent.click(screen.getByRole('button', { name: 'Uniform, PPE or tooling' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('pathname')).toHaveTextContent('/complete');
    const state = navState();
    expect(state).toMatchObject({ sessionId: TEST_SESSION_ID, selectedExpenses: ['uniform'] });
    expect(state.assessmentData).toMatchObject({
      step: 'expenses_completed',
      timestamp: assessment.timestamp,
    });
    expect(JSON.parse(sessionStorage.getItem('funnel_assessment') ?? '{}').step).toBe('expenses_completed');
  });

  it('Back returns to / and records returning_to_qualification', () => {
    startWithSession();
    renderRoutes(routes, '/expenses');
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByTestId('pathname')).toHaveTextContent(/^\/$/);
    expect(navState()).toMatchObject({
      sessionId: TEST_SESSION_ID,
      assessmentData: { step: 'returning_to_qualification', timestamp: assessment.timestamp },
    });
  });
});
