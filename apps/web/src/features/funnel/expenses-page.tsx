import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { EXPENSE_CATEGORIES, MARRIAGE_ALLOWANCE_URL, type ExpenseId } from '@taxback/domain/expenses';
import { Container } from '../../components/ui/container.tsx';
import { Button } from '../../components/ui/button.tsx';
import { call } from '../../lib/api/client.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { paths } from '../../lib/paths.ts';
import { ReplaceBeforePaint } from '../../lib/replace-before-paint.tsx';
import {
  getAffiliate,
  getSelectedExpenses,
  getUtmData,
  recordAssessmentStep,
  rememberFunnelSessionId,
  resolveFunnelSessionId,
  saveSelectedExpenses,
  type FunnelNavigationState,
} from '../../lib/funnel-storage.ts';

export const NO_EXPENSE_MESSAGE = 'Please select at least one expense';
const SESSION_EXPIRED_STATE = { error: 'Session expired' } as const;

export type ClaimNavigationState = FunnelNavigationState & { selectedExpenses: ExpenseId[] };

/** Expense selection (SPEC §2): eight toggles; the choice is kept in session storage for return visits. */
export function ExpensesPage() {
  const location = useLocation();
  const navigate = useNavigate();
  usePageTitle('Which work expenses do you pay for yourself?');
  const [sessionId] = useState(() => {
    const id = resolveFunnelSessionId(location.state);
    if (id) rememberFunnelSessionId(id);
    return id;
  });
  const [selected, setSelected] = useState<ExpenseId[]>(() => getSelectedExpenses());
  const [showError, setShowError] = useState(false);
  // Issue 45: one anonymous arrival at this step for the funnel's counts (no id, nothing stored).
  const counted = useRef(false);
  useEffect(() => {
    if (!sessionId || counted.current) return;
    counted.current = true;
    void call('countFunnelStep', { params: { step: 'expenses' } });
  }, [sessionId]);

  // The landing page is in the main bundle: it replaces this page before the next paint.
  if (!sessionId) return <ReplaceBeforePaint to={paths.home.getHref()} state={SESSION_EXPIRED_STATE} />;

  const toggle = (id: ExpenseId) => {
    const next = selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
    // Keep SPEC order so the stored list is stable whatever order the boxes were ticked in.
    const ordered = EXPENSE_CATEGORIES.map((c) => c.id).filter((x) => next.includes(x));
    setSelected(ordered);
    saveSelectedExpenses(ordered);
    if (ordered.length > 0) setShowError(false);
  };

  const goBack = () => {
    const assessmentData = recordAssessmentStep('returning_to_qualification');
    const state: FunnelNavigationState = {
      sessionId,
      assessmentData,
      affiliateName: getAffiliate(),
      utmData: getUtmData(),
    };
    void navigate(paths.home.getHref(), { state });
  };

  const goOn = () => {
    if (selected.length === 0) {
      setShowError(true);
      return;
    }
    // The session may have been cleared in another tab since this page opened.
    const current = resolveFunnelSessionId(location.state);
    if (!current) {
      void navigate(paths.home.getHref(), { replace: true, state: SESSION_EXPIRED_STATE });
      return;
    }
    const assessmentData = recordAssessmentStep('expenses_completed');
    const state: ClaimNavigationState = {
      sessionId: current,
      assessmentData,
      affiliateName: getAffiliate(),
      utmData: getUtmData(),
      selectedExpenses: selected,
    };
    void navigate(paths.complete.getHref(), { state });
  };

  const none = selected.length === 0;
  return (
    <Container width="narrow" className="py-8">
      <Button variant="link" onClick={goBack} className="mb-4 -ml-1">
        <span aria-hidden="true">‹</span> Back
      </Button>
      <h1 className="mb-2 text-3xl">Which work expenses do you pay for yourself?</h1>
      <p id="expenses-hint" className="mb-6 text-lg">
        Choose your expenses below to maximize your refund
      </p>
      {showError && none && (
        <p
          id="expenses-error"
          role="alert"
          className="mb-4 border-l-4 border-danger pl-3 font-semibold text-danger"
        >
          <span className="sr-only">Error: </span>
          {NO_EXPENSE_MESSAGE}
        </p>
      )}
      <div role="group" aria-labelledby="expenses-hint">
        <ul className="grid gap-3 sm:grid-cols-2">
          {EXPENSE_CATEGORIES.map((c) => {
            const on = selected.includes(c.id);
            return (
              <li key={c.id}>
                <button
                  type="button"
                  aria-pressed={on}
                  onClick={() => toggle(c.id)}
                  className={`flex min-h-14 w-full items-center gap-3 rounded-lg border-2 px-4 py-3 text-left font-semibold ${
                    on
                      ? 'border-brand-700 bg-brand-50 text-brand-800'
                      : 'border-gray-400 bg-white text-ink hover:border-brand-700'
                  }`}
                >
                  <span
                    aria-hidden="true"
                    className={`inline-flex h-6 w-6 shrink-0 items-center justify-center rounded border-2 ${
                      on ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-600 bg-white'
                    }`}
                  >
                    {on ? '✓' : ''}
                  </span>
                  <span>{c.label}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      <p className="mt-6" data-testid="marriage-allowance-link">
        Marriage Allowance is not a work expense. To see if you can transfer part of your Personal Allowance
        to your partner, read{' '}
        <a href={MARRIAGE_ALLOWANCE_URL} rel="noopener noreferrer">
          Marriage Allowance on GOV.UK
        </a>
        .
      </p>
      <div className="mt-8">
        <Button
          fullWidth
          aria-disabled={none}
          aria-describedby={showError && none ? 'expenses-error' : undefined}
          onClick={goOn}
        >
          Continue
        </Button>
      </div>
    </Container>
  );
}
