import { expect } from 'vitest';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { STATUS_COOKIE } from '../src/modules/status/routes.ts';
import { repaidMileageClaim, signInToStatus, type AdminSession, type TestOperator } from './admin-helpers.ts';
import type { TestApp } from './helpers.ts';

// D29 (decisions 076 and 079): the nomination tests' claimant, signed in to the status page.

let phones = 0;

/** A nomination offered and signed (decision 076): our agent reference, name and address, and a fee. */
export const NOMINATION_ENV = {
  FEE_PERCENT: '20',
  NOMINATION: 'on',
  HMRC_AGENT_REFERENCE: 'A1B2C3',
  COMPANY_NAME: 'Example Claims Ltd',
  COMPANY_ADDRESS: '1 Test Street\\nTestville TE1 1ST',
};

/** A repaid claim and its claimant signed in to the status page from `ip`: what they send. */
export async function nominatingClaimant(
  t: TestApp,
  owner: { op: TestOperator; session: AdminSession },
  ip: string,
  pence = 45_000,
) {
  const phone = `07700 905${String(++phones).padStart(3, '0')}`;
  const claim = await repaidMileageClaim(t, owner, phone, { pence });
  const verified = await signInToStatus(t, { reference: claim.reference, phone }, ip);
  expect(verified.statusCode, verified.body).toBe(200);
  const view = verified.json<ClaimStatusView>();
  const cookie = verified.cookies.find((c) => c.name === STATUS_COOKIE)!.value;
  const send = (
    method: 'POST' | 'PUT' | 'GET',
    url: string,
    payload?: object,
    csrf = view.casework.csrfToken,
  ) =>
    t.app.inject({
      method,
      url,
      cookies: { [STATUS_COOKIE]: cookie },
      headers: { 'x-csrf-token': csrf },
      remoteAddress: ip,
      ...(payload ? { payload } : {}),
    });
  return { claim, view, send };
}
