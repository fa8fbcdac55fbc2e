// Issue 32 item 8, "Done when": a content check walks every claimant and operator screen and fails
// on US spellings from a list, on "is required" errors outside SPEC.md's own strings, and on a
// <title> that does not begin with the page's <h1> (e2e/helpers/content.ts). Each form is first
// sent empty, so its error messages are read too.
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { claimableTaxYears, normaliseUkPhone } from '@taxback/domain';
import { createOperator, fillDate, signInWithTotp } from '../helpers/admin.ts';
import { ContentWatch, expectSummaryInFieldOrder } from '../helpers/content.ts';
import { latestResumeCode, queryRows } from '../helpers/db.ts';
import {
  chooseExpenses,
  continueButton as funnelContinue,
  field,
  fillClaimForm,
  noButton,
  qualify,
  submitButton,
  successDialog,
} from '../helpers/funnel.ts';
import { makePdf } from '../helpers/sample-files.ts';
import { drawSignature } from '../helpers/signature.ts';
import {
  OFFERED_YEARS,
  answerEmployerPayments,
  continueButton,
  expectStep,
  fillEmployments,
  isSaveOf,
  signOnReview,
  tickConsents,
  uniqueWizardPhone,
  yearSlug,
  type WizardClaimant,
  answerTemporaryPlace,
} from '../helpers/wizard.ts';

function unique(): string {
  return randomBytes(3).toString('hex');
}

const YEAR = OFFERED_YEARS[0] ?? '';
const DETAILS_YEAR = claimableTaxYears()[1]?.year ?? '';

