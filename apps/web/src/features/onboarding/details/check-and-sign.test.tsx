// Issue 32: the details journey's authority is signed by drawing or, the accessible alternative, by
// typing the claimant's name; the typed name is checked by the shared rule and sent with its method.
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MockPad, canvasThatDraws } from '../../../../test/signature-pad-mock.ts';
import { SignStep } from './check-and-sign.tsx';
import type { DetailsController } from './use-details.ts';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const SESSION = 'tx_1764158400000_abcdef123';

vi.mock('signature_pad', async () => ({
  default: (await import('../../../../test/signature-pad-mock.ts')).MockPad,
}));
// No settings: the authority shows as loading, which these tests do not need.
vi.mock('../../../lib/settings.ts', () => ({ useSettings: () => null }));

/** The sign screen with a controller that keeps the messages it is shown, as use-details does. */
function Harness({ onSigned }: { onSigned: (url: string) => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [errorKey, setErrorKey] = useState(0);
  const d = {
    view: { selectedExpenses: ['uniform'] },
    plan: ['check', 'sign'],
    step: 'sign',
    errors,
    errorKey,
    saving: false,
    back: vi.fn(),
    showErrors: (next: Record<string, string>) => {
      setErrors(next);
      setErrorKey((k) => k + 1);
    },
  } as unknown as DetailsController;
  return <SignStep d={d} details={{} as never} sessionId={SESSION} onSigned={onSigned} />;
}

function typeInto(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  MockPad.pads.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('signing the details by typing a name (issue 32)', () => {
  it('sends the NI number, the typed name, its method and the image of the name', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(200, { signedAt: '2026-11-26T12:00:00.000Z', authorityUrl: '/api/files/a' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    canvasThatDraws(PNG);
    const onSigned = vi.fn();
    render(<Harness onSigned={onSigned} />);
    typeInto('National Insurance number', 'AB123456C');
    fireEvent.click(screen.getByRole('button', { name: 'Type your name instead of drawing' }));
    expect(screen.getByLabelText('Type your full name to sign')).toHaveFocus();
    typeInto('Type your full name to sign', ' Ada Lovelace ');
    fireEvent.click(screen.getByRole('button', { name: 'Sign and send my claim' }));
    await vi.waitFor(() => expect(onSigned).toHaveBeenCalledWith('/api/files/a'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/claims/mine/details/sign');
    expect(JSON.parse(init.body as string)).toEqual({
      niNumber: 'AB123456C',
      signature: PNG,
      signatureMethod: 'typed',
      typedName: 'Ada Lovelace',
    });
  });

  it('asks for the name when typing is chosen and none is typed, once, beside the NI number, and sends nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    canvasThatDraws(PNG);
    render(<Harness onSigned={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Type your name instead of drawing' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign and send my claim' }));
    const links = screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['National Insurance number is required', '#field-niNumber'],
      ['Enter your full name to sign', '#field-signature'],
    ]);
    expect(screen.getByLabelText('Type your full name to sign')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('still signs by drawing, the default, sending the method drawn and no typed name', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(200, { signedAt: '2026-11-26T12:00:00.000Z', authorityUrl: '/api/files/a' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    // jsdom has no canvas: the pad's stand-in gives the drawing.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const onSigned = vi.fn();
    render(<Harness onSigned={onSigned} />);
    typeInto('National Insurance number', 'AB123456C');
    act(() => MockPad.pads.at(-1)?.draw());
    fireEvent.click(screen.getByRole('button', { name: 'Sign and send my claim' }));
    await vi.waitFor(() => expect(onSigned).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({
      niNumber: 'AB123456C',
      signature: PNG,
      signatureMethod: 'drawn',
    });
  });
});
