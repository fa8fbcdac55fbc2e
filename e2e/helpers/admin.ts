// The operators' back-office in the browser, shared by the specs that walk it (admin, operator
// edits): operators made with `npm run admin:create`, the back-office's mileage claim (clicked
// through the wizard in admin.e2e.ts; the other specs make theirs through its API, decision 086),
// sign-in with the second factor, and the claim page's actions.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type Download,
  type Locator,
  type Page,
} from '@playwright/test';
import { generate } from 'otplib';
import { NEW_CLAIM_REFERENCE_PATTERN } from '@taxback/domain';
import { expectNoA11yViolations } from './a11y.ts';
import { executeSql, queryRows, waitForOnboardingClaim } from './db.ts';
import { TEST_COMPANY, getDatabaseUrl, getDataDir } from './env.ts';
import { liveQuestion } from './funnel.ts';
import { makePdf } from './sample-files.ts';
import { seedMileageClaim } from './seed.ts';
import {
  OFFERED_YEARS,
  completeStepsZeroToSeven,
  continueButton,
  expectStep,
  isSaveOf,
  signOnReview,
  tickConsents,
  yearSlug,
  type WizardClaimant,
  uniqueWizardPhone,
} from './wizard.ts';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/**
 * Makes an operator with the `admin:create` CLI, the password on stdin, against the running
 * server's database. By default it runs the CLI as the build compiled it (what `npm run
 * admin:create` runs, without npm and the TypeScript loader: 0.7 s of CPU, not 2.7 s; decision
 * 082); `viaNpm` runs the README's own command, which one journey walks exactly as written.
 */
export function createOperator(
  email: string,
  name: string,
  role: 'admin' | 'caseworker',
  password: string,
  { viaNpm = false }: { viaNpm?: boolean } = {},
): void {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: getDataDir(),
    NODE_ENV: 'production',
    ...TEST_COMPANY,
  };
  delete env.DATABASE_URL;
  const url = getDatabaseUrl();
  if (url) env.DATABASE_URL = url;
  const args = ['--email', email, '--name', name, '--role', role];
  const [command, commandArgs] = viaNpm
    ? ['npm', ['run', '-s', 'admin:create', '--', ...args]]
    : [process.execPath, ['apps/server/dist/server/cli/create-operator.js', ...args]];
  const result = spawnSync(command, commandArgs, {
    cwd: ROOT,
    env,
    input: `${password}\n`,
    encoding: 'utf8',
  });
  expect(result.status, `admin:create failed: ${result.stderr}`).toBe(0);
  expect(result.stdout).toContain('Operator created.');
}

export function unique(): string {
  return randomBytes(4).toString('hex');
}

/**
 * The claimant of the back-office specs' mileage claim. Acme Ltd pays 5p a mile on 4,000 miles
 * (D17/D18 shape, one employment): at most £2,000 of expenses, so a P87 year, not a Self Assessment
 * one (D31). The claimant ticks "I don't have it" for the PAYE reference: the one P87 answer a
 * submitted claim can still lack.
 */
export function backOfficeClaimant(who: { firstName: string; lastName: string }): WizardClaimant {
  const year = OFFERED_YEARS[0] ?? '';
  return {
    firstName: who.firstName,
    lastName: who.lastName,
    email: `${who.firstName.toLowerCase()}@example.com`,
    phone: '07700 900777',
    postcode: 'WN2 1AR',
    address: '1 Test Street, Hindley, Wigan',
    vehicle: 'car-van',
    employments: [{ employerName: 'Acme Ltd', payeReference: null, jobTitle: 'Driver' }],
    years: [{ year, companyName: 'Acme Ltd', miles: 4000 }],
    employerRatePence: 5,
  };
}

/**
 * That mileage claim made as a claimant makes it: in its own browser, from the affiliate's link to
 * the wizard, clicking through every step to the confirmation. Returns the reference shown there,
 * the exact bytes of the uploaded evidence, and the drawn signature as the server stored it (read
 * back through the claimant's session and checked against its stored_files hash).
 */
