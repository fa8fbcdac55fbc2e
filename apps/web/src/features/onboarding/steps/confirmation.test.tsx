import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { carVanRatePence, claimableTaxYears } from '@taxback/domain';
import { redirectTo } from '../../../lib/redirect.ts';
import { resetSettingsCache } from '../../../lib/settings.ts';
import { outboxKey } from '../lib/outbox.ts';
import { SESSION_STORAGE_KEY } from '../session-key.ts';
import { completedSnapshot, installFakeServer, renderWizard } from '../../../../test/wizard-helpers.tsx';

vi.mock('../../../lib/redirect.ts', () => ({ redirectTo: vi.fn() }));

// The figures below are worked at 45p (D21: cars and vans to 2025/26), so take offered years at 45p.
const [y1, y2] = claimableTaxYears()
  .filter((y) => carVanRatePence(y.year) === 45)
  .map((y) => y.year) as [string, string];

const logs = {
  [y1]: {
    pdf: {
      id: '00000000-0000-4000-8000-000000000001',
      url: '/api/files/00000000-0000-4000-8000-000000000001',
      filename: 'mileage-log-1.pdf',
    },
    csv: {
      id: '00000000-0000-4000-8000-000000000002',
      url: '/api/files/00000000-0000-4000-8000-000000000002',
      filename: 'mileage-log-1.csv',
    },
  },
};

type Extra = NonNullable<Parameters<typeof installFakeServer>[0]>['extra'];

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  vi.mocked(redirectTo).mockClear();
  resetSettingsCache();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.querySelector('meta[name="marketing-site-url"]')?.remove();
});

async function openSubmitted(years: Record<string, number>, extra?: Extra) {
  const snapshot = completedSnapshot(years);
  const fake = installFakeServer({
    saved: {
      snapshot,
      // A reload after submission: whatever step is stored, the status decides.
      currentStep: 'hmrc-details',
      lastStepCompleted: 'hmrc-details',
      revision: 10,
      server: {
        status: 'submitted',
        submissionReference: 'TB654321WXYZ1234',
        submittedAt: '2025-06-01T10:00:00.000Z',
        mileageLogs: logs,
        signedAuthority: {
          id: '00000000-0000-4000-8000-000000000003',
          url: '/api/files/00000000-0000-4000-8000-000000000003',
          filename: 'signed-authority.pdf',
        },
        hasNiNumber: true,
      },
    },
    ...(extra ? { extra } : {}),
  });
  const view = renderWizard();
  await screen.findByTestId('confirmation-heading');
  return { fake, ...view };
}

