// A nurse's funnel claim and its details journey, through the real app (decision 064's case):
// shared by the tests of the details journey and of the case's workflow (issue 42).
import { expect } from 'vitest';
import { PNG_DATA_URL, newSessionId, validClaimBody, type TestApp } from './helpers.ts';

export const NURSE_YEARS = ['2023/24', '2024/25', '2025/26'];

/** The details a nurse signs: uniform at HMRC's flat rate and the NMC fee for NURSE_YEARS. */
export function nurseDetails(overrides: Record<string, unknown> = {}) {
  return {
    personalInfo: {
      title: 'Ms',
      firstName: 'Nia',
      lastName: 'Nurse',
      dateOfBirth: { day: '4', month: '3', year: '1990' },
      email: 'nia@example.com',
      phone: '07700 900123',
      homeAddress: '1 High Street, Leeds',
      postcode: 'LS1 1AA',
    },
    employments: [
      {
        id: 'job-1',
        employerName: 'Leeds Teaching Hospitals NHS Trust',
        payeReference: '123/AB45678',
        noPayeReference: false,
        jobTitle: 'Staff nurse',
        continuing: 'yes',
        endDate: { day: '', month: '', year: '' },
      },
    ],
    taxYears: ['2026/27', '2025/26', '2024/25', '2023/24', '2022/23'].map((year) => ({
      year,
      selected: NURSE_YEARS.includes(year),
    })),
    scottishTaxpayer: 'no',
    expenses: {
      clothing: { kind: 'flat-rate', industry: 'healthcare', job: 'nurses' },
      fees: {
        body: 'Nursing and Midwifery Council',
        years: Object.fromEntries(NURSE_YEARS.map((y) => [y, 12_000])),
      },
    },
    ...overrides,
  };
}

/** A funnel claim (uniform and fees unless `signedBy` says otherwise), made as the funnel makes it. */
export async function startFunnelClaim(
  t: TestApp,
  signedBy: Record<string, unknown> = {},
): Promise<{ sessionId: string; id: string }> {
  const sessionId = newSessionId();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/claims',
    headers: { 'x-session-id': sessionId },
    payload: validClaimBody({
      firstName: 'Nia',
      lastName: 'Nurse',
      selectedExpenses: ['uniform', 'fees'],
      ...signedBy,
    }),
  });
  expect(res.statusCode).toBe(201);
  return { sessionId, id: res.json<{ id: string }>().id };
}

export const saveDetails = (t: TestApp, sessionId: string, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/claims/mine/details',
    headers: { 'x-session-id': sessionId },
    payload: body as object,
  });

/** The details saved and signed, as the journey does (both answer as they should). */
export async function signNurseDetails(t: TestApp, sessionId: string, details = nurseDetails()) {
  expect((await saveDetails(t, sessionId, details)).statusCode).toBe(200);
  const signed = await t.app.inject({
    method: 'POST',
    url: '/api/claims/mine/details/sign',
    headers: { 'x-session-id': sessionId },
    payload: { niNumber: 'AB 12 34 56 C', signature: PNG_DATA_URL },
  });
  expect(signed.statusCode).toBe(200);
}
