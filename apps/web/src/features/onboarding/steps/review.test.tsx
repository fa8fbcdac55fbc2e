import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carVanRatePence, claimableTaxYears } from '@taxback/domain';
import { MockPad, canvasThatDraws } from '../../../../test/signature-pad-mock.ts';
import { resetSettingsCache } from '../../../lib/settings.ts';
import { completedSnapshot, installFakeServer, renderWizard } from '../../../../test/wizard-helpers.tsx';

vi.mock('signature_pad', async () => ({
  default: (await import('../../../../test/signature-pad-mock.ts')).MockPad,
}));

// The figures below are worked at 45p (D21: cars and vans to 2025/26), so take offered years at 45p.
const [y1, y2] = claimableTaxYears()
  .filter((y) => carVanRatePence(y.year) === 45)
  .map((y) => y.year) as [string, string];
type Extra = NonNullable<Parameters<typeof installFakeServer>[0]>['extra'];

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  MockPad.pads.length = 0;
  resetSettingsCache();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function open(years: Record<string, number>, rate = 0, extra?: Extra) {
  const snapshot = completedSnapshot(years, {}, rate);
  const fake = installFakeServer({
    saved: { snapshot, currentStep: 'review', lastStepCompleted: 'evidence', revision: 8 },
    ...(extra ? { extra } : {}),
  });
  renderWizard();
  await screen.findByRole('heading', { level: 1, name: 'Review and sign' });
  // D19: signing waits for the authority document (built from the public settings).
  await screen.findByTestId('authority-document');
  return fake;
}

function sign() {
  act(() => MockPad.pads.at(-1)?.draw());
}

function agreeToAll() {
  fireEvent.click(screen.getByLabelText('I confirm the information I have given is accurate'));
  fireEvent.click(
    screen.getByLabelText('I authorise TaxBack to act as my tax agent and submit this claim to HMRC'),
  );
  fireEvent.click(screen.getByTestId('agree-terms'));
}

const SIGNED = {
  status: 201,
  body: {
    signatureUrl: '/api/files/00000000-0000-4000-8000-000000000001',
    signedAuthority: {
      id: '00000000-0000-4000-8000-000000000002',
      url: '/api/files/00000000-0000-4000-8000-000000000002',
      filename: 'signed-authority.pdf',
    },
  },
};

