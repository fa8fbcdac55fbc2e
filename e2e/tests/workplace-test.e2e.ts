// D39, decision 077: the business-journey test in the mileage wizard. A driver whose regular site
// lasted 30 months at 60% of their working time answers HMRC's questions in the log builder, sees
// the journeys there left out with the reason (on the builder's review and again before signing),
// and the log and the claim's miles and amount are reduced; the stored claim keeps the answers and
// the outcome. Axe and HTML_CodeSniffer scan the questions at 320 px and at 1280 px. Decision 084:
// the same test asked on the mileage step, for a driver who uploads their own log.
import { expect, test, type Page } from '@playwright/test';
import {
  WORKPLACE_MESSAGES,
  calculateRebate,
  datedLogMiles,
  decideWorkplace,
  formatMoney,
  journeyAnnualMiles,
  ukIsoDate,
  type Journey,
  type PlaceFacts,
  type WizardSnapshot,
} from '@taxback/domain';
import { THIRTY_MONTH_SITE } from '@taxback/domain/test/example-snapshots';
import { expectNoA11yViolations } from '../helpers/a11y.ts';
import { createOperator, signInWithTotp, unique } from '../helpers/admin.ts';
import { decodeJsonColumn, waitForOnboardingClaim } from '../helpers/db.ts';
import { openSeededDraft } from '../helpers/seed.ts';
import {
  OFFERED_YEARS,
  continueButton,
  errorSummary,
  expectErrorSummary,
  expectNoSidewaysScroll,
  expectStep,
  signOnReview,
  tickConsents,
  uniqueWizardPhone,
  yearSlug,
  type WizardClaimant,
  answerTemporaryPlace,
  answerEmployerPayments,
  completeStepsUpToVehicle,
  sessionIdOf,
} from '../helpers/wizard.ts';
import { makePdf } from '../helpers/sample-files.ts';

// A whole past tax year, so the log covers every working day of it.
const YEAR = OFFERED_YEARS[1] ?? '';
const STATED_MILES = 6_000;
const SITE = 'M1 1AE';
const CLIENT = 'SK5 6AQ';

const claimant = (): WizardClaimant => ({
  firstName: 'Dana',
  lastName: 'Whitfield',
  email: 'dana.whitfield@example.com',
  phone: uniqueWizardPhone(),
  postcode: 'WN2 1AR',
  address: '1 Test Street, Hindley, Wigan',
  vehicle: 'car-van',
  years: [{ year: YEAR, companyName: 'Sample Builders (Example)', miles: STATED_MILES }],
  employerRatePence: 0,
});

// The site: a piece of work expected from the start to last 30 months, at 60% of the time.
const siteFacts: PlaceFacts = THIRTY_MONTH_SITE;

function miles(n: number): string {
  return `${n.toLocaleString('en-GB', { maximumFractionDigits: 1 })} miles`;
}

async function addJourney(
  page: Page,
  i: number,
  to: string,
  distance: string,
  frequency: string,
  reason: string,
) {
  await page.getByTestId(`journey-${i}-from`).fill('WN2 1AR');
  await page.getByTestId(`journey-${i}-to`).fill(to);
  await page.getByTestId(`journey-${i}-distance`).fill(distance);
  await page.getByTestId(`journey-${i}-frequency`).selectOption(frequency);
  await page.getByTestId(`journey-${i}-trip-type`).selectOption('return');
  await page.getByTestId(`journey-${i}-reason`).selectOption(reason);
}

async function answerSite(page: Page) {
  const p = (name: string) => page.getByTestId(`place-1-${name}`);
  await p('siteBased-no').check();
  await p('homeWorking-no').check();
  await p('sameAsCommute-no').check();
  await p('shareOfWorkingTime').fill('60');
  await p('wholeEmployment-no').check();
  await p('expectedMonths').fill('30');
  await p('expectationChange-no').check();
  await p('actualMonths').fill('30');
}

