// The mileage wizard, steps 0 to 7, end to end (issue 4 "Done when"): every option of the
// auto-advancing steps, the validation messages in the error summary, a reload mid-way that lands on
// the same step with the same answers, and the stored onboarding_claims row with the totals the
// server computed (D3), checked against the domain's own arithmetic.
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  AUTO_ADVANCE_MS,
  CONGRATS_ADVANCE_MS,
  calculateRebate,
  carVanRatePence,
  claimableTaxYears,
  formatMoney,
  storageIndexOf,
  type RebateSummary,
  type WizardStepId,
} from '@taxback/domain';
import { expectNoA11yViolations } from '../helpers/a11y.ts';
import { decodeJsonColumn, waitForOnboardingClaim, type Row } from '../helpers/db.ts';
import {
  chooseByKeyboard,
  completeStepsUpToVehicle,
  fillEmployments,
  isSaveOf,
  uniqueWizardPhone,
  type WizardClaimant,
  type WizardEmployment,
} from '../helpers/wizard.ts';

// Ofcom's drama range (07700 900000-900999); a different number per test, because the server
// sends at most 3 resume codes per number per hour (D8) and every test saves step 2.
let phoneCounter = Math.floor(Math.random() * 300);
function uniquePhone(): string {
  phoneCounter = (phoneCounter + 1) % 1000;
  const slot = (test.info().parallelIndex * 337 + phoneCounter) % 1000;
  return `07700 900${String(slot).padStart(3, '0')}`;
}

const YEARS = claimableTaxYears().map((y) => y.year);
const [NEWEST, SECOND, THIRD] = [YEARS[0] ?? '', YEARS[1] ?? '', YEARS[2] ?? ''];

const HEADINGS = {
  eligibility: 'Do you drive for work purposes?',
  employment: 'How are you employed?',
  personal: 'Your personal details',
  'tax-years': 'Which tax years do you want to claim for?',
  vehicle: 'What type of vehicle do you use?',
  mileage: 'Your business mileage',
  'employer-rate': 'What did your employer pay for your business miles?',
  employments: 'Your employments',
} as const;

/**
 * Where each step sits on an employee's own-vehicle route (13 steps, D17): the employments step
 * comes right after the personal details, and check your answers before review and sign.
 */
const POSITION: Partial<Record<WizardStepId, number>> = {
  eligibility: 1,
  employment: 2,
  personal: 3,
  employments: 4,
  'tax-years': 5,
  vehicle: 6,
  mileage: 7,
  'employer-rate': 8,
  congratulations: 9,
  evidence: 10,
  'check-answers': 11,
  review: 12,
  'hmrc-details': 13,
};

function heading(page: Page): Locator {
  return page.getByTestId('wizard-step-heading');
}

/**
 * Waits for the wizard to show `step` (also across an auto-advance) with its question as the h1.
 * On an employee's own-vehicle route the position comes from POSITION; a fuel claim passes its own
 * `position` (its explanation comes before step 1, and it has no congratulations step).
 */
async function expectStep(
  page: Page,
  step: WizardStepId,
  title?: string | RegExp,
  position = POSITION[step],
): Promise<void> {
  await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', step);
  const text = title ?? HEADINGS[step as keyof typeof HEADINGS];
  if (text) await expect(heading(page)).toHaveText(text);
  await expect(page.getByTestId('wizard-progress')).toHaveText(`Step ${position} of 13`);
}

function continueButton(page: Page): Locator {
  return page.getByTestId('wizard-continue');
}

function errorSummary(page: Page): Locator {
  return page.getByRole('alert').filter({ hasText: 'There is a problem' });
}

/** The summary lists exactly these messages (as links to the fields) and has taken focus. */
async function expectErrorSummary(page: Page, messages: string[]): Promise<void> {
  const summary = errorSummary(page);
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('link')).toHaveText(messages);
  await expect(summary).toBeFocused();
}

function sessionIdOf(page: Page): Promise<string> {
  return page.evaluate(() => window.sessionStorage.getItem('onboarding_session_id') ?? '');
}

