import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSAFE_TEXT_MESSAGE, claimableTaxYears } from '@taxback/domain';
import { mileageSnapshot } from '@taxback/domain/test/example-snapshots';
import { createTestApp, newSessionId, validClaimBody } from './helpers.ts';
import type { TestApp } from './helpers.ts';

// Issue 17: a NUL once made PostgreSQL answer 500 (SQLSTATE 22021) and was stored as it was on
// SQLite; a right-to-left override makes stored text read as something else. Every text field of
// every endpoint that takes text refuses both with a field message, and nothing is stored. The
// same file runs on SQLite and, in CI, on PostgreSQL.
const HOSTILE = ['\u0000', '\u202E', '\u001B'] as const;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
});
afterAll(async () => {
  await t.close();
});

type Json = Record<string, unknown>;

// Routes with tight per-address limits (call backs, resume) count every request: each comes from
// its own address, so what is measured is the text rule, not the limiter.
let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.1.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

/** The dotted path of every string in a JSON value. */
function stringPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...path, String(i)]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

/** A deep copy of `body` with `insert` placed inside the string at `path`. */
function withInserted(body: Json, path: string[], insert: string): Json {
  const copy = structuredClone(body);
  let node = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  const text = node[last] as string;
  node[last] = `${text.slice(0, 1)}${insert}${text.slice(1)}`;
  return copy;
}

const TABLES = [
  'form_responses',
  'onboarding_claims',
  'stored_files',
  'resume_codes',
  'resume_attempts',
  'sms_outbox',
  'call_back_requests',
  'operator_sessions',
  'audit_events',
] as const;

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await t.app.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

const year = claimableTaxYears()[0]!.year;
const wizardSave = {
  revision: 0,
  currentStep: 'evidence',
  lastStepCompleted: 'employer-rate',
  snapshot: mileageSnapshot(
    {
      years: [{ year, miles: 1200 }],
      personalInfo: { title: 'Ms', homeAddress: '1 High Street\nWigan' },
    },
    {
      employmentDetails: { employmentType: 'employed', businessName: 'Acme', utrNumber: '1234567890' },
      eligibilityData: { drivesForWork: 'yes', vehicleVRM: 'AB12CDE' },
      journeys: [
        {
          id: 'j1',
          from: 'Wigan',
          to: 'Leeds',
          purpose: 'Site visit',
          miles: 60,
          frequency: 'weekly',
          tripType: 'return',
          employmentId: 'job-1',
        },
      ],
      affiliateName: 'partner-one',
      utmData: { utm_source: 'google', utm_campaign: 'spring' },
      fullUrl: 'https://claim.example.test/onboarding?utm_source=google',
    },
  ),
};

const ENDPOINTS: Array<{ name: string; method: 'POST' | 'PUT'; url: string; body: Json }> = [
  { name: 'POST /api/claims', method: 'POST', url: '/api/claims', body: validClaimBody() },
  { name: 'PUT /api/onboarding', method: 'PUT', url: '/api/onboarding', body: wizardSave },
  {
    name: 'POST /api/call-backs',
    method: 'POST',
    url: '/api/call-backs',
    body: { name: 'Sam Trader', phone: '07700 900123', consent: true, topic: 'self-assessment' },
  },
  {
    name: 'POST /api/resume',
    method: 'POST',
    url: '/api/resume',
    body: { phone: '07700 900123', code: '123456' },
  },
  {
    name: 'POST /api/admin/sign-in',
    method: 'POST',
    url: '/api/admin/sign-in',
    body: { email: 'operator@example.com', password: 'correct horse battery staple' },
  },
];

describe('control and bidi characters in text (issue 17)', () => {
  it.each(ENDPOINTS)('$name refuses them in every text field, storing nothing', async (endpoint) => {
    const paths = stringPaths(endpoint.body);
    expect(paths.length).toBeGreaterThan(0);
    const before = await rowCounts();
    for (const path of paths) {
      for (const insert of HOSTILE) {
        const response = await t.app.inject({
          method: endpoint.method,
          url: endpoint.url,
          headers: { 'x-session-id': newSessionId() },
          remoteAddress: nextAddress(),
          payload: withInserted(endpoint.body, path, insert),
        });
        const field = path.join('.');
        expect(response.statusCode, `${field} with U+${insert.codePointAt(0)!.toString(16)}`).toBe(400);
        expect(response.json()).toEqual({ errors: { [field]: UNSAFE_TEXT_MESSAGE } });
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('the untouched bodies are accepted, so the refusals above are the characters', async () => {
    const claim = await t.app.inject({
      method: 'POST',
      url: '/api/claims',
      headers: { 'x-session-id': newSessionId() },
      payload: validClaimBody(),
    });
    expect(claim.statusCode).toBe(201);
    const save = await t.app.inject({
      method: 'PUT',
      url: '/api/onboarding',
      headers: { 'x-session-id': newSessionId() },
      payload: wizardSave,
    });
    expect(save.statusCode).toBe(200);
    const callBack = await t.app.inject({
      method: 'POST',
      url: '/api/call-backs',
      remoteAddress: nextAddress(),
      payload: ENDPOINTS[2]!.body,
    });
    expect(callBack.statusCode).toBe(201);
  });

  it('refuses them in query strings and route parameters too', async () => {
    const lookup = await t.app.inject({ method: 'GET', url: '/api/address?postcode=WN2%001AR' });
    expect(lookup.statusCode).toBe(400);
    expect(lookup.json()).toEqual({ errors: { postcode: UNSAFE_TEXT_MESSAGE } });
    const file = await t.app.inject({
      method: 'GET',
      url: '/api/files/abc%E2%80%AEdef',
      headers: { 'x-session-id': newSessionId() },
    });
    expect(file.statusCode).toBe(400);
    expect(file.json()).toEqual({ errors: { id: UNSAFE_TEXT_MESSAGE } });
  });

  it('keeps line breaks and tabs where text may hold them', async () => {
    const sessionId = newSessionId();
    const save = await t.app.inject({
      method: 'PUT',
      url: '/api/onboarding',
      headers: { 'x-session-id': sessionId },
      payload: wizardSave,
    });
    expect(save.statusCode).toBe(200);
    const restored = await t.app.inject({
      method: 'GET',
      url: '/api/onboarding',
      headers: { 'x-session-id': sessionId },
    });
    expect(
      (restored.json() as { snapshot: { personalInfo: { homeAddress: string } } }).snapshot.personalInfo
        .homeAddress,
    ).toBe('1 High Street\nWigan');
  });
});
