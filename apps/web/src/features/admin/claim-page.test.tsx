import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AdminSessionProvider } from './admin-session.tsx';
import { ClaimPage } from './claim-page.tsx';
import { workflowOf } from '../../../test/admin-helpers.ts';
import { CLAIM_ID, claimDetail } from '../../../test/claim-fixture.ts';
import type { ClaimDetail } from './claim-detail.ts';

// The operator's claim page shows the domain's figures as the server sends them. D27: a company
// vehicle's fuel claim was told it has no AMAP estimate, so the page shows none. D31: a year over
// £2,500 of expenses is marked "Self Assessment, not P87"; the estimate says when it is an upper figure.

function answer(body: unknown) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
}

afterEach(() => vi.unstubAllGlobals());

/** The fixture's claim, its driving answer and (when asked) its estimate as the cases below need. */
function detail(drivesForWork: 'yes' | 'company-vehicle', withEstimate: boolean): ClaimDetail {
  const base = claimDetail();
  const owncar = drivesForWork === 'yes';
  const claimable = owncar ? 5000 : 0;
  const year = {
    ...base.mileage!.years[0]!,
    allowance: claimable,
    claimable,
    selfAssessmentRequired: owncar,
  };
  return claimDetail({
    workflow: workflowOf({
      status: 'in-review',
      statusLabel: 'In review',
      version: 1,
      allowedMoves: ['information-requested', 'ready-for-hmrc', 'needs-self-assessment', 'withdrawn'],
    }),
    readiness: owncar
      ? [
          {
            field: 'selfAssessment.2024/25',
            label: 'Self Assessment, not P87: 2024/25 (expenses over £2,500)',
          },
        ]
      : [],
    employment: { ...base.employment!, drivesForWork, companyVehicleVrm: owncar ? null : 'AB12CDE' },
    mileage: {
      ...base.mileage!,
      years: [year],
      totalAllowance: claimable,
      totalClaimable: claimable,
      rebate20: claimable / 5,
      rebate40: (claimable * 2) / 5,
      selfAssessmentRequired: owncar,
    },
    ...(withEstimate
      ? {
          estimate: {
            low: 1000,
            high: 2000,
            scottish: false,
            upperFigure: true,
            years: [{ year: '2024/25', rates: [20, 40], low: 1000, high: 2000, upperFigure: true }],
          },
        }
      : {}),
  });
}

function renderPage(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => answer(body)),
  );
  // The page asks who is signed in (D34: an admin's allocation controls); this stub answers no one.
  render(
    <AdminSessionProvider>
      <MemoryRouter initialEntries={[`/admin/claims/${CLAIM_ID}`]}>
        <Routes>
          <Route path="/admin/claims/:id" element={<ClaimPage />} />
        </Routes>
      </MemoryRouter>
    </AdminSessionProvider>,
  );
}

describe('the operator claim page’s figures', () => {
  it('a fuel claim (company vehicle): no relief estimate, no rebates', async () => {
    renderPage(detail('company-vehicle', false));
    expect(await screen.findByRole('heading', { name: 'TB-TEST' })).toBeVisible();
    expect(screen.getByText(/None: a company vehicle \(fuel\) claim/)).toBeVisible();
    expect(screen.queryByText('Estimated rebate at 20%')).toBeNull();
    expect(screen.queryByText("Estimate at the claimant's rates")).toBeNull();
  });

  it('a mileage claim over £2,500: the year marked for Self Assessment, the estimate an upper figure', async () => {
    renderPage(detail('yes', true));
    expect(await screen.findByRole('heading', { name: 'TB-TEST' })).toBeVisible();
    expect(screen.getByText(/Self Assessment, not P87: 2024\/25/)).toBeVisible();
    expect(screen.getByText(/£5,000\.00 \(Self Assessment, not P87\)/)).toBeVisible();
    expect(screen.getByText(/an upper figure/)).toBeVisible();
    expect(screen.getByText('Estimated rebate at 20%')).toBeVisible();
  });
});

