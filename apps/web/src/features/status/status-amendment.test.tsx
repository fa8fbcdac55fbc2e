import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  authorityInputOfSnapshot,
  buildAuthorityDocument,
  formatMoney,
  summariseClaim,
} from '@taxback/domain';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import type { WizardSnapshot } from '@taxback/domain';
import { mileageSnapshot } from '@taxback/domain/test/example-snapshots';
import { canvasThatDraws } from '../../../test/signature-pad-mock.ts';
import { AmendmentPanel } from './status-amendment.tsx';
import { answers, cleanUpAfterEach } from '../../../test/status-helpers.ts';

// Decision 056: the amendment's miles (the wizard's field), check your answers with Change, and
// the authority the server answers for the new miles, shown before the signature.

vi.mock('signature_pad', async () => ({
  default: (await import('../../../test/signature-pad-mock.ts')).MockPad,
}));

const YEAR = '2024/25';
const claimOf = (miles: number) =>
  mileageSnapshot({ years: [{ year: YEAR, miles }], ratePence: 5 }) as unknown as WizardSnapshot;
const claim = claimOf(4000);
const amended = claimOf(10_500);
const TERMS = {
  agent: { companyName: 'TaxBack', address: '1 Example Street, London', hmrcAgentReference: '' },
  fee: { percent: 0, minimumPence: 0, vatPercent: 0 },
};

const casework = {
  version: 3,
  csrfToken: 'csrf-token',
  thread: { messages: [], requests: [] },
  amendable: {
    vehicleInfo: claim.vehicleInfo,
    taxYears: claim.taxYears,
    employments: [{ id: 'job-1', employerName: 'Acme Ltd' }],
  },
} as unknown as ClaimStatusView['casework'];

cleanUpAfterEach();

describe('AmendmentPanel', () => {
  it('checks the miles, shows the server’s errors at the field, then the figures and the authority to sign', async () => {
    const document = buildAuthorityDocument(authorityInputOfSnapshot(amended, TERMS));
    const fetchMock = answers(
      {
        status: 400,
        body: {
          errors: { 'years.0.miles': 'Enter no more than 100,000 miles' },
        },
      },
      { status: 200, body: { document } },
    );
    render(
      <MemoryRouter>
        <AmendmentPanel casework={casework} requestId="req-1" itemId="item-1" onDone={() => {}} />
      </MemoryRouter>,
    );
    const miles = screen.getByLabelText(`Business miles in ${YEAR} for Acme Ltd`);
    expect(miles).toHaveValue('4000');

    // Empty: the field's message, and nothing sent.
    fireEvent.change(miles, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check your new figures' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter your business miles for the year, like 4000',
    );
    expect(fetchMock).not.toHaveBeenCalled();

    // Digits only, as in the wizard; the server's message for years.0.miles is the field's.
    fireEvent.change(miles, { target: { value: '10,5a00' } });
    expect(miles).toHaveValue('10500');
    fireEvent.click(screen.getByRole('button', { name: 'Check your new figures' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Enter no more than 100,000 miles'),
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/status/amendment/preview');
    expect(new Headers(init.headers).get('X-CSRF-Token')).toBe('csrf-token');
    expect(JSON.parse(String(init.body))).toEqual({
      version: 3,
      requestId: 'req-1',
      itemId: 'item-1',
      years: [{ year: YEAR, employmentId: 'job-1', miles: 10_500 }],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Check your new figures' }));
    const heading = await screen.findByRole('heading', { name: 'Check your answers' });
    await waitFor(() => expect(heading).toHaveFocus());
    const before = summariseClaim(claim);
    const after = summariseClaim(amended);
    const figures = screen.getByTestId('amendment-figures');
    expect(figures).toHaveTextContent(
      `Before: 4,000 miles, you could claim ${formatMoney(before.years[0]!.claimable)}`,
    );
    expect(figures).toHaveTextContent(
      `Now: 10,500 miles, you can claim ${formatMoney(after.years[0]!.claimable)}`,
    );
    expect(screen.getByTestId('amendment-rebate')).toHaveTextContent(formatMoney(after.rebate20));
    // The server's document, before the signature and the agreements.
    const authority = screen.getByTestId('amendment-authority');
    expect(authority).toHaveTextContent(document.title);
    expect(screen.getByTestId('authority-claim')).toHaveTextContent('10,500 miles');
    expect(
      authority.compareDocumentPosition(screen.getByRole('button', { name: 'Sign and send the change' })),
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);

    // Change goes back to the year's field, as typed.
    fireEvent.click(screen.getByRole('button', { name: `Change the miles for ${YEAR}` }));
    const again = await screen.findByLabelText(`Business miles in ${YEAR} for Acme Ltd`);
    await waitFor(() => expect(again).toHaveFocus());
    expect(again).toHaveValue('10500');
  });

  // Decision 058: the method sent is the one chosen, and a blank typed name is the name's message.
  it('signs by typing the name: sends the method chosen, and shows the name’s message at the signature', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const document = buildAuthorityDocument(authorityInputOfSnapshot(amended, TERMS));
    const refused = {
      status: 400,
      body: {
        errors: { signature: 'Digital signature is required', typedName: 'Enter your full name to sign' },
      },
    };
    const fetchMock = answers({ status: 200, body: { document } }, refused, refused);
    canvasThatDraws(png);
    render(
      <MemoryRouter>
        <AmendmentPanel casework={casework} requestId="req-1" itemId="item-1" onDone={() => {}} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Check your new figures' }));
    await screen.findByRole('heading', { name: 'Check your answers' });
    fireEvent.click(screen.getByRole('button', { name: 'Type your name instead of drawing' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign and send the change' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const bodyOf = (call: number) =>
      JSON.parse(String((fetchMock.mock.calls[call] as unknown as [string, RequestInit])[1].body)) as Record<
        string,
        unknown
      >;
    expect(bodyOf(1)).toMatchObject({ signature: '', signatureMethod: 'typed' });
    expect(bodyOf(1)).not.toHaveProperty('typedName');
    // One message for the one field: the name's.
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Enter your full name to sign']);
    expect(screen.getByLabelText('Type your full name to sign')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(screen.getByLabelText('Type your full name to sign'), {
      target: { value: ' Ann Lee ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign and send the change' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(bodyOf(2)).toMatchObject({ signature: png, signatureMethod: 'typed', typedName: 'Ann Lee' });
  });
});
