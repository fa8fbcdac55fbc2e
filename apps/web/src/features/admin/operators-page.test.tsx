import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminSessionProvider } from './admin-session.tsx';
import { OperatorsPage } from './operators-page.tsx';
import { fakeAdminApi, signedIn, type Reply } from '../../../test/admin-helpers.ts';

// /admin/operators: setting an operator's new password, in its own form under the table.

afterEach(() => vi.unstubAllGlobals());

const row = (id: string, name: string) => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  email: `${name.toLowerCase()}@example.com`,
  name,
  role: 'caseworker',
  disabled: false,
  secondFactor: true,
  locked: false,
  lastSignIn: null,
});
const OPERATORS = { operators: [row('1', 'Olive'), row('2', 'Cass'), row('3', 'Dev')] };
const CHANGE_CASS = 'PATCH /api/admin/operators/00000000-0000-4000-8000-000000000002';

/** The page opened with the operators listed and `replies` to what it sends; answers what it sent. */
function open(replies: Record<string, Reply>) {
  const api = fakeAdminApi(
    { 'GET /api/admin/me': signedIn('admin'), 'GET /api/admin/operators': OPERATORS },
    Object.fromEntries(Object.entries(replies).map(([key, reply]) => [key, [reply]])),
  );
  render(
    <AdminSessionProvider>
      <OperatorsPage />
    </AdminSessionProvider>,
  );
  return api.sent;
}

// The operator's name is in a visually hidden span (jsdom joins it to the words without the space).
const setPasswordFor = (name: string) =>
  fireEvent.click(screen.getByRole('button', { name: new RegExp(`^Set a new password ?for ${name}$`) }));
const typePassword = (value: string) =>
  fireEvent.change(screen.getByLabelText('New password'), { target: { value } });

describe('/admin/operators: a new password', () => {
  it('opens the form with its heading focused; a refused password’s message is focused, at its field', async () => {
    const sent = open({ [CHANGE_CASS]: [400, { errors: { password: 'Use at least 12 characters' } }] });
    await screen.findByRole('cell', { name: 'Cass' });
    setPasswordFor('Cass');
    const heading = screen.getByRole('heading', { name: 'Set a new password for Cass' });
    await waitFor(() => expect(heading).toHaveFocus());
    typePassword('short');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Use at least 12 characters');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/Use at least 12 characters/);
    expect(sent(CHANGE_CASS)).toEqual([{ action: 'reset-password', password: 'short' }]);
  });

  it('says the password was set, closes the form and reloads the operators', async () => {
    const sent = open({ [CHANGE_CASS]: [204, null] });
    await screen.findByRole('cell', { name: 'Cass' });
    setPasswordFor('Cass');
    typePassword('a long enough password');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Cass: new password set and signed out everywhere. Give it to them in person or by phone.',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(sent('GET /api/admin/operators')).toHaveLength(2);
  });

  it('starts afresh for another operator, focusing its heading; Cancel closes it', async () => {
    open({ [CHANGE_CASS]: [400, { errors: { password: 'Use at least 12 characters' } }] });
    await screen.findByRole('cell', { name: 'Cass' });
    setPasswordFor('Cass');
    typePassword('short');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await screen.findByRole('alert');
    setPasswordFor('Dev');
    const heading = screen.getByRole('heading', { name: 'Set a new password for Dev' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: 'Set a new password for Dev' })).toBeNull();
  });
});
