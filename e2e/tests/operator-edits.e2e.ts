// Issue 28 (D32): a claim whose claimant had no PAYE reference cannot go to HMRC until an operator
// enters it, with a reason; the history keeps the old and new values and the claimant is told.
// Issue 32.5/32.13: the claim page shows labels, not codes, and its audit trail from the first
// load; the audit log names claims and operators; disabling an operator asks first.
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../helpers/a11y.ts';
import {
  backOfficeClaimant,
  changeStatus,
  createOperator,
  search,
  signInWithTotp,
  unique,
} from '../helpers/admin.ts';
import { queryRows } from '../helpers/db.ts';
import { seedMileageClaim } from '../helpers/seed.ts';

/**
 * What makes the page wider than 320 px: the page's width, then each element and each run of text
 * past the edge that is not inside a region that scrolls or clips by itself (a DataTable scrolls
 * inside its own region). A text node is checked as well as elements: a long word overflows its
 * box without widening the box.
 */
function pastTheEdge(): string[] {
  const clipped = (e: Element | null) => {
    for (let p = e; p && p !== document.body; p = p.parentElement)
      if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(p).overflowX)) return true;
    return false;
  };
  const found: string[] = [];
  const width = document.documentElement.scrollWidth;
  if (width > 320) found.push(`page width ${width}`);
  for (const e of document.querySelectorAll('body *'))
    if (e.getBoundingClientRect().right > 321 && !clipped(e.parentElement))
      found.push(`${e.tagName}.${e.className} ${(e.textContent ?? '').slice(0, 60)}`);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(n);
    if (range.getBoundingClientRect().right > 321 && !clipped(n.parentElement))
      found.push(
        `text in ${n.parentElement?.tagName}.${n.parentElement?.className}: ${(n.textContent ?? '').slice(0, 60)}`,
      );
  }
  return found.slice(0, 8);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  // The thread loads after the claim: measured once it is in and the narrow layout has settled.
  await expect(page.getByTestId('claim-thread')).toBeVisible();
  await expect.poll(() => page.evaluate(pastTheEdge), { message: 'wider than 320 px' }).toEqual([]);
}

const edits = (reference: string) =>
  queryRows(
    'SELECT e.label, e.old_value, e.new_value, e.reason FROM claim_field_edits e JOIN onboarding_claims c ON c.id = e.claim_id WHERE c.submission_reference = $1',
    [reference],
  );

