// Resuming a mileage claim from the SMS code (D8, issue 4 "Done when"): the code read from the
// offline SMS outbox plus the mobile number restore the claim, at the same step, in a fresh browser;
// a wrong number, an unknown code, a used code and a malformed code each get their message; the
// sixth failure from one IP within 15 minutes is throttled.
//
// The throttle counts failures per IP and every test here comes from 127.0.0.1, so the tests of
// this file run in order in one worker and the throttling test comes last.
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { RESUME_CODE_ALPHABET, claimableTaxYears } from '@taxback/domain';
import { expectNoA11yViolations } from '../helpers/a11y.ts';
import { latestResumeCode, queryRows } from '../helpers/db.ts';
import { BASE_URL } from '../helpers/env.ts';
import { fillEmployments, isSaveOf, type WizardEmployment } from '../helpers/wizard.ts';

test.describe.configure({ mode: 'default' });

const MESSAGES = {
  invalid: 'Invalid resume code. Please check your SMS and try again.',
  notFound: 'Resume code not found. It may have expired or been used already.',
  throttled: 'Too many attempts. Please wait 15 minutes and try again.',
} as const;

/** The code in the latest 'resume-code' text sent to `phone` (offline SMS provider, D9). */
async function readResumeCode(phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const latest = await latestResumeCode(phone);
        if (!latest) return '';
        expect(latest.status).toBe('sent');
        code = latest.code;
        return code;
      },
      { message: `no resume code was sent to the claimant's phone`, timeout: 15_000 },
    )
    .toMatch(/^[A-Z0-9]{4}$/);
  return code;
}

async function claimSessionIds(firstName: string, lastName: string): Promise<string[]> {
  const rows = await queryRows(
    'SELECT session_id FROM onboarding_claims WHERE first_name = $1 AND last_name = $2',
    [firstName, lastName],
  );
  return rows.map((r) => String(r.session_id));
}

/** Failed resume attempts recorded in the throttle's window (all tests share one IP). */
async function recentFailures(): Promise<number> {
  const since = new Date(Date.now() - 15 * 60 * 1000).toISOString();
  const rows = await queryRows(
    'SELECT COUNT(*) AS n FROM resume_attempts WHERE succeeded = 0 AND created_at > $1',
    [since],
  );
  return Number(rows[0]?.n ?? 0);
}

// Ofcom's drama range; a different number per test (the server sends at most 3 codes per number
// per hour, D8). This file uses the upper part of the range, the other wizard specs the lower.
let phoneCounter = Math.floor(Math.random() * 100);
function uniquePhone(): string {
  phoneCounter = (phoneCounter + 1) % 200;
  const slot = 600 + ((test.info().parallelIndex * 200 + phoneCounter) % 400);
  return `07700 900${String(slot).padStart(3, '0')}`;
}

/** The same number in another UK format: '07700 900123' → '+44 7700 900123'. */
function internationalFormat(phone: string): string {
  const digits = phone.replace(/\D/g, '').slice(1);
  return `+44 ${digits.slice(0, 4)} ${digits.slice(4)}`;
}

/** A well-formed code (D8 alphabet) that was never texted to anyone in this run. */
async function unknownCode(): Promise<string> {
  const bodies = (await queryRows(`SELECT body FROM sms_outbox WHERE template = 'resume-code'`)).map((r) =>
    String(r.body),
  );
  for (;;) {
    const code = Array.from(
      { length: 4 },
      () => RESUME_CODE_ALPHABET[Math.floor(Math.random() * RESUME_CODE_ALPHABET.length)],
    ).join('');
    if (!bodies.some((b) => b.includes(`/resume/${code}`))) return code;
  }
}

const YEAR = claimableTaxYears()[1]?.year ?? '';
const EMPLOYMENT_STEP = 'employments';
const JOB: WizardEmployment = {
  employerName: 'Sample Deliveries Ltd',
  payeReference: '456/CD12345',
  jobTitle: 'Van driver',
};

