import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import type { ClaimDetail } from './claim-detail.ts';
import {
  ClaimCase,
  ClaimDocuments,
  ClaimHistory,
  ClaimReadiness,
  ClaimSummary,
  ClaimantDetails,
  EmploymentDetails,
  MileageFigures,
  PossibleDuplicates,
  TrackingDetails,
} from './claim-sections.tsx';
import { fakeAdminApi, workflowOf } from '../../../test/admin-helpers.ts';
import { CLAIM_ID, claimDetail } from '../../../test/claim-fixture.ts';

// The claim page's sections (D22), each a view of the claim as the server answered it. The
// authorities, the labels of a claim's answers and a claim that follows its case are tested beside
// claim-page.tsx; here each section on its own.

afterEach(() => vi.unstubAllGlobals());

const show = (section: ReactNode) => render(<MemoryRouter>{section}</MemoryRouter>);
/** The value shown beside the summary row named `key`. */
const rowValue = (key: string) => screen.getByText(key, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the summary: status, the signing check and the money', () => {
  it('a claim that matches what was signed, not repaid: no money rows', () => {
    show(<ClaimSummary claim={claimDetail()} />);
    expect(screen.getByTestId('claim-status')).toHaveTextContent('In review');
    expect(rowValue('Matches what was signed')).toBe('Yes: the claim matches what was signed');
    expect(screen.queryByText('HMRC repaid')).toBeNull();
  });

  it('a signed field changed after signing; a repaid claim shows HMRC’s, our and the claimant’s share', () => {
    const workflow = {
      ...workflowOf({ status: 'repaid', statusLabel: 'Repaid', version: 5, allowedMoves: [] }),
      repaidPence: 100_000,
      feePence: 30_000,
      claimantPence: 70_000,
    };
    show(<ClaimSummary claim={claimDetail({ signedMatch: false, workflow })} />);
    expect(rowValue('Matches what was signed')).toBe('No: a signed field changed after signing');
    expect(rowValue('HMRC repaid')).toBe('£1,000.00');
    expect(rowValue('Our fee (incl. VAT)')).toBe('£300.00');
    expect(rowValue('Claimant receives')).toBe('£700.00');
  });

  it('an unsigned claim says so', () => {
    show(<ClaimSummary claim={claimDetail({ signedMatch: null })} />);
    expect(rowValue('Matches what was signed')).toBe('Not signed');
  });
});

describe('possible duplicates (issue 17, D38)', () => {
  const duplicates: ClaimDetail['possibleDuplicates'] = [
    {
      id: '00000000-0000-4000-8000-0000000000d1',
      kind: 'general',
      reference: 'TB-OTHER',
      submittedAt: '2026-11-02T10:00:00.000Z',
      reasons: ['phone', 'ni-number'],
    },
  ];

  it('names each other claim and why; an admin can answer it', () => {
    show(
      <PossibleDuplicates
        claim={claimDetail({ possibleDuplicates: duplicates })}
        admin
        onChanged={vi.fn()}
      />,
    );
    const section = screen.getByTestId('possible-duplicates');
    expect(within(section).getByRole('link', { name: 'TB-OTHER' })).toHaveAttribute(
      'href',
      '/admin/claims/00000000-0000-4000-8000-0000000000d1',
    );
    expect(section).toHaveTextContent(/same phone number, same National Insurance number/);
    expect(screen.getByRole('form', { name: 'Answer the possible duplicate TB-OTHER' })).toBeVisible();
  });

  it('a caseworker sees the duplicates but cannot merge or dismiss them', () => {
    show(<PossibleDuplicates claim={claimDetail({ possibleDuplicates: duplicates })} onChanged={vi.fn()} />);
    expect(screen.getByTestId('possible-duplicates')).toHaveTextContent('TB-OTHER');
    expect(screen.queryByRole('button', { name: 'Merge into this case' })).toBeNull();
  });

  it('none: no section', () => {
    show(<PossibleDuplicates claim={claimDetail()} admin />);
    expect(screen.queryByTestId('possible-duplicates')).toBeNull();
  });
});

