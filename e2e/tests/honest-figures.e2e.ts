// Issue 31: the wizard says no more than is true. A year over £2,500 hears about Self Assessment
// before any congratulation and the operator closes it as such (D31; GOV.UK "Claim tax relief for
// your job expenses": "If your expenses are over £2,500 you must claim using a Self Assessment tax
// return"); the P60's tax paid caps the estimate on every page (D31); a mileage log is built for
// the year asked, and a log that differs from the miles claimed is shown before signing and to the
// operator (D25).
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoA11yViolations } from '../helpers/a11y.ts';
import { createOperator } from '../helpers/admin.ts';
import { makePdf } from '../helpers/sample-files.ts';
import {
  answerEmployerPayments,
  completeStepsUpToEmployerRate,
  continueButton,
  expectNoSidewaysScroll,
  expectStep,
  sessionIdOf,
  signOnReview,
  tickConsents,
  uniqueWizardPhone,
  yearSlug,
  type WizardClaimant,
  answerTemporaryPlace,
} from '../helpers/wizard.ts';

function claimant(lastName: string, years: WizardClaimant['years']): WizardClaimant {
  return {
    firstName: 'Honora',
    lastName,
    email: 'honest@example.com',
    phone: uniqueWizardPhone(),
    postcode: 'WN2 1AR',
    address: '1 Example Street, Wigan',
    vehicle: 'car-van',
    years,
    employerRatePence: 0,
  };
}

/** No page before the Self Assessment message may congratulate (D31). */
async function expectNoCongratulation(page: Page, where: string): Promise<void> {
  await expect(page.getByText(/Congratulations/), `no congratulation on ${where}`).toHaveCount(0);
}

async function uploadEvidence(page: Page, year: string): Promise<void> {
  const pdf = await makePdf(`diary-${yearSlug(year)}.pdf`, `Business mileage diary ${year} (example)`);
  await page.getByTestId(`evidence-upload-${yearSlug(year)}`).setInputFiles(pdf);
  await expect(page.getByTestId(`evidence-files-${yearSlug(year)}`)).toContainText(pdf.name);
}

/** From check your answers to the confirmation: sign, the NI number, submit. Returns the reference. */
async function signAndSubmit(page: Page): Promise<string> {
  await continueButton(page).click();
  await expectStep(page, 'review', 'Review and sign');
  return submitFromReview(page);
}

/** On "Review and sign": sign, the NI number, submit. Returns the reference. */
async function submitFromReview(page: Page): Promise<string> {
  await signOnReview(page);
  await tickConsents(page);
  await continueButton(page).click();
  await expectStep(page, 'hmrc-details', 'Administrative details');
  await page.getByTestId('ni-number').fill('AB 12 34 56 C');
  await continueButton(page).click();
  await expect(page.getByTestId('confirmation-heading')).toBeVisible({ timeout: 30_000 });
  return (await page.getByTestId('confirmation-reference').textContent())?.trim() ?? '';
}

/**
 * An operator made with the `admin:create` CLI, signed in with their second factor, on the claim;
 * `listFlag` is a flag the claims list must show on the claim's row first (D34).
 */
async function operatorOpensClaim(page: Page, reference: string, listFlag?: string): Promise<void> {
  const email = `honest-${randomBytes(4).toString('hex')}@example.com`;
  const password = `Pass-${randomBytes(8).toString('hex')}`;
  createOperator(email, 'Honest Check', 'admin', password);
  await page.goto('/admin');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const setupKey = (await page.getByTestId('setup-key').innerText()).replace(/\s+/g, '');
  await page.getByLabel('Security code').fill(await generate({ secret: setupKey }));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL('/admin/claims');
  await page.getByLabel('Search').fill(reference);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('link', { name: reference })).toBeVisible();
  if (listFlag !== undefined) await expect(page.locator('main')).toContainText(listFlag);
  await page.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { name: reference, level: 1 })).toBeVisible();
}

async function changeStatus(page: Page, to: string): Promise<void> {
  await page.getByLabel('New status').selectOption({ label: to });
  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByTestId('claim-status')).toHaveText(to);
}

