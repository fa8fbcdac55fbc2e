// Issue 13's journey, end to end in real Chromium: a claimant with two employments (D17), one with
// a PAYE reference and one without it that has ended, claims two years; in one year both jobs have
// miles and the employers are connected, so they share one 10,000-mile limit at the higher rate
// (D18); in the other only one job has miles. Every step is clicked through, two answers are
// changed from check your answers (the second job's PAYE reference is added there, so both are
// stored with one), the claim is signed, its authority PDF downloaded and read, it is submitted, and
// the stored claim is read back from the database and its figures compared with the domain's own.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  carVanRatePence,
  figuresByJob,
  formatMoney,
  summariseClaim,
  type WizardSnapshot,
} from '@taxback/domain';
import { expectNoA11yViolations } from '../helpers/a11y.ts';
import { decodeJsonColumn, waitForOnboardingClaim } from '../helpers/db.ts';
import { extractPdfText, makePdf } from '../helpers/sample-files.ts';
import {
  OFFERED_YEARS,
  answerEmployerPayments,
  backButton,
  continueButton,
  errorSummary,
  expectErrorSummary,
  expectNoSidewaysScroll,
  expectStep,
  fillEmployments,
  isSaveOf,
  sessionIdOf,
  signOnReview,
  stepHeading,
  tickConsents,
  uniqueWizardPhone,
  yearSlug,
  type WizardClaimant,
  type WizardEmployment,
} from '../helpers/wizard.ts';

const [NEWEST, SECOND] = [OFFERED_YEARS[0] ?? '', OFFERED_YEARS[1] ?? ''];
/** The calendar year in which SECOND ends (5 April): Beta Ltd's job ended that February. */
const SECOND_END_YEAR = String(Number(SECOND.slice(0, 4)) + 1);

const ACME: WizardEmployment = {
  employerName: 'Acme Ltd',
  payeReference: '123/AB45678',
  jobTitle: 'Sales representative',
};
const BETA: WizardEmployment = {
  employerName: 'Beta Ltd',
  payeReference: null,
  jobTitle: 'Delivery driver',
  endDate: { day: '27', month: '2', year: SECOND_END_YEAR },
};

/** The claimant, with a phone number of the running worker's slice (made inside the test). */
const claimantWithPhone = (): WizardClaimant => ({
  firstName: 'Harriet',
  lastName: 'Lindqvist',
  email: 'harriet.lindqvist@example.com',
  phone: uniqueWizardPhone(),
  postcode: 'WN2 1AR',
  address: '1 Test Street, Hindley, Wigan',
  vehicle: 'car-van',
  dateOfBirth: { day: '4', month: '3', year: '1990' },
  employments: [ACME, BETA],
  years: [
    // Beta Ltd's job ended before NEWEST began: only Acme Ltd has miles that year.
    {
      year: NEWEST,
      companyName: ACME.employerName,
      miles: 4_000,
      jobs: [{ employer: ACME.employerName, miles: 4_000, paid: { kind: 'total', pounds: 200 } }],
    },
    {
      year: SECOND,
      companyName: ACME.employerName,
      miles: 13_000,
      jobs: [
        { employer: ACME.employerName, miles: 7_000, paid: { kind: 'ppm', pence: 10 } },
        { employer: BETA.employerName, miles: 6_000, paid: { kind: 'none' } },
      ],
      connected: true,
    },
  ],
  employerRatePence: 0,
});