test.describe('operators complete the P87 answers (D32)', () => {
  test('a claim without a PAYE reference becomes ready for HMRC once an operator enters it with a reason', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const id = unique();
    const lastName = `Edits${id}`;
    // Made through the wizard's API (decision 086): admin.e2e.ts clicks the same claim through.
    const mileage = await seedMileageClaim(request, backOfficeClaimant({ firstName: 'Penny', lastName }), {
      affiliate: `e2e-edits-${id}`,
    });
    const email = `edits.${id}@example.com`;
    const password = `a long admin password ${id}`;
    createOperator(email, 'Eda Admin', 'admin', password);
    await signInWithTotp(page, email, password, false);

    await search(page, mileage.reference);
    await page.getByRole('link', { name: mileage.reference }).click();
    await expect(page.getByRole('heading', { name: mileage.reference, level: 1 })).toBeVisible();

    // Labels, not codes; no company vehicle row for a claimant driving their own car.
    await expect(page.getByText('Yes, in my own vehicle')).toBeVisible();
    await expect(page.getByText('Employed (PAYE)')).toBeVisible();
    await expect(page.getByText(/\(Car or van\)/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Download evidence for/ })).toBeVisible();
    await expect(page.getByText('Company vehicle registration')).toHaveCount(0);
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    for (const code of [
      'car-van',
      'claim-viewed',
      'mileage-log',
      'ni-revealed',
      ' yes,',
      'Drives for work yes',
    ])
      expect(text, `shows the code ${code}`).not.toContain(code);
    // The audit trail shows this very view on the first load.
    await expect(page.getByText(/Claim viewed by Eda Admin/)).toBeVisible();

    // Not ready: the PAYE reference is missing.
    await changeStatus(page, 'In review');
    await expect(page.getByTestId('claim-status')).toHaveText('In review');
    await changeStatus(page, 'Ready for HMRC');
    await expect(page.getByRole('alert')).toContainText('not ready for HMRC');
    await expect(page.getByRole('alert')).toContainText('Employer PAYE reference (employment 1)');
    await expect(page.getByTestId('claim-status')).toHaveText('In review');

    // The operator enters the reference the claimant phoned in: first without a reason, then
    // in the wrong format; neither is stored.
    const form = page.getByRole('form', { name: 'Complete or correct a detail' });
    await form
      .getByLabel('Detail to change')
      .selectOption({ label: 'Employer PAYE reference (employment 1)' });
    await expect(form.getByText('Now: not given')).toBeVisible();
    await form.getByLabel('New Employer PAYE reference (employment 1)').fill('123/AB45678');
    await form.getByRole('button', { name: 'Save change' }).click();
    await expect(form.getByRole('alert')).toContainText('Enter the reason for this change');
    await expectNoA11yViolations(page, 'operator edit with an error');
    await form.getByLabel('New Employer PAYE reference (employment 1)').fill('ABC');
    await form.getByLabel('Reason for the change').fill('The claimant phoned with it from their P60');
    await form.getByRole('button', { name: 'Save change' }).click();
    await expect(form.getByRole('alert')).toContainText('in the correct format, like 123/AB45678');
    expect(await edits(mileage.reference)).toEqual([]);

    await form.getByLabel('New Employer PAYE reference (employment 1)').fill('123/ab45678');
    await form.getByRole('button', { name: 'Save change' }).click();
    await expect(form.getByRole('status')).toHaveText(
      'Employer PAYE reference (employment 1) changed. The claimant has been told by text and email.',
    );

    // The history shows the old and the new value, who and why.
    const history = page.getByTestId('detail-changes');
    await expect(history).toContainText('Employer PAYE reference (employment 1)');
    await expect(history).toContainText('Was: not given. Now: 123/AB45678.');
    await expect(history).toContainText('Reason: The claimant phoned with it from their P60');
    await expect(history).toContainText('Eda Admin');
    await expect(page.getByTestId('employment-1')).toContainText('123/AB45678');
    await expect(page.getByText('Yes: the claim matches what was signed')).toBeVisible();
    await expectNoA11yViolations(page, 'operator claim page after an edit');

    // Stored once: one history row, one audit event, the claimant's text and email queued or sent.
    expect(await edits(mileage.reference)).toEqual([
      {
        label: 'Employer PAYE reference (employment 1)',
        old_value: null,
        new_value: '"123/AB45678"',
        reason: 'The claimant phoned with it from their P60',
      },
    ]);
    const audited = await queryRows(
      "SELECT a.detail FROM audit_events a JOIN onboarding_claims c ON c.id = a.entity_id WHERE c.submission_reference = $1 AND a.action = 'claim-details-corrected'",
      [mileage.reference],
    );
    expect(audited).toHaveLength(1);
    await expect
      .poll(
        async () =>
          (
            await queryRows(
              "SELECT body FROM sms_outbox WHERE template = 'claim-details-corrected' AND body LIKE $1",
              [`%${mileage.reference}%`],
            )
          ).length,
        { timeout: 20_000 },
      )
      .toBe(1);

    // Now it can go to HMRC.
    await changeStatus(page, 'Ready for HMRC');
    await expect(page.getByTestId('claim-status')).toHaveText('Ready for HMRC');
    const [row] = await queryRows('SELECT status FROM onboarding_claims WHERE submission_reference = $1', [
      mileage.reference,
    ]);
    expect(row?.status).toBe('ready-for-hmrc');

    // At 320 px: nothing scrolls sideways, and the page still passes.
    await page.setViewportSize({ width: 320, height: 800 });
    await expectNoSidewaysScroll(page);
    await expectNoA11yViolations(page, 'operator claim page at 320 px');

    // The audit log names the claim by its reference.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Audit log', exact: true }).click();
    const action = page.getByLabel('Action', { exact: true });
    await action.selectOption({ label: 'Claim details completed or corrected' });
    await expect(action).toHaveValue('claim-details-corrected');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/[?&]action=claim-details-corrected/);
    // The filtered answer replaces the whole log: no other action is left (retried until it has).
    const events = page.getByRole('region', { name: 'Audit events' });
    await expect(events.getByRole('row', { name: /Claim viewed|Status changed|Claims listed/ })).toHaveCount(
      0,
    );
    const auditRow = events
      .getByRole('row', { name: new RegExp(mileage.reference) })
      .filter({ hasText: 'Claim details completed or corrected' });
    await expect(auditRow).toContainText('Eda Admin');
    await expect(auditRow.getByRole('link', { name: mileage.reference })).toBeVisible();
    await expectNoA11yViolations(page, 'audit log with claim references');
    await page.setViewportSize({ width: 320, height: 800 });
    await expectNoA11yViolations(page, 'audit log at 320 px');
  });

  test('disabling an operator asks first, in a dialog that passes axe', async ({ page }) => {
    // Two operators made by the CLI, a sign-in and three scans on a shared machine.
    test.setTimeout(180_000);
    const id = unique();
    const email = `disabler.${id}@example.com`;
    const password = `a long admin password ${id}`;
    createOperator(email, 'Dana Admin', 'admin', password);
    const workerName = `Wes Worker ${id}`;
    const workerEmail = `wes.${id}@example.com`;
    createOperator(workerEmail, workerName, 'caseworker', `a first caseworker password ${id}`);
    await signInWithTotp(page, email, password, false);
    await page.getByRole('link', { name: 'Operators', exact: true }).click();
    const row = page.getByRole('row', { name: new RegExp(workerName) });

    // Cancel leaves them active.
    await row.getByRole('button', { name: `Disable ${workerName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Disable ${workerName}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('signed out at once');
    await expectNoA11yViolations(page, 'disable operator dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByRole('cell').nth(3)).toContainText('Active');
    const [before] = await queryRows('SELECT disabled_at FROM operator_users WHERE email = $1', [
      workerEmail,
    ]);
    expect(before?.disabled_at).toBeNull();

    // Escape closes it too; then, confirmed, by keyboard.
    await row.getByRole('button', { name: `Disable ${workerName}` }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.setViewportSize({ width: 320, height: 800 });
    await row.getByRole('button', { name: `Disable ${workerName}` }).click();
    await expectNoA11yViolations(page, 'disable operator dialog at 320 px');
    await dialog.getByRole('button', { name: `Yes, disable ${workerName}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText(`${workerName}: disabled and signed out`);
    await expect(row.getByRole('cell').nth(3)).toContainText('Disabled');
    const [after] = await queryRows('SELECT disabled_at FROM operator_users WHERE email = $1', [workerEmail]);
    expect(after?.disabled_at).not.toBeNull();
  });
});
