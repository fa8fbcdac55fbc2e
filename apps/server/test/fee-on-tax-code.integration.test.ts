// Issue 47 (D41): "relief given through the tax code carries no fee unless the operator's settings
// say otherwise and the signed terms said so". With FEE_ON_TAX_CODE=on the authority's terms say
// so; a case whose claims signed them is charged on tax-code relief (on the claim page, the status
// page and the invoice), and a case signed before the setting was turned on is not. Through the
// real app and database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES, type AuthorityTerms } from '@taxback/domain';
import type { OperatorInvoice } from '@taxback/domain/invoice-schemas';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import {
  asOperator,
  repaidMileageClaim,
  signInTeam,
  signInToStatus,
  testClock,
  type AdminSession,
  type TestOperator,
} from './admin-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { expectInOrder, pdfText } from './pdf-text.ts';

const clock = testClock('2026-11-29T10:00:00.000Z');
let t: TestApp;
let owner: { op: TestOperator; session: AdminSession };
let phones = 0;

beforeAll(async () => {
  t = await createTestApp({
    overrides: { now: clock.now },
    env: { FEE_PERCENT: '20', FEE_ON_TAX_CODE: 'on' },
  });
  ({ owner } = await signInTeam(t, clock));
});
afterAll(async () => {
  await t.close();
});

const taxCodeClaim = () =>
  repaidMileageClaim(t, owner, `07700 903${String(++phones).padStart(3, '0')}`, {
    pence: 12_000,
    givenAs: 'tax-code',
  });
const issue = (id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/claims/${id}/invoice`,
    headers: asOperator(owner.session),
  });
const detail = async (id: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/admin/claims/${id}`, headers: asOperator(owner.session) })
  ).json<{ hmrcYears: { money: Record<string, unknown> } }>();

describe('a fee on tax-code relief (D41, FEE_ON_TAX_CODE=on)', () => {
  it('says so in the terms the claimant signs and GET /api/settings answers', async () => {
    const settings = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json<AuthorityTerms>();
    expect(settings.fee).toMatchObject({ percent: 20, onTaxCode: true });
    const claim = await taxCodeClaim();
    const row = await t.app.db
      .selectFrom('onboarding_claims')
      .select('authority_terms')
      .where('id', '=', claim.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.authority_terms!)).toMatchObject({ fee: { onTaxCode: true } });
  });

  it('charges tax-code relief on a case whose terms said so: claim page, status page and invoice', async () => {
    const claim = await taxCodeClaim();
    expect((await detail(claim.id)).hmrcYears.money).toEqual({
      repaidPence: 0,
      taxCodePence: 12_000,
      feeBasePence: 12_000,
      feeOn: 'the £120.00 of relief through the tax code',
      feePence: 2_400,
      claimantPence: 9_600,
    });

    const res = await issue(claim.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<OperatorInvoice>().invoice).toMatchObject({
      repaidPence: 0,
      taxCodePence: 12_000,
      feePence: 2_400,
      totalPence: 2_400,
      claimantPence: 9_600,
    });
    const stored = await t.app.db
      .selectFrom('invoices')
      .select(['repaid_pence', 'tax_code_pence', 'total_pence'])
      .where('case_id', '=', claim.id)
      .executeTakeFirstOrThrow();
    expect([stored.repaid_pence, stored.tax_code_pence, stored.total_pence].map(Number)).toEqual([
      0, 12_000, 2_400,
    ]);

    const view = (await signInToStatus(t, claim, '198.51.100.79')).json<ClaimStatusView>();
    expect(view.hmrcYears).toMatchObject({ feePence: 2_400, claimantPence: 9_600, feeBasePence: 12_000 });
    expect(view.invoice).toMatchObject({ taxCodePence: 12_000, totalPence: 2_400 });

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/admin/claims/${claim.id}/invoice.pdf`,
      headers: asOperator(owner.session),
    });
    expectInOrder(pdfText(pdf.rawPayload), [
      'HMRC repaid you',
      '£0.00',
      'Relief through your tax code',
      '£120.00',
      'Total',
      '£24.00',
      'as the terms you signed',
    ]);
  });

  it('never charges a case signed before the setting (its terms did not say so), and stores nothing', async () => {
    const claim = await taxCodeClaim();
    const signedBefore = { fee: { percent: 20, minimumPence: 0, vatPercent: 0 } };
    const row = await t.app.db
      .selectFrom('onboarding_claims')
      .select('authority_terms')
      .where('id', '=', claim.id)
      .executeTakeFirstOrThrow();
    const terms = JSON.parse(row.authority_terms!) as AuthorityTerms;
    await t.app.db
      .updateTable('onboarding_claims')
      .set({ authority_terms: JSON.stringify({ ...terms, ...signedBefore }) })
      .where('id', '=', claim.id)
      .execute();

    expect((await detail(claim.id)).hmrcYears.money).toMatchObject({
      feeBasePence: 0,
      feeOn: 'the £0.00 HMRC repaid',
      feePence: 0,
      claimantPence: 0,
    });
    const invoicesBefore = await t.app.db.selectFrom('invoices').select('id').execute();
    const res = await issue(claim.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: INVOICE_MESSAGES.nothingRepaid,
      errors: { invoice: INVOICE_MESSAGES.nothingRepaid },
    });
    expect(await t.app.db.selectFrom('invoices').select('id').execute()).toEqual(invoicesBefore);
  });
});
