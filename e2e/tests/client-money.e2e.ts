// Issue 47 (D41 with D29), in real Chromium: with a nomination configured and a 20% fee, the
// operator records HMRC's £450 answer and gives the claimant's bank details (a wrong account
// refused with a message), records HMRC's £450 as received: £90 is kept, £360 is held and due; the
// admin finds it in the day's payout file, marks it made, and the reconciliation shows the case at
// zero and the ledger balanced. A second server with the nomination shares the suite's data folder
// and database; axe on the new screens, at 320 px too.
import { expect, test } from '@playwright/test';
import { adminRecords450, downloaded, sentClaimOf450, unique } from '../helpers/admin.ts';
import { queryRows } from '../helpers/db.ts';
import { APP_PORT } from '../helpers/env.ts';
import { startSuiteInstance, type Instance } from '../helpers/scale-out.ts';
import { scanAtBothWidths } from '../helpers/status.ts';

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
}) => {
  test.setTimeout(300_000);
  const id = unique();
  const { claim } = await sentClaimOf450(browser, { firstName: 'Nia', lastName: `Nominee${id}`, id });

  const { operator, page } = await adminRecords450(browser, nominated.url, claim.id, id);

  // Bank details (Vocalink's published cases: 089999 66374959 fails the modulus check, ...58 passes).
  const panel = page.getByRole('region', { name: 'Client money' });
  const bank = panel.locator('form', {
    has: page.getByRole('heading', { name: 'The claimant’s bank details' }),
  });
  await bank.getByLabel('Sort code').fill('08-99-99');
  await bank.getByLabel('Account number').fill('66374959');
  await bank.getByLabel('Name on the account').fill(`N Nominee`);
  await bank.getByLabel('Nomination signature reference').fill(`nomination-${id}`);
  await bank.getByRole('button', { name: 'Save the bank details' }).click();
  await expect(bank.getByRole('alert')).toContainText('together they are not a valid UK bank account');
  expect(await queryRows('SELECT id FROM client_bank_details WHERE case_id = $1', [claim.id])).toEqual([]);
  await bank.getByLabel('Account number').fill('66374958');
  await bank.getByRole('button', { name: 'Save the bank details' }).click();
  await expect(panel.getByTestId('client-money-bank-account')).toHaveText('N Nominee, **-**-99 ****4958');

  // HMRC's £450 arrives: £90 kept, £360 held and due.
  await panel.getByLabel('Amount HMRC paid us, in pounds').fill('450.00');
  const received = page.waitForResponse((r) => r.url().endsWith('/client-money/receipts'));
  await panel.getByRole('button', { name: 'Record the money received' }).click();
  expect((await received).status()).toBe(200);
  await expect(panel.getByTestId('client-money-fee-kept')).toHaveText('£90.00');
  await expect(panel.getByTestId('client-money-held')).toHaveText('£360.00');
  await expect(panel.getByTestId('client-money-payouts')).toContainText('£360.00');
  await scanAtBothWidths(page, 'claim page: client money');

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
  await operator.close();
});