async function textedStatusCode(phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const rows = await queryRows(
        "SELECT body FROM sms_outbox WHERE to_phone = $1 AND template = 'status-code' ORDER BY created_at DESC",
        [normaliseUkPhone(phone)],
      );
      code = /is (\d{6})\./.exec(String(rows[0]?.body ?? ''))?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** The details journey (D30), each step first sent empty. */
async function walkDetails(page: Page, watch: ContentWatch): Promise<void> {
  const heading = page.getByTestId('details-heading');
  const next = page.getByTestId('details-continue');
  await expect(heading).toHaveText('About you');
  await next.click();
  await expectSummaryInFieldOrder(page, 'details: about you, empty', 3);
  await watch.check(page, 'details: about you, empty');
  await page.getByTestId('date-of-birth-day').fill('4');
  await page.getByTestId('date-of-birth-month').fill('3');
  await page.getByTestId('date-of-birth-year').fill('1990');
  await page.getByTestId('postcode-input').fill('LS1 1AA');
  await page.getByLabel('Full address').fill('1 High Street, Leeds');
  await page.getByRole('radio', { name: 'No' }).check();
  await next.click();

  await expect(heading).toHaveText('Your employments');
  await next.click();
  await watch.check(page, 'details: employments, empty');
  await page.getByLabel("Employer's name").fill('Leeds Teaching Hospitals NHS Trust');
  await page.getByLabel('Employer PAYE reference').fill('123/AB45678');
  await page.getByLabel('Job title').fill('Staff nurse');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await next.click();

  await expect(heading).toHaveText('Which tax years are you claiming for?');
  await next.click();
  await watch.check(page, 'details: tax years, empty');
  await page.getByRole('checkbox', { name: new RegExp(`^${DETAILS_YEAR}`) }).check();
  await next.click();

  await expect(heading).toHaveText('Uniform, work clothing and tools');
  await page.getByRole('radio', { name: "HMRC's flat rate for my job" }).check();
  await next.click();
  await watch.check(page, 'details: uniform flat rate, no job');
  await page.getByLabel('Your industry').selectOption('healthcare');
  await page.getByLabel('Your job').selectOption('nurses');
  await next.click();

  await expect(heading).toHaveText('Check your answers');
  await watch.check(page, 'details: check your answers');
  await next.click();

  await expect(heading).toHaveText('Sign your authority');
  await next.click();
  await expectSummaryInFieldOrder(page, 'details: sign, empty', 2);
  await watch.check(page, 'details: sign, empty');
  await page.getByTestId('signature-switch').click();
  await next.click();
  await expectSummaryInFieldOrder(page, 'details: sign by typed name, empty', 2);
  await watch.check(page, 'details: sign by typed name, empty');
  await page.getByTestId('signature-switch').click();
  await page.getByLabel('National Insurance number').fill('AB123456C');
  await drawSignature(page, page.locator('canvas'));
  await next.click();
  await expect(page.getByTestId('details-signed')).toBeVisible({ timeout: 20_000 });
  await watch.check(page, 'details: signed');
}

test('the funnel, its details journey, the status page and the legal pages', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const watch = await ContentWatch.on(page);
  await page.goto('/');
  await watch.check(page, 'landing');
  await noButton(page).first().click();
  await watch.check(page, 'after answering No');
  for (const path of ['/loan-declined', '/privacy', '/terms']) {
    await page.goto(path);
    await watch.check(page, path);
  }

  await qualify(page);
  await funnelContinue(page).click({ force: true });
  await watch.check(page, 'expenses, none chosen');
  await chooseExpenses(page, ['uniform']);
  // Every field touched and left empty, then a wrong email and phone.
  for (const name of ['firstName', 'lastName', 'email', 'phone'] as const) {
    await field(page, name).focus();
    await field(page, name).blur();
  }
  await field(page, 'email').fill('not an email');
  await field(page, 'phone').fill('12');
  await field(page, 'firstName').focus();
  await watch.check(page, 'claim form with errors');
  // Issue 32 item 3: Submit waits for every field and a signature, so the form is sent as wrong as
  // it can be: the email and phone wrong and a typed name without letters.
  await field(page, 'firstName').fill('Connie');
  await field(page, 'lastName').fill('Content');
  await page.getByTestId('signature-switch').click();
  await page.getByTestId('typed-signature').fill('.');
  await submitButton(page).click();
  await expectSummaryInFieldOrder(page, 'claim form sent wrong', 3);
  await watch.check(page, 'claim form sent wrong, signed by a typed name');
  await page.getByTestId('signature-switch').click();
  const phone = `07700 900${String(500 + Math.floor(Math.random() * 99)).padStart(3, '0')}`;
  await fillClaimForm(page, {
    firstName: 'Connie',
    lastName: `Content${unique()}`,
    email: 'connie@example.com',
    phone,
    expenses: ['uniform'],
  });
  await watch.check(page, 'claim form filled');
  await submitButton(page).click();
  await expect(successDialog(page)).toBeVisible();
  await watch.check(page, 'funnel success');
  const reference =
    (await successDialog(page).getByTestId('claim-reference').locator('strong').textContent()) ?? '';
  await successDialog(page).getByRole('button', { name: 'Add the details HMRC needs' }).click();
  await expect(page).toHaveURL('/claim-details');
  await walkDetails(page, watch);

  // The status page, signed out (sent empty first), then signed in with the texted code.
  const other = await browser.newContext();
  const status = await other.newPage();
  const statusWatch = await ContentWatch.on(status);
  await status.goto('/status');
  await status.getByRole('button', { name: 'Text me a code' }).click();
  await statusWatch.check(status, 'status sign-in, empty');
  await status.getByLabel('Claim reference').fill(reference);
  await status.getByLabel('Mobile number').fill(phone);
  await status.getByRole('button', { name: 'Text me a code' }).click();
  await status.getByRole('button', { name: 'Show my claim' }).click();
  await statusWatch.check(status, 'status code, empty');
  await status.getByLabel('Enter the 6-digit code').fill(await textedStatusCode(phone));
  await status.getByRole('button', { name: 'Show my claim' }).click();
  await expect(status.getByRole('heading', { level: 1 })).toHaveText('Your claim');
  await expect(status).toHaveTitle(new RegExp(`^Your claim ${reference}`));
  await statusWatch.check(status, 'status, signed in');
  await other.close();
});

function wizardClaimant(): WizardClaimant {
  return {
    firstName: 'Wendy',
    lastName: 'Wording',
    email: 'wendy@example.com',
    phone: uniqueWizardPhone(),
    postcode: 'WN2 1AR',
    address: '1 Test Street, Hindley, Wigan',
    vehicle: 'car-van',
    employments: [{ employerName: 'Acme Ltd', payeReference: '123/AB45678', jobTitle: 'Driver' }],
    years: [{ year: YEAR, companyName: 'Acme Ltd', miles: 4000 }],
    employerRatePence: 5,
  };
}

/** Presses Continue on the empty step, checks what it says, and returns. */
async function empty(page: Page, watch: ContentWatch, where: string): Promise<void> {
  // A step whose Continue waits for an answer says nothing until there is one.
  if (await continueButton(page).isEnabled()) await continueButton(page).click();
  await watch.check(page, `${where}, sent empty`);
}

