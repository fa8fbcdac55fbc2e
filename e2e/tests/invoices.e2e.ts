// Issue 47 (D41), in real Chromium: with a 20% fee and no nomination, the operator records HMRC's
// repayment of £450 and issues the invoice for £90 (emailed: the outbox row); the claimant sees
// the fee, what they keep and the invoice on their status page; the operator records the payment
// and the invoice is paid. A second server with the fee set shares the suite's data folder and
// database (the suite's own runs with no fee); axe on the new screens, at 320 px too.
import { expect, test } from '@playwright/test';
import { adminRecords450, sentClaimOf450, unique } from '../helpers/admin.ts';
import { queryRows } from '../helpers/db.ts';
import { APP_PORT } from '../helpers/env.ts';
import { startSuiteInstance, type Instance } from '../helpers/scale-out.ts';
import { scanAtBothWidths, signInFromText } from '../helpers/status.ts';

let feeServer: Instance;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  feeServer = await startSuiteInstance('fee', APP_PORT + 20, { FEE_PERCENT: '20' });
});
test.afterAll(async () => {
  await feeServer?.stop();
});

test('a 20% fee without a nomination: £450 repaid, an invoice for £90 emailed, seen by the claimant, then paid', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const id = unique();
  const { claim, who } = await sentClaimOf450(request, { firstName: 'Ivy', lastName: `Invoice${id}`, id });

  const { operator, page } = await adminRecords450(browser, feeServer.url, claim.id, id);

  // The invoice: £90 on the £450 HMRC repaid, the next number, emailed with the way to pay.
  const panel = page.getByRole('region', { name: 'Invoice for our fee' });
  await expect(panel).toContainText('The fee of £90.00 is worked out on the £450.00 HMRC repaid.');
  const issued = page.waitForResponse((r) => r.url().endsWith('/invoice'));
  await panel.getByRole('button', { name: 'Issue the invoice' }).click();
  expect((await issued).status()).toBe(201);
  const details = panel.getByTestId('invoice');
  await expect(panel.getByTestId('invoice-state')).toHaveText('Issued');
  await expect(details).toContainText('£90.00');
  const [stored] = await queryRows('SELECT number, total_pence, state FROM invoices WHERE claim_id = $1', [
    claim.id,
  ]);
  expect([Number(stored?.total_pence), stored?.state]).toEqual([9_000, 'issued']);
  const number = `INV-${String(stored?.number).padStart(6, '0')}`;
  await expect(details).toContainText(number);
  let sent: Record<string, unknown> | undefined;
  await expect
    .poll(async () => {
      [sent] = await queryRows(
        "SELECT subject, body_text FROM email_outbox WHERE claim_id = $1 AND template = 'invoice-issued'",
        [claim.id],
      );
      return sent?.subject;
    })
    .toBe(`Our invoice ${number} for claim ${claim.reference}`);
  expect(String(sent?.body_text)).toContain('our fee of £90.00');
  expect(String(sent?.body_text)).toContain(`quoting the reference ${number}`);
  await scanAtBothWidths(page, 'claim page: the invoice issued');

  // The claimant: the fee, what they keep, the invoice with its download and how to pay.
  const claimantContext = await browser.newContext({ baseURL: feeServer.url });
  const claimant = await claimantContext.newPage();
  await signInFromText(
    claimant,
    `${feeServer.url}/status?reference=${encodeURIComponent(claim.reference)}`,
    who.phone,
  );
  const invoice = claimant.getByTestId('status-invoice');
  await expect(invoice).toContainText('HMRC repaid you £450.00. Our fee is £90.00, so you keep £360.00.');
  await expect(invoice).toContainText(`Invoice ${number}`);
  await expect(invoice).toContainText(`Pay £90.00 by`);
  // Decision 078: the offline payment provider offers no card; the bank transfer is the way to pay.
  await expect(invoice.getByRole('button', { name: /by card/ })).toHaveCount(0);
  const download = claimant.waitForEvent('download');
  await invoice.getByRole('link', { name: `Download invoice ${number} (PDF)` }).click();
  expect((await download).suggestedFilename()).toBe(`invoice-${number}.pdf`);
  await scanAtBothWidths(claimant, 'status page: the invoice');

  // The operator records the payment: the invoice is paid.
  await panel.getByLabel('Amount paid, in pounds').fill('90.00');
  await panel.getByLabel('How it was paid').selectOption({ label: 'Bank transfer' });
  const paid = page.waitForResponse((r) => r.url().endsWith('/invoice/payments'));
  await panel.getByRole('button', { name: 'Record the payment' }).click();
  expect((await paid).status()).toBe(200);
  await expect(panel.getByTestId('invoice-state')).toHaveText('Paid');
  await expect(panel.getByTestId('invoice-payments')).toContainText('Bank transfer');
  expect(
    (await queryRows('SELECT state, paid_pence FROM invoices WHERE claim_id = $1', [claim.id])).map((r) => [
      r.state,
      Number(r.paid_pence),
    ]),
  ).toEqual([['paid', 9_000]]);
  await claimant.reload();
  await expect(claimant.getByTestId('status-invoice')).toContainText(`Invoice ${number}`);
  await expect(claimant.getByTestId('status-invoice')).toContainText(': Paid.');
  await claimantContext.close();
  await operator.close();
});
