import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NOMINATION_MESSAGES } from '@taxback/domain';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { StatusNomination } from './status-nomination.tsx';
import { CHECK_EVERY_MS, CHECKS } from './status-nomination-embedded.tsx';
import { UNSIGNED_NOMINATION, answers, cleanUpAfterEach } from '../../../test/status-helpers.ts';

// Decision 079: with Dropbox Sign, the nomination is signed in its embedded window (its client
// stood in for here), then the page waits for Dropbox Sign's confirmation, asking the server.

const embedded = vi.hoisted(() => ({
  opened: [] as { clientId: string; url: string; options: unknown }[],
  listeners: new Map<string, () => void>(),
}));
vi.mock('hellosign-embedded/umd/embedded.production.min.js', () => ({
  default: class {
    private clientId: string;
    constructor(options: { clientId: string }) {
      this.clientId = options.clientId;
    }
    on(event: string, listener: () => void) {
      embedded.listeners.set(event, listener);
    }
    open(url: string, options: unknown) {
      embedded.opened.push({ clientId: this.clientId, url, options });
    }
    close() {}
  },
}));

type Nomination = NonNullable<ClaimStatusView['nomination']>;
const base: Nomination = { ...UNSIGNED_NOMINATION, provider: 'dropbox-sign' };
/** A whole view, as the contract declares it: the client checks each answer against it. */
const viewWith = (nomination: Nomination): ClaimStatusView => ({
  reference: 'TB 4K7 9MX 2QH',
  kind: 'mileage',
  submittedAt: '2026-11-01T10:00:00.000Z',
  timeline: { entries: [], next: null },
  documents: [],
  hmrcYears: null,
  invoice: null,
  nomination,
  casework: { version: 1, csrfToken: 'csrf', thread: { messages: [], requests: [] }, amendable: null },
});
const signedView = viewWith({
  ...base,
  signed: { signatureId: 'dropbox-sign:sr-1', signedAt: '2026-11-30T10:00:00.000Z', documentUrl: '/x' },
  signatureUnused: true,
});

cleanUpAfterEach();

describe('the nomination signed in Dropbox Sign’s window', () => {
  it('starts the request, opens the embedded window with its page, and waits once it closes', async () => {
    const signing = {
      signUrl: 'https://app.hellosign.com/editor/embeddedSign?s=1',
      clientId: 'client-123',
      testMode: true,
    };
    const fetchMock = answers({ status: 200, body: signing });
    const onChanged = vi.fn();
    render(<StatusNomination view={viewWith(base)} nomination={base} onChanged={onChanged} />);
    fireEvent.change(screen.getByLabelText('Your full name'), { target: { value: 'Alex Claimant' } });
    fireEvent.click(screen.getByLabelText(/I nominate you to receive HMRC’s repayment/));
    fireEvent.click(screen.getByRole('button', { name: 'Sign the nomination' }));
    await waitFor(() => expect(embedded.opened).toHaveLength(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/status/nomination/signing');
    expect(JSON.parse(String(init.body))).toEqual({ fullName: 'Alex Claimant', consent: true });
    expect(embedded.opened[0]).toEqual({
      clientId: 'client-123',
      url: signing.signUrl,
      options: { testMode: true, skipDomainVerification: true },
    });
    act(() => embedded.listeners.get('close')!());
    const changed = onChanged.mock.calls[0]![0] as ClaimStatusView;
    expect(changed.nomination!.pending).not.toBeNull();
  });

  it('shows the wait, asks the server every few seconds, and shows the signed nomination once confirmed', async () => {
    vi.useFakeTimers();
    const pending = { ...base, pending: { startedAt: '2026-11-30T10:00:00.000Z' } };
    const fetchMock = answers({ status: 200, body: viewWith(pending) }, { status: 200, body: signedView });
    const onChanged = vi.fn();
    render(<StatusNomination view={viewWith(pending)} nomination={pending} onChanged={onChanged} />);
    expect(screen.getByTestId('nomination-pending')).toHaveTextContent(NOMINATION_MESSAGES.waiting);
    await act(() => vi.advanceTimersByTimeAsync(CHECK_EVERY_MS));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/status/nomination/check');
    expect(onChanged).not.toHaveBeenCalled();
    // The next check is set once the first answer is in: another interval or two.
    for (let i = 0; i < 2 && fetchMock.mock.calls.length < 2; i++)
      await act(() => vi.advanceTimersByTimeAsync(CHECK_EVERY_MS));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onChanged).toHaveBeenCalledWith(signedView);
  });

  it('after a while stops asking by itself and offers to check again', async () => {
    vi.useFakeTimers();
    const pending = { ...base, pending: { startedAt: '2026-11-30T10:00:00.000Z' } };
    const fetchMock = answers(
      ...Array.from({ length: CHECKS + 1 }, () => ({ status: 200, body: viewWith(pending) })),
    );
    render(<StatusNomination view={viewWith(pending)} nomination={pending} onChanged={vi.fn()} />);
    for (let i = 0; i < CHECKS + 2; i++) await act(() => vi.advanceTimersByTimeAsync(CHECK_EVERY_MS));
    expect(fetchMock).toHaveBeenCalledTimes(CHECKS);
    expect(screen.getByTestId('nomination-pending')).toHaveTextContent(NOMINATION_MESSAGES.waitingLong);
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(CHECKS + 1);
  });
});