describe('step 11 confirmation', () => {
  it('shows the reference, miles, years, rebate, timeline and contact details after a reload', async () => {
    // Issue 32: the phone number is configuration, written into the page by the server.
    const meta = document.createElement('meta');
    meta.name = 'site-settings';
    meta.content = JSON.stringify({ phone: '0161 496 0000' });
    document.head.append(meta);
    onTestFinished(() => meta.remove());
    await openSubmitted({ [y1]: 5000, [y2]: 3000 });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Thank you, Ann!');
    expect(screen.getByTestId('confirmation-reference')).toHaveTextContent('TB654321WXYZ1234');
    expect(screen.getByTestId('confirmation-miles')).toHaveTextContent('8,000 miles');
    expect(screen.getByTestId('confirmation-tax-years')).toHaveTextContent(`${y1}, ${y2}`);
    // (5,000 + 3,000) × 45p = £3,600; 20% = £720.
    expect(screen.getByTestId('confirmation-rebate')).toHaveTextContent('£720');
    const timeline = screen.getByTestId('confirmation-timeline');
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(4);
    expect(timeline).toHaveTextContent('2-3 days');
    expect(timeline).toHaveTextContent('Within about 1 week');
    // D28: one refund time everywhere; D29: HMRC pays the claimant directly.
    expect(timeline).toHaveTextContent('Usually 8-10 weeks');
    expect(timeline).toHaveTextContent('HMRC pays you directly');
    expect(screen.getByTestId('relief-cap-note')).toHaveTextContent(
      'The tax relief for a year cannot be more than the income tax you paid in that year.',
    );
    const contact = screen.getByTestId('confirmation-contact');
    expect(contact).toHaveTextContent('0161 496 0000');
    expect(within(contact).getByRole('link', { name: '0161 496 0000' })).toHaveAttribute(
      'href',
      'tel:+441614960000',
    );
    expect(contact).toHaveTextContent('Mon-Fri 9am-5pm');
    expect(screen.queryByTestId('self-assessment-note')).toBeNull();
    expect(screen.queryByTestId('wizard-back')).toBeNull();
  });

  it('shows the Self Assessment note when flagged', async () => {
    await openSubmitted({ [y1]: 8000 });
    expect(screen.getByTestId('self-assessment-note')).toBeInTheDocument();
  });

  it('downloads the mileage log with the session header', async () => {
    const createObjectURL = vi.fn(() => 'blob:log');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { fake, sessionId } = await openSubmitted({ [y1]: 5000 }, (method, url) =>
      url === '/api/files/00000000-0000-4000-8000-000000000001'
        ? { status: 200, body: 'pdf-bytes' }
        : undefined,
    );
    fireEvent.click(screen.getByTestId(`download-log-${y1.replace('/', '-')}-pdf`));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = fake.calls.find((c) => c.url === '/api/files/00000000-0000-4000-8000-000000000001');
    expect(call?.sessionId).toBe(sessionId);
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('downloads the signed authority with the session header (D19)', async () => {
    const createObjectURL = vi.fn(() => 'blob:authority');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { fake, sessionId } = await openSubmitted({ [y1]: 5000 }, (method, url) =>
      url === '/api/files/00000000-0000-4000-8000-000000000003'
        ? { status: 200, body: 'pdf-bytes' }
        : undefined,
    );
    expect(screen.getByTestId('confirmation-authority')).toHaveTextContent('Your signed authority');
    fireEvent.click(screen.getByRole('button', { name: 'Download your signed authority (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(
      fake.calls.find((c) => c.url === '/api/files/00000000-0000-4000-8000-000000000003')?.sessionId,
    ).toBe(sessionId);
  });

  it('shows no fee line without a fee, and the fee and what the claimant keeps with one (D20)', async () => {
    await openSubmitted({ [y1]: 5000 });
    expect(screen.queryByTestId('fee-note')).toBeNull();
    cleanup();
    resetSettingsCache();
    await openSubmitted({ [y1]: 5000 }, (method, url) =>
      url === '/api/settings'
        ? {
            status: 200,
            body: {
              agent: { companyName: 'Example Claims Ltd', address: 'London', hmrcAgentReference: '' },
              fee: { percent: 20, minimumPence: 2500, vatPercent: 20 },
            },
          }
        : undefined,
    );
    // 5,000 × 45p = £2,250 claimable; 20% = £450 estimate; fee £90 + £18 VAT = £108; keeps £342.
    expect(await screen.findByTestId('fee-note')).toHaveTextContent(
      'Our fee: £108 including VAT. You keep: £342.',
    );
  });

  it('the button back to the marketing site clears saved progress', async () => {
    const meta = document.createElement('meta');
    meta.name = 'marketing-site-url';
    meta.content = 'https://marketing.example.org/';
    document.head.appendChild(meta);
    const { sessionId } = await openSubmitted({ [y1]: 5000 });
    localStorage.setItem(outboxKey(sessionId), '{"payload":{}}');
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBe(sessionId);
    fireEvent.click(screen.getByTestId('return-to-site'));
    expect(localStorage.getItem(outboxKey(sessionId))).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(redirectTo).toHaveBeenCalledWith('https://marketing.example.org/');
  });
});
