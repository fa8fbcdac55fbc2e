import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completedSnapshot, installFakeServer, renderWizard } from '../../../../test/wizard-helpers.tsx';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open() {
  const base = completedSnapshot({});
  const snapshot = {
    ...base,
    employments: [{ ...base.employments[0]!, payeReference: '', jobTitle: '', continuing: '' as const }],
  };
  const at = 'employments';
  const fake = installFakeServer({
    saved: { snapshot, currentStep: at, lastStepCompleted: 'personal', revision: 2 },
  });
  renderWizard();
  await screen.findByRole('heading', { level: 1, name: 'Your employments' });
  return fake;
}

// D17: what HMRC's P87 asks about each job, 1 to 5 jobs with "Add another".
describe('employments step', () => {
  it('asks for the PAYE reference (or "I don\'t have it"), the job title and whether the job continues', async () => {
    await open();
    fireEvent.click(screen.getByTestId('wizard-continue'));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      "Enter the employer PAYE reference, or tick that you don't have it",
      'Enter your job title',
      'Select whether you still work there',
    ]);
    fireEvent.change(screen.getByLabelText('Employer PAYE reference'), { target: { value: '12/ab' } });
    fireEvent.click(screen.getByTestId('wizard-continue'));
    expect(await screen.findByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      'Enter the employer PAYE reference in the correct format, like 123/AB45678',
    );
    fireEvent.click(screen.getByLabelText(/I don't have it/));
    expect(screen.getByLabelText('Employer PAYE reference')).toHaveValue('');
    fireEvent.change(screen.getByLabelText('Your job title'), { target: { value: 'Engineer' } });
    fireEvent.click(screen.getByLabelText('No'));
    fireEvent.click(screen.getByTestId('wizard-continue'));
    expect(await screen.findByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      'Enter the date the job ended',
    );
    const ended = screen.getByRole('group', { name: 'When did the job end?' });
    fireEvent.change(within(ended).getByLabelText('Day'), { target: { value: '31' } });
    fireEvent.change(within(ended).getByLabelText('Month'), { target: { value: '8' } });
    fireEvent.change(within(ended).getByLabelText('Year'), { target: { value: '2025' } });
    expect(screen.queryByRole('alert', { name: 'There is a problem' })).toBeNull();
  });

  it('adds and removes employments, up to five, and saves them', async () => {
    const fake = await open();
    fireEvent.change(screen.getByLabelText('Employer PAYE reference'), { target: { value: '123/ab45678' } });
    fireEvent.change(screen.getByLabelText('Your job title'), { target: { value: 'Engineer' } });
    fireEvent.click(screen.getByLabelText('Yes'));
    for (let i = 0; i < 4; i++) fireEvent.click(screen.getByTestId('add-employment'));
    expect(screen.getAllByRole('heading', { level: 2, name: /^Employment \d$/ })).toHaveLength(5);
    expect(screen.queryByTestId('add-employment')).toBeNull();
    expect(screen.getByText('You can add up to 5 employments.')).toBeInTheDocument();
    for (let n = 5; n > 2; n--) fireEvent.click(screen.getByTestId(`remove-employment-${n}`));
    const second = screen.getByTestId('employment-2');
    fireEvent.change(within(second).getByLabelText("Employer's name"), { target: { value: 'Beta Ltd' } });
    fireEvent.click(within(second).getByLabelText(/I don't have it/));
    fireEvent.change(within(second).getByLabelText('Your job title'), { target: { value: 'Driver' } });
    fireEvent.click(within(second).getByLabelText('Yes'));
    fireEvent.click(screen.getByTestId('wizard-continue'));
    await screen.findByRole('heading', { level: 1, name: 'Which tax years do you want to claim for?' });
    await waitFor(() => expect(fake.puts()).toHaveLength(1));
    const put = fake.puts()[0] as { snapshot: { employments: Array<Record<string, unknown>> } };
    expect(put.snapshot.employments).toEqual([
      expect.objectContaining({
        id: 'job-1',
        employerName: 'Acme Ltd',
        payeReference: '123/AB45678',
        continuing: 'yes',
      }),
      expect.objectContaining({
        id: 'job-2',
        employerName: 'Beta Ltd',
        noPayeReference: true,
        jobTitle: 'Driver',
      }),
    ]);
  });
});