interface Claimant {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  dateOfBirth: { day: string; month: string; year: string };
}

function claimant(firstName: string): Claimant {
  const lastName = `Resume${Math.random().toString(36).slice(2, 8)}`;
  return {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
    phone: uniquePhone(),
    address: '22 Sample Road, Stockport',
    dateOfBirth: { day: '30', month: '6', year: '1979' },
  };
}

function step(page: Page): Locator {
  return page.getByTestId('wizard-step');
}

/**
 * Steps 0-2 through the UI, ending on the employments step; resolves once the server has saved
 * step 2 (which sends the code).
 */
async function saveUpToPersonalDetails(page: Page, who: Claimant): Promise<string> {
  await page.goto('/onboarding');
  await expect(step(page)).toHaveAttribute('data-step', 'eligibility');
  await page.getByTestId('eligibility-yes').click();
  await expect(step(page)).toHaveAttribute('data-step', 'employment');
  await page.getByTestId('employment-employed').click();
  await expect(step(page)).toHaveAttribute('data-step', 'personal');
  await page.getByLabel('First name').fill(who.firstName);
  await page.getByLabel('Last name').fill(who.lastName);
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Mobile phone number').fill(who.phone);
  await page.getByTestId('postcode-input').fill('SK5 6AQ');
  await page.getByLabel('Full address').fill(who.address);
  await page.getByTestId('date-of-birth-day').fill(who.dateOfBirth.day);
  await page.getByTestId('date-of-birth-month').fill(who.dateOfBirth.month);
  await page.getByTestId('date-of-birth-year').fill(who.dateOfBirth.year);
  const saved = page.waitForResponse(isSaveOf('personal'));
  await page.getByTestId('wizard-continue').click();
  await expect(step(page)).toHaveAttribute('data-step', EMPLOYMENT_STEP);
  expect((await saved).status()).toBe(200);
  return page.evaluate(() => window.sessionStorage.getItem('onboarding_session_id') ?? '');
}

/** A new browser context: no session storage, no local storage, no cookies from the first one. */
function freshContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: BASE_URL, locale: 'en-GB', timezoneId: 'Europe/London' });
}

function phoneField(page: Page): Locator {
  return page.getByLabel('Enter the mobile number this code was sent to');
}

/** Opens /resume/{code} and answers with `phone`; returns the page showing the outcome. */
async function tryResume(page: Page, code: string, phone: string): Promise<void> {
  await page.goto(`/resume/${code}`);
  await expect(page.getByTestId('resume-form')).toBeVisible();
  await phoneField(page).fill(phone);
  await page.getByTestId('resume-submit').click();
}

async function expectUnableToResume(page: Page, message: string): Promise<void> {
  const failed = page.getByTestId('resume-failed');
  await expect(failed).toBeVisible();
  await expect(failed.getByRole('heading', { name: 'Unable to Resume' })).toBeVisible();
  await expect(page.getByTestId('resume-message')).toHaveText(message);
  await expect(page.getByTestId('start-new-application')).toBeVisible();
}

// ---------------------------------------------------------------------------------------------