describe('step 9 review and sign', () => {
  it('shows every figure from the domain per year, with totals and the 20% rebate', async () => {
    await open({ [y1]: 12_000, [y2]: 2_000 }, 25);
    expect(screen.getByTestId('review-name')).toHaveTextContent('Ann Lee');
    expect(screen.getByTestId('review-address')).toHaveTextContent('1 High St, Wigan');
    // y1: 10,000 × 45p + 2,000 × 25p = £5,000; employer 12,000 × 25p = £3,000; claimable £2,000.
    expect(screen.getByTestId(`review-${y1}-miles`)).toHaveTextContent('12,000 miles');
    expect(screen.getByTestId(`review-${y1}-allowance`)).toHaveTextContent('£5,000');
    expect(screen.getByTestId(`review-${y1}-employer-payment`)).toHaveTextContent('£3,000');
    expect(screen.getByTestId(`review-${y1}-claimable`)).toHaveTextContent('£2,000');
    // y2: 2,000 × 45p = £900; employer £500; claimable £400.
    expect(screen.getByTestId(`review-${y2}-claimable`)).toHaveTextContent('£400');
    expect(screen.getByTestId('review-total-miles')).toHaveTextContent('14,000 miles');
    expect(screen.getByTestId('review-total-claimable')).toHaveTextContent('£2,400');
    expect(screen.getByTestId('review-rebate')).toHaveTextContent('£480');
    expect(screen.queryByTestId('self-assessment-note')).toBeNull();
  });

  it('shows the full authority before signing: company, claimant, years, HMRC pays you directly (D19, D29)', async () => {
    await open({ [y1]: 12_000, [y2]: 2_000 }, 25);
    const doc = screen.getByTestId('authority-document');
    expect(within(doc).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Authority to act for you on your mileage tax relief claim',
    );
    expect(doc).toHaveTextContent('TaxBack');
    expect(doc).toHaveTextContent('Ann Lee');
    expect(doc).toHaveTextContent(y1);
    expect(doc).toHaveTextContent(y2);
    expect(doc).toHaveTextContent('HMRC pays you directly.');
    expect(doc).toHaveTextContent('No fee: we charge you nothing for this claim.');
    expect(doc).toHaveTextContent('HMRC has not seen or endorsed these terms.');
    expect(doc).toHaveTextContent('You can cancel within 14 days of signing');
    expect(screen.queryByTestId('fee-note')).toBeNull();
    expect(screen.queryByTestId('claim-for-free')).toBeNull();
  });

  it('with a fee set, shows it beside the estimate and in the authority, and that claiming direct is free (D20)', async () => {
    await open({ [y1]: 12_000, [y2]: 2_000 }, 25, (method, url) =>
      url === '/api/settings'
        ? {
            status: 200,
            body: {
              agent: { companyName: 'Example Claims Ltd', address: 'London', hmrcAgentReference: 'A1234B' },
              fee: { percent: 20, minimumPence: 2500, vatPercent: 20 },
            },
          }
        : undefined,
    );
    // Estimate £480: fee £96 + £19.20 VAT = £115.20; the claimant keeps £364.80 (SPEC §9: whole
    // pounds from £100).
    expect(screen.getByTestId('fee-note')).toHaveTextContent('Our fee: £115 including VAT. You keep: £365.');
    expect(screen.getByTestId('claim-for-free')).toHaveTextContent(
      'anyone can claim tax relief directly from HMRC for free.',
    );
    const fee = screen.getByTestId('authority-fee');
    expect(fee).toHaveTextContent(
      'Our fee is 20% of the repayment HMRC makes (at least £25.00), plus VAT at 20%.',
    );
    expect(fee).not.toHaveTextContent('No fee');
    expect(screen.getByTestId('authority-agent')).toHaveTextContent('A1234B');
  });

  it('adds the Self Assessment note when a year can claim over £2,500', async () => {
    await open({ [y1]: 8_000 });
    // 8,000 × 45p = £3,600 claimable.
    expect(screen.getByTestId('self-assessment-note')).toHaveTextContent(`over £2,500 for ${y1}`);
  });

  it('asks for the signature and each consent', async () => {
    const fake = await open({ [y1]: 1000 });
    fireEvent.click(screen.getByTestId('wizard-continue'));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    for (const message of [
      'Digital signature is required',
      'Please confirm accuracy of information',
      'Please authorize us to act as your tax agent',
      'Please accept terms and conditions',
    ]) {
      expect(within(summary).getByText(message)).toBeInTheDocument();
    }
    expect(fake.calls.some((c) => c.url === '/api/onboarding/signature')).toBe(false);
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms');
  });

  it('sends the signature and waits for the server, with a retry when it fails', async () => {
    let fail = true;
    const fake = await open({ [y1]: 1000 }, 0, (method, url) => {
      if (url !== '/api/onboarding/signature') return undefined;
      return fail ? { status: 503, body: { error: 'Service unavailable' } } : SIGNED;
    });
    sign();
    fireEvent.click(screen.getByLabelText('I confirm the information I have given is accurate'));
    fireEvent.click(
      screen.getByLabelText('I authorise TaxBack to act as my tax agent and submit this claim to HMRC'),
    );
    fireEvent.click(screen.getByTestId('agree-terms'));
    fireEvent.click(screen.getByTestId('wizard-continue'));
    expect(await screen.findByTestId('signature-error')).toHaveTextContent(
      'We could not save your signature. Please try again.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Review and sign' })).toBeInTheDocument();

    fail = false;
    fireEvent.click(screen.getByTestId('signature-retry'));
    await screen.findByRole('heading', { level: 1, name: 'Administrative details' });
    const post = fake.calls.filter((c) => c.url === '/api/onboarding/signature').at(-1);
    expect(post?.body).toEqual({
      signature: 'data:image/png;base64,iVBORw0KGgo=',
      signatureMethod: 'drawn',
      agreementChecks: { accuracy: true, authorization: true, terms: true },
    });
    // The consents are saved in the snapshot too; the signature never goes to the outbox.
    await waitFor(() =>
      expect(fake.puts().at(-1)).toMatchObject({
        lastStepCompleted: 'review',
        snapshot: { agreementChecks: { accuracy: true, authorization: true, terms: true } },
      }),
    );
    expect(JSON.stringify(fake.puts())).not.toContain('data:image/png');
    expect(JSON.stringify(localStorage)).not.toContain('data:image/png');
  });

  it('Clear removes the signature', async () => {
    await open({ [y1]: 1000 });
    sign();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    fireEvent.click(screen.getByTestId('wizard-continue'));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByText('Digital signature is required')).toBeInTheDocument();
  });
});