export async function submitMileageClaim(
  browser: Browser,
  who: { firstName: string; lastName: string; affiliate: string },
): Promise<{ reference: string; evidence: Buffer; signature: Buffer }> {
  const claimant = backOfficeClaimant(who);
  const year = claimant.years[0]?.year ?? '';
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // The affiliate's link first: the wizard opened afterwards in the same tab carries it.
    await page.goto(`/affiliate/${who.affiliate}`);
    await expect(liveQuestion(page)).toBeVisible();
    const sessionId = await completeStepsZeroToSeven(page, claimant);

    // Evidence: one PDF through the year's file input.
    const evidence = await makePdf('mileage-evidence.pdf', `Evidence for ${who.lastName}`);
    const slug = yearSlug(year);
    await page.getByTestId(`evidence-upload-${slug}`).setInputFiles(evidence);
    await expect(page.getByTestId(`evidence-files-${slug}`)).toContainText(evidence.name);
    const evidenceSaved = page.waitForResponse(isSaveOf('evidence'));
    await continueButton(page).click();
    expect((await evidenceSaved).status(), 'evidence step saved').toBe(200);
    await expectStep(page, 'check-answers', 'Check your answers');
    await continueButton(page).click();

    // Signed with the mouse on the pad, the three consents ticked.
    await expectStep(page, 'review', 'Review and sign');
    await signOnReview(page);
    await tickConsents(page);
    const signed = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/onboarding/signature',
    );
    await continueButton(page).click();
    expect((await signed).status()).toBe(201);

    // The NI number, then 'Submit Claim'; the reference from the confirmation.
    await expectStep(page, 'hmrc-details', 'Administrative details');
    await page.getByTestId('ni-number').fill('AB 12 34 56 C');
    await expect(page.getByTestId('ni-number')).toHaveValue('AB 12 34 56 C');
    await expect(continueButton(page)).toHaveText('Submit Claim');
    await continueButton(page).click();
    await expect(page.getByTestId('confirmation-heading')).toBeVisible({ timeout: 20_000 });
    await expectStep(page, 'confirmation');
    const reference = (await page.getByTestId('confirmation-reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(NEW_CLAIM_REFERENCE_PATTERN);

    const row = await waitForOnboardingClaim(
      sessionId,
      (r) => r.status === 'submitted' && r.submission_reference === reference,
      'submitted with the confirmation reference',
    );
    expect(row.affiliate_name).toBe(who.affiliate);
    // The signature the claimant drew, as stored: its bytes through their own session, and the
    // same bytes' hash as the stored file's.
    const storedSignatures = await queryRows(
      "SELECT sha256 FROM stored_files WHERE session_id = $1 AND kind = 'signature'",
      [sessionId],
    );
    expect(storedSignatures).toHaveLength(1);
    const fetched = await context.request.get(String(row.signature_url), {
      headers: { 'X-Session-Id': sessionId },
    });
    expect(fetched.status()).toBe(200);
    expect(fetched.headers()['content-type']).toBe('image/png');
    const signature = await fetched.body();
    expect(signature.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(createHash('sha256').update(signature).digest('hex')).toBe(storedSignatures[0]?.sha256);
    return { reference, evidence: evidence.buffer, signature };
  } finally {
    await context.close();
  }
}

export async function signInWithTotp(
  page: Page,
  email: string,
  password: string,
  scan: boolean,
): Promise<void> {
  await page.goto('/admin');
  await expect(page).toHaveURL('/admin/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  if (scan) await expectNoA11yViolations(page, 'admin sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const setupKey = (await page.getByTestId('setup-key').innerText()).replace(/\s+/g, '');
  expect(setupKey).toMatch(/^[A-Z2-7]{16,}$/);
  if (scan) await expectNoA11yViolations(page, 'admin enrolment');

  // A wrong code first: the error summary names the field.
  await page.getByLabel('Security code').fill('000000');
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Enter the current security code from your authenticator app',
  );

  await page.getByLabel('Security code').fill(await generate({ secret: setupKey }));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL('/admin/claims');
  await expect(page.getByRole('heading', { name: 'Claims' })).toBeVisible();
}

export async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search').fill(text);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  // The filters are applied by a navigation to the list's own address: until it has happened, a
  // click on a row of the list shown before it is undone when it lands (seen in CI on PostgreSQL).
  await expect(page).toHaveURL(
    (url) => url.pathname === '/admin/claims' && url.searchParams.get('q') === text,
  );
  await expect(page.getByRole('status').filter({ hasText: /claims?$/ })).toBeVisible();
}

