// Issue 47 (D41 with D29, decisions 075 and 076), in real Chromium: with a nomination configured and
// a 20% fee, the operator records HMRC's £450 answer; the claimant reads and signs the nomination on
// their status page through the offline e-signature provider and gives their bank details (a wrong
// account refused with a message at the field, nothing stored); HMRC's £450 is recorded as received:
// £90 is kept, £360 is held and due, and the claimant sees the fee, what they keep and the payout
// date; the admin finds it in the day's payout file, marks it made, and the reconciliation shows the
// case at zero and the ledger balanced. A second server with the nomination shares the suite's data
// folder and database; axe and HTML_CodeSniffer on the new screens, at 320 px too.
import { expect, test } from '@playwright/test';
import { adminRecords450, downloaded, sentClaimOf450, unique } from '../helpers/admin.ts';
import { queryRows } from '../helpers/db.ts';
import { APP_PORT } from '../helpers/env.ts';
import { startSuiteInstance, type Instance } from '../helpers/scale-out.ts';
import { formatIsoDate as longDate } from '@taxback/domain';
import { scanAtBothWidths, signInFromText } from '../helpers/status.ts';

let nominated: Instance;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  nominated = await startSuiteInstance('nomination', APP_PORT + 21, {
    FEE_PERCENT: '20',
    NOMINATION: 'on',
    HMRC_AGENT_REFERENCE: 'A1B2C3',
  });
});
test.afterAll(async () => {
  await nominated?.stop();
});