test('12,000 miles in 2024/25 at 0p: Self Assessment before any congratulation; the operator closes it so', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 320, height: 800 });
  const year = '2024/25';
  const who = claimant('Selfassess', [{ year, companyName: 'Example Haulage Ltd', miles: 12_000 }]);
  await completeStepsUpToEmployerRate(page, who);
  // The mileage step's figure already said so (its panel), and no page has congratulated yet.
  await expectNoCongratulation(page, 'the employer-payment step');
  await answerEmployerPayments(page, who);
  await expect(page.getByTestId('self-assessment-note')).toContainText(`over £2,500 for ${year}`);
  await continueButton(page).click();

  await expectStep(page, 'congratulations', 'Your claim needs a Self Assessment tax return');
  await expectNoCongratulation(page, 'the estimate');
  const note = page.getByTestId('self-assessment-note');
  await expect(note).toContainText(year);
  await expect(note.getByRole('link')).toHaveAttribute('href', 'https://www.gov.uk/tax-relief-for-employees');
  await expectNoSidewaysScroll(page, 'the Self Assessment estimate at 320 px');
  await expectNoA11yViolations(page, 'the Self Assessment estimate at 320 px');
  await continueButton(page).click();

  await expectStep(page, 'evidence');
  await uploadEvidence(page, year);
  await continueButton(page).click();
  await expectStep(page, 'check-answers', 'Check your answers');
  await expect(page.getByTestId('self-assessment-note')).toContainText(year);
  const reference = await signAndSubmit(page);

  const operator = await browser.newPage();
  try {
    await operatorOpensClaim(operator, reference);
    await expect(operator.locator('main')).toContainText(`Self Assessment, not P87: ${year}`);
    await changeStatus(operator, 'In review');
    await changeStatus(operator, 'Needs Self Assessment');
  } finally {
    await operator.close();
  }
});

test('a P60 showing £286 of tax paid: the estimate is £286 on every page that shows it', async ({ page }) => {
  test.setTimeout(180_000);
  // 2025/26: £14,000 of pay less the £12,570 personal allowance is £1,430 at 20% = £286 of tax.
  // 5,000 miles at 45p is £2,250 of relief, worth £450 at 20%, but never more than the tax paid.
  const year = '2025/26';
  const who = claimant('Pixty', [{ year, companyName: 'Example Care Ltd', miles: 5_000 }]);
  await completeStepsUpToEmployerRate(page, who);
  await answerEmployerPayments(page, who);
  await expect(page.getByTestId('impact-rebate')).toHaveText('£450');
  await expect(page.getByTestId('upper-figure-note')).toBeVisible();
  const slug = yearSlug(year);
  await page.getByTestId(`taxable-pay-${slug}`).fill('14000');
  await page.getByTestId(`tax-paid-${slug}`).fill('286');
  await expect(page.getByTestId('impact-rebate')).toHaveText('£286');
  await expect(page.getByTestId('upper-figure-note')).toHaveCount(0);
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(page, 'the P60 question at 320 px');
  await expectNoA11yViolations(page, 'the P60 question at 320 px');
  await page.setViewportSize({ width: 1280, height: 900 });
  await continueButton(page).click();

  await expectStep(page, 'congratulations', 'Congratulations, Honora!');
  // Stay (decision 019), so the page does not move on by itself while it is read.
  await page.getByTestId('congrats-stay').click();
  await expect(page.getByTestId('congrats-total')).toHaveText('£286');
  await continueButton(page).click();
  await expectStep(page, 'evidence');
  await uploadEvidence(page, year);
  await continueButton(page).click();
  await expectStep(page, 'check-answers', 'Check your answers');
  await expect(page.getByTestId('estimated-rebate')).toHaveText('£286');
  const reference = await signAndSubmit(page);
  expect(reference).not.toBe('');
  await expect(page.getByTestId('confirmation-rebate')).toHaveText('£286');
});