/** Scans the page at the desktop width and at 320 px, where nothing may scroll sideways. */
async function expectAccessibleAtBothWidths(page: Page, where: string): Promise<void> {
  await expectNoA11yViolations(page, where);
  await page.setViewportSize({ width: 320, height: 640 });
  await expectNoSidewaysScroll(page, `${where} at 320 px`);
  await expectNoA11yViolations(page, `${where} at 320 px`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('two employments (issue 13)', () => {
  test('Acme Ltd with a PAYE reference and Beta Ltd without, ended; connected in one year; two answers changed; submitted and stored', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const claimant = claimantWithPhone();
    const niNumber = 'AB123456C';
    // Worked by hand from the D21 table (25p a mile beyond 10,000): in SECOND the two connected
    // employers share one 10,000 at the higher rate (D18), so 13,000 miles are 10,000 at the year's
    // rate and 3,000 at 25p; separate employers would each have had 10,000 of their own.
    const [newestP, secondP] = [carVanRatePence(NEWEST), carVanRatePence(SECOND)];
    const newestAllowance = (4_000 * newestP) / 100;
    const secondAllowance = (10_000 * secondP + 3_000 * 25) / 100;
    const secondIfSeparate = (13_000 * secondP) / 100;
    expect(secondAllowance).toBeLessThan(secondIfSeparate);
    // Acme paid £200 for NEWEST, and 10p a mile for 7,000 miles in SECOND; Beta paid nothing.
    const [newestPaid, secondPaid] = [200, 700];

    // Eligibility, employment type and personal details.
    await page.goto('/onboarding');
    await expectStep(page, 'eligibility');
    await page.getByTestId('eligibility-yes').click();
    await expectStep(page, 'employment');
    await page.getByTestId('employment-employed').click();
    await expectStep(page, 'personal', 'Your personal details');
    await page.getByLabel('First name').fill(claimant.firstName);
    await page.getByLabel('Last name').fill(claimant.lastName);
    await page.getByLabel('Email address').fill(claimant.email);
    await page.getByLabel('Mobile phone number').fill(claimant.phone);
    await page.getByTestId('postcode-input').fill(claimant.postcode);
    await page.getByRole('button', { name: 'Find address' }).click();
    await expect(page.getByText('No addresses found for this postcode').first()).toBeVisible();
    await page.getByLabel('Full address').fill(claimant.address);
    await page.getByTestId('date-of-birth-day').fill('4');
    await page.getByTestId('date-of-birth-month').fill('3');
    await page.getByTestId('date-of-birth-year').fill('1990');
    await continueButton(page).click();

    // The employments step: Acme Ltd with its PAYE reference; Beta Ltd without, ended.
    await expectStep(page, 'employments', 'Your employments');
    await expect(page.getByTestId('wizard-progress')).toHaveText('Step 4 of 13');
    await fillEmployments(page, [ACME, BETA]);
    await expect(page.getByTestId('no-paye-2')).toBeChecked();
    await expect(page.getByTestId('continuing-2-no')).toBeChecked();
    await expect(page.getByTestId('end-date-2-year')).toHaveValue(SECOND_END_YEAR);
    await expect(errorSummary(page)).toHaveCount(0);
    await expectAccessibleAtBothWidths(page, 'the employments step with two employments');
    await continueButton(page).click();

    await expectStep(page, 'tax-years');
    await page.getByTestId(`tax-year-${NEWEST}`).check();
    await page.getByTestId(`tax-year-${SECOND}`).check();
    await continueButton(page).click();
    await expectStep(page, 'vehicle');
    await page.getByTestId('vehicle-car-van').click();

    // Mileage: NEWEST has Acme's miles only, so no connected question there.
    await expectStep(page, 'mileage', 'Your business mileage');
    await expect(page.getByRole('tab')).toHaveText([NEWEST, SECOND]);
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByLabel('Business miles for Acme Ltd')).toBeVisible();
    // Beta Ltd ended in SECOND: NEWEST does not ask for its miles (issue 31).
    await expect(panel.getByLabel('Business miles for Beta Ltd')).toHaveCount(0);
    await page.getByTestId(`miles-${NEWEST}-job-1`).fill('4000');
    await expect(page.getByTestId(`connected-${NEWEST}-yes`)).toHaveCount(0);
    await page.getByTestId(`mileage-tab-${SECOND}`).click();
    await expect(panel.getByLabel('Business miles for Beta Ltd')).toBeVisible();
    await page.getByTestId(`miles-${SECOND}-job-1`).fill('7000');
    await expect(page.getByTestId(`connected-${SECOND}-yes`)).toHaveCount(0);
    await page.getByTestId(`miles-${SECOND}-job-2`).fill('6000');
    // Two jobs with miles in a year: D18's question, required.
    await expect(page.getByTestId(`connected-${SECOND}-yes`)).toBeVisible();
    await continueButton(page).click();
    await expectErrorSummary(page, [
      `Select whether your employers in ${SECOND} are the same or associated employers`,
    ]);
    await page.getByTestId(`connected-${SECOND}-yes`).check();
    await expect(errorSummary(page)).toHaveCount(0);
    await expect(page.getByTestId('total-miles')).toHaveText('17,000 miles');
    await expectAccessibleAtBothWidths(page, 'the mileage step with two jobs');
    await continueButton(page).click();

    // What each employer paid, per year and job with miles: Beta has no miles in NEWEST.
    await expectStep(page, 'employer-rate', 'What did your employer pay for your business miles?');
    await expect(page.getByTestId(`paid-${NEWEST}-job-2-none`)).toHaveCount(0);
    await continueButton(page).click();
    await expectErrorSummary(page, [
      `Select what Acme Ltd paid for your business miles in ${NEWEST}`,
      `Select what Acme Ltd paid for your business miles in ${SECOND}`,
      `Select what Beta Ltd paid for your business miles in ${SECOND}`,
    ]);
    await answerEmployerPayments(page, claimant);
    await expect(errorSummary(page)).toHaveCount(0);
    await expect(page.getByTestId(`impact-${NEWEST}-allowance`)).toHaveText(formatMoney(newestAllowance));
    await expect(page.getByTestId(`impact-${SECOND}-allowance`)).toHaveText(formatMoney(secondAllowance));
    await expect(page.getByTestId(`impact-${NEWEST}-employer-payment`)).toHaveText(formatMoney(newestPaid));
    await expect(page.getByTestId(`impact-${SECOND}-employer-payment`)).toHaveText(formatMoney(secondPaid));
    await expectAccessibleAtBothWidths(page, 'the employer-payment step with two jobs');
    const paymentsSaved = page.waitForResponse(isSaveOf('employer-rate'));
    await continueButton(page).click();
    // The estimate comes once the payments are known (D31).
    await expectStep(page, 'congratulations');
    await continueButton(page).click();
    await expectStep(page, 'evidence');
    expect((await paymentsSaved).status()).toBe(200);
    const sessionId = await sessionIdOf(page);

    // Evidence: a diary per year.
    const diary = await makePdf('mileage-diary.pdf', 'Business mileage diary (example)');
    for (const year of [NEWEST, SECOND]) {
      await page.getByTestId(`evidence-upload-${yearSlug(year)}`).setInputFiles(diary);
      await expect(page.getByTestId(`evidence-files-${yearSlug(year)}`)).toContainText(diary.name);
    }
    await continueButton(page).click();

    // Check your answers: every answer, each employment and year.
    await expectStep(page, 'check-answers', 'Check your answers');
    await expect(page.getByTestId('wizard-progress')).toHaveText('Step 11 of 13');
    await expect(continueButton(page)).toHaveText('Continue to sign');
    const about = page.getByTestId('cya-about');
    const first = page.getByTestId('cya-employment-1');
    const second = page.getByTestId('cya-employment-2');
    const secondYear = page.getByTestId(`cya-year-${yearSlug(SECOND)}`);
    await expect(about).toContainText('4 March 1990');
    await expect(first).toContainText('Acme Ltd');
    await expect(first).toContainText('123/AB45678');
    await expect(first).toContainText('Sales representative');
    await expect(second).toContainText('Beta Ltd');
    await expect(second).toContainText("You don't have it yet");
    await expect(second).toContainText('Delivery driver');
    await expect(second).toContainText(`No, it ended on 27 February ${SECOND_END_YEAR}`);
    await expect(secondYear).toContainText('Yes, one 10,000-mile limit');
    await expect(secondYear).toContainText(formatMoney(secondAllowance - secondPaid));
    await expect(page.getByTestId(`cya-year-${yearSlug(NEWEST)}`)).toContainText(
      formatMoney(newestAllowance - newestPaid),
    );
    // NEWEST lists only the job with miles, and asks nothing about connected employers.
    await expect(page.getByTestId(`cya-year-${yearSlug(NEWEST)}`)).not.toContainText('Beta Ltd');
    await expect(page.getByTestId(`cya-year-${yearSlug(NEWEST)}`)).not.toContainText('Employers connected');
    await expectAccessibleAtBothWidths(page, 'check your answers');

    // Change 1: the date of birth; Continue comes back here with the new date.
    await page.getByTestId('change-date-of-birth').click();
    await expectStep(page, 'personal');
    await expect(page.getByTestId('date-of-birth-year')).toHaveValue('1990');
    await page.getByTestId('date-of-birth-day').fill('12');
    await page.getByTestId('date-of-birth-month').fill('11');
    await page.getByTestId('date-of-birth-year').fill('1988');
    await continueButton(page).click();
    await expectStep(page, 'check-answers', 'Check your answers');
    await expect(about).toContainText('12 November 1988');
    await expect(about).not.toContainText('4 March 1990');

    // Change 2: the second employer's job title; on the same page the claimant adds Beta's PAYE
    // reference, found on a P60 since ("I don't have it" clears as they type it).
    await page.getByTestId('change-job-title-2').click();
    await expectStep(page, 'employments');
    await expect(page.getByTestId('job-title-2')).toHaveValue('Delivery driver');
    await page.getByTestId('job-title-2').fill('Courier');
    await page.getByTestId('paye-reference-2').fill('456/xy12345');
    await expect(page.getByTestId('no-paye-2')).not.toBeChecked();
    await continueButton(page).click();
    await expectStep(page, 'check-answers', 'Check your answers');
    await expect(second).toContainText('Courier');
    await expect(second).not.toContainText('Delivery driver');
    await expect(second).toContainText('456/XY12345');
    await expect(second).not.toContainText("You don't have it yet");
    await expect(first).toContainText('Sales representative');

    // A Change link followed by Back also returns here, with nothing changed.
    await page.getByTestId('change-tax-years').click();
    await expectStep(page, 'tax-years');
    await backButton(page).click();
    await expectStep(page, 'check-answers', 'Check your answers');
    await expect(page.getByTestId('cya-claim')).toContainText(`${NEWEST}, ${SECOND}`);

    // Review and sign: the domain's figures, per year.
    await continueButton(page).click();
    await expectStep(page, 'review', 'Review and sign');
    await expect(stepHeading(page)).toBeFocused();
    await expect(page.getByTestId(`review-${SECOND}-allowance`)).toHaveText(formatMoney(secondAllowance));
    await expect(page.getByTestId(`review-${NEWEST}-allowance`)).toHaveText(formatMoney(newestAllowance));
    await expect(page.getByTestId(`review-${SECOND}-employer-payment`)).toHaveText(formatMoney(secondPaid));
    await signOnReview(page);
    await tickConsents(page);
    await continueButton(page).click();

    await expectStep(page, 'hmrc-details', 'Administrative details');
    await page.getByTestId('ni-number').fill('AB 12 34 56 C');
    await expect(continueButton(page)).toHaveText('Submit Claim');
    await continueButton(page).click();
    await expect(page.getByTestId('confirmation-heading')).toBeVisible({ timeout: 20_000 });
    await expectStep(page, 'confirmation');

    // D19: the confirmation offers the signed authority; it names the claimant, the years, both
    // employments (Beta's PAYE reference not given) and the fee terms (no fee by default).
    await test.step('the signed authority PDF', async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('download-authority').click(),
      ]);
      const text = extractPdfText(await readFile(await download.path()));
      for (const piece of [
        `Name: ${claimant.firstName} ${claimant.lastName}`,
        `${NEWEST} (`,
        `${SECOND} (`,
        'Employer 1: Acme Ltd',
        'Employer PAYE reference 1: 123/AB45678',
        'Employer 2: Beta Ltd',
        'Employer PAYE reference 2: 456/XY12345',
        'No fee: we charge you nothing for this claim.',
        'HMRC pays you directly',
      ])
        expect(text, `the signed authority says "${piece}"`).toContain(piece);
    });

    // What the server stored: read from its database.
    const row = await waitForOnboardingClaim(sessionId, (r) => r.status === 'submitted', 'submitted');
    expect(JSON.stringify(row)).not.toContain(niNumber);
    const snapshot = decodeJsonColumn(row.snapshot) as WizardSnapshot;
    expect(snapshot.personalInfo.dateOfBirth).toEqual({ day: '12', month: '11', year: '1988' });
    expect(snapshot.employments).toEqual([
      expect.objectContaining({
        id: 'job-1',
        employerName: 'Acme Ltd',
        payeReference: '123/AB45678',
        noPayeReference: false,
        jobTitle: 'Sales representative',
        continuing: 'yes',
      }),
      expect.objectContaining({
        id: 'job-2',
        employerName: 'Beta Ltd',
        payeReference: '456/XY12345',
        noPayeReference: false,
        jobTitle: 'Courier',
        continuing: 'no',
        endDate: { day: '27', month: '2', year: SECOND_END_YEAR },
      }),
    ]);
    expect(row.employer_name).toBe('Acme Ltd, Beta Ltd');
    const storedYear = (year: string) => snapshot.taxYears.find((t) => t.year === year);
    expect(storedYear(SECOND)?.employersConnected).toBe('yes');
    expect(storedYear(SECOND)?.jobs).toEqual([
      expect.objectContaining({
        employmentId: 'job-1',
        businessMiles: 7_000,
        paidKind: 'ppm',
        paidPencePerMile: 10,
      }),
      expect.objectContaining({ employmentId: 'job-2', businessMiles: 6_000, paidKind: 'none' }),
    ]);
    expect(storedYear(NEWEST)?.jobs).toEqual([
      expect.objectContaining({
        employmentId: 'job-1',
        businessMiles: 4_000,
        paidKind: 'total',
        paidTotalPounds: 200,
      }),
      expect.objectContaining({ employmentId: 'job-2', businessMiles: 0 }),
    ]);
    expect(decodeJsonColumn(row.mileage_data)).toEqual({
      [NEWEST]: { miles: 4_000, companyName: 'Acme Ltd' },
      [SECOND]: { miles: 13_000, companyName: 'Acme Ltd, Beta Ltd' },
    });

    // The per-year figures: the domain's, on the stored snapshot, and the hand-worked ones.
    const byJob = figuresByJob(snapshot);
    const summary = summariseClaim(snapshot);
    const year = (y: string) => byJob.years.find((f) => f.year === y);
    expect(year(SECOND)?.employersConnected).toBe('yes');
    expect(year(SECOND)?.allowance).toBe(secondAllowance);
    expect(year(SECOND)?.employerPayment).toBe(secondPaid);
    expect(year(SECOND)?.claimable).toBe(secondAllowance - secondPaid);
    // The shared 10,000: the two jobs' allowances add up to the year's, not to two full limits.
    const secondJobs = year(SECOND)?.jobs ?? [];
    expect(secondJobs.map((j) => [j.employerName, j.miles])).toEqual([
      ['Acme Ltd', 7_000],
      ['Beta Ltd', 6_000],
    ]);
    expect(secondJobs.reduce((sum, j) => sum + j.allowance, 0)).toBeCloseTo(secondAllowance, 2);
    expect(year(NEWEST)?.allowance).toBe(newestAllowance);
    expect(year(NEWEST)?.employerPayment).toBe(newestPaid);
    expect(year(NEWEST)?.jobs.map((j) => j.employerName)).toEqual(['Acme Ltd']);
    for (const y of summary.years) {
      const f = year(y.year);
      expect([y.allowance, y.employerPayment, y.claimable]).toEqual([
        f?.allowance,
        f?.employerPayment,
        f?.claimable,
      ]);
    }
    expect(summary.totalAllowance).toBe(newestAllowance + secondAllowance);
    expect(Number(row.total_hmrc_allowance)).toBe(summary.totalAllowance);
    expect(Number(row.estimated_rebate_20_percent)).toBe(summary.rebate20);
    expect(Number(row.estimated_rebate_40_percent)).toBe(summary.rebate40);
    // Acme paid two ways and Beta nothing: no single rate to keep in the column.
    expect(row.employer_mileage_rate).toBeNull();
  });
});
