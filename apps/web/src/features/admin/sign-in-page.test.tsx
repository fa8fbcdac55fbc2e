import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AdminSessionProvider } from './admin-session.tsx';
import { SignInPage } from './sign-in-page.tsx';
import { fakeAdminApi, type Reply } from '../../../test/admin-helpers.ts';

// /admin/sign-in: the password, then the authenticator's code (or, the first time, its setup),
// as the operator goes through it; the phases themselves are sign-in-state.test.ts's table.

afterEach(() => vi.unstubAllGlobals());

const OPERATOR = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'o@example.com',
  name: 'Olive',
  role: 'admin',
};
const ENROLMENT = {
  qrCode: 'data:image/png;base64,AAAA',
  setupKey: 'JBSWY3DPEHPK3PXP',
  issuer: 'TaxBack',
  account: 'o@example.com',
};
function open(replies: Record<string, Reply[]>) {
  const api = fakeAdminApi({}, { 'GET /api/admin/me': [[401, { error: 'Not signed in' }]], ...replies });
  render(
    <AdminSessionProvider>
      <MemoryRouter initialEntries={['/admin/sign-in']}>
        <Routes>
          <Route path="/admin/sign-in" element={<SignInPage />} />
          <Route path="/admin/claims" element={<h1>Claims</h1>} />
        </Routes>
      </MemoryRouter>
    </AdminSessionProvider>,
  );
  return api;
}

function typeInto(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function signInWithPassword() {
  typeInto('Email address', 'o@example.com');
  typeInto('Password', 'correct horse battery');
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('/admin/sign-in', () => {
  it('takes the password, then the code, then opens the claims', async () => {
    const api = open({
      'POST /api/admin/sign-in': [[200, { next: 'code', csrfToken: 't1' }]],
      'POST /api/admin/sign-in/code': [[200, { operator: OPERATOR, csrfToken: 't2' }]],
    });
    signInWithPassword();
    expect(await screen.findByRole('heading', { name: 'Enter your security code' })).toBeVisible();
    expect(api.sent('POST /api/admin/sign-in')).toEqual([
      { email: 'o@example.com', password: 'correct horse battery' },
    ]);
    typeInto('Security code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Claims' })).toBeVisible();
    expect(api.sent('POST /api/admin/sign-in/code')).toEqual([{ code: '123456' }]);
  });

  it('a wrong password: the message in the focused summary, the email kept', async () => {
    open({ 'POST /api/admin/sign-in': [[401, { error: 'Wrong email or password' }]] });
    signInWithPassword();
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Wrong email or password');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByLabelText('Email address')).toHaveValue('o@example.com');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  it('locked out at the setup: back to the password, the code cleared; the setup fetched once', async () => {
    const api = open({
      'POST /api/admin/sign-in': [[200, { next: 'enrol', csrfToken: 't1' }]],
      'GET /api/admin/enrol': [[200, ENROLMENT]],
      'POST /api/admin/enrol': [
        [423, { error: 'Locked', errors: { code: 'Too many tries: locked for 15 minutes' } }],
      ],
    });
    signInWithPassword();
    expect(await screen.findByTestId('setup-key')).toHaveTextContent(ENROLMENT.setupKey);
    typeInto('Security code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Too many tries: locked for 15 minutes');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    signInWithPassword();
    expect(await screen.findByTestId('setup-key')).toHaveTextContent(ENROLMENT.setupKey);
    expect(screen.getByLabelText('Security code')).toHaveValue('');
    expect(api.sent('GET /api/admin/enrol')).toHaveLength(1);
  });
});
