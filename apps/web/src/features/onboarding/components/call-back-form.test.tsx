import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CALL_BACK_MESSAGES } from '@taxback/domain/schemas';
import { CallBackForm } from './call-back-form.tsx';

// D27: the call-back request as the claimant sends it; its phases are call-back-state.test.ts's table.

afterEach(() => vi.unstubAllGlobals());

function answering(status: number, body: unknown) {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(<CallBackForm />);
  return fetchMock;
}

const send = () => fireEvent.click(screen.getByTestId('call-back-submit'));

function fillIn() {
  fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Alex Claimant' } });
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '07700 900123' } });
  fireEvent.click(screen.getByRole('checkbox'));
}

describe('the call-back request (D27)', () => {
  it('without the consent: its message in the focused summary, nothing sent', async () => {
    const fetchMock = answering(201, { ok: true });
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Alex Claimant' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '07700 900123' } });
    send();
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(CALL_BACK_MESSAGES.consentRequired);
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the name, number and consent, then thanks the claimant in place of the form', async () => {
    const fetchMock = answering(201, { ok: true });
    fillIn();
    send();
    expect(await screen.findByTestId('call-back-sent')).toHaveTextContent(CALL_BACK_MESSAGES.received);
    expect(screen.queryByTestId('call-back-form')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({
      name: 'Alex Claimant',
      phone: '07700 900123',
      consent: true,
      topic: 'self-assessment',
    });
  });

  it('the service cannot take it: its message, the form kept as typed', async () => {
    answering(503, { error: 'We are very busy. Please try again.' });
    fillIn();
    send();
    expect(await screen.findByRole('alert')).toHaveTextContent('We are very busy. Please try again.');
    expect(screen.getByLabelText('Your name')).toHaveValue('Alex Claimant');
    expect(screen.getByTestId('call-back-submit')).toHaveTextContent('Ask for a call back');
  });
});