test('every step of the mileage wizard, its confirmation and the resume page', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const who = wizardClaimant();
  const watch = await ContentWatch.on(page);
  await page.goto('/onboarding');
  await expectStep(page, 'eligibility');
  await empty(page, watch, 'eligibility');
  await page.getByTestId('eligibility-company-vehicle').click();
  await page.getByLabel('Vehicle registration').fill('!');
  await empty(page, watch, 'company vehicle without a registration');
  await page.getByTestId('eligibility-yes').click();
  await expectStep(page, 'employment');
  await page.waitForTimeout(300);
  await watch.check(page, 'employment');
  await page.getByTestId('employment-employed').click();

  await expectStep(page, 'personal');
  await empty(page, watch, 'personal details');
  await expectSummaryInFieldOrder(page, 'wizard personal details, sent empty', 5);
  await page.getByLabel('Email address').fill('nope');
  await page.getByLabel('Mobile phone number').fill('12');
  await empty(page, watch, 'personal details, wrong email and phone');
  await page.getByLabel('First name').fill(who.firstName);
  await page.getByLabel('Last name').fill(who.lastName);
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Mobile phone number').fill(who.phone);
  await page.getByTestId('postcode-input').fill(who.postcode);
  await page.getByRole('button', { name: 'Find address' }).click();
  await page.getByLabel('Full address').fill(who.address);
  await page.getByTestId('date-of-birth-day').fill('4');
  await page.getByTestId('date-of-birth-month').fill('3');
  await page.getByTestId('date-of-birth-year').fill('1990');
  await continueButton(page).click();

  await expectStep(page, 'employments');
  await empty(page, watch, 'employments');
  await fillEmployments(page, who.employments ?? []);
  await continueButton(page).click();

  await expectStep(page, 'tax-years');
  await empty(page, watch, 'tax years');
  await page.getByTestId(`tax-year-${YEAR}`).check();
  await continueButton(page).click();

  await expectStep(page, 'vehicle');
  await empty(page, watch, 'vehicle');
  await page.getByTestId('vehicle-car-van').click();

  await expectStep(page, 'mileage');
  await empty(page, watch, 'mileage');
  await page.getByTestId(`miles-${YEAR}-job-1`).fill('4000');
  await continueButton(page).click();

  await expectStep(page, 'employer-rate');
  await empty(page, watch, 'employer rate');
  await answerEmployerPayments(page, who);
  await continueButton(page).click();
  await expectStep(page, 'congratulations');
  await watch.check(page, 'congratulations');
  await continueButton(page).click();

  await expectStep(page, 'evidence');
  await empty(page, watch, 'evidence');
  // Issue 32 item 3: the mileage log builder's screens ("Build a log"), sent empty first.
  await page.getByTestId(`build-log-${yearSlug(YEAR)}`).click();
  await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', 'journeys');
  await watch.check(page, 'log builder: journeys');
  await continueButton(page).click();
  await expectSummaryInFieldOrder(page, 'log builder: journeys, sent empty', 3);
  await watch.check(page, 'log builder: journeys, sent empty');
  await page.getByTestId('journey-0-from').fill('WN2 1AR');
  await page.getByTestId('journey-0-to').fill('SK5 6AQ');
  await page.getByTestId('journey-0-distance').fill('12');
  await page.getByTestId('journey-0-reason').selectOption('client-meeting');
  await continueButton(page).click();
  await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', 'journeys-review');
  await watch.check(page, 'log builder: review and generate');
  await answerTemporaryPlace(page, 1);
  const generated = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/onboarding/mileage-log',
  );
  await continueButton(page).click();
  expect((await generated).status()).toBe(201);
  await expectStep(page, 'evidence');
  await watch.check(page, 'evidence with the generated log');
  const evidence = await makePdf('evidence.pdf', 'Evidence for Wording');
  await page.getByTestId(`evidence-upload-${yearSlug(YEAR)}`).setInputFiles(evidence);
  await expect(page.getByTestId(`evidence-files-${yearSlug(YEAR)}`)).toContainText(evidence.name);
  const evidenceSaved = page.waitForResponse(isSaveOf('evidence'));
  await continueButton(page).click();
  expect((await evidenceSaved).status()).toBe(200);

  await expectStep(page, 'check-answers');
  await watch.check(page, 'check your answers');
  await continueButton(page).click();
  await expectStep(page, 'review');
  await empty(page, watch, 'review and sign');
  await page.getByTestId('signature-switch').click();
  await watch.check(page, 'review with the typed-name field');
  await page.getByTestId('signature-switch').click();
  await signOnReview(page);
  await tickConsents(page);
  await continueButton(page).click();

  await expectStep(page, 'hmrc-details');
  await empty(page, watch, 'administrative details');
  await page.getByTestId('ni-number').fill('AB 12 34 56 C');
  await continueButton(page).click();
  await expect(page.getByTestId('confirmation-heading')).toBeVisible({ timeout: 20_000 });
  await watch.check(page, 'confirmation');

  // The resume page with the code texted at the personal-details step: empty, then the number.
  const code = (await latestResumeCode(who.phone))?.code ?? '';
  expect(code).toMatch(/^[A-Z0-9]{4}$/);
  const other = await browser.newContext();
  const fresh = await other.newPage();
  const resumeWatch = await ContentWatch.on(fresh);
  await fresh.goto(`/resume/${code}`);
  await fresh.getByTestId('resume-submit').click();
  await resumeWatch.check(fresh, 'resume, sent empty');
  await fresh.getByLabel('Enter the mobile number this code was sent to').fill(who.phone);
  await fresh.getByTestId('resume-submit').click();
  await fresh.waitForTimeout(1000);
  await resumeWatch.check(fresh, 'resume, answered');
  await other.close();
});