export async function downloaded(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

export async function changeStatus(page: Page, to: string, reason = ''): Promise<void> {
  await page.getByLabel('New status').selectOption({ label: to });
  if (reason) await page.getByLabel(/^Reason(?: \(optional\))?$/).fill(reason);
  await page.getByRole('button', { name: 'Change status' }).click();
}

/**
 * Types a date into the GOV.UK date input named `legend` (issue 44: the back-office's dates are
 * Day, Month and Year boxes, whatever the browser's locale); '' empties a box.
 */
export async function fillDate(
  scope: Page | Locator,
  legend: string,
  [day, month, year]: [string, string, string],
): Promise<void> {
  const group = scope.getByRole('group', { name: legend, exact: true });
  await group.getByLabel('Day', { exact: true }).fill(day);
  await group.getByLabel('Month', { exact: true }).fill(month);
  await group.getByLabel('Year', { exact: true }).fill(year);
}

/** Fills and sends the claim page's "Record HMRC's answer" (or "Correct") form. */
export async function recordAnswer(
  page: Page,
  answer: {
    year: string;
    decision: string;
    amount?: string;
    givenAs?: string;
    hmrcReason?: string;
    correctionReason?: string;
  },
) {
  const form = page.locator('form', { has: page.getByRole('heading', { name: /HMRC’s answer$/ }) });
  await form.getByLabel('Tax year').selectOption({ value: answer.year });
  await form.getByLabel('HMRC’s decision').selectOption({ label: answer.decision });
  if (answer.amount) await form.getByLabel('Amount HMRC gives for the year, in pounds').fill(answer.amount);
  if (answer.givenAs) await form.getByLabel('How HMRC gives it').selectOption({ label: answer.givenAs });
  if (answer.hmrcReason) await form.getByLabel(/^HMRC’s reason/).fill(answer.hmrcReason);
  if (answer.correctionReason)
    await form.getByLabel('Reason for the correction').fill(answer.correctionReason);
  const sent = page.waitForResponse((r) => r.url().endsWith('/year-answers'));
  await form.getByRole('button', { name: /(Record|Correct) the answer/ }).click();
  return sent;
}

/** Issue 47: one past year, 1,000 business miles at 45p with nothing from the employer: £450. */
export const YEAR_OF_450 = OFFERED_YEARS.filter((y) => y < '2026/27')[0] ?? '';

/**
 * Issue 47: a claim of £450 for YEAR_OF_450, made through the wizard's API (decision 086), sent to
 * HMRC.
 */
export async function sentClaimOf450(
  request: APIRequestContext,
  person: { firstName: string; lastName: string; id: string },
) {
  const who: WizardClaimant = {
    firstName: person.firstName,
    lastName: person.lastName,
    email: `${person.firstName.toLowerCase()}.${person.id}@example.com`,
    phone: uniqueWizardPhone(),
    postcode: 'WN2 1AR',
    address: '1 Test Street, Hindley, Wigan',
    vehicle: 'car-van',
    employments: [{ employerName: 'Acme Ltd', payeReference: '123/AB45678', jobTitle: 'Driver' }],
    years: [{ year: YEAR_OF_450, companyName: 'Acme Ltd', miles: 1000 }],
    employerRatePence: 0,
  };
  const claim = await seedMileageClaim(request, who);
  await executeSql("UPDATE onboarding_claims SET status = 'sent-to-hmrc' WHERE id = $1", [claim.id]);
  return { claim, who };
}

/** Issue 47: an admin signed in on `baseURL`, on the claim's page, with HMRC's £450 for YEAR_OF_450 recorded. */
export async function adminRecords450(browser: Browser, baseURL: string, claimId: string, id: string) {
  const operator = await browser.newContext({ baseURL });
  const page = await operator.newPage();
  const email = `admin.${id}@example.com`;
  const password = `admin-${id}-password`;
  createOperator(email, 'Ada Admin', 'admin', password);
  await signInWithTotp(page, email, password, false);
  await page.goto(`/admin/claims/${claimId}`);
  const answered = await recordAnswer(page, {
    year: YEAR_OF_450,
    decision: 'Accepted',
    amount: '450.00',
    givenAs: 'Repayment',
  });
  expect(answered.status()).toBe(200);
  return { operator, page };
}
