import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimableTaxYears } from '@taxback/domain';
import { completedSnapshot, installFakeServer, renderWizard } from '../../../../test/wizard-helpers.tsx';

const [y1] = claimableTaxYears().map((y) => y.year) as [string];

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open() {
  const snapshot = completedSnapshot({ [y1]: 5000 }, {}, 10);
  installFakeServer({
    saved: {
      snapshot,
      currentStep: 'check-answers',
      lastStepCompleted: 'evidence',
      revision: 8,
      server: {
        evidenceFiles: {
          [y1]: [
            {
              id: '00000000-0000-4000-8000-000000000001',
              filename: 'a.pdf',
              url: '/api/files/00000000-0000-4000-8000-000000000001',
              type: 'application/pdf',
              size: 10,
            },
          ],
        },
      },
    },
  });
  renderWizard();
  await screen.findByRole('heading', { level: 1, name: 'Check your answers' });
}

// D17: a check-your-answers page before signing, each answer with a Change link that returns here.
describe('check your answers', () => {
  it('lists every answer once', async () => {
    await open();
    const about = screen.getByTestId('cya-about');
    expect(within(about).getByText('4 March 1990')).toBeInTheDocument();
    const job = screen.getByTestId('cya-employment-1');
    expect(job).toHaveTextContent('Acme Ltd');
    expect(job).toHaveTextContent('123/AB45678');
    expect(job).toHaveTextContent('Engineer');
    const year = screen.getByTestId(`cya-year-${y1.replace('/', '-')}`);
    expect(year).toHaveTextContent('5,000 miles by car or van');
    expect(year).toHaveTextContent('10p a mile (£500)');
    expect(year).toHaveTextContent('1 file');
    // Every P87 answer is there: nothing is listed as still needed.
    expect(screen.queryByTestId('p87-still-needed')).toBeNull();
  });

  it("lists what HMRC's form still needs, from the domain's readiness list (D17)", async () => {
    const snapshot = completedSnapshot({ [y1]: 5000 });
    snapshot.employments = [{ ...snapshot.employments[0]!, payeReference: '', noPayeReference: true }];
    installFakeServer({
      saved: {
        snapshot,
        currentStep: 'check-answers',
        lastStepCompleted: 'evidence',
        revision: 8,
      },
    });
    renderWizard();
    await screen.findByRole('heading', { level: 1, name: 'Check your answers' });
    expect(screen.getByTestId('p87-still-needed')).toHaveTextContent(
      'Employer PAYE reference (employment 1)',
    );
  });

  it('a Change link goes to the question and Continue comes back here with the new answer', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Change date of birth' }));
    await screen.findByRole('heading', { level: 1, name: 'Your personal details' });
    const dob = screen.getByRole('group', { name: 'Date of birth' });
    fireEvent.change(within(dob).getByLabelText('Year'), { target: { value: '1991' } });
    fireEvent.click(screen.getByTestId('wizard-continue'));
    await screen.findByRole('heading', { level: 1, name: 'Check your answers' });
    expect(within(screen.getByTestId('cya-about')).getByText('4 March 1991')).toBeInTheDocument();
    // Back from a change returns here too.
    fireEvent.click(screen.getByRole('button', { name: 'Change job title' }));
    await screen.findByRole('heading', { level: 1, name: 'Your employments' });
    fireEvent.click(screen.getByTestId('wizard-back'));
    await screen.findByRole('heading', { level: 1, name: 'Check your answers' });
  });
});