test("a log built for one year leaves the other year's evidence; the mismatch shows before signing and to the operator", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const [built, uploaded] = ['2025/26', '2024/25'];
  const who = claimant('Logcheck', [
    { year: built, companyName: 'Example Couriers Ltd', miles: 6_000 },
    { year: uploaded, companyName: 'Example Couriers Ltd', miles: 2_000 },
  ]);
  await completeStepsUpToEmployerRate(page, who);
  await answerEmployerPayments(page, who);
  await continueButton(page).click();
  // 6,000 miles at 45p is £2,700 of expenses: the estimate says Self Assessment (no time limit).
  await expectStep(page, 'congratulations', 'Your claim needs a Self Assessment tax return');
  await continueButton(page).click();

  await expectStep(page, 'evidence');
  await uploadEvidence(page, uploaded);
  const kept = (await page.getByTestId(`evidence-files-${yearSlug(uploaded)}`).textContent()) ?? '';
  expect(kept).toContain('diary-2024-25.pdf');
  await page.getByTestId(`build-log-${yearSlug(built)}`).click();
  await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', 'journeys');
  // A daily 20-mile return trip: about 9,000 miles in a whole year, not the 6,000 stated.
  await page.getByTestId('journey-0-from').fill('WN2 1AR');
  await page.getByTestId('journey-0-to').fill('SK5 6AQ');
  await page.getByTestId('journey-0-distance').fill('20');
  await page.getByTestId('journey-0-reason').selectOption('site-visit');
  await expectNoSidewaysScroll(page, 'the journeys step');
  await continueButton(page).click();
  await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', 'journeys-review');
  await expect(page.getByTestId(`rebuild-year-${yearSlug(uploaded)}`)).toHaveCount(0);
  await answerTemporaryPlace(page, 1);
  const generated = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/onboarding/mileage-log',
  );
  await continueButton(page).click();
  expect((await generated).status()).toBe(201);

  await expectStep(page, 'evidence');
  await expect(page.getByTestId(`mileage-log-${yearSlug(built)}`)).toBeVisible();
  // The other year: its upload as it was, and no log.
  await expect(page.getByTestId(`mileage-log-${yearSlug(uploaded)}`)).toHaveCount(0);
  await expect(page.getByTestId(`evidence-files-${yearSlug(uploaded)}`)).toHaveText(kept);
  const mismatch = page.getByTestId(`log-miles-${yearSlug(built)}`);
  await expect(mismatch).toContainText(`${built}: the mileage log adds up to`);
  await expect(mismatch).toContainText('the claim states 6,000 miles');
  await expectNoA11yViolations(page, 'the evidence step with a generated log');
  await continueButton(page).click();

  await expectStep(page, 'check-answers', 'Check your answers');
  await expect(page.getByTestId(`log-miles-${yearSlug(built)}`)).toContainText(
    'the claim states 6,000 miles',
  );
  await expect(page.getByTestId(`cya-year-${yearSlug(built)}`)).toContainText('6,000 miles');
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(page, 'check your answers with a mismatch at 320 px');
  await expectNoA11yViolations(page, 'check your answers with a mismatch at 320 px');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The authority shown before signing says it too, with the figure the claim is made on (D19).
  await continueButton(page).click();
  await expectStep(page, 'review', 'Review and sign');
  const claimed = page.getByTestId('authority-claim');
  await expect(claimed).toContainText('Your mileage log and your claim do not match.');
  await expect(claimed).toContainText(
    new RegExp(
      `${built}: your mileage log adds up to [0-9,]+ miles, but you state 6,000 miles\\. This claim is for the 6,000 miles you stated, not the [0-9,]+ miles in the log\\.`,
    ),
  );
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(page, 'the authority with a mismatch at 320 px');
  await expectNoA11yViolations(page, 'the authority with a mismatch at 320 px');
  await page.setViewportSize({ width: 1280, height: 900 });
  const reference = await submitFromReview(page);

  const operator = await browser.newPage();
  try {
    // Two P87 items: the Self Assessment year and the log that differs, on the list as on the page.
    await operatorOpensClaim(operator, reference, 'P87: 2 missing');
    await expect(operator.locator('main')).toContainText(
      `Mileage log and claim differ: ${built}: the mileage log adds up to`,
    );
  } finally {
    await operator.close();
  }
});

/** The journeys step: one daily return journey of `miles` each way, for the employment chosen. */
async function fillJourney(page: Page, index: number, employmentId: string, miles: string): Promise<void> {
  await page.getByTestId(`journey-${index}-employment`).selectOption(employmentId);
  await page.getByTestId(`journey-${index}-from`).fill('WN2 1AR');
  await page.getByTestId(`journey-${index}-to`).fill('SK5 6AQ');
  await page.getByTestId(`journey-${index}-distance`).fill(miles);
  await page.getByTestId(`journey-${index}-reason`).selectOption('site-visit');
}

/** From the journeys to the evidence step, the log built by POST /api/onboarding/mileage-log. */
async function generateLog(page: Page, expectedBody: Record<string, string>): Promise<void> {
  await continueButton(page).click();
  await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', 'journeys-review');
  await answerTemporaryPlace(page, 1);
  const generated = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/onboarding/mileage-log',
  );
  await continueButton(page).click();
  const response = await generated;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toEqual(expectedBody);
  await expectStep(page, 'evidence');
}