describe('the claimant’s case (issue 42, D38) and P87 readiness (D17)', () => {
  const theCase: NonNullable<ClaimDetail['case']> = {
    others: [{ id: 'o1', kind: 'mileage', reference: null, status: 'draft' }],
    years: [
      {
        year: '2024/25',
        amounts: [
          { kind: 'mileage', label: 'Mileage', pence: 200_000 },
          { kind: 'uniform', label: 'Uniform', pence: 60_000 },
        ],
        pence: 260_000,
        route: 'self-assessment',
        answersDiffer: true,
      },
    ],
  };

  it('lists the case’s other claims and each year across them, over £2,500 to Self Assessment', () => {
    show(<ClaimCase claim={claimDetail({ case: theCase })} />);
    expect(screen.getByRole('link', { name: 'Mileage claim (not submitted yet)' })).toBeVisible();
    const year = screen.getByRole('rowheader', { name: '2024/25' }).closest('tr')!;
    expect(year).toHaveTextContent(/Mileage: £2,000\.00\s*Uniform: £600\.00/);
    expect(year).toHaveTextContent('£2,600.00');
    expect(year).toHaveTextContent('Self Assessment, not P87 (over £2,500)');
    expect(year).toHaveTextContent('The two claims answer this year’s income differently');
  });

  it('no case: no section', () => {
    show(<ClaimCase claim={claimDetail()} />);
    expect(screen.queryByTestId('claim-case')).toBeNull();
  });

  it('readiness lists what is missing, or says the claim is ready', () => {
    const { unmount } = show(
      <ClaimReadiness
        claim={claimDetail({ readiness: [{ field: 'payeReference', label: 'Employer PAYE reference' }] })}
      />,
    );
    expect(screen.getByTestId('readiness')).toHaveTextContent('Employer PAYE reference');
    unmount();
    show(<ClaimReadiness claim={claimDetail()} />);
    expect(screen.getByText('Every P87 answer is held: ready for HMRC.')).toBeVisible();
  });
});

describe('the claimant (the NI number shown on request, audited)', () => {
  const REVEAL = `POST /api/admin/claims/${CLAIM_ID}/ni-number`;
  // The words after Show are visually hidden (jsdom joins them without the space).
  const SHOW_NI = /^Show ?National Insurance number$/;

  it('shows the NI number masked until "Show" asks the server for it', async () => {
    const api = fakeAdminApi({ [REVEAL]: { niNumber: 'QQ123456C' } });
    show(<ClaimantDetails claim={claimDetail()} />);
    expect(screen.getByTestId('ni-number')).toHaveTextContent('*****456C');
    expect(rowValue('Date of birth')).toBe('1 January 1980');
    fireEvent.click(screen.getByRole('button', { name: SHOW_NI }));
    expect(await screen.findByText('QQ123456C')).toBeVisible();
    expect(api.to(REVEAL)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: SHOW_NI })).toBeNull();
  });

  it('a refused reveal keeps it masked', async () => {
    const api = fakeAdminApi({}, { [REVEAL]: [[403, { error: 'Not allowed' }]] });
    show(<ClaimantDetails claim={claimDetail()} />);
    fireEvent.click(screen.getByRole('button', { name: SHOW_NI }));
    await vi.waitFor(() => expect(api.to(REVEAL)).toHaveLength(1));
    expect(screen.getByTestId('ni-number')).toHaveTextContent('*****456C');
  });

  it('a general claim: name, email and phone, no NI number', () => {
    const claimant = {
      firstName: 'Gwen',
      lastName: 'General',
      email: 'g@example.com',
      phone: '07700 900999',
      niNumberMasked: null,
    };
    show(<ClaimantDetails claim={claimDetail({ kind: 'general', claimant })} />);
    expect(rowValue('First names')).toBe('Gwen');
    expect(screen.queryByText('National Insurance number')).toBeNull();
    expect(screen.queryByText('Date of birth')).toBeNull();
  });
});