test('a nomination: HMRC’s £450 received, £90 kept, £360 in the day’s payout file, paid, and the case at zero', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const id = unique();
  const { claim, who } = await sentClaimOf450(request, { firstName: 'Nia', lastName: `Nominee${id}`, id });

  const { operator, page } = await adminRecords450(browser, nominated.url, claim.id, id);

  // The claimant reads and signs the nomination on the status page (Vocalink's published cases:
  // 089999 66374959 fails the modulus check, ...58 passes).
  const claimantContext = await browser.newContext({ baseURL: nominated.url });
  const claimant = await claimantContext.newPage();
  await signInFromText(
    claimant,
    `${nominated.url}/status?reference=${encodeURIComponent(claim.reference)}`,
    who.phone,
  );
  await expect(claimant.getByTestId('status-fee')).toContainText(
    'Our fee on the £450.00 HMRC repaid is £90.00; you keep £360.00.',
  );
  const nomination = claimant.getByTestId('status-nomination');
  await expect(nomination.getByTestId('nomination-text')).toContainText('HMRC agent reference A1B2C3');
  await expect(nomination.getByTestId('nomination-text')).toContainText(claim.reference);
  await nomination.getByRole('button', { name: 'Sign the nomination' }).click();
  await expect(claimant.getByRole('alert').first()).toContainText(
    'Enter your full name to sign the nomination',
  );
  await scanAtBothWidths(claimant, 'status page: the nomination to sign, with errors');
  await nomination.getByLabel('Your full name').fill(`Nia Nominee${id}`);
  await nomination.getByLabel(/I nominate you to receive HMRC’s repayment/).check();
  await nomination.getByRole('button', { name: 'Sign the nomination' }).click();
  const bankForm = nomination.getByRole('form', { name: 'The bank account we pay you into' });
  await expect(bankForm).toBeVisible();
  const [signed] = await queryRows('SELECT signature_id, provider FROM nominations WHERE case_id = $1', [
    claim.id,
  ]);
  expect(signed?.provider).toBe('offline');
  await scanAtBothWidths(claimant, 'status page: the bank details form');
  await bankForm.getByLabel('Name on the account').fill('N Nominee');
  await bankForm.getByLabel('Sort code').fill('08-99-99');
  await bankForm.getByLabel('Account number').fill('66374959');
  await bankForm.getByRole('button', { name: 'Save your bank details' }).click();
  await expect(bankForm.locator('#bank-account-number-error')).toContainText(
    'together they are not a valid UK bank account',
  );
  expect(await queryRows('SELECT id FROM client_bank_details WHERE case_id = $1', [claim.id])).toEqual([]);
  await bankForm.getByLabel('Account number').fill('66374958');
  await bankForm.getByRole('button', { name: 'Save your bank details' }).click();
  await expect(nomination.getByTestId('status-bank-details')).toContainText('**-**-99 ****4958');
  const pdf = claimant.waitForEvent('download');
  await nomination.getByRole('link', { name: 'Download the nomination you signed (PDF)' }).click();
  expect((await downloaded(await pdf)).toString('latin1')).toContain('/ETSI.CAdES.detached');
  await scanAtBothWidths(claimant, 'status page: the nomination signed, the bank details saved');

  const panel = page.getByRole('region', { name: 'Client money' });
  await page.reload();
  await expect(panel.getByTestId('client-money-bank-account')).toHaveText('N Nominee, **-**-99 ****4958');
  await expect(panel.getByTestId('client-money-nominations')).toContainText(String(signed?.signature_id));

  // HMRC's £450 arrives: £90 kept, £360 held and due.
  await panel.getByLabel('Amount HMRC paid us, in pounds').fill('450.00');
  const received = page.waitForResponse((r) => r.url().endsWith('/client-money/receipts'));
  await panel.getByRole('button', { name: 'Record the money received' }).click();
  expect((await received).status()).toBe(200);
  await expect(panel.getByTestId('client-money-fee-kept')).toHaveText('£90.00');
  await expect(panel.getByTestId('client-money-held')).toHaveText('£360.00');
  await expect(panel.getByTestId('client-money-payouts')).toContainText('£360.00');
  await scanAtBothWidths(page, 'claim page: client money');
  const [due] = await queryRows('SELECT due_on FROM payouts WHERE case_id = $1', [claim.id]);
  await claimant.reload();
  await expect(claimant.getByTestId('status-payouts')).toContainText(
    `We pay you £360.00 by ${longDate(String(due?.due_on))}`,
  );
  await scanAtBothWidths(claimant, 'status page: the payout due');

  // The day's payouts: the file holds £360 to the checked account; marked made.
  const [payout] = await queryRows('SELECT due_on FROM payouts WHERE case_id = $1', [claim.id]);
  const [year, month, day] = String(payout?.due_on).split('-');
  await page.getByRole('link', { name: 'Client money', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Client money', level: 1 })).toBeVisible();
  const filter = page.getByRole('form', { name: 'Show payouts' });
  const group = filter.getByRole('group', { name: 'Payout day' });
  await group.getByLabel('Day', { exact: true }).fill(String(Number(day)));
  await group.getByLabel('Month', { exact: true }).fill(String(Number(month)));
  await group.getByLabel('Year', { exact: true }).fill(String(year));
  await filter.getByRole('button', { name: 'Show payouts' }).click();
  const row = page.getByTestId('payouts-table').getByRole('row').filter({ hasText: claim.reference });
  await expect(row).toContainText('£360.00');
  await expect(row).toContainText('**-**-99 ****4958');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /Download the payout file/ }).click();
  const file = (await downloaded(await download)).toString('utf8');
  expect(file).toContain(`089999,66374958,N Nominee,360.00,${claim.reference}`);
  await scanAtBothWidths(page, 'client money: the day’s payouts');
  await row.getByRole('button', { name: /Mark made/ }).click();
  await expect(page.getByTestId('payouts-message')).toContainText('is marked made');
  await expect(row).toContainText('Made');

  // The reconciliation: the case at zero, the ledger balanced.
  await page.reload();
  const reconciled = page
    .getByTestId('reconciliation-table')
    .getByRole('row')
    .filter({ hasText: claim.reference });
  await expect(reconciled).toContainText('£450.00');
  await expect(reconciled.getByRole('cell').last()).toHaveText('£0.00');
  await expect(page.getByTestId('ledger-net')).toContainText('The ledger balances');
  await scanAtBothWidths(page, 'client money: the reconciliation');

  // The claimant sees the payout made (and heard of each step by email).
  await claimant.reload();
  await expect(claimant.getByTestId('status-payouts')).toContainText(`We paid you £360.00 on`);
  await expect
    .poll(async () =>
      (
        await queryRows(
          "SELECT template FROM email_outbox WHERE claim_id = $1 AND template IN ('nomination-signed', 'bank-details-changed', 'payout-made') ORDER BY template",
          [claim.id],
        )
      ).map((r) => r.template),
    )
    .toEqual(['bank-details-changed', 'nomination-signed', 'payout-made']);
  await claimantContext.close();
  await operator.close();
});
