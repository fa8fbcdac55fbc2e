// Claimants follow their claim (D23, issue 15 "Done when"): after submitting, the claimant opens
// /status from the confirmation, enters the reference and phone and the code from the SMS outbox,
// and sees the timeline and the authority they signed; a wrong reference or phone gets the same
// "not found" answer; the sixth failure from one IP in 15 minutes gets the throttling message.
//
// The throttle counts failures per IP and every test comes from 127.0.0.1, so this file's tests run
// in order in one worker and the throttling test comes last.
import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { NEW_CLAIM_REFERENCE_PATTERN, normaliseUkPhone } from '@taxback/domain';
import { STATUS_MESSAGES } from '@taxback/domain/status-schemas';
import { expectNoA11yViolations } from '../helpers/a11y.ts';
import { executeSql, queryRows } from '../helpers/db.ts';
import { reachFilledForm, submitClaim, successDialog } from '../helpers/funnel.ts';
import { makePngBytes } from '../helpers/sample-files.ts';

test.describe.configure({ mode: 'default' });

const PHONE = '07700 900871';

/** The code in the latest 'status-code' text to `phone` (the offline SMS outbox). */
async function readStatusCode(phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const rows = await queryRows(
          `SELECT body FROM sms_outbox WHERE to_phone = $1 AND template = 'status-code' ORDER BY created_at DESC`,
          [normaliseUkPhone(phone)],
        );
        code = /is (\d{6})\./.exec(String(rows[0]?.body ?? ''))?.[1] ?? '';
        return code;
      },
      { message: 'no status code was texted', timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

async function askForCode(page: Page, reference: string, phone: string): Promise<void> {
  await page.getByLabel('Claim reference').fill(reference);
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByRole('button', { name: 'Text me a code' }).click();
}

let reference = '';
let sessionId = '';

test('after submitting, the claimant follows the claim at /status with a texted code', async ({ page }) => {
  // A whole claim, then four screens each scanned twice: more than the default on a busy machine.
  test.setTimeout(90_000);
  await reachFilledForm(page, {
    firstName: 'Stella',
    lastName: 'Status',
    email: 'stella.status@example.com',
    phone: PHONE,
    expenses: ['uniform'],
  });
  sessionId = await submitClaim(page);
  const dialog = successDialog(page);
  reference = (await dialog.getByTestId('claim-reference').locator('strong').textContent()) ?? '';
  expect(reference).toMatch(NEW_CLAIM_REFERENCE_PATTERN);
  await dialog.getByRole('link', { name: 'follow your claim' }).click();

  await expect(page).toHaveURL(`/status?reference=${reference}`);
  await expect(page.getByRole('heading', { name: 'Follow your claim' })).toBeVisible();
  await expect(page.getByLabel('Claim reference')).toHaveValue(reference);
  await expectNoA11yViolations(page, 'status: details');
  await page.getByLabel('Mobile number').fill(PHONE);
  await page.getByRole('button', { name: 'Text me a code' }).click();

  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeFocused();
  await expect(page.getByText('We have texted a code to the number ending 871.')).toBeVisible();
  await expectNoA11yViolations(page, 'status: code');
  // A wrong code first: the field says so and nothing opens.
  const code = await readStatusCode(PHONE);
  await page.getByLabel('Enter the 6-digit code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Show my claim' }).click();
  await expect(page.getByRole('alert').getByRole('link', { name: STATUS_MESSAGES.codeWrong })).toBeVisible();
  await page.getByLabel('Enter the 6-digit code').fill(code);
  await page.getByRole('button', { name: 'Show my claim' }).click();

  await expect(page.getByRole('heading', { name: 'Your claim', exact: true })).toBeVisible();
  await expect(page.getByText(reference)).toBeVisible();
  const timeline = page.getByTestId('status-timeline');
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline).toContainText('We received your claim');
  await expect(page.getByTestId('status-next')).toContainText('We will check your claim');
  await expectNoA11yViolations(page, 'status: timeline');

  // The authority they signed, byte for byte as stored.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /The authority you signed/ }).click(),
  ]);
  const bytes = await import('node:fs/promises').then(async (fs) => fs.readFile((await download.path())!));
  const [stored] = await queryRows(
    "SELECT sha256 FROM stored_files WHERE session_id = $1 AND kind = 'authority'",
    [sessionId],
  );
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(stored?.sha256);

  // A reload within 30 minutes shows the timeline again; at 320 px nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 700 });
  await page.reload();
  await expect(page.getByTestId('status-timeline')).toContainText('We received your claim');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('a wrong reference and a wrong phone get the same "not found" answer', async ({ page }) => {
  expect(reference, 'the first test made the claim').not.toBe('');
  await page.goto('/status');
  await askForCode(page, 'GEN-00000000', PHONE);
  const summary = page.getByRole('alert');
  await expect(summary.getByRole('link', { name: STATUS_MESSAGES.notFound })).toBeVisible();
  await askForCode(page, reference, '07700 900879');
  await expect(summary.getByRole('link', { name: STATUS_MESSAGES.notFound })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toHaveCount(0);
});

/** A general claim made through the API with its own mobile number; its reference. */
async function claimThroughApi(page: Page, firstName: string, phone: string): Promise<string> {
  const now = new Date().toISOString();
  const res = await page.request.post('/api/claims', {
    headers: { 'x-session-id': `tx_${Date.now()}_${randomBytes(16).toString('base64url')}` },
    data: {
      firstName,
      lastName: 'Household',
      email: `${firstName.toLowerCase()}.household@example.com`,
      phone,
      signature: `data:image/png;base64,${makePngBytes(40, 20, 3).toString('base64')}`,
      selectedExpenses: ['uniform'],
      earnsOver18k: true,
      assessmentData: { qualifies: 'yes', timestamp: now, step: 'expenses_completed', lastUpdated: now },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { reference: string }).reference;
}

async function signInWithCode(page: Page, phone: string): Promise<void> {
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeFocused();
  await page.getByLabel('Enter the 6-digit code').fill(await readStatusCode(phone));
  await page.getByRole('button', { name: 'Show my claim' }).click();
  await expect(page.getByRole('heading', { name: 'Your claim', exact: true })).toBeVisible();
}

// Issue 28: on a shared household device, a second claimant's link never shows the first claim.
test('a second claimant’s reference link in the same browser does not show the first claim', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const digits = () => String(Math.floor(100_000 + Math.random() * 899_999));
  const firstPhone = `07700 ${digits()}`;
  const secondPhone = `07700 ${digits()}`;
  const first = await claimThroughApi(page, 'Ada', firstPhone);
  const second = await claimThroughApi(page, 'Ben', secondPhone);

  await page.goto(`/status?reference=${first}`);
  await signInWithCode(page, firstPhone);
  await expect(page.getByText(first)).toBeVisible();

  // The second claimant opens their link in the same browser.
  const looked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/status');
  await page.goto(`/status?reference=${second}`);
  expect((await looked).status()).toBe(401);
  await expect(page.getByRole('heading', { name: 'Follow your claim' })).toBeVisible();
  await expect(page.getByTestId('status-notice')).toHaveText(STATUS_MESSAGES.otherClaim);
  await expect(page.getByLabel('Claim reference')).toHaveValue(second);
  await expect(page.getByText(first)).toHaveCount(0);
  await expect(page.getByTestId('status-timeline')).toHaveCount(0);
  // The first claim's session has ended: going back does not show it either.
  await page.goto(`/status?reference=${first}`);
  await expect(page.getByRole('heading', { name: 'Follow your claim' })).toBeVisible();
  await expect(page.getByTestId('status-timeline')).toHaveCount(0);
  expect((await page.request.get('/api/status')).status()).toBe(401);

  // The second claim with its own code; then "Follow another claim" and "Sign out" end it.
  await page.goto(`/status?reference=${second}`);
  await signInWithCode(page, secondPhone);
  await expect(page.getByText(second)).toBeVisible();
  await expectNoA11yViolations(page, 'status: timeline with sign out');
  await page.getByRole('button', { name: 'Follow another claim' }).click();
  await expect(page.getByRole('heading', { name: 'Follow your claim' })).toBeFocused();
  await expect(page.getByLabel('Claim reference')).toHaveValue('');
  await expect(page).toHaveURL('/status');
  expect((await page.request.get('/api/status')).status()).toBe(401);

  await page.getByLabel('Claim reference').fill(second);
  await signInWithCode(page, secondPhone);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('status-notice')).toContainText('You have signed out.');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Follow your claim' })).toBeVisible();
  await expect(page.getByTestId('status-timeline')).toHaveCount(0);
});

// Every test comes from 127.0.0.1: once this file has throttled it, the failures it made are
// taken back, so a later test signing in to the status page (casework, year answers) is not refused.
test.afterAll(async () => {
  await executeSql('DELETE FROM status_attempts WHERE succeeded = 0');
});

test('the sixth failure from one IP in 15 minutes gets the throttling message', async ({ page }) => {
  const since = new Date(Date.now() - 15 * 60 * 1000).toISOString();
  const [row] = await queryRows(
    'SELECT COUNT(*) AS n FROM status_attempts WHERE succeeded = 0 AND throttled = 0 AND created_at > $1',
    [since],
  );
  const already = Number(row?.n ?? 0);
  expect(
    already,
    'the earlier tests failed three times (a wrong code, an unknown reference, a wrong phone)',
  ).toBe(3);
  await page.goto('/status');
  for (let i = already; i < 5; i += 1) {
    const failed = page.waitForResponse((r) => r.url().endsWith('/api/status/code'));
    await askForCode(page, 'GEN-00000000', PHONE);
    expect((await failed).status()).toBe(404);
  }
  // The sixth: refused even with the right reference and phone.
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/status/code'));
  await askForCode(page, reference, PHONE);
  expect((await answer).status()).toBe(429);
  await expect(page.getByTestId('status-alert')).toHaveText(STATUS_MESSAGES.throttled);
});