/** The generated logs the server holds for the claim, by key ('2024/25:job-2'), with their PDF ids. */
async function storedLogs(page: Page): Promise<Record<string, string | undefined>> {
  const sessionId = await sessionIdOf(page);
  const res = await page.request.get('/api/onboarding', { headers: { 'x-session-id': sessionId } });
  expect(res.status()).toBe(200);
  const { mileageLogs } = (await res.json()) as { mileageLogs: Record<string, { pdf?: { id: string } }> };
  return Object.fromEntries(Object.entries(mileageLogs).map(([key, log]) => [key, log.pdf?.id]));
}

test("two employments in one year: each employment's log is built on its own, and removed on its own", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const year = '2024/25';
  const slug = yearSlug(year);
  // 3,000 + 1,000 miles at 45p: £1,800 of expenses, under £2,500 (a P87 year).
  const who = claimant('Twojobs', [
    {
      year,
      companyName: 'Example Couriers Ltd',
      miles: 3_000,
      jobs: [
        { employer: 'Example Couriers Ltd', miles: 3_000 },
        { employer: 'Example Bakery Ltd', miles: 1_000 },
      ],
      connected: false,
    },
  ]);
  await completeStepsUpToEmployerRate(page, who);
  await answerEmployerPayments(page, who);
  await continueButton(page).click();
  await expectStep(page, 'congratulations', 'Congratulations, Honora!');
  await page.getByTestId('congrats-stay').click();
  await continueButton(page).click();
  await expectStep(page, 'evidence');
  await uploadEvidence(page, year);
  const kept = (await page.getByTestId(`evidence-files-${slug}`).textContent()) ?? '';

  // The bakery's log alone.
  await page.getByTestId(`build-log-${slug}-job-2`).click();
  await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', 'journeys');
  await fillJourney(page, 0, 'job-2', '5');
  await generateLog(page, { taxYear: year, employmentId: 'job-2' });
  const bakery = page.getByTestId(`mileage-log-${slug}-job-2`);
  await expect(bakery).toContainText(`Mileage log for ${year}, Example Bakery Ltd (generated)`);
  await expect(page.getByTestId(`mileage-log-${slug}-job-1`)).toHaveCount(0);
  await expect(page.getByTestId(`mileage-log-${slug}`)).toHaveCount(0);
  await expect(page.getByTestId(`evidence-files-${slug}`)).toContainText('diary-2024-25.pdf');
  const first = await storedLogs(page);
  expect(Object.keys(first)).toEqual([`${year}:job-2`]);

  // Then the couriers' log: the bakery's stays as it was.
  await page.getByTestId(`build-log-${slug}-job-1`).click();
  await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', 'journeys');
  await page.getByTestId('add-journey').click();
  await fillJourney(page, 1, 'job-1', '10');
  await generateLog(page, { taxYear: year, employmentId: 'job-1' });
  await expect(page.getByTestId(`mileage-log-${slug}-job-1`)).toContainText(
    `Mileage log for ${year}, Example Couriers Ltd (generated)`,
  );
  await expect(bakery).toBeVisible();
  const both = await storedLogs(page);
  expect(Object.keys(both).sort()).toEqual([`${year}:job-1`, `${year}:job-2`]);
  expect(both[`${year}:job-2`]).toBe(first[`${year}:job-2`]);

  // Each log differs from its stated miles (a daily 5-mile trip is 2,540 miles in 2024/25, not 1,000).
  const bakeryCheck = page.getByTestId(`log-miles-${slug}-job-2`);
  await expect(bakeryCheck).toContainText(
    `${year}: the mileage log for Example Bakery Ltd adds up to 2,540 miles; the claim states 1,000 miles.`,
  );
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(page, 'the evidence step with two employments’ logs at 320 px');
  await expectNoA11yViolations(page, 'the evidence step with two employments’ logs at 320 px');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Keeping the bakery's 1,000 miles removes the bakery's log alone.
  await bakeryCheck.getByRole('button', { name: 'Keep 1,000 miles and remove the log' }).click();
  await expect(bakery).toHaveCount(0);
  await expect(page.getByTestId(`mileage-log-${slug}-job-1`)).toBeVisible();
  expect(Object.keys(await storedLogs(page))).toEqual([`${year}:job-1`]);
  await expect(page.getByTestId(`evidence-files-${slug}`)).toContainText('diary-2024-25.pdf');
  expect(kept).toContain('diary-2024-25.pdf');
});