test('a 30-month site at 60% of the time: its journeys left out with the reason, the miles and amount reduced, stored', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const decision = decideWorkplace(siteFacts);
  if (!decision.ok) throw new Error('the persona must be decidable');
  expect(decision).toMatchObject({ counts: 'none', rule: 'permanent-workplace-24-months' });

  // Steps 0-7 saved through the wizard's API and reopened in this tab (decision 086): the test
  // begins at the log builder; wizard-complete.e2e.ts clicks those steps.
  const sessionId = await openSeededDraft(page, request, claimant());
  await page.getByTestId(`build-log-${yearSlug(YEAR)}`).click();
  await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', 'journeys');
  // The builder opens with one empty journey.
  await expect(page.getByTestId('journey-0')).toBeVisible();
  await addJourney(page, 0, SITE, '20', 'daily', 'temporary-workplace');
  await page.getByTestId('add-journey').click();
  await addJourney(page, 1, CLIENT, '10', 'weekly', 'client-meeting');
  await continueButton(page).click();
  await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', 'journeys-review');

  // Before any answer, both journeys count, as they always did.
  const siteJourney = { frequency: 'daily', tripType: 'return', distance: 20 } as const;
  const clientJourney = { frequency: 'weekly', tripType: 'return', distance: 10 } as const;
  const slug = yearSlug(YEAR);
  await expect(page.getByTestId(`rebuild-year-${slug}`)).toHaveText(
    miles(journeyAnnualMiles(siteJourney) + journeyAnnualMiles(clientJourney)),
  );
  await expect(page.getByTestId('place-1')).toContainText(`Your journeys to ${SITE}`);
  await expect(page.getByTestId('place-2')).toContainText(`Your journeys to ${CLIENT}`);

  // The client's place answered (a temporary workplace: its journeys still count, decision 081).
  await answerTemporaryPlace(page, 2);
  // A place begun must be finished: the error summary names the missing answer.
  await page.getByTestId('place-1-role-regular-site').check();
  await continueButton(page).click();
  await expectErrorSummary(page, [WORKPLACE_MESSAGES.shareRequired]);
  await answerSite(page);
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toHaveCount(0);

  // The outcome and HMRC's reason, at once; the journey is marked and the total is the client's alone.
  await expect(page.getByTestId('place-1-outcome')).toContainText('Journeys here are left out of your claim');
  await expect(page.getByTestId('place-1-outcome-reason')).toHaveText(decision.reason);
  await expect(page.getByTestId('summary-journey-0-left-out')).toBeVisible();
  await expect(page.getByTestId('summary-journey-1-left-out')).toHaveCount(0);
  await expect(page.getByTestId('left-out-journeys-1')).toContainText(`Journey 1: WN2 1AR to ${SITE}`);
  await expect(page.getByTestId('left-out-journeys-1')).toContainText(decision.reason);
  await expect(page.getByTestId(`rebuild-year-${slug}`)).toHaveText(miles(journeyAnnualMiles(clientJourney)));

  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSidewaysScroll(page, `the business-journey questions at ${width} px`);
    await expectNoA11yViolations(page, `the business-journey questions at ${width} px`);
  }

  const generated = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/onboarding/mileage-log',
  );
  await continueButton(page).click();
  expect((await generated).status()).toBe(201);
  await expectStep(page, 'evidence');

  // The server's log leaves the site out: its miles are the client journeys' alone, which the
  // claimant takes as the claim's miles.
  const client: Journey = {
    id: 'client',
    startAddress: 'WN2 1AR',
    endAddress: CLIENT,
    reason: 'client-meeting',
    customReason: '',
    ...clientJourney,
  };
  const logMiles = Math.floor(
    datedLogMiles({
      journeys: [client],
      year: YEAR,
      nation: 'england-and-wales',
      today: ukIsoDate(new Date()),
    }),
  );
  expect(logMiles).toBeLessThan(STATED_MILES);
  await expect(page.getByTestId(`log-miles-${slug}`)).toContainText(
    `the mileage log adds up to ${logMiles.toLocaleString('en-GB')} miles`,
  );
  // Decision 081: the stated figure cannot go on to signing: the error names the place, the reason
  // and the log's figure, at the "Claim N miles" action, which takes the focus from the summary.
  await expect(page.getByTestId(`left-out-miles-${slug}`)).toContainText(`Journeys to ${SITE} are left out`);
  await expect(
    page.getByTestId(`log-miles-${slug}`).getByRole('button', { name: /and remove the log/ }),
  ).toHaveCount(0);
  await continueButton(page).click();
  const refused = errorSummary(page);
  await expect(refused).toBeFocused();
  for (const text of [SITE, decision.reason, `Claim ${logMiles.toLocaleString('en-GB')} miles or fewer`])
    await expect(refused).toContainText(text);
  await refused.getByRole('link').click();
  await expect(page.getByTestId(`use-log-miles-${slug}`)).toBeFocused();
  await expectStep(page, 'evidence');
  await expectNoA11yViolations(page, 'the evidence step refusing the left-out miles');
  await page.getByTestId(`use-log-miles-${slug}`).click();
  await expect(page.getByTestId('log-miles-check')).toHaveCount(0);
  await continueButton(page).click();
  await expectStep(page, 'check-answers');
  await continueButton(page).click();

  // Before signing: the journeys left out and why, and the reduced miles and amount.
  await expectStep(page, 'review');
  const totals = calculateRebate({
    years: [{ year: YEAR, miles: logMiles }],
    vehicle: 'car-van',
    employerRatePence: 0,
  });
  const stated = calculateRebate({
    years: [{ year: YEAR, miles: STATED_MILES }],
    vehicle: 'car-van',
    employerRatePence: 0,
  });
  expect(totals.rebate20).toBeLessThan(stated.rebate20);
  await expect(page.getByTestId('review-left-out-journeys')).toContainText(`Journey 1: WN2 1AR to ${SITE}`);
  await expect(page.getByTestId('review-left-out-journeys')).toContainText(decision.reason);
  await expect(page.getByTestId(`review-${YEAR}-miles`)).toHaveText(miles(logMiles));
  await expect(page.getByTestId('review-rebate')).toHaveText(formatMoney(totals.rebate20));

  // What the server stored: the answers with the outcome it worked out, and the reduced miles.
  const row = await waitForOnboardingClaim(
    sessionId,
    (r) => {
      const s = decodeJsonColumn(r.snapshot) as WizardSnapshot;
      return s.taxYears.some((y) => y.year === YEAR && y.jobs[0]?.businessMiles === logMiles);
    },
    'the log miles saved as the claim miles',
  );
  const snapshot = decodeJsonColumn(row.snapshot) as WizardSnapshot;
  expect(snapshot.workplaces).toEqual([
    // Decision 081: the client's place is answered too (a temporary workplace: its journeys count).
    {
      place: CLIENT,
      facts: { ...siteFacts, expectedMonths: 12, actualMonths: 12, expectationChange: null },
      outcome: { counts: 'all', rule: 'temporary-workplace' },
    },
    {
      place: SITE,
      facts: { ...siteFacts, expectationChange: null },
      outcome: { counts: 'none', rule: 'permanent-workplace-24-months' },
    },
  ]);
  expect(Number(row.total_hmrc_allowance)).toBeCloseTo(totals.totalAllowance, 2);

  // Signed and submitted; the operator's claim page shows each answer and the outcome.
  await signOnReview(page);
  await tickConsents(page);
  await continueButton(page).click();
  await expectStep(page, 'hmrc-details');
  await page.getByTestId('ni-number').fill('JG 10 37 59 A');
  await continueButton(page).click();
  await expect(page.getByTestId('confirmation-heading')).toBeVisible({ timeout: 20_000 });
  const submitted = await waitForOnboardingClaim(sessionId, (r) => r.status === 'submitted', 'submitted');

  const id = unique();
  const email = `workplaces.${id}@example.com`;
  const password = `a long admin password ${id}`;
  createOperator(email, 'Wren Admin', 'admin', password);
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await signInWithTotp(admin, email, password, false);
    await admin.goto(`/admin/claims/${String(submitted.id)}`);
    const place = admin.getByTestId('claim-workplace-M11AE');
    await expect(place).toContainText('What is this place to you?');
    await expect(place).toContainText('A place I go to for a piece of work that will end');
    await expect(place).toContainText('What share of your working time do you spend there?');
    await expect(place).toContainText('60%');
    await expect(place).toContainText('30 months');
    const outcome = place.getByTestId('claim-workplace-outcome');
    await expect(outcome).toContainText('Left out: every journey there is commuting; journeys 1');
    await expect(outcome).toContainText(decision.reason);
    await expect(outcome).toContainText('Rule: permanent-workplace-24-months');
    await expect(outcome).toContainText('EIM32080');
  } finally {
    await context.close();
  }
});