describe('the operator claim page shows labels, not codes (issue 32.5)', () => {
  it('an employee in their own car: no company vehicle registration row, the answers in words', async () => {
    renderPage({
      ...detail('yes', false),
      files: [
        {
          id: 'f1',
          kind: 'mileage-log',
          taxYear: '2024/25',
          filename: 'log.pdf',
          contentType: 'application/pdf',
          size: 2048,
          url: '/api/files/f1',
        },
      ],
      audit: [
        {
          id: 'a1',
          actor: 'o1',
          action: 'ni-revealed',
          entity: 'claim',
          entity_id: CLAIM_ID,
          detail: null,
          created_at: '2026-11-01T10:00:00.000Z',
          operator: 'Olive Operator',
        },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'TB-TEST' })).toBeVisible();
    expect(screen.getByText('Yes, in my own vehicle')).toBeVisible();
    expect(screen.getByText('Employed (PAYE)')).toBeVisible();
    expect(screen.queryByText('Company vehicle registration')).toBeNull();
    expect(screen.getByText(/Download mileage log for 2024\/25/)).toBeVisible();
    expect(screen.getByText(/National Insurance number shown by Olive Operator/)).toBeVisible();
    expect(document.body.textContent).not.toMatch(/\b(employed|ni-revealed|mileage-log)\b(?! \()/);
  });

  it('a company vehicle claim shows its registration', async () => {
    renderPage(detail('company-vehicle', false));
    expect(await screen.findByText('Yes, in a company vehicle')).toBeVisible();
    expect(screen.getByText('Company vehicle registration')).toBeVisible();
    expect(screen.getByText('AB12CDE')).toBeVisible();
  });
});

describe('the signed authorities (D32, decision 050)', () => {
  const authority = (id: string, signedAt: string, current: boolean) => ({
    id,
    filename: 'signed-authority.pdf',
    url: `/api/files/${id}`,
    signedAt,
    current,
  });

  it('after an amendment: the earlier authority labelled superseded, the newer one current', async () => {
    renderPage({
      ...detail('yes', false),
      authorities: [
        authority('a1', '2026-11-01T10:00:00.000Z', false),
        authority('a2', '2026-11-20T15:30:00.000Z', true),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Signed authorities' })).toBeVisible();
    const [first, second] = within(screen.getByTestId('admin-authorities')).getAllByRole('listitem');
    expect(first?.textContent).toMatch(/^Superseded/);
    expect(second?.textContent).toMatch(/^Current/);
    expect(screen.getByRole('link', { name: 'Download the superseded authority (PDF)' })).toHaveAttribute(
      'href',
      '/api/files/a1',
    );
    expect(screen.getByRole('link', { name: 'Download the signed authority (PDF)' })).toHaveAttribute(
      'href',
      '/api/files/a2',
    );
  });

  it('one authority: no labels, one link', async () => {
    renderPage({ ...detail('yes', false), authorities: [authority('a1', '2026-11-01T10:00:00.000Z', true)] });
    expect(await screen.findByRole('heading', { name: 'Signed authority' })).toBeVisible();
    expect(screen.queryByText('Superseded')).toBeNull();
    expect(screen.queryByText('Current')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download the signed authority (PDF)' })).toBeVisible();
  });
});

// D38 (decision 073): a claim that follows its case is worked from the case's page.
describe('a claim that follows its case', () => {
  const head = { id: 'h1', reference: 'TB-CASE', status: 'in-review' };

  it('a mileage claim names its case and offers no status move', async () => {
    renderPage({ ...detail('yes', false), worksWithCase: head });
    const banner = await screen.findByTestId('worked-with-case');
    expect(banner).toHaveTextContent(/This claim is part of case TB-CASE and is worked with it/);
    expect(banner).not.toHaveTextContent(/Its own expenses are not added/);
  });

  it('a merged funnel claim says its own expenses are not added to the case’s years', async () => {
    renderPage({ ...detail('yes', false), kind: 'general', worksWithCase: head });
    expect(await screen.findByTestId('worked-with-case')).toHaveTextContent(
      /Its own expenses are not added to the case’s years: the case’s details are what goes to HMRC/,
    );
  });
});
