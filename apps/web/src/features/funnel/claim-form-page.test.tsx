import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { CONTENT } from '@taxback/domain/content';
import { ClaimFormPage } from './claim-form-page.tsx';
import { LocationProbe, TEST_SESSION_ID, renderRoutes } from '../../../test/funnel-helpers.tsx';
import { redirectTo } from '../../lib/redirect.ts';
import { MockPad, canvasThatDraws } from '../../../test/signature-pad-mock.ts';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

// jsdom has no canvas: signature_pad is replaced by a stand-in the test can "draw" on.
vi.mock('signature_pad', async () => ({
  default: (await import('../../../test/signature-pad-mock.ts')).MockPad,
}));
vi.mock('../../lib/redirect.ts', () => ({ redirectTo: vi.fn() }));
// The public settings (GET /api/settings) as loaded; these tests count the claim's own requests.
const settings = vi.hoisted(() => ({
  current: {
    agent: { companyName: 'Example Claims Ltd', address: '2 Agent Road, London', hmrcAgentReference: '' },
    fee: { percent: 0, minimumPence: 0, vatPercent: 0 },
  },
}));
vi.mock('../../lib/settings.ts', () => ({ useSettings: () => settings.current }));

const routes = [
  { path: '/', Component: LocationProbe },
  { path: '/expenses', Component: LocationProbe },
  { path: '/complete', Component: ClaimFormPage },
];
const assessment = {
  qualifies: 'yes',
  timestamp: '2025-01-01T00:00:00.000Z',
  step: 'expenses_completed',
  lastUpdated: '2025-01-01T00:02:00.000Z',
};

function startSession() {
  sessionStorage.setItem('funnel_session_id', TEST_SESSION_ID);
  sessionStorage.setItem('funnel_assessment', JSON.stringify(assessment));
  sessionStorage.setItem('funnel_expenses', JSON.stringify(['travel', 'wfh']));
  sessionStorage.setItem('affiliate', 'partner-a');
  sessionStorage.setItem(
    'utm_data',
    JSON.stringify({
      full_url: 'https://taxback.test/partner-a?utm_source=g&kw=refund',
      utm_source: 'g',
      kw: 'refund',
    }),
  );
}
function field(label: string) {
  return screen.getByLabelText(label) as HTMLInputElement;
}
function type(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}
function sign() {
  act(() => MockPad.pads.at(-1)?.draw());
}
function fillValid() {
  type('First name', ' Ada ');
  type('Last name', 'Lovelace');
  type('Email address', 'Ada@Example.COM');
  type('Phone number', '07700 900123');
  sign();
}
function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The server's 201 for a stored claim (no authority link unless a test adds one). */
const CREATED = {
  id: '00000000-0000-4000-8000-000000000001',
  reference: 'TB 4K7 9MX 2QH',
  signatureUrl: '/api/files/00000000-0000-4000-8000-000000000002',
  authorityUrl: null,
};

