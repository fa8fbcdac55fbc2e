import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ONBOARDING_SESSION_KEY, ResumePage } from './resume-page.tsx';

const NEW_SESSION = 'tx_1700000000000_abcdefghijklmnopqrstuv';

function stubResume(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(code: string) {
  render(
    <MemoryRouter initialEntries={[`/resume/${code}`]}>
      <Routes>
        <Route path="/resume/:token" element={<ResumePage />} />
        <Route path="/onboarding" element={<h1>Wizard</h1>} />
        <Route path="/" element={<h1>Home</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function submitPhone(phone: string) {
  fireEvent.change(screen.getByLabelText('Enter the mobile number this code was sent to'), {
    target: { value: phone },
  });
  fireEvent.click(screen.getByTestId('resume-submit'));
}

beforeEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/resume/ABCD');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ResumePage', () => {
  it('rejects a malformed code without calling the server', async () => {
    const fetchMock = stubResume(200, {});
    renderAt('AB0O');
    expect(screen.getByRole('heading', { name: 'Unable to Resume' })).toBeInTheDocument();
    expect(screen.getByTestId('resume-message')).toHaveTextContent(
      'Invalid resume code. Please check your SMS and try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Start New Application' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the phone, checks it, then resumes with a new session id and leaves the code out of the URL', async () => {
    const fetchMock = stubResume(200, { sessionId: NEW_SESSION });
    renderAt('abcd');
    expect(window.location.pathname).toBe('/resume');
    fireEvent.click(screen.getByTestId('resume-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter the mobile number this code was sent to',
    );
    await submitPhone('12345');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid UK phone number');
    expect(fetchMock).not.toHaveBeenCalled();
    await submitPhone('07700 900123');
    expect(await screen.findByRole('heading', { name: 'Wizard' })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/resume');
    expect(JSON.parse(String(init.body))).toEqual({ code: 'ABCD', phone: '07700 900123' });
    expect(sessionStorage.getItem(ONBOARDING_SESSION_KEY)).toBe(NEW_SESSION);
  });

  it('shows "Resuming Your Application" while the server answers', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderAt('ABCD');
    await submitPhone('07700900123');
    expect(await screen.findByRole('heading', { name: 'Resuming Your Application' })).toBeInTheDocument();
    answer(new Response(JSON.stringify({ sessionId: NEW_SESSION }), { status: 200 }));
    expect(await screen.findByRole('heading', { name: 'Wizard' })).toBeInTheDocument();
  });

  it.each([
    [
      404,
      { error: 'Resume code not found. It may have expired or been used already.' },
      'Resume code not found. It may have expired or been used already.',
    ],
    [
      429,
      { error: 'Too many attempts. Please wait 15 minutes and try again.' },
      'Too many attempts. Please wait 15 minutes and try again.',
    ],
    [500, { error: 'Internal' }, 'Something went wrong. Please try again or contact support.'],
    [
      400,
      { errors: { code: 'Invalid resume code. Please check your SMS and try again.' } },
      'Invalid resume code. Please check your SMS and try again.',
    ],
  ])('answers %i with the right message and a way to start again', async (status, body, message) => {
    stubResume(status, body);
    renderAt('ABCD');
    await submitPhone('07700900123');
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Unable to Resume' })).toBeInTheDocument(),
    );
    expect(screen.getByTestId('resume-message')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Start New Application' })).toBeInTheDocument();
    expect(sessionStorage.getItem(ONBOARDING_SESSION_KEY)).toBeNull();
  });
});
