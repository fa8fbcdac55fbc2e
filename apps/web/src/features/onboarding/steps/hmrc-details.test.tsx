import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimableTaxYears } from '@taxback/domain';
import {
  completedSnapshot,
  installFakeServer,
  installFakeXhr,
  renderWizard,
} from '../../../../test/wizard-helpers.tsx';
import { formatNiAsTyped } from './hmrc-details.tsx';

const [y1] = claimableTaxYears().map((y) => y.year) as [string];
type Extra = NonNullable<Parameters<typeof installFakeServer>[0]>['extra'];

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(opts: { employment?: 'employed' | 'self-employed'; extra?: Extra } = {}) {
  const snapshot = completedSnapshot(
    { [y1]: 8000 },
    {
      employmentDetails: {
        employmentType: opts.employment ?? 'employed',
        businessName: '',
        utrNumber: '',
      },
    },
  );
  const fake = installFakeServer({
    saved: { snapshot, currentStep: 'hmrc-details', lastStepCompleted: 'review', revision: 9 },
    ...(opts.extra ? { extra: opts.extra } : {}),
  });
  const view = renderWizard();
  await screen.findByRole('heading', { level: 1, name: 'Administrative details' });
  return { fake, ...view };
}

const submitted = {
  signedAuthority: null,
  submissionReference: 'TB123456ABCDEFGH',
  submittedAt: '2025-06-01T10:00:00.000Z',
  totals: {
    years: [
      {
        year: y1,
        miles: 8000,
        allowance: 3600,
        employerPayment: 0,
        claimable: 3600,
        taxableExcess: 0,
        selfAssessmentRequired: true,
      },
    ],
    totalMiles: 8000,
    totalAllowance: 3600,
    totalEmployerPayment: 0,
    totalClaimable: 3600,
    rebate20: 720,
    rebate40: 1440,
    selfAssessmentRequired: true,
  },
};

describe('step 10 administrative details', () => {
  it('formats the NI number with spaces as typed', () => {
    expect(formatNiAsTyped('qq123456c')).toBe('QQ 12 34 56 C');
    expect(formatNiAsTyped('qq12')).toBe('QQ 12');
    expect(formatNiAsTyped('QQ 12 34 56 C D')).toBe('QQ 12 34 56 C');
  });

  it('validates the NI number with the shared messages', async () => {
    const { fake } = await open();
    const input = screen.getByLabelText('National Insurance number');
    expect(
      screen.getByText("It's on your payslip, P60 or letters about tax. For example, QQ 12 34 56 C"),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Claim' }));
    let summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByText('National Insurance number is required')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'dq123456c' } });
    expect(input).toHaveValue('DQ 12 34 56 C');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Claim' }));
    summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary).getByText(
        'Enter a National Insurance number in the correct format, like QQ 12 34 56 C',
      ),
    ).toBeInTheDocument();
    expect(fake.calls.some((c) => c.url === '/api/onboarding/submit')).toBe(false);
  });

  it('submits once on a double click and shows the confirmation only after the server answers', async () => {
    let answer: ((v: { status: number; body?: unknown }) => void) | null = null;
    const calls: unknown[] = [];
    const { fake, sessionId } = await open();
    // Replace fetch with one whose submit answer the test releases by hand.
    const base = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) === '/api/onboarding/submit') {
          calls.push(JSON.parse(String(init?.body)));
          const r = await new Promise<{ status: number; body?: unknown }>((resolve) => {
            answer = resolve;
          });
          return new Response(JSON.stringify(r.body), { status: r.status });
        }
        return base(input, init);
      }),
    );
    fireEvent.change(screen.getByLabelText('National Insurance number'), {
      target: { value: 'ab 123456 c' },
    });
    const button = screen.getByRole('button', { name: 'Submit Claim' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ niNumber: 'AB123456C' });
    expect(screen.getByTestId('wizard-continue')).toHaveTextContent('Submitting...');
    expect(screen.getByTestId('wizard-continue')).toBeDisabled();
    fireEvent.click(screen.getByTestId('wizard-continue'));
    expect(screen.queryByTestId('confirmation-heading')).toBeNull();

    answer!({ status: 200, body: submitted });
    await screen.findByTestId('confirmation-heading');
    expect(calls).toHaveLength(1);
    expect(screen.getByTestId('confirmation-reference')).toHaveTextContent('TB123456ABCDEFGH');
    // The NI number never reaches the outbox or local storage.
    expect(JSON.stringify(fake.puts())).not.toContain('123456');
    expect(JSON.stringify({ ...localStorage })).not.toMatch(/AB ?12/);
    expect(localStorage.getItem(`onboarding_progress_${sessionId}`)).toBeNull();
  });

  it('says the claim could not be submitted and lets the claimant retry', async () => {
    let fail = true;
    await open({
      extra: (method, url) => {
        if (url !== '/api/onboarding/submit') return undefined;
        return fail ? { status: 500, body: { error: 'Internal error' } } : { status: 200, body: submitted };
      },
    });
    fireEvent.change(screen.getByLabelText('National Insurance number'), { target: { value: 'AB123456C' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Claim' }));
    expect(await screen.findByTestId('submit-error')).toHaveTextContent(
      'We could not submit your claim. Please try again.',
    );
    expect(screen.queryByTestId('confirmation-heading')).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit Claim' })).toBeEnabled();
    fail = false;
    fireEvent.click(screen.getByTestId('submit-retry'));
    await screen.findByTestId('confirmation-heading');
  });

  it('offers the P60 upload only to employed claimants and sends it with the submission', async () => {
    const xhr = installFakeXhr();
    const { fake } = await open({
      extra: (method, url) =>
        url === '/api/onboarding/submit' ? { status: 200, body: submitted } : undefined,
    });
    installFakeXhr();
    const input = screen.getByLabelText('Upload your P60');
    expect(input).toHaveAttribute('accept', '.pdf,.jpg,.jpeg,.png');
    fireEvent.change(input, { target: { files: [new File(['x'], 'p60.docx')] } });
    expect(
      await screen.findByText('This file type is not allowed. Upload a PDF, JPG or PNG file.'),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Upload your P60'), {
      target: { files: [new File([new Uint8Array(11 * 1024 * 1024)], 'p60.pdf')] },
    });
    expect(await screen.findByText('The file is too large. The maximum size is 10 MB.')).toBeInTheDocument();
    expect(xhr.sent).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Upload your P60'), {
      target: { files: [new File(['%PDF'], 'p60.pdf')] },
    });
    expect(xhr.sent).toHaveLength(1);
    expect(xhr.sent[0]!.body?.get('kind')).toBe('p60');
    expect(screen.getByLabelText('Uploading p60.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Claim' })).toBeDisabled();
    xhr.sent[0]!.respond(201, {
      id: '00000000-0000-4000-8000-000000000001',
      filename: 'p60.pdf',
      url: '/api/files/00000000-0000-4000-8000-000000000001',
      type: 'application/pdf',
      size: 4,
    });
    expect(await screen.findByTestId('p60-file')).toHaveTextContent('p60.pdf');

    fireEvent.change(screen.getByLabelText('National Insurance number'), { target: { value: 'AB123456C' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Claim' }));
    await screen.findByTestId('confirmation-heading');
    expect(fake.calls.find((c) => c.url === '/api/onboarding/submit')?.body).toEqual({
      niNumber: 'AB123456C',
      p60FileId: '00000000-0000-4000-8000-000000000001',
    });
  });

  it('has no P60 upload for self-employed claimants', async () => {
    await open({ employment: 'self-employed' });
    expect(screen.queryByTestId('p60-section')).toBeNull();
  });
});