test('every operator screen', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // A claim to open: a funnel claim is the quickest one a claimant makes.
  const claimant = await browser.newContext();
  const funnel = await claimant.newPage();
  const lastName = `Casefile${unique()}`;
  await qualify(funnel);
  await chooseExpenses(funnel, ['uniform']);
  await fillClaimForm(funnel, {
    firstName: 'Cass',
    lastName,
    email: 'cass@example.com',
    phone: '07700 900591',
    expenses: ['uniform'],
  });
  await submitButton(funnel).click();
  await expect(successDialog(funnel)).toBeVisible();
  await claimant.close();

  const watch = await ContentWatch.on(page);
  const email = `content-${unique()}@example.com`;
  const password = `a long content password ${unique()}`;
  createOperator(email, 'Ola Operator', 'admin', password);
  await page.goto('/admin/sign-in');
  await page.getByRole('button', { name: 'Continue' }).click();
  await watch.check(page, 'operator sign-in, empty');
  await signInWithTotp(page, email, password, false);
  await watch.check(page, 'claims list');

  await fillDate(page, 'Submitted from', ['1', '3', '2025']);
  await fillDate(page, 'Submitted to', ['1', '2', '2025']);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await watch.check(page, 'claims list with a wrong date range');
  await page.goto('/admin/claims');
  for (const tab of await page.getByRole('tab').all()) {
    await tab.click();
    await watch.check(page, `queue ${await tab.textContent()}`);
  }
  await page.getByLabel('Search').fill(lastName);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page
    .getByRole('row', { name: new RegExp(lastName) })
    .getByRole('link')
    .click();
  await expect(page.getByTestId('claim-status')).toBeVisible();
  await watch.check(page, 'claim page');
  await page.getByRole('button', { name: 'Change status' }).click();
  await watch.check(page, 'claim page, status sent empty');
  await page.getByRole('button', { name: 'Add note' }).click();
  await watch.check(page, 'claim page, note sent empty');
  const request = page.getByRole('button', { name: 'Request information' });
  if (await request.count()) {
    await request.first().click();
    await watch.check(page, 'claim page, request sent empty');
  }

  for (const path of [
    '/admin/reports/affiliates',
    '/admin/call-backs',
    '/admin/operators',
    '/admin/audit',
    '/admin/jobs',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await watch.check(page, path);
  }
  await page.goto('/admin/operators');
  await page.getByRole('button', { name: 'Add operator' }).click();
  await watch.check(page, 'operators, add sent empty');
  await page.goto('/admin/audit');
  await fillDate(page, 'From', ['1', '3', '2025']);
  await fillDate(page, 'To', ['1', '2', '2025']);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await watch.check(page, 'audit log with a wrong date range');
  // Each operator screen was read with its heading (the check cannot pass by reading nothing).
  const read = [...watch.screens];
  for (const path of [
    '/admin/sign-in',
    '/admin/claims',
    '/admin/reports/affiliates',
    '/admin/operators',
    '/admin/audit',
  ])
    expect(
      read.some((screen) => screen.startsWith(`${path} `) && screen.length > path.length + 1),
      path,
    ).toBe(true);
  expect(
    read.some((screen) => /^\/admin\/claims\/[0-9a-f-]{36} TB [A-Z2-9]{3} /.test(screen)),
    'claim page',
  ).toBe(true);
});