describe('employment and expenses', () => {
  it('each of the wizard’s employments, an unknown PAYE reference and an end date in words', () => {
    const employments: ClaimDetail['employments'] = [
      {
        id: 'e1',
        employerName: 'Acme Ltd',
        payeReference: null,
        jobTitle: 'Engineer',
        continuing: false,
        endDate: '2025-03-31',
      },
      {
        id: 'e2',
        employerName: 'Beta plc',
        payeReference: '123/AB456',
        jobTitle: 'Surveyor',
        continuing: true,
        endDate: null,
      },
    ];
    show(<EmploymentDetails claim={claimDetail({ employment: undefined, employments })} />);
    const first = within(screen.getByTestId('employment-1'));
    expect(first.getByText('Not known: ask the claimant or the employer')).toBeVisible();
    expect(first.getByText('No, ended 31 March 2025')).toBeVisible();
    expect(within(screen.getByTestId('employment-2')).getByText('123/AB456')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Employment' })).toBeNull();
  });

  it('a self-employed claimant’s business name; a general claim’s expenses in words', () => {
    const employment = {
      drivesForWork: 'no',
      companyVehicleVrm: null,
      employmentType: 'self-employed',
      employerName: null,
      businessName: 'Finn’s Fixes',
    };
    const general = { selectedExpenses: ['uniform'], earnsOver18k: true };
    show(<EmploymentDetails claim={claimDetail({ employment, general })} />);
    expect(rowValue('Business name')).toBe('Finn’s Fixes');
    expect(rowValue('Earns over £18,000')).toBe('Yes');
    expect(rowValue('Expenses')).not.toMatch(/^uniform$/);
  });
});

describe('the years and figures (the domain’s, as the server sent them)', () => {
  const JOB = {
    vehicle: 'car-van',
    employerPayment: 0,
    paidKind: 'none',
    paidPencePerMile: 0,
    paidTotalPounds: 0,
  } as const;
  const jobs: NonNullable<ClaimDetail['mileage']>['years'][number]['jobs'] = [
    {
      ...JOB,
      employmentId: 'e1',
      employerName: 'Acme Ltd',
      miles: 8000,
      allowance: 3500,
      employerPayment: 500,
    },
    { ...JOB, employmentId: 'e2', employerName: '', vehicle: 'motorbike', miles: 4000, allowance: 960 },
  ];

  it('a row per job and the year’s total; the estimate at 20% and 40%', () => {
    const base = claimDetail();
    const mileage = base.mileage!;
    const year = { ...mileage.years[0]!, jobs, employersConnected: 'no' as const };
    show(<MileageFigures claim={{ ...base, mileage: { ...mileage, years: [year] } }} />);
    const rows = within(screen.getByRole('region', { name: 'Years and figures' })).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent(/Acme Ltd \(Car or van; connected employers: No\)/);
    expect(rows[1]).toHaveTextContent('£3,500.00');
    expect(rows[2]).toHaveTextContent(/^2024\/25– \(Motorbike/);
    expect(rows[3]).toHaveTextContent(/Year total\s*12,000\s*£5,000\.00\s*£0\.00\s*£5,000\.00$/);
    expect(rowValue('Estimated rebate at 20%')).toBe('£1,000.00');
    expect(rowValue('Estimated rebate at 40%')).toBe('£2,000.00');
    expect(rowValue('Self Assessment needed')).toBe('No');
  });

  it('the journeys as saved', () => {
    const journeys: ClaimDetail['journeys'] = [
      {
        id: 'j1',
        startAddress: 'LS1 1AA',
        endAddress: 'M1 1AA',
        frequency: 'weekly',
        tripType: 'return',
        reason: 'site-visit',
        customReason: '',
        distance: 88,
      },
    ];
    show(<MileageFigures claim={claimDetail({ journeys })} />);
    expect(screen.getByRole('heading', { name: 'Journeys' })).toBeVisible();
    expect(screen.getByText(/^LS1 1AA to M1 1AA, .+, 88 miles$/)).toBeVisible();
  });

  it('the business-journey test: a place decided, one not (D39)', () => {
    const workplaces: ClaimDetail['workplaces'] = [
      {
        place: 'M1 1AA',
        answers: [{ question: 'Is it a temporary workplace?', answer: 'Yes' }],
        outcome: {
          counts: 'until',
          rule: '24-month rule',
          reason: 'Over 24 months from March',
          sources: ['EIM32080'],
          changesOn: '2025-03-01',
        },
        problems: [],
        leftOutJourneys: [2],
      },
      {
        place: 'LS2 2BB',
        answers: [{ question: 'Is it a temporary workplace?', answer: '' }],
        outcome: null,
        problems: [],
        leftOutJourneys: [],
      },
    ];
    show(<MileageFigures claim={claimDetail({ workplaces })} />);
    expect(screen.getByTestId('claim-workplace-M11AA')).toHaveTextContent(
      'Partly left out: journeys from the change on are commuting (change on 2025-03-01); journeys 2',
    );
    expect(screen.getByTestId('claim-workplace-M11AA')).toHaveTextContent(
      'Rule: 24-month rule. Sources: EIM32080',
    );
    expect(screen.getByTestId('claim-workplace-LS22BB')).toHaveTextContent(
      /Not answered\s*Not decided: not answered/,
    );
  });

  it('no mileage figures: nothing shown', () => {
    const { container } = show(<MileageFigures claim={claimDetail({ mileage: undefined })} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('documents, tracking and history', () => {
  it('the P87 worksheet link and each file with its kind, year and size; none says so', () => {
    const files: ClaimDetail['files'] = [
      {
        id: 'f1',
        kind: 'p60',
        taxYear: '2024/25',
        filename: 'p60.pdf',
        contentType: 'application/pdf',
        size: 300,
        url: '/api/files/f1',
      },
    ];
    const { unmount } = show(<ClaimDocuments claim={claimDetail({ files })} />);
    expect(screen.getByRole('link', { name: 'Download the P87 worksheet (PDF)' })).toHaveAttribute(
      'href',
      `/api/admin/claims/${CLAIM_ID}/p87.pdf`,
    );
    expect(screen.getByRole('link', { name: /for 2024\/25: p60\.pdf$/ })).toHaveAttribute(
      'href',
      '/api/files/f1',
    );
    expect(screen.getByText('(1 KB)')).toBeVisible();
    unmount();
    show(<ClaimDocuments claim={claimDetail()} />);
    expect(screen.getByText('No files.')).toBeVisible();
  });

  it('tracking: the affiliate, the campaign and where it was signed', () => {
    const tracking = {
      affiliate: 'acme',
      utm: { source: 'mail' },
      fullUrl: 'https://example.com/?a=acme',
      ipAddress: '192.0.2.1',
      userAgent: 'Browser A',
      signedAt: '2026-11-01T10:00:00.000Z',
      signedIp: '192.0.2.9',
    };
    show(<TrackingDetails claim={claimDetail({ tracking })} />);
    expect(rowValue('Affiliate')).toBe('acme');
    expect(rowValue('Campaign (UTM)')).toBe('{"source":"mail"}');
    expect(rowValue('IP address')).toBe('192.0.2.9');
    expect(rowValue('Browser')).toBe('Browser A');
  });

  it('the status history in words with the reason; the audit trail; none yet says so', () => {
    const history: ClaimDetail['history'] = [
      {
        id: 'h1',
        from_status: 'submitted',
        to_status: 'in-review',
        reason: 'Checked',
        created_at: '2026-11-02T10:00:00.000Z',
        operator: 'Olive',
      },
    ];
    const audit: ClaimDetail['audit'] = [
      {
        id: 'a1',
        actor: 'o1',
        action: 'ni-revealed',
        entity: 'claim',
        entity_id: CLAIM_ID,
        detail: null,
        created_at: '2026-11-02T11:00:00.000Z',
        operator: null,
      },
    ];
    const { unmount } = show(<ClaimHistory claim={claimDetail({ history, audit })} />);
    expect(screen.getByText(/Submitted to In review by Olive\. Reason: Checked$/)).toBeVisible();
    expect(screen.getByText(/by an unknown operator$/)).not.toHaveTextContent('ni-revealed');
    unmount();
    show(<ClaimHistory claim={claimDetail()} />);
    expect(screen.getByText('No changes yet.')).toBeVisible();
  });
});