test.describe('resuming an application (D8)', () => {
  test('the code from the SMS and the number in another format restore the claim at the same step in a fresh browser', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const who = claimant('Harriet');
    const oldSessionId = await saveUpToPersonalDetails(page, who);
    // Two more steps on the first device, so "the same step" is not simply the one after step 2.
    await fillEmployments(page, [JOB]);
    await page.getByTestId('wizard-continue').click();
    await expect(step(page)).toHaveAttribute('data-step', 'tax-years');
    await page.getByTestId(`tax-year-${YEAR}`).check();
    const step3Saved = page.waitForResponse(isSaveOf('tax-years'));
    await page.getByTestId('wizard-continue').click();
    await expect(step(page)).toHaveAttribute('data-step', 'vehicle');
    expect((await step3Saved).status()).toBe(200);
    const code = await readResumeCode(who.phone);

    const context = await freshContext(browser);
    try {
      const fresh = await context.newPage();
      await fresh.goto(`/resume/${code}`);
      await expect(fresh.getByTestId('resume-form')).toBeVisible();
      // The code does not stay in the address bar or the history (D8).
      await expect(fresh).toHaveURL(`${BASE_URL}/resume`);
      await expectNoA11yViolations(fresh, 'the resume form');

      // A number that is not a UK phone number is refused before anything is sent.
      await phoneField(fresh).fill('12345');
      await fresh.getByTestId('resume-submit').click();
      await expect(fresh.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText(
        'Please enter a valid UK phone number',
      );
      await expectNoA11yViolations(fresh, 'the resume form with an error');

      // Hold a first attempt back so the 'Resuming' screen can be seen and scanned, then cut it
      // off: on a busy machine the scan can outlast the client's 15 s request timeout, so this
      // attempt must not be the one the test needs to succeed. A failed attempt uses nothing up.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await fresh.route('**/api/resume', async (route) => {
        await held;
        await route.abort('connectionreset');
      });
      await phoneField(fresh).fill(internationalFormat(who.phone));
      await fresh.getByTestId('resume-submit').click();
      await expect(fresh.getByTestId('resume-resuming')).toContainText('Resuming Your Application');
      await expectNoA11yViolations(fresh, 'the resuming screen');
      release();
      await expect(fresh.getByTestId('resume-failed')).toBeVisible();
      await expectNoA11yViolations(fresh, 'the failed resume screen');
      await fresh.unroute('**/api/resume');

      // The same link and number again, the answer let through this time.
      await fresh.goto(`/resume/${code}`);
      await phoneField(fresh).fill(internationalFormat(who.phone));
      await fresh.getByTestId('resume-submit').click();

      await expect(fresh).toHaveURL(`${BASE_URL}/onboarding`);
      await expect(step(fresh)).toHaveAttribute('data-step', 'vehicle');
      await expect(fresh.getByTestId('wizard-step-heading')).toHaveText('What type of vehicle do you use?');
      const newSessionId = await fresh.evaluate(() => window.sessionStorage.getItem('onboarding_session_id'));
      expect(newSessionId).toMatch(/^tx_\d{13}_[A-Za-z0-9_-]{22,}$/);
      expect(newSessionId).not.toBe(oldSessionId);
      // The claim now belongs to the new session only.
      expect(await claimSessionIds(who.firstName, who.lastName)).toEqual([newSessionId]);

      // Same answers: back through the tax years, the employments and steps 2, 1 and 0.
      await fresh.getByTestId('wizard-back').click();
      await expect(step(fresh)).toHaveAttribute('data-step', 'tax-years');
      await expect(fresh.getByTestId(`tax-year-${YEAR}`)).toBeChecked();
      await expect(fresh.getByRole('checkbox', { checked: true })).toHaveCount(1);
      await fresh.getByTestId('wizard-back').click();
      await expect(step(fresh)).toHaveAttribute('data-step', EMPLOYMENT_STEP);
      await expect(fresh.getByTestId('employer-name-1')).toHaveValue(JOB.employerName);
      await expect(fresh.getByTestId('paye-reference-1')).toHaveValue(JOB.payeReference ?? '');
      await expect(fresh.getByTestId('job-title-1')).toHaveValue(JOB.jobTitle);
      await expect(fresh.getByTestId('continuing-1-yes')).toBeChecked();
      await fresh.getByTestId('wizard-back').click();
      await expect(step(fresh)).toHaveAttribute('data-step', 'personal');
      await expect(fresh.getByLabel('First name')).toHaveValue(who.firstName);
      await expect(fresh.getByLabel('Last name')).toHaveValue(who.lastName);
      await expect(fresh.getByLabel('Email address')).toHaveValue(who.email);
      await expect(fresh.getByLabel('Mobile phone number')).toHaveValue(who.phone);
      await expect(fresh.getByTestId('postcode-input')).toHaveValue('SK5 6AQ');
      await expect(fresh.getByLabel('Full address')).toHaveValue(who.address);
      await expect(fresh.getByTestId('date-of-birth-day')).toHaveValue(who.dateOfBirth.day);
      await expect(fresh.getByTestId('date-of-birth-month')).toHaveValue(who.dateOfBirth.month);
      await expect(fresh.getByTestId('date-of-birth-year')).toHaveValue(who.dateOfBirth.year);
      await fresh.getByTestId('wizard-back').click();
      await expect(fresh.getByTestId('employment-employed')).toHaveAttribute('aria-pressed', 'true');
      await fresh.getByTestId('wizard-back').click();
      await expect(fresh.getByTestId('eligibility-yes')).toHaveAttribute('aria-pressed', 'true');
    } finally {
      await context.close();
    }
  });

  test('a wrong number and then a used code each get "Resume code not found"; the right number in between works', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const who = claimant('Idris');
    await saveUpToPersonalDetails(page, who);
    const code = await readResumeCode(who.phone);

    const first = await freshContext(browser);
    try {
      const p = await first.newPage();
      await tryResume(p, code, '07700 900599');
      await expectUnableToResume(p, MESSAGES.notFound);
      await expectNoA11yViolations(p, 'the "Unable to Resume" screen');

      // A wrong number does not burn the code: the right one still works...
      await tryResume(p, code, who.phone.replace(/\s/g, ''));
      await expect(p).toHaveURL(`${BASE_URL}/onboarding`);
      // The step after the personal details: the employments (D17).
      await expect(step(p)).toHaveAttribute('data-step', EMPLOYMENT_STEP);
    } finally {
      await first.close();
    }

    // ...once (D8): a second use gets the same answer as an unknown code.
    const second = await freshContext(browser);
    try {
      const p = await second.newPage();
      await tryResume(p, code, who.phone);
      await expectUnableToResume(p, MESSAGES.notFound);
      // 'Start New Application' goes to the landing page.
      await p.getByTestId('start-new-application').click();
      await expect(p).toHaveURL(`${BASE_URL}/`);
    } finally {
      await second.close();
    }
  });

  test('an unknown code gets "Resume code not found"', async ({ page }) => {
    await tryResume(page, await unknownCode(), '07700 900598');
    await expectUnableToResume(page, MESSAGES.notFound);
  });

  test('a malformed code gets "Invalid resume code" without asking for the number', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/resume') calls += 1;
    });
    await page.goto('/resume/AB1');
    await expectUnableToResume(page, MESSAGES.invalid);
    await expect(page.getByTestId('resume-form')).toHaveCount(0);
    await expectNoA11yViolations(page, 'the invalid-code screen');
    // Four characters, but 0 and 1 are not in the code alphabet.
    await page.goto('/resume/AB10');
    await expectUnableToResume(page, MESSAGES.invalid);
    expect(calls).toBe(0);
  });

  // Last: once throttled, 127.0.0.1 cannot resume for 15 minutes.
  test('the sixth failed attempt from one IP within 15 minutes is throttled', async ({ page }) => {
    test.setTimeout(90_000);
    const already = await recentFailures();
    expect(already, 'earlier tests used up the throttle window').toBeLessThan(5);
    // Failures one to five: each answered "not found".
    for (let i = already; i < 5; i++) {
      await tryResume(page, await unknownCode(), '07700 900597');
      await expectUnableToResume(page, MESSAGES.notFound);
    }
    expect(await recentFailures()).toBe(5);

    // The sixth: 429 with the throttling message, even for a well-formed attempt.
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/resume');
    await tryResume(page, await unknownCode(), '07700 900597');
    const response = await answer;
    expect(response.status()).toBe(429);
    expect(await response.json()).toMatchObject({ error: MESSAGES.throttled });
    await expectUnableToResume(page, MESSAGES.throttled);
    await expectNoA11yViolations(page, 'the throttled screen');
  });
});