beforeEach(() => {
  sessionStorage.clear();
  MockPad.pads.length = 0;
  vi.mocked(redirectTo).mockClear();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ClaimFormPage', () => {
  it('redirects to / without a session', () => {
    renderRoutes(routes, '/complete');
    expect(screen.getByTestId('pathname')).toHaveTextContent(/^\/$/);
  });

  it('shows the form with autocomplete hints and a disabled submit until everything is filled and signed', () => {
    startSession();
    renderRoutes(routes, '/complete');
    expect(screen.getByRole('heading', { level: 1, name: 'Complete Your Claim' })).toBeVisible();
    expect(field('First name')).toHaveAttribute('autocomplete', 'given-name');
    expect(field('Last name')).toHaveAttribute('autocomplete', 'family-name');
    expect(field('Email address')).toHaveAttribute('inputmode', 'email');
    expect(field('Phone number')).toHaveAttribute('autocomplete', 'tel');
    const submit = screen.getByRole('button', { name: 'Submit Claim' });
    expect(submit).toBeDisabled();
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Email address', 'ada@example.com');
    type('Phone number', '07700900123');
    expect(submit).toBeDisabled();
    sign();
    expect(submit).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Signature' }));
    expect(submit).toBeDisabled();
  });

  it('validates on blur with the SPEC messages and clears them when fixed', () => {
    startSession();
    renderRoutes(routes, '/complete');
    fireEvent.blur(field('First name'));
    expect(screen.getByText('First name is required')).toBeVisible();
    fireEvent.blur(field('Last name'));
    expect(screen.getByText('Last name is required')).toBeVisible();
    type('Email address', 'not-an-email');
    fireEvent.blur(field('Email address'));
    expect(screen.getByText('Please enter a valid email address')).toBeVisible();
    expect(field('Email address')).toHaveAttribute('aria-invalid', 'true');
    type('Phone number', '12345');
    fireEvent.blur(field('Phone number'));
    expect(screen.getByText('Please enter a valid UK phone number')).toBeVisible();
    type('Phone number', '+44 7700 900123');
    expect(screen.queryByText('Please enter a valid UK phone number')).not.toBeInTheDocument();
  });

  it('strips < and > as the user types', () => {
    startSession();
    renderRoutes(routes, '/complete');
    type('First name', '<b>Ada</b>');
    expect(field('First name').value).toBe('bAda/b');
  });

  it('shows an error summary on submit when a value is invalid, and sends nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    startSession();
    renderRoutes(routes, '/complete');
    fillValid();
    type('Email address', 'bad@');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Claim' }));
    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent('There is a problem');
    expect(screen.getByRole('link', { name: 'Please enter a valid email address' })).toHaveAttribute(
      'href',
      '#email',
    );
    expect(summary).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('ClaimFormPage: sending the claim', () => {
  it('posts the claim once, shows the success dialog and stays on it (D30: no 3-second redirect)', async () => {
    vi.useFakeTimers();
    let resolve: (r: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((r) => (resolve = r)));
    vi.stubGlobal('fetch', fetchMock);
    startSession();
    renderRoutes(routes, '/complete');
    fillValid();
    const submit = screen.getByRole('button', { name: 'Submit Claim' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(screen.getByRole('button', { name: /Submitting\.\.\./ })).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/claims');
    expect((init.headers as Record<string, string>)['X-Session-Id']).toBe(TEST_SESSION_ID);
    expect(JSON.parse(init.body as string)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '07700 900123',
      signature: PNG,
      signatureMethod: 'drawn',
      selectedExpenses: ['travel', 'wfh'],
      earnsOver18k: true,
      affiliateName: 'partner-a',
      utmData: { utm_source: 'g', kw: 'refund' },
      fullUrl: 'https://taxback.test/partner-a?utm_source=g&kw=refund',
      assessmentData: assessment,
    });

    // A plain response object keeps the whole round trip in microtasks, so fake timers cannot stall it.
    const body = JSON.stringify(CREATED);
    await act(async () => resolve({ ok: true, status: 201, text: async () => body } as Response));
    expect(screen.getByRole('dialog', { name: 'Claim Submitted Successfully!' })).toBeVisible();
    // Decision 053: the reference the server gave, as it gave it.
    expect(screen.getByTestId('claim-reference')).toHaveTextContent('TB 4K7 9MX 2QH');
    expect(sessionStorage.getItem('funnel_session_id')).toBeNull();
    // D30: the claim cannot go to HMRC without its details, so nothing sends the claimant away.
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(redirectTo).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'Claim Submitted Successfully!' });
    expect(within(dialog).getByRole('button', { name: 'Add the details HMRC needs' })).toBeVisible();
    expect(sessionStorage.getItem('claim_details_session')).toBe(TEST_SESSION_ID);
    // Finishing later is the claimant's choice: then the marketing site opens.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finish later' }));
    expect(redirectTo).toHaveBeenCalledWith(CONTENT.marketingSiteUrl);
  });

  it('shows the shorter authority with the expenses before signing, and offers the signed copy after (D19)', async () => {
    let resolve: (r: Response) => void = () => {};
    const fetchMock = vi.fn((url: string) =>
      url === '/api/claims'
        ? new Promise<Response>((r) => (resolve = r))
        : Promise.resolve(new Response('pdf', { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn(() => 'blob:authority');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    startSession();
    renderRoutes(routes, '/complete');
    const doc = screen.getByTestId('authority-document');
    expect(doc).toHaveTextContent('Authority to act for you on your tax refund claim');
    expect(doc).toHaveTextContent('Example Claims Ltd');
    expect(doc).toHaveTextContent('Miles covered and other travel related expenses');
    expect(doc).toHaveTextContent('HMRC pays you directly.');
    expect(doc).toHaveTextContent('You can cancel within 14 days of signing');
    fillValid();
    expect(doc).toHaveTextContent('Ada Lovelace');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Claim' }));
    const body = JSON.stringify({
      ...CREATED,
      authorityUrl: '/api/files/00000000-0000-4000-8000-000000000003',
    });
    await act(async () => resolve({ ok: true, status: 201, text: async () => body } as Response));
    fireEvent.click(screen.getByRole('button', { name: 'Download your signed authority (PDF)' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(
      ([url]) => url === '/api/files/00000000-0000-4000-8000-000000000003',
    ) as unknown as [string, RequestInit] | undefined;
    expect((call?.[1].headers as Record<string, string>)['X-Session-Id']).toBe(TEST_SESSION_ID);
  });
});

function fillContact() {
  type('First name', 'Ada');
  type('Last name', 'Lovelace');
  type('Email address', 'ada@example.com');
  type('Phone number', '07700 900123');
}

describe('ClaimFormPage: signing by typing a name (issue 32)', () => {
  it('sends the typed name and the method, and the drawn image of the name', async () => {
    canvasThatDraws(PNG);
    const fetchMock = vi.fn(async () => jsonResponse(201, CREATED));
    vi.stubGlobal('fetch', fetchMock);
    startSession();
    renderRoutes(routes, '/complete');
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Type your name instead of drawing' }));
    const name = field('Type your full name to sign');
    expect(name).toHaveFocus();
    const submit = screen.getByRole('button', { name: 'Submit Claim' });
    expect(submit).toBeDisabled();
    type('Type your full name to sign', '  Ada Lovelace ');
    expect(submit).toBeEnabled();
    fireEvent.click(submit);
    expect(await screen.findByRole('dialog', { name: 'Claim Submitted Successfully!' })).toBeVisible();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({
      signature: PNG,
      signatureMethod: 'typed',
      typedName: 'Ada Lovelace',
    });
  });

  it('refuses a typed name without letters at the name field, and sends nothing', () => {
    canvasThatDraws(PNG);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    startSession();
    renderRoutes(routes, '/complete');
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Type your name instead of drawing' }));
    type('Type your full name to sign', '.');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Claim' }));
    const link = screen.getByRole('link', { name: 'Enter your full name to sign, using letters' });
    expect(link).toHaveAttribute('href', '#signature');
    expect(field('Type your full name to sign')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's typed-name message at the name field, once", async () => {
    canvasThatDraws(PNG);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(400, {
          errors: { signature: 'Signature is required', typedName: 'Enter your full name to sign' },
        }),
      ),
    );
    startSession();
    renderRoutes(routes, '/complete');
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Type your name instead of drawing' }));
    type('Type your full name to sign', 'Ada Lovelace');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Claim' }));
    expect(await screen.findByRole('link', { name: 'Enter your full name to sign' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Signature is required' })).not.toBeInTheDocument();
    expect(field('Type your full name to sign')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('ClaimFormPage: when the server refuses or fails', () => {
  it("shows the server's field errors on 400", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(400, { errors: { phone: 'Please enter a valid UK phone number' } })),
    );
    startSession();
    renderRoutes(routes, '/complete');
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Claim' }));
    expect(await screen.findByRole('link', { name: 'Please enter a valid UK phone number' })).toBeVisible();
    expect(field('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the failure alert on other errors and stays on the form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(500, { error: 'Something went wrong. Please try again.' })),
    );
    startSession();
    renderRoutes(routes, '/complete');
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Claim' }));
    expect(await screen.findByText('Failed to submit form. Please try again.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getByRole('button', { name: 'Submit Claim' })).toBeEnabled();
    expect(field('First name').value).toBe(' Ada ');
    expect(sessionStorage.getItem('funnel_session_id')).toBe(TEST_SESSION_ID);
  });

  it('on 503 (a busy server, decision 036) says try again in a moment, keeps what was typed, and sends it on the next try', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        jsonResponse(503, { error: 'The service is temporarily unavailable. Please try again shortly.' }),
      )
      .mockResolvedValueOnce(jsonResponse(201, CREATED));
    vi.stubGlobal('fetch', fetchMock);
    startSession();
    renderRoutes(routes, '/complete');
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Claim' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('try again in a moment');
    expect(alert).not.toHaveTextContent('Failed to submit form');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field('First name').value).toBe(' Ada ');
    expect(field('Phone number').value).not.toBe('');
    expect(screen.getByRole('button', { name: 'Submit Claim' })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: 'Submit Claim' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [first, second] = fetchMock.mock.calls.map((call) => String((call[1] as RequestInit).body));
    expect(second).toBe(first);
  });

  it('Back goes to /expenses', () => {
    startSession();
    renderRoutes(routes, '/complete');
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByTestId('pathname')).toHaveTextContent('/expenses');
  });

  it('sends a visitor with a session but no expenses back to /expenses', () => {
    startSession();
    sessionStorage.removeItem('funnel_expenses');
    renderRoutes(routes, '/complete');
    expect(screen.getByTestId('pathname')).toHaveTextContent('/expenses');
  });
});