// Decision 084: a driver who uploads their own log says on the mileage step that some of their
// miles were regular journeys to one site (30 months at 60% of their time: EIM32080, booklet 490
// paras 3.18-3.20); those miles are left out with the reason and the claim's miles reduced, before
// signing and on the operator's claim page.
test('mileage step: an uploaded log whose miles include a 30-month site at 60%: those miles left out, the claim reduced, the operator sees the answers', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const decision = decideWorkplace(siteFacts);
  if (!decision.ok) throw new Error('the persona must be decidable');
  const typed = 12_000;
  const toSite = 4_000;
  const claimed = typed - toSite;
  const who: WizardClaimant = {
    ...claimant(),
    firstName: 'Ravi',
    email: 'ravi.whitfield@example.com',
    years: [{ year: YEAR, companyName: 'Sample Hauliers (Example)', miles: typed }],
  };
  await completeStepsUpToVehicle(page, who);
  await page.getByTestId(`vehicle-${who.vehicle}`).click();
  await expectStep(page, 'mileage');
  await page.getByTestId(`miles-${YEAR}-job-1`).fill(String(typed));
  const q = (name: string) => page.getByTestId(`step-place-${yearSlug(YEAR)}-job-1-${name}`);
  await q('regular-yes').check();
  await q('postcode').fill(SITE);
  await q('role-regular-site').check();
  await q('siteBased-no').check();
  await q('homeWorking-no').check();
  await q('sameAsCommute-no').check();
  await q('shareOfWorkingTime').fill('60');
  await q('wholeEmployment-no').check();
  await q('expectedMonths').fill('30');
  await q('expectationChange-no').check();
  await q('actualMonths').fill('30');
  await q('miles').fill(String(toSite));
  await expect(q('outcome-reason')).toHaveText(decision.reason);
  await expect(q('result')).toContainText(
    `4,000 of the 4,000 miles to ${SITE} are left out, so your claim for ${YEAR} is 8,000 miles, not 12,000.`,
  );
  await expect(page.getByTestId('total-miles')).toHaveText(miles(claimed));
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSidewaysScroll(page, `the mileage step's place questions at ${width} px`);
    await expectNoA11yViolations(page, `the mileage step's place questions at ${width} px`);
  }

  await continueButton(page).click();
  await expectStep(page, 'employer-rate');
  await answerEmployerPayments(page, who);
  await continueButton(page).click();
  await expectStep(page, 'congratulations');
  await continueButton(page).click();
  await expectStep(page, 'evidence');
  const sessionId = await sessionIdOf(page);

  // The evidence step says what was left out and why; the claimant's own log is uploaded.
  await expect(page.getByTestId('left-out-step-miles')).toContainText(decision.reason);
  await expect(page.getByTestId('left-out-step-miles')).toContainText(
    `Your claim for ${YEAR}: 8,000 miles, not 12,000.`,
  );
  const log = await makePdf('own-mileage-log.pdf', 'Mileage log of Ravi Whitfield');
  await page.getByTestId(`evidence-upload-${yearSlug(YEAR)}`).setInputFiles(log);
  await expect(page.getByTestId(`evidence-files-${yearSlug(YEAR)}`)).toContainText(log.name);
  await continueButton(page).click();
  await expectStep(page, 'check-answers');
  await continueButton(page).click();

  // Before signing: the miles left out with the reason, and the reduced miles and amount.
  await expectStep(page, 'review');
  const totals = calculateRebate({
    years: [{ year: YEAR, miles: claimed }],
    vehicle: 'car-van',
    employerRatePence: 0,
  });
  await expect(page.getByTestId('review-left-out-step-miles')).toContainText(
    `${YEAR}: all of the 4,000 miles you drove between home and ${SITE} are left out.`,
  );
  await expect(page.getByTestId('review-left-out-step-miles')).toContainText(decision.reason);
  await expect(page.getByTestId(`review-${YEAR}-miles`)).toHaveText(miles(claimed));
  await expect(page.getByTestId('review-rebate')).toHaveText(formatMoney(totals.rebate20));

  const row = await waitForOnboardingClaim(
    sessionId,
    (r) => (decodeJsonColumn(r.snapshot) as WizardSnapshot).workplaces !== undefined,
    'the place answered on the mileage step saved',
  );
  const snapshot = decodeJsonColumn(row.snapshot) as WizardSnapshot;
  expect(snapshot.taxYears.find((y) => y.year === YEAR)?.jobs[0]?.businessMiles).toBe(claimed);
  expect(snapshot.workplaces).toEqual([
    {
      place: SITE,
      facts: { ...siteFacts, expectationChange: null },
      outcome: { counts: 'none', rule: 'permanent-workplace-24-months' },
      mileageStep: { employmentId: 'job-1', year: YEAR, miles: toSite, statedMiles: typed },
    },
  ]);

  await signOnReview(page);
  await tickConsents(page);
  await continueButton(page).click();
  await expectStep(page, 'hmrc-details');
  await page.getByTestId('ni-number').fill('JG 10 37 59 A');
  await continueButton(page).click();
  await expect(page.getByTestId('confirmation-heading')).toBeVisible({ timeout: 20_000 });
  const submitted = await waitForOnboardingClaim(sessionId, (r) => r.status === 'submitted', 'submitted');

  const id = unique();
  const email = `step-places.${id}@example.com`;
  const password = `a long admin password ${id}`;
  createOperator(email, 'Wren Admin', 'admin', password);
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await signInWithTotp(admin, email, password, false);
    await admin.goto(`/admin/claims/${String(submitted.id)}`);
    const place = admin.getByTestId('claim-workplace-M11AE');
    await expect(place).toContainText(`(mileage step, ${YEAR}, job-1)`);
    await expect(place).toContainText('What share of your working time do you spend there?');
    await expect(place).toContainText('60%');
    await expect(place.getByTestId('claim-workplace-step-miles')).toHaveText(
      `4,000 miles driven there in ${YEAR}; 4,000 of them left out of the claim.`,
    );
    const outcome = place.getByTestId('claim-workplace-outcome');
    await expect(outcome).toContainText('Left out: every journey there is commuting');
    await expect(outcome).toContainText(decision.reason);
    await expect(outcome).toContainText('EIM32080');
  } finally {
    await context.close();
  }
});
