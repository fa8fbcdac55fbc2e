import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { createSessionId } from '@taxback/domain';
import { OnboardingPage, SESSION_STORAGE_KEY } from '../src/features/onboarding/onboarding-page.tsx';
import { createEmptySnapshot, summariseClaim, type WizardSnapshot, type WizardStepId } from '@taxback/domain';

export interface FakeServer {
  calls: { method: string; url: string; body: unknown; sessionId: string | null }[];
  puts: () => Record<string, unknown>[];
}

type Handler = (method: string, url: string, body: unknown) => { status: number; body?: unknown } | undefined;

/**
 * A fake of our API on the global fetch: GET /api/onboarding answers with `saved` (or 404),
 * PUT answers 200 with the next revision, anything else goes to `extra` (404 when it returns nothing).
 */
/** GET /api/settings in tests: the configuration's defaults (no fee). */
export const TEST_SETTINGS = {
  agent: { companyName: 'TaxBack', address: '1 Example Street, London', hmrcAgentReference: '' },
  fee: { percent: 0, minimumPence: 0, vatPercent: 0 },
};

export function installFakeServer(
  opts: {
    saved?: {
      snapshot: WizardSnapshot;
      currentStep: WizardStepId;
      lastStepCompleted: WizardStepId | null;
      revision?: number;
      /** Server-owned fields of the GET answer (evidenceFiles, mileageLogs, status, …). */
      server?: Record<string, unknown>;
    };
    extra?: Handler;
  } = {},
): FakeServer {
  const calls: FakeServer['calls'] = [];
  let revision = opts.saved?.revision ?? 0;
  // The draft as the server holds it: a whole save replaces it, a step save merges its sections.
  let held: Record<string, unknown> | undefined = opts.saved?.snapshot as Record<string, unknown> | undefined;
  const saves: Record<string, unknown>[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const headers = new Headers(init?.headers);
    // The public settings (D19/D20) are read once per page; not recorded with the wizard's calls.
    if (url === '/api/settings' && !opts.extra?.(method, url, body))
      return new Response(JSON.stringify(TEST_SETTINGS), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    calls.push({ method, url, body, sessionId: headers.get('X-Session-Id') });
    const json = (status: number, data?: unknown) =>
      new Response(data === undefined ? null : JSON.stringify(data), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    const stepSave = /^\/api\/onboarding\/steps\/([a-z-]+)$/.exec(url);
    const isSave = method === 'PUT' && (url === '/api/onboarding' || stepSave !== null);
    const sent = (body ?? {}) as Record<string, unknown>;
    // What a save would leave the server holding, with the step a step save names.
    const after = stepSave
      ? { ...held, ...(sent.sections as Record<string, unknown>) }
      : (sent.snapshot as Record<string, unknown>);
    if (isSave) saves.push({ ...sent, ...(stepSave ? { step: stepSave[1] } : {}), snapshot: after });
    const custom = opts.extra?.(method, url, body);
    if (custom) return json(custom.status, custom.body);
    if (url === '/api/onboarding' && method === 'GET') {
      if (!opts.saved) return json(404, { error: 'Not found' });
      const { server, ...saved } = opts.saved;
      return json(200, { revision, ...progressAnswer(saved.snapshot), ...saved, ...server });
    }
    if (isSave) {
      if (stepSave && held === undefined) return json(404, { error: 'Not found' });
      held = after;
      revision += 1;
      return json(200, { revision, totals: summariseClaim(after as unknown as WizardSnapshot) });
    }
    return json(404, { error: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    puts: () => saves,
  };
}

/**
 * GET /api/onboarding's whole answer for a snapshot as the contract has it (the client checks
 * answers against the contract in tests): a draft with nothing uploaded.
 */
export function progressAnswer(snapshot: WizardSnapshot) {
  return {
    evidenceFiles: {},
    mileageLogs: {},
    p60File: null,
    signatureUrl: null,
    signedAuthority: null,
    status: 'draft',
    submissionReference: null,
    submittedAt: null,
    totals: summariseClaim(snapshot),
    hasNiNumber: false,
    caseDetails: null,
    snapshot,
  };
}

/** A snapshot with the first two claimable years selected, for the later steps. */
export function snapshotWith(patch: Partial<WizardSnapshot> = {}): WizardSnapshot {
  return { ...createEmptySnapshot(), ...patch };
}

export function renderWizard(path = '/onboarding', sessionId = createSessionId()) {
  window.sessionStorage.setItem(SESSION_STORAGE_KEY, sessionId);
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/onboarding" element={<OnboardingPage />} />
        <Route path="/onboarding/:affiliateName" element={<OnboardingPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return { ...utils, sessionId };
}

/** A stand-in for XMLHttpRequest (uploads): each sent request waits for the test to answer it. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}

export function installFakeXhr(): typeof FakeXhr {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}

/**
 * A snapshot ready for steps 8-11: personal details, one employment (Acme Ltd, which paid nothing),
 * car, the given years with miles; `employerPence` makes the employer pay that much a mile.
 */
export function completedSnapshot(
  years: Record<string, number>,
  patch: Partial<WizardSnapshot> = {},
  employerPence = 0,
): WizardSnapshot {
  const base = createEmptySnapshot();
  return {
    ...base,
    eligibilityData: { drivesForWork: 'yes', vehicleVRM: '' },
    employmentDetails: { employmentType: 'employed', businessName: '', utrNumber: '' },
    employments: [
      {
        id: 'job-1',
        employerName: 'Acme Ltd',
        payeReference: '123/AB45678',
        noPayeReference: false,
        jobTitle: 'Engineer',
        continuing: 'yes',
        endDate: { day: '', month: '', year: '' },
      },
    ],
    personalInfo: {
      title: '',
      dateOfBirth: { day: '4', month: '3', year: '1990' },
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '07700900123',
      homeAddress: '1 High St, Wigan',
      postcode: 'WN2 1AR',
    },
    vehicleInfo: { type: 'car-van' },
    taxYears: base.taxYears.map((y) =>
      y.year in years
        ? {
            ...y,
            selected: true,
            jobs: [
              {
                employmentId: 'job-1',
                vehicle: 'car-van' as const,
                businessMiles: years[y.year] ?? 0,
                paidKind: employerPence > 0 ? ('ppm' as const) : ('none' as const),
                paidPencePerMile: employerPence,
                paidTotalPounds: 0,
              },
            ],
          }
        : y,
    ),
    ...patch,
  };
}