/** The page's full width: more than the viewport means the claimant must scroll sideways. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `horizontal scroll at 320 px on ${where}`).toBeLessThanOrEqual(client);
}

/** Presses Tab until `target` has focus, as a keyboard-only claimant would. */
async function tabTo(page: Page, target: Locator, maxPresses = 40): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()} after ${maxPresses} presses`);
}

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  postcode: string;
  address: string;
  dateOfBirth: { day: string; month: string; year: string };
}

function person(firstName: string, lastName: string): Person {
  return {
    firstName,
    lastName,
    email: `${firstName}.${lastName}@Example.com`,
    phone: uniquePhone(),
    postcode: 'WN2 1AR',
    address: '1 Test Street, Hindley, Wigan',
    dateOfBirth: { day: '17', month: '9', year: '1985' },
  };
}

/** One continuing job with a PAYE reference (D17), as the employments step asks for it. */
function job(employerName: string): WizardEmployment {
  return { employerName, payeReference: '120/XY98765', jobTitle: 'Field engineer' };
}

/** Step 2: the offline address provider has no addresses, so the claimant types theirs (D9). */
async function fillPersonalDetails(page: Page, who: Person): Promise<void> {
  await page.getByLabel('First name').fill(who.firstName);
  await page.getByLabel('Last name').fill(who.lastName);
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Mobile phone number').fill(who.phone);
  await page.getByTestId('postcode-input').fill(who.postcode);
  await page.getByRole('button', { name: 'Find address' }).click();
  await expect(page.getByText('No addresses found for this postcode').first()).toBeVisible();
  await expect(page.getByTestId('address-results')).toHaveCount(0);
  await page.getByLabel('Full address').fill(who.address);
  await expect(page.getByTestId('clear-address')).toBeVisible();
  await page.getByTestId('date-of-birth-day').fill(who.dateOfBirth.day);
  await page.getByTestId('date-of-birth-month').fill(who.dateOfBirth.month);
  await page.getByTestId('date-of-birth-year').fill(who.dateOfBirth.year);
}

/** The employments step: one job, then Continue to the tax years. */
async function completeEmployments(page: Page, employment: WizardEmployment): Promise<void> {
  await expectStep(page, 'employments');
  await fillEmployments(page, [employment]);
  await continueButton(page).click();
  await expectStep(page, 'tax-years');
}

async function expectStoredPersonalDetails(row: Row, who: Person): Promise<void> {
  expect(row.first_name).toBe(who.firstName);
  expect(row.last_name).toBe(who.lastName);
  expect(row.full_name).toBe(`${who.firstName} ${who.lastName}`);
  // D4: emails are stored lowercased.
  expect(row.email).toBe(who.email.toLowerCase());
  expect(row.phone).toBe(who.phone);
  expect(row.mobile_number).toBe(`+44${who.phone.replace(/\D/g, '').slice(1)}`);
  expect(row.home_address).toBe(who.address);
  expect(row.postcode).toBe(who.postcode);
  const snapshot = decodeJsonColumn(row.snapshot) as { personalInfo?: { dateOfBirth?: unknown } };
  expect(snapshot.personalInfo?.dateOfBirth).toEqual(who.dateOfBirth);
}

/** The stored employment (D17) and its column: what the employments step was given. */
function expectStoredEmployment(row: Row, employment: WizardEmployment): void {
  expect(row.employer_name).toBe(employment.employerName);
  const snapshot = decodeJsonColumn(row.snapshot) as { employments?: unknown };
  expect(snapshot.employments).toEqual([
    expect.objectContaining({
      id: 'job-1',
      employerName: employment.employerName,
      payeReference: employment.payeReference,
      noPayeReference: false,
      jobTitle: employment.jobTitle,
      continuing: 'yes',
    }),
  ]);
}

function money(n: number): string {
  return formatMoney(n);
}

function expectStoredTotals(row: Row, totals: RebateSummary): void {
  expect(Number(row.total_hmrc_allowance)).toBe(totals.totalAllowance);
  expect(Number(row.estimated_rebate_20_percent)).toBe(totals.rebate20);
  expect(Number(row.estimated_rebate_40_percent)).toBe(totals.rebate40);
}

// ---------------------------------------------------------------------------------------------

test.describe('mileage wizard, steps 0 to 7', () => {
  test('an employed car driver from an affiliate link: 12,000 and 3,000 miles, employer 10p, reload mid-way, stored row', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const who = person('Alexandra', 'Whitfield');
    const employment = job('Example Logistics Ltd');
    const entry = '/onboarding/acme-partners?utm_source=newsletter&utm_campaign=spring-mileage';

    await page.goto(entry);
    await expectStep(page, 'eligibility');
    await expect(page.getByTestId('wizard-back')).toHaveCount(0);
    await expect(page.getByText('What counts as business driving?')).toBeVisible();
    await expectNoA11yViolations(page, 'wizard step 0 (eligibility)');

    // Step 0: 'yes' shows the green box, then moves on by itself after 800 ms.
    await page.getByTestId('eligibility-yes').click();
    await expect(page.getByTestId('eligibility-yes')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('eligibility-info')).toContainText('Good news');
    await expectStep(page, 'employment');
    await expect(heading(page)).toBeFocused();
    await expect(page.getByTestId('wizard-back')).toBeVisible();
    await expectNoA11yViolations(page, 'wizard step 1 (employment)');

    // Step 1: the first answer auto-advances.
    await page.getByTestId('employment-employed').click();
    await expectStep(page, 'personal');
    await expectNoA11yViolations(page, 'wizard step 2 (personal details)');

    // Step 2: every field empty → every message, in the summary at the top, which takes focus.
    await continueButton(page).click();
    await expectErrorSummary(page, [
      'First name is required',
      'Last name is required',
      // D17: the date of birth comes after the name.
      'Enter your date of birth',
      'Email is required',
      'Phone number is required',
      // D28: the home postcode is required and checked. It comes before the address, as on the
      // page (it finds the address): the summary follows the page (decision 055).
      'Please enter a postcode',
      'Home address is required',
    ]);
    await expectStep(page, 'personal');
    await expectNoA11yViolations(page, 'wizard step 2 with errors');
    // Errors clear as entries become valid (SPEC §5).
    await page.getByLabel('First name').fill(who.firstName);
    await expect(errorSummary(page).getByRole('link')).toHaveCount(6);
    await fillPersonalDetails(page, who);
    await expect(errorSummary(page)).toHaveCount(0);
    await continueButton(page).click();

    // The employments step (D17): nothing filled → each of the job's questions, then one job.
    await expectStep(page, 'employments');
    await expectNoA11yViolations(page, 'the employments step');
    await continueButton(page).click();
    await expectErrorSummary(page, [
      "Enter the employer's name",
      "Enter the employer PAYE reference, or tick that you don't have it",
      'Enter your job title',
      'Select whether you still work there',
    ]);
    await page.getByTestId('employer-name-1').fill(employment.employerName);
    await page.getByTestId('paye-reference-1').fill('12/AB');
    await page.getByTestId('job-title-1').fill(employment.jobTitle);
    await page.getByTestId('continuing-1-yes').check();
    await continueButton(page).click();
    await expectErrorSummary(page, [
      'Enter the employer PAYE reference in the correct format, like 123/AB45678',
    ]);
    await page.getByTestId('paye-reference-1').fill(employment.payeReference ?? '');
    await continueButton(page).click();

    // Step 3: the claimable years of D21 (the current one and the four before), newest first, with
    // their dates; the current year says HMRC will usually adjust the tax code.
    await expectStep(page, 'tax-years');
    for (const year of YEARS) await expect(page.getByTestId(`tax-year-${year}`)).not.toBeChecked();
    await expect(page.getByRole('checkbox')).toHaveCount(5);
    await expect(page.getByText(`${NEWEST} (current tax year)`)).toBeVisible();
    await expect(page.getByTestId('current-tax-year-note')).toHaveText(
      'If your claim is for the current tax year, HMRC will usually adjust your tax code.',
    );
    const start = Number(NEWEST.slice(0, 4));
    await expect(page.getByText(`6 April ${start} to 5 April ${start + 1}`)).toBeVisible();
    await expectNoA11yViolations(page, 'wizard step 3 (tax years)');
    await continueButton(page).click();
    await expectErrorSummary(page, ['Please select at least one tax year']);
    await page.getByTestId(`tax-year-${NEWEST}`).check();
    await page.getByTestId(`tax-year-${SECOND}`).check();
    await expect(errorSummary(page)).toHaveCount(0);
    await continueButton(page).click();

    // Step 4: car or van auto-advances; the reload happens once its save is acknowledged.
    await expectStep(page, 'vehicle');
    await expectNoA11yViolations(page, 'wizard step 4 (vehicle)');
    const step4Saved = page.waitForResponse(isSaveOf('vehicle'));
    await page.getByTestId('vehicle-car-van').click();
    await expectStep(page, 'mileage');
    expect((await step4Saved).status()).toBe(200);
    const sessionId = await sessionIdOf(page);
    expect(sessionId).toMatch(/^tx_\d{13}_[A-Za-z0-9_-]{22,}$/);
    const afterStep4 = await waitForOnboardingClaim(
      sessionId,
      (r) => Number(r.last_step_completed) === storageIndexOf('vehicle'),
      'vehicle saved',
    );
    expect(Number(afterStep4.current_step)).toBe(storageIndexOf('mileage'));

    await page.reload();
    await expectStep(page, 'mileage');
    expect(await sessionIdOf(page)).toBe(sessionId);
    await expect(page.getByRole('tab')).toHaveText([NEWEST, SECOND]);
    // Walk back through the restored answers...
    await page.getByTestId('wizard-back').click();
    await expectStep(page, 'vehicle');
    await expect(page.getByTestId('vehicle-car-van')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('wizard-back').click();
    await expectStep(page, 'tax-years');
    await expect(page.getByTestId(`tax-year-${NEWEST}`)).toBeChecked();
    await expect(page.getByTestId(`tax-year-${SECOND}`)).toBeChecked();
    await expect(page.getByTestId(`tax-year-${THIRD}`)).not.toBeChecked();
    await page.getByTestId('wizard-back').click();
    await expectStep(page, 'employments');
    await expect(page.getByTestId('employer-name-1')).toHaveValue(employment.employerName);
    await expect(page.getByTestId('paye-reference-1')).toHaveValue(employment.payeReference ?? '');
    await expect(page.getByTestId('job-title-1')).toHaveValue(employment.jobTitle);
    await expect(page.getByTestId('continuing-1-yes')).toBeChecked();
    await page.getByTestId('wizard-back').click();
    await expectStep(page, 'personal');
    await expect(page.getByLabel('First name')).toHaveValue(who.firstName);
    await expect(page.getByLabel('Last name')).toHaveValue(who.lastName);
    // Restored from the server, which stores the email lowercased (D4).
    await expect(page.getByLabel('Email address')).toHaveValue(who.email.toLowerCase());
    await expect(page.getByLabel('Mobile phone number')).toHaveValue(who.phone);
    await expect(page.getByTestId('postcode-input')).toHaveValue(who.postcode);
    await expect(page.getByLabel('Full address')).toHaveValue(who.address);
    await expect(page.getByTestId('date-of-birth-day')).toHaveValue(who.dateOfBirth.day);
    await expect(page.getByTestId('date-of-birth-month')).toHaveValue(who.dateOfBirth.month);
    await expect(page.getByTestId('date-of-birth-year')).toHaveValue(who.dateOfBirth.year);
    await page.getByTestId('wizard-back').click();
    await expectStep(page, 'employment');
    await expect(page.getByTestId('employment-employed')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('wizard-back').click();
    await expectStep(page, 'eligibility');
    await expect(page.getByTestId('eligibility-yes')).toHaveAttribute('aria-pressed', 'true');
    // ...and forward again (step 1 asks for confirmation once answered; step 4 advances on a choice).
    await page.getByTestId('eligibility-yes').click();
    await expectStep(page, 'employment');
    await continueButton(page).click();
    await expectStep(page, 'personal');
    await continueButton(page).click();
    await expectStep(page, 'employments');
    await continueButton(page).click();
    await expectStep(page, 'tax-years');
    await continueButton(page).click();
    await expectStep(page, 'vehicle');
    await page.getByTestId('vehicle-car-van').click();
    await expectStep(page, 'mileage');

    // Step 5: messages per year, then the figures.
    await expectNoA11yViolations(page, 'wizard step 5 (business mileage)');
    await continueButton(page).click();
    await expectErrorSummary(page, [
      `Business miles required for ${NEWEST}`,
      `Business miles required for ${SECOND}`,
    ]);
    await expect(page.getByText(`Business miles required for ${NEWEST}`).nth(1)).toBeVisible();
    // One employment: its miles field is named after the employer.
    await expect(
      page.getByRole('tabpanel').getByLabel('Business miles for Example Logistics Ltd'),
    ).toBeVisible();
    await page.getByTestId(`miles-${NEWEST}-job-1`).fill('12,000 miles');
    await expect(page.getByTestId(`miles-${NEWEST}-job-1`)).toHaveValue('12000');
    await page.getByTestId(`mileage-tab-${SECOND}`).click();
    await expect(page.getByTestId(`mileage-tab-${SECOND}`)).toHaveAttribute('aria-selected', 'true');
    await page.getByTestId(`miles-${SECOND}-job-1`).fill('3000');
    // With one employment there is no connected-employers question (D18).
    await expect(page.getByTestId(`connected-${SECOND}-yes`)).toHaveCount(0);
    // Worked by hand from the D21 table: the newest year is the current one (55p from 2026/27),
    // the second is the year before (45p for 2025/26). In 2026/27: 10,000 × 55p + 2,000 × 25p =
    // £6,000 and 3,000 × 45p = £1,350, so £7,350; with the employer at 10p, £5,850 claimable.
    const newestAllowance = (10_000 * carVanRatePence(NEWEST) + 2_000 * 25) / 100;
    const secondAllowance = (3_000 * carVanRatePence(SECOND)) / 100;
    const handAllowance = newestAllowance + secondAllowance;
    if (NEWEST === '2026/27') expect(handAllowance).toBe(7_350);
    const beforeRate = calculateRebate({
      years: [
        { year: NEWEST, miles: 12_000 },
        { year: SECOND, miles: 3_000 },
      ],
      vehicle: 'car-van',
    });
    expect(beforeRate.totalAllowance).toBe(handAllowance);
    await expect(page.getByTestId('total-miles')).toHaveText('15,000 miles');
    await expect(page.getByTestId('estimated-rebate')).toHaveText(money(beforeRate.rebate20));
    await expect(page.getByTestId('estimated-rebate')).toHaveText(money(Math.round(handAllowance / 5)));
    await continueButton(page).click();

    await expectStep(page, 'employer-rate');

    // Step 7: per year, the employer pays 10p a mile, typed into the input.
    await expectNoA11yViolations(page, 'wizard step 7 (employer rate)');
    await continueButton(page).click();
    await expectErrorSummary(page, [
      `Select what Example Logistics Ltd paid for your business miles in ${NEWEST}`,
      `Select what Example Logistics Ltd paid for your business miles in ${SECOND}`,
    ]);
    for (const year of [NEWEST, SECOND]) {
      await page.getByTestId(`paid-${year}-job-1-ppm`).check();
      await page.getByTestId(`paid-ppm-${year}-job-1`).fill('10');
    }
    await expect(errorSummary(page)).toHaveCount(0);
    const totals = calculateRebate({
      years: [
        { year: NEWEST, miles: 12_000 },
        { year: SECOND, miles: 3_000 },
      ],
      vehicle: 'car-van',
      employerRatePence: 10,
    });
    // The worked example, so a wrong domain cannot make the test agree with a wrong screen.
    const [y1, y2] = totals.years;
    const handClaimable = handAllowance - 1_500;
    expect([y1?.allowance, y1?.employerPayment, y1?.claimable]).toEqual([
      newestAllowance,
      1_200,
      newestAllowance - 1_200,
    ]);
    expect([y2?.allowance, y2?.employerPayment, y2?.claimable]).toEqual([
      secondAllowance,
      300,
      secondAllowance - 300,
    ]);
    expect([totals.totalAllowance, totals.totalClaimable, totals.rebate20, totals.rebate40]).toEqual([
      handAllowance,
      handClaimable,
      Math.round(handClaimable / 5),
      Math.round((handClaimable * 2) / 5),
    ]);
    const panel = page.getByTestId('impact-panel');
    await expect(panel.getByTestId('impact-allowance')).toHaveText(money(handAllowance));
    await expect(panel.getByTestId('impact-employer-payment')).toContainText('£1,500');
    await expect(panel.getByTestId('impact-claimable')).toHaveText(money(handClaimable));
    await expect(panel.getByTestId('impact-rebate')).toHaveText(money(Math.round(handClaimable / 5)));
    await expect(panel.getByTestId(`impact-${NEWEST}-allowance`)).toHaveText(money(newestAllowance));
    await expect(panel.getByTestId(`impact-${NEWEST}-employer-payment`)).toHaveText('£1,200');
    await expect(panel.getByTestId(`impact-${NEWEST}-claimable`)).toHaveText(money(newestAllowance - 1_200));
    await expect(panel.getByTestId(`impact-${SECOND}-allowance`)).toHaveText(money(secondAllowance));
    await expect(panel.getByTestId(`impact-${SECOND}-employer-payment`)).toHaveText('£300');
    await expect(panel.getByTestId(`impact-${SECOND}-claimable`)).toHaveText(money(secondAllowance - 300));
    await expect(panel.getByTestId('relief-cap-note')).toHaveText(
      'The tax relief for a year cannot be more than the income tax you paid in that year.',
    );
    // Over £2,500 claimable in one year is over HMRC's P87 limit (D3).
    await expect(page.getByTestId('self-assessment-note')).toContainText(NEWEST);
    await expectNoA11yViolations(page, 'wizard step 7 with figures');
    const step7Saved = page.waitForResponse(isSaveOf('employer-rate'));
    await continueButton(page).click();
    // D31: the estimate comes once the employer's payments are known, and a year over £2,500 is
    // told about Self Assessment there, plainly, instead of any congratulation.
    await expectStep(page, 'congratulations', 'Your claim needs a Self Assessment tax return');
    await expect(page.getByTestId('self-assessment-note')).toContainText(NEWEST);
    await expect(page.getByTestId('self-assessment-note').getByRole('link')).toHaveAttribute(
      'href',
      'https://www.gov.uk/tax-relief-for-employees',
    );
    await expect(page.getByText(/Congratulations/)).toHaveCount(0);
    await expect(page.getByTestId('congrats-timing')).toHaveCount(0);
    await expect(page.getByTestId('congrats-rebate')).toHaveText(money(Math.round(handClaimable / 5)));
    await expectNoA11yViolations(page, 'the estimate with a Self Assessment year');
    await continueButton(page).click();
    await expectStep(page, 'evidence');
    expect((await step7Saved).status()).toBe(200);

    // The stored row: what was entered, the server's own totals, tracking and progress.
    const userAgent = await page.evaluate(() => navigator.userAgent);
    const row = await waitForOnboardingClaim(
      sessionId,
      (r) => Number(r.last_step_completed) === storageIndexOf('congratulations'),
      'the estimate after the employer-rate step saved',
    );
    expect(row.status).toBe('draft');
    expect(row.drives_for_work).toBe('yes');
    expect(row.company_vehicle_vrm).toBeNull();
    expect(row.employment_type).toBe('employed');
    await expectStoredPersonalDetails(row, who);
    expect(row.vehicle_type).toBe('car-van');
    expect(decodeJsonColumn(row.selected_tax_years)).toEqual(
      YEARS.map((year) => ({ year, selected: year === NEWEST || year === SECOND })),
    );
    expect(decodeJsonColumn(row.mileage_data)).toEqual({
      [NEWEST]: { miles: 12_000, companyName: 'Example Logistics Ltd' },
      [SECOND]: { miles: 3_000, companyName: 'Example Logistics Ltd' },
    });
    // One rate for every job and year: the column keeps it (D21).
    expect(Number(row.employer_mileage_rate)).toBe(10);
    expectStoredEmployment(row, employment);
    expectStoredTotals(row, totals);
    expect(Number(row.total_hmrc_allowance)).toBe(handAllowance);
    expect(Number(row.estimated_rebate_20_percent)).toBe(Math.round(handClaimable / 5));
    expect(Number(row.estimated_rebate_40_percent)).toBe(Math.round((handClaimable * 2) / 5));
    expect(Number(row.current_step)).toBe(storageIndexOf('evidence'));
    expect(Number(row.last_step_completed)).toBe(storageIndexOf('congratulations'));
    expect(Date.now() - Date.parse(String(row.last_activity_at))).toBeLessThan(120_000);
    expect(row.affiliate_name).toBe('acme-partners');
    expect(decodeJsonColumn(row.utm_data)).toMatchObject({
      utm_source: 'newsletter',
      utm_campaign: 'spring-mileage',
    });
    expect(String(row.full_url)).toContain(entry);
    expect(String(row.ip_address)).toMatch(/^(?:(?:::ffff:)?127\.0\.0\.1|::1)$/);
    expect(row.user_agent).toBe(userAgent);
    expect(Number(row.revision)).toBeGreaterThanOrEqual(8);
    const snapshot = decodeJsonColumn(row.snapshot) as Record<string, unknown>;
    // Each year's job carries what its employer paid.
    const storedYears = snapshot.taxYears as { year: string; selected: boolean; jobs: unknown[] }[];
    for (const [year, miles] of [
      [NEWEST, 12_000],
      [SECOND, 3_000],
    ] as const) {
      expect(storedYears.find((t) => t.year === year)?.jobs).toEqual([
        expect.objectContaining({
          employmentId: 'job-1',
          businessMiles: miles,
          paidKind: 'ppm',
          paidPencePerMile: 10,
        }),
      ]);
    }
    expect(snapshot.eligibilityData).toMatchObject({ drivesForWork: 'yes' });
  });

  test('company vehicle with its registration: its explanation, then a fuel claim with a motorbike and the estimate pop-up, and no estimate shown', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const who = person('Morgan', 'Fairbairn');
    await page.goto('/onboarding');
    await expectStep(page, 'eligibility');

    // Company vehicle: no auto-advance; Continue only once the registration is filled.
    await page.getByTestId('eligibility-company-vehicle').click();
    await expect(page.getByTestId('eligibility-info')).toBeVisible();
    await expect(page.getByLabel('Vehicle registration')).toBeVisible();
    await expect(continueButton(page)).toBeDisabled();
    await page.waitForTimeout(1_200);
    await expectStep(page, 'eligibility');
    await expectNoA11yViolations(page, 'wizard step 0 with a company vehicle');
    // Uppercased, letters and digits only, at most 8.
    await page.getByLabel('Vehicle registration').pressSequentially('ab-12 cde9xy');
    await expect(page.getByTestId('vehicle-vrm')).toHaveValue('AB12CDE9');
    await page.getByLabel('Vehicle registration').fill('');
    await expect(continueButton(page)).toBeDisabled();
    await page.getByLabel('Vehicle registration').fill('ab12 cde');
    await expect(page.getByTestId('vehicle-vrm')).toHaveValue('AB12CDE');
    await expect(continueButton(page)).toBeEnabled();
    await continueButton(page).click();

    // D27: no mileage allowance relief for a company vehicle; the claim goes on as a fuel claim.
    await expectStep(page, 'company-vehicle', 'Claiming for a company vehicle', 2);
    await expect(page.getByTestId('route-explanation')).toContainText('You may be able to claim for fuel');
    await continueButton(page).click();
    await expectStep(page, 'employment', undefined, 3);
    await page.getByTestId('employment-employed').click();
    await expectStep(page, 'personal', undefined, 4);
    await fillPersonalDetails(page, who);
    await continueButton(page).click();
    await expectStep(page, 'employments', undefined, 5);
    await fillEmployments(page, [job('Example Build Co')]);
    await continueButton(page).click();
    await expectStep(page, 'tax-years', undefined, 6);
    await page.getByTestId(`tax-year-${THIRD}`).check();
    await continueButton(page).click();

    await expectStep(page, 'vehicle', undefined, 7);
    await page.getByTestId('vehicle-motorbike').click();
    await expect(page.getByTestId('vehicle-note')).toContainText('24p');
    await expectStep(page, 'mileage', undefined, 8);
    await expect(page.getByRole('tab')).toHaveText([THIRD]);

    // 'Estimate it': 40 miles a day × 5 days × 46 weeks = 9,200.
    await page.getByTestId(`estimate-${THIRD}-job-1`).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('use-estimate')).toBeDisabled();
    await dialog.getByLabel('Average business miles per day').fill('40');
    await dialog.getByLabel('Days per week').fill('5');
    await expect(page.getByTestId('use-estimate')).toBeDisabled();
    await dialog.getByLabel('Working weeks per year').fill('46');
    await expect(page.getByTestId('estimate-result')).toContainText('9,200');
    await expect(page.getByTestId('use-estimate')).toBeEnabled();
    await expectNoA11yViolations(page, 'the estimate pop-up');
    await page.getByTestId('use-estimate').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId(`miles-${THIRD}-job-1`)).toHaveValue('9200');
    // The job's vehicle follows the main vehicle chosen at step 4.
    await expect(page.getByTestId(`vehicle-${THIRD}-job-1`)).toHaveValue('motorbike');
    // A fuel claim shows no approved-amount estimate (D27).
    await expect(page.getByTestId('estimated-rebate')).toHaveCount(0);
    await expect(page.getByTestId('total-miles')).toHaveCount(0);
    await expect(page.locator('#main')).not.toContainText('£');
    await continueButton(page).click();

    // No congratulations step: straight to what the employer paid, still asked per job.
    await expectStep(page, 'employer-rate', undefined, 9);
    await page.getByTestId(`paid-${THIRD}-job-1-ppm`).check();
    await page.getByTestId(`paid-ppm-${THIRD}-job-1`).fill('25');
    await expect(page.getByLabel('Pence per mile')).toHaveValue('25');
    // Then the claimant corrects it: the employer paid nothing, and the amount field goes.
    await page.getByTestId(`paid-${THIRD}-job-1-none`).check();
    await expect(page.getByTestId(`paid-${THIRD}-job-1-none`)).toBeChecked();
    await expect(page.getByTestId(`paid-${THIRD}-job-1-ppm`)).not.toBeChecked();
    await expect(page.getByTestId(`paid-ppm-${THIRD}-job-1`)).toHaveCount(0);
    await expect(page.getByTestId('impact-panel')).toHaveCount(0);
    await expect(page.getByTestId('self-assessment-note')).toHaveCount(0);
    await expect(page.locator('#main')).not.toContainText('£');
    await expectNoA11yViolations(page, 'wizard step 7 on a fuel claim');
    await continueButton(page).click();
    await expectStep(page, 'evidence', undefined, 10);

    const sessionId = await sessionIdOf(page);
    const row = await waitForOnboardingClaim(
      sessionId,
      (r) => Number(r.last_step_completed) === storageIndexOf('employer-rate'),
      'employer-rate saved',
    );
    expect(row.drives_for_work).toBe('company-vehicle');
    expect(row.company_vehicle_vrm).toBe('AB12CDE');
    expect(row.employment_type).toBe('employed');
    await expectStoredPersonalDetails(row, who);
    expect(row.vehicle_type).toBe('motorbike');
    expect(decodeJsonColumn(row.mileage_data)).toEqual({
      [THIRD]: { miles: 9_200, companyName: 'Example Build Co' },
    });
    expect(Number(row.employer_mileage_rate)).toBe(0);
    expectStoredEmployment(row, job('Example Build Co'));
    // No approved-amount estimate is stored for a fuel claim, in the draft as after submission.
    expect(row.total_hmrc_allowance).toBeNull();
    expect(row.estimated_rebate_20_percent).toBeNull();
    expect(row.estimated_rebate_40_percent).toBeNull();
    expect(row.affiliate_name).toBeNull();
    expect(Number(row.current_step)).toBe(storageIndexOf('evidence'));
  });

  test('at 320 px wide, nothing scrolls sideways: no, then yes, bicycle via /affiliate/{name}/onboarding', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 320, height: 640 });
    const who = person('Samir', 'Okafor');
    await page.goto('/affiliate/bike-club/onboarding');
    await expectStep(page, 'eligibility');
    await expectNoSidewaysScroll(page, 'eligibility saved');

    // 'No' shows the red box and moves on after 800 ms to its explanation (D27).
    await page.getByTestId('eligibility-no').click();
    await expect(page.getByTestId('eligibility-info')).toContainText(
      'only for journeys you make for your job',
    );
    await expectNoSidewaysScroll(page, 'step 0 with the info box');
    await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', 'not-driving');
    await expectNoSidewaysScroll(page, 'the not-driving explanation');
    // The claimant does drive for work after all: Back, and 'Yes' moves on to step 1.
    await page.getByTestId('wizard-back').click();
    await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', 'eligibility');
    await expect(page.getByTestId('eligibility-no')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('eligibility-yes').click();
    await expectStep(page, 'employment');
    await expectNoSidewaysScroll(page, 'employment saved');
    await page.getByTestId('employment-employed').click();
    await expectStep(page, 'personal');
    await expectNoSidewaysScroll(page, 'personal saved');
    await continueButton(page).click();
    await expect(errorSummary(page)).toBeVisible();
    await expectNoSidewaysScroll(page, 'step 2 with errors');
    await fillPersonalDetails(page, who);
    await expectNoSidewaysScroll(page, 'step 2 after the address search');
    await continueButton(page).click();
    await expectStep(page, 'employments');
    await expectNoSidewaysScroll(page, 'the employments step');
    await continueButton(page).click();
    await expect(errorSummary(page)).toBeVisible();
    await expectNoSidewaysScroll(page, 'the employments step with errors');
    await fillEmployments(page, [job('Pedal Couriers (Example)')]);
    await page.getByTestId('add-employment').click();
    await expectNoSidewaysScroll(page, 'the employments step with a second employment');
    await page.getByTestId('remove-employment-2').click();
    await expect(page.getByTestId('employer-name-2')).toHaveCount(0);
    await continueButton(page).click();
    await expectStep(page, 'tax-years');
    await expectNoSidewaysScroll(page, 'tax-years saved');
    for (const year of YEARS) await page.getByTestId(`tax-year-${year}`).check();
    await continueButton(page).click();
    await expectStep(page, 'vehicle');
    await expectNoSidewaysScroll(page, 'vehicle saved');
    await page.getByTestId('vehicle-bicycle').click();
    await expect(page.getByTestId('vehicle-note')).toContainText('20p');
    await expectNoSidewaysScroll(page, 'step 4 with the bicycle note');
    await expectStep(page, 'mileage');
    // D21: the current tax year and the four before it.
    await expect(page.getByRole('tab')).toHaveCount(YEARS.length);
    expect(YEARS).toHaveLength(5);
    await expectNoSidewaysScroll(page, 'mileage saved');
    await page.getByTestId(`estimate-${NEWEST}-job-1`).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSidewaysScroll(page, 'the estimate pop-up');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const miles = [1_500, 1_200, 900, 600, 300];
    for (const [i, year] of YEARS.entries()) {
      await page.getByTestId(`mileage-tab-${year}`).click();
      await page.getByTestId(`miles-${year}-job-1`).fill(String(miles[i]));
    }
    await expect(page.getByTestId('total-miles')).toHaveText('4,500 miles');
    await expectNoSidewaysScroll(page, 'step 5 filled in');
    await continueButton(page).click();
    await expectStep(page, 'employer-rate');
    await expectNoSidewaysScroll(page, 'employer-rate saved');
    // 25p every year is more than the bicycle allowance of 20p: nothing left to claim.
    for (const year of YEARS) {
      await page.getByTestId(`paid-${year}-job-1-ppm`).check();
      await page.getByTestId(`paid-ppm-${year}-job-1`).fill('25');
    }
    await expect(page.getByTestId(`paid-ppm-${NEWEST}-job-1`)).toHaveValue('25');
    await expect(page.getByTestId('impact-claimable')).toHaveText('£0.00');
    await expect(page.getByTestId('impact-rebate')).toHaveText('£0.00');
    await expectNoSidewaysScroll(page, 'step 7 with an amount per year');
    // No payment: everything is claimable.
    for (const year of YEARS) await page.getByTestId(`paid-${year}-job-1-none`).check();
    await expect(page.getByTestId(`paid-${NEWEST}-job-1-ppm`)).not.toBeChecked();
    const unpaid = calculateRebate({
      years: YEARS.map((year, i) => ({ year, miles: miles[i] ?? 0 })),
      vehicle: 'bicycle',
      employerRatePence: 0,
    });
    await expect(page.getByTestId('impact-allowance')).toHaveText(money(unpaid.totalAllowance));
    await expect(page.getByTestId('impact-claimable')).toHaveText(money(unpaid.totalClaimable));
    await expect(page.getByTestId('impact-rebate')).toHaveText(money(unpaid.rebate20));
    await expect(page.getByTestId('self-assessment-note')).toHaveCount(0);
    await expect(page.getByTestId('impact-panel')).toBeVisible();
    await expectNoSidewaysScroll(page, 'step 7 with the per-year impact');
    for (const year of YEARS) {
      await page.getByTestId(`paid-${year}-job-1-ppm`).check();
      await page.getByTestId(`paid-ppm-${year}-job-1`).fill('5');
    }
    const totals = calculateRebate({
      years: YEARS.map((year, i) => ({ year, miles: miles[i] ?? 0 })),
      vehicle: 'bicycle',
      employerRatePence: 5,
    });
    await expect(page.getByTestId('impact-claimable')).toHaveText(money(totals.totalClaimable));
    const estimate = (await page.getByTestId('impact-rebate').textContent()) ?? '';
    await continueButton(page).click();

    // The estimate, after the employer-payment question (D31): greeting, count-up to the final
    // figure, Sent/Pending, disclaimer. It says it moves on by itself after 5 seconds; choosing to
    // stay turns that off (WCAG 2.2.1, decision 019), so the checks below take the time they need.
    await expectStep(page, 'congratulations', 'Congratulations, Samir!');
    await expectNoSidewaysScroll(page, 'congratulations saved');
    await expect(page.getByTestId('congrats-timing')).toHaveText(
      'This page moves on by itself after 5 seconds. Stay on this page',
    );
    await page.getByTestId('congrats-stay').click();
    await expect(page.getByTestId('congrats-timing')).toHaveText(
      'This page will stay until you press Continue.',
    );
    await expect(page.getByTestId('congrats-timing')).toBeFocused();
    // The figure is the one the employer-payment step ended on, not a higher one before it.
    await expect(page.getByTestId('congrats-total')).toHaveText(estimate);
    await expect(page.getByText('No fees', { exact: true })).toBeVisible();
    // D28: nothing says "Sent" before the claim has gone to HMRC.
    await expect(page.getByTestId('transfer-card')).toContainText('Claim not sent yet');
    await expect(page.getByTestId('transfer-card')).not.toContainText('Sent');
    await expect(page.getByTestId('transfer-card')).toContainText('Pending');
    await expect(page.getByTestId('estimate-disclaimer')).toBeVisible();
    await expect(page.getByTestId('self-assessment-note')).toHaveCount(0);
    await expectNoA11yViolations(page, 'wizard step 9 (congratulations)');
    // Still here well after the 5 seconds, until Continue.
    await page.waitForTimeout(CONGRATS_ADVANCE_MS + 1_000);
    await expectStep(page, 'congratulations', 'Congratulations, Samir!');
    await continueButton(page).click();
    await expectStep(page, 'evidence');

    const row = await waitForOnboardingClaim(
      await sessionIdOf(page),
      (r) => Number(r.last_step_completed) === storageIndexOf('congratulations'),
      'the estimate after the employer-rate step saved',
    );
    expect(row.drives_for_work).toBe('yes');
    expect(row.employment_type).toBe('employed');
    expect(row.vehicle_type).toBe('bicycle');
    expect(row.affiliate_name).toBe('bike-club');
    expect(Number(row.employer_mileage_rate)).toBe(5);
    expectStoredTotals(row, totals);
  });

  // Issue 12: in 2026/27 a car or van is 55p for the first 10,000 miles (D21), so 8,000 miles with
  // no employer payment is £4,400, and the server stores the same.
  test('the current tax year at 55p: 8,000 miles and no employer payment → £4,400 allowance', async ({
    page,
  }) => {
    expect(carVanRatePence(NEWEST)).toBe(55);
    const who = person('Jordan', 'Ashby');
    await page.goto('/onboarding');
    await expectStep(page, 'eligibility');
    await page.getByTestId('eligibility-yes').click();
    await expectStep(page, 'employment');
    await page.getByTestId('employment-employed').click();
    await expectStep(page, 'personal');
    await fillPersonalDetails(page, who);
    await continueButton(page).click();
    await completeEmployments(page, job('Example Care Ltd'));
    await expect(page.getByText(`${NEWEST} (current tax year)`)).toBeVisible();
    await page.getByTestId(`tax-year-${NEWEST}`).check();
    await continueButton(page).click();
    await expectStep(page, 'vehicle');
    await expect(page.getByTestId('vehicle-car-van')).toContainText(
      `55p a mile for the first 10,000 business miles in ${NEWEST}`,
    );
    await page.getByTestId('vehicle-car-van').click();
    await expectStep(page, 'mileage');
    await page.getByTestId(`miles-${NEWEST}-job-1`).fill('8000');
    await continueButton(page).click();
    await expectStep(page, 'employer-rate');
    await page.getByTestId(`paid-${NEWEST}-job-1-none`).check();
    const panel = page.getByTestId('impact-panel');
    await expect(panel.getByTestId('impact-allowance')).toHaveText('£4,400');
    await expect(panel.getByTestId('impact-claimable')).toHaveText('£4,400');
    await expect(panel.getByTestId('impact-rebate')).toHaveText('£880');
    await expectNoA11yViolations(page, 'wizard step 7 at 55p');
    const saved = page.waitForResponse(isSaveOf('employer-rate'));
    await continueButton(page).click();
    // £4,400 of expenses in one year is over £2,500: Self Assessment, not a congratulation (D31).
    await expectStep(page, 'congratulations', 'Your claim needs a Self Assessment tax return');
    await continueButton(page).click();
    await expectStep(page, 'evidence');
    expect((await saved).status()).toBe(200);
    const row = await waitForOnboardingClaim(
      await sessionIdOf(page),
      (r) => Number(r.last_step_completed) === storageIndexOf('congratulations'),
      'the estimate after the employer-rate step saved',
    );
    expect(Number(row.total_hmrc_allowance)).toBe(4_400);
    expect(Number(row.estimated_rebate_20_percent)).toBe(880);
  });

  function wizardClaimant(firstName: string, lastName: string): WizardClaimant {
    return {
      firstName,
      lastName,
      email: 'keys@example.com',
      phone: uniqueWizardPhone(),
      postcode: 'WN2 1AR',
      address: '1 Example Street, Wigan',
      vehicle: 'car-van',
      years: [{ year: claimableTaxYears()[0]!.year, companyName: 'Example Keys Ltd', miles: 1_000 }],
      employerRatePence: 0,
    };
  }

  // D26 (WCAG 2.2 3.2.2 On Input): the steps that move on when an answer is clicked say so above
  // the options; a keyboard choice (or an arrow key) never moves on; Continue is always there.
  test('steps 0, 1 and 4: keyboard choices stay, Continue moves on, a click moves on after the notice', async ({
    page,
  }) => {
    const note =
      'Clicking or tapping an answer takes you to the next question. If you use a keyboard, choose an answer and then Continue.';
    await page.goto('/onboarding');
    await expectStep(page, 'eligibility');
    await expect(page.getByTestId('auto-advance-note')).toHaveText(note);
    await expect(continueButton(page)).toBeVisible();
    // An arrow key is not a choice: nothing is chosen and nothing moves.
    await tabTo(page, page.getByTestId('eligibility-yes'));
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(AUTO_ADVANCE_MS + 200);
    await expectStep(page, 'eligibility');
    await expect(page.getByTestId('eligibility-yes')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('eligibility-no')).toHaveAttribute('aria-pressed', 'false');
    await chooseByKeyboard(page, page.getByTestId('eligibility-yes'));
    await expectStep(page, 'employment');
    await expect(page.getByTestId('auto-advance-note')).toHaveText(note);
    await chooseByKeyboard(page, page.getByTestId('employment-employed'), 'Space');
    await expectStep(page, 'personal');
    // Back to step 1 and on to step 4 by a click: the choice moves on by itself after the delay.
    await page.getByTestId('wizard-back').click();
    await expectStep(page, 'employment');
    await page.getByTestId('wizard-back').click();
    await expectStep(page, 'eligibility');
    await page.getByTestId('eligibility-yes').click();
    await expectStep(page, 'employment');
    await page.getByTestId('employment-employed').click();
    // A changed-or-repeated answer on return is confirmed with Continue (SPEC §2).
    await expectStep(page, 'employment');
    await continueButton(page).click();
    await expectStep(page, 'personal');
  });

  test('step 4: a keyboard choice stays and Continue moves on; a click moves on after the notice', async ({
    page,
  }) => {
    const who = wizardClaimant('Vera', 'Keyes');
    await completeStepsUpToVehicle(page, who);
    await expect(page.getByTestId('auto-advance-note')).toBeVisible();
    await chooseByKeyboard(page, page.getByTestId('vehicle-bicycle'), 'Space');
    await expectStep(page, 'mileage');
    await page.getByTestId('wizard-back').click();
    await expectStep(page, 'vehicle');
    await expect(page.getByTestId('vehicle-bicycle')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('vehicle-car-van').click();
    await expectStep(page, 'mileage');
  });

  test('steps 0 to 3 and the employments step work with the keyboard alone', async ({ page }) => {
    const who = person('Priya', 'Keyes');
    const employment = job('Example Keys Ltd');
    await page.goto('/onboarding');
    await expectStep(page, 'eligibility');

    // D26: Enter or Space chooses and stays; Continue moves on.
    await chooseByKeyboard(page, page.getByTestId('eligibility-yes'));
    await expectStep(page, 'employment');
    await expect(heading(page)).toBeFocused();

    await chooseByKeyboard(page, page.getByTestId('employment-employed'), 'Space');
    await expectStep(page, 'personal');
    await expect(heading(page)).toBeFocused();

    // Continue with nothing filled: the summary takes focus and its link leads to the field.
    await tabTo(page, continueButton(page));
    await page.keyboard.press('Enter');
    await expect(errorSummary(page)).toBeFocused();
    await tabTo(page, errorSummary(page).getByRole('link', { name: 'First name is required' }));
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('First name')).toBeFocused();

    await page.keyboard.type(who.firstName);
    await tabTo(page, page.getByLabel('Last name'));
    await page.keyboard.type(who.lastName);
    await tabTo(page, page.getByTestId('date-of-birth-day'));
    await page.keyboard.type(who.dateOfBirth.day);
    await tabTo(page, page.getByTestId('date-of-birth-month'));
    await page.keyboard.type(who.dateOfBirth.month);
    await tabTo(page, page.getByTestId('date-of-birth-year'));
    await page.keyboard.type(who.dateOfBirth.year);
    await tabTo(page, page.getByLabel('Email address'));
    await page.keyboard.type(who.email);
    await tabTo(page, page.getByLabel('Mobile phone number'));
    await page.keyboard.type(who.phone);
    await tabTo(page, page.getByTestId('postcode-input'));
    await page.keyboard.type(who.postcode);
    // Enter in the postcode field searches (SPEC §2) rather than submitting the step.
    await page.keyboard.press('Enter');
    await expect(page.getByText('No addresses found for this postcode').first()).toBeVisible();
    await expectStep(page, 'personal');
    await tabTo(page, page.getByLabel('Full address'));
    await page.keyboard.type(who.address);
    await expect(errorSummary(page)).toHaveCount(0);
    await tabTo(page, continueButton(page));
    await page.keyboard.press('Enter');

    // The employments step (D17), by keyboard.
    await expectStep(page, 'employments');
    await expect(heading(page)).toBeFocused();
    await tabTo(page, page.getByTestId('employer-name-1'));
    await page.keyboard.type(employment.employerName);
    await tabTo(page, page.getByTestId('paye-reference-1'));
    await page.keyboard.type(employment.payeReference ?? '');
    await tabTo(page, page.getByTestId('job-title-1'));
    await page.keyboard.type(employment.jobTitle);
    await tabTo(page, page.getByTestId('continuing-1-yes'));
    await page.keyboard.press('Space');
    await expect(page.getByTestId('continuing-1-yes')).toBeChecked();
    await tabTo(page, continueButton(page));
    await page.keyboard.press('Enter');

    await expectStep(page, 'tax-years');
    await expect(heading(page)).toBeFocused();
    await tabTo(page, page.getByTestId(`tax-year-${SECOND}`));
    await page.keyboard.press('Space');
    await expect(page.getByTestId(`tax-year-${SECOND}`)).toBeChecked();
    await tabTo(page, continueButton(page));
    await page.keyboard.press('Enter');
    await expectStep(page, 'vehicle');
    await expect(heading(page)).toBeFocused();

    const row = await waitForOnboardingClaim(
      await sessionIdOf(page),
      (r) => Number(r.last_step_completed) === storageIndexOf('tax-years'),
      'tax-years saved',
    );
    expect(row.employment_type).toBe('employed');
    await expectStoredPersonalDetails(row, who);
    expectStoredEmployment(row, employment);
    expect(decodeJsonColumn(row.selected_tax_years)).toEqual(
      YEARS.map((year) => ({ year, selected: year === SECOND })),
    );
  });
});