describe('step 9 signed by a typed name (decision 058)', () => {
  // The method is the one chosen, not inferred from a name being there.
  it('asks for the name when typing is chosen and none is typed, at the name, and sends nothing', async () => {
    const fake = await open({ [y1]: 1000 });
    canvasThatDraws('data:image/png;base64,iVBORw0KGgo=');
    fireEvent.click(screen.getByRole('button', { name: 'Type your name instead of drawing' }));
    agreeToAll();
    fireEvent.click(screen.getByTestId('wizard-continue'));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Enter your full name to sign']);
    const field = screen.getByLabelText('Type your full name to sign');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Digital signature is required')).toBeNull();
    // A name without letters is the name's other message; the message goes once one is typed.
    fireEvent.change(field, { target: { value: '- .' } });
    expect(
      await within(summary).findByText('Enter your full name to sign, using letters'),
    ).toBeInTheDocument();
    fireEvent.change(field, { target: { value: 'Ann Lee' } });
    await waitFor(() => expect(field).not.toHaveAttribute('aria-invalid', 'true'));
    expect(fake.calls.some((c) => c.url === '/api/onboarding/signature')).toBe(false);
  });

  it('sends a typed name with its method and the image of the name', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const fake = await open({ [y1]: 1000 }, 0, (_method, url) =>
      url === '/api/onboarding/signature' ? SIGNED : undefined,
    );
    canvasThatDraws(png);
    fireEvent.click(screen.getByRole('button', { name: 'Type your name instead of drawing' }));
    fireEvent.change(screen.getByLabelText('Type your full name to sign'), {
      target: { value: ' Ann Lee ' },
    });
    agreeToAll();
    fireEvent.click(screen.getByTestId('wizard-continue'));
    await screen.findByRole('heading', { level: 1, name: 'Administrative details' });
    const post = fake.calls.filter((c) => c.url === '/api/onboarding/signature').at(-1);
    expect(post?.body).toEqual({
      signature: png,
      signatureMethod: 'typed',
      typedName: 'Ann Lee',
      agreementChecks: { accuracy: true, authorization: true, terms: true },
    });
  });

  it("shows the server's refusal of a typed name at the signature, the name's message first", async () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    await open({ [y1]: 1000 }, 0, (_method, url) =>
      url === '/api/onboarding/signature'
        ? {
            status: 400,
            body: {
              errors: {
                signature: 'Digital signature is required',
                typedName: 'Enter your full name to sign, using letters',
              },
            },
          }
        : undefined,
    );
    canvasThatDraws(png);
    fireEvent.click(screen.getByRole('button', { name: 'Type your name instead of drawing' }));
    fireEvent.change(screen.getByLabelText('Type your full name to sign'), { target: { value: 'Ann Lee' } });
    agreeToAll();
    fireEvent.click(screen.getByTestId('wizard-continue'));
    expect(await screen.findByTestId('signature-error')).toHaveTextContent(
      'Enter your full name to sign, using letters',
    );
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Enter your full name to sign, using letters']);
  });
});
