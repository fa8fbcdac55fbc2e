// D27 "Only claims that can succeed go forward" (issue 12 "Done when": each route from step 0 and
// step 1 ends on its explanation). Not driving for work ends with the general expenses funnel
// offered; the self-employed and CIS subcontractors end on the Self Assessment explanation; an
// employer paying at or above the approved amount in every year ends on 'nothing to claim' after
// the employer-rate step; a company vehicle is explained, then goes on as a fuel claim with no
// estimate anywhere and none stored. A stop has Back but no Continue, the server refuses to submit
// it, and a claimant who goes back and changes the answer carries on. Every explanation screen is
// checked with axe, used by keyboard alone, and at 320 px.
import { CONTENT } from '@taxback/domain/content';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  calculateRebate,
  formatMoney,
  storageIndexOf,
  NEW_CLAIM_REFERENCE_PATTERN,
  wizardStepById,
  type WizardStepId,
} from '@taxback/domain';
import { expectNoA11yViolations } from '../helpers/a11y.ts';
import { findOnboardingClaims, queryRows, waitForOnboardingClaim, type Row } from '../helpers/db.ts';
import { liveQuestion } from '../helpers/funnel.ts';
import { makePdf } from '../helpers/sample-files.ts';
import { employedCompanyVanDriver } from '../helpers/personas.ts';
import {
  OFFERED_YEARS,
  answerEmployerPayments,
  backButton,
  chooseByKeyboard,
  claimantFromPersona,
  completeStepsUpToEmployerRate,
  continueButton,
  expectNoSidewaysScroll,
  expectStep,
  isSaveOf,
  sessionIdOf,
  signOnReview,
  stepHeading,
  tabTo,
  tickConsents,
  uniqueWizardPhone,
  yearSlug,
  type WizardClaimant,
} from '../helpers/wizard.ts';

const NEWEST = OFFERED_YEARS[0] ?? '';

function explanation(page: Page) {
  return page.getByTestId('route-explanation');
}

function progress(page: Page) {
  return page.getByTestId('wizard-progress');
}

/** The stop `id` is on screen: its title as the heading, its reason, Back and no way forward. */
async function expectStop(page: Page, id: WizardStepId): Promise<void> {
  const stop = wizardStepById(id);
  expect(stop.kind).toBe('stop');
  await expectStep(page, id, stop.title);
  await expect(explanation(page)).toHaveAttribute('data-route', id);
  await expect(explanation(page)).toContainText(stop.reason ?? '');
  await expect(backButton(page)).toBeVisible();
  await expect(continueButton(page)).toHaveCount(0);
  await expect(page.getByTestId('save-and-finish-later')).toHaveCount(0);
  // A stop ends the route: no step count on the screen or in the title.
  await expect(progress(page)).toHaveCount(0);
  await expect(page).toHaveTitle(`${stop.title} – ${CONTENT.brandName}`);
}

/** The server keeps the claim as a draft at the stop, and refuses to submit it with the stop's reason. */
async function expectStoppedOnServer(request: APIRequestContext, sessionId: string, id: WizardStepId) {
  const row = await waitForOnboardingClaim(
    sessionId,
    (r) => Number(r.current_step) === storageIndexOf(id),
    `current step ${id}`,
  );
  expect(row.status).toBe('draft');
  const refused = await request.post('/api/onboarding/submit', {
    headers: { 'X-Session-Id': sessionId },
    data: { niNumber: 'AB 12 34 56 C' },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ errors: { form: wizardStepById(id).reason } });
  const after = await findOnboardingClaims(sessionId);
  expect(after).toHaveLength(1);
  expect(after[0]?.status).toBe('draft');
  expect(after[0]?.submission_reference ?? null).toBeNull();
  expect(after[0]?.admin_ni_number ?? null).toBeNull();
  return row;
}

/** No figure in pounds in this part of the page: a fuel claim has no estimate (D27). */
async function expectNoPounds(page: Page, where: string): Promise<void> {
  await expect(page.locator('#main'), `no amount in pounds on ${where}`).not.toContainText('£');
}

function employee(firstName: string, lastName: string, employerRatePence: number): WizardClaimant {
  return {
    firstName,
    lastName,
    email: `${firstName}.${lastName}@example.com`.toLowerCase(),
    phone: uniqueWizardPhone(),
    postcode: 'WN2 1AR',
    address: '1 Test Street, Hindley, Wigan',
    vehicle: 'car-van',
    years: [{ year: NEWEST, companyName: 'Example Logistics Ltd', miles: 5_000 }],
    employerRatePence,
  };
}

// ---------------------------------------------------------------------------------------------

test.describe('D27 routes from step 0', () => {
  test("'No' ends on the not-driving explanation, whose link opens the general expenses funnel", async ({
    page,
    request,
  }) => {
    await page.goto('/affiliate/bike-club/onboarding');
    await expectStep(page, 'eligibility');
    await page.getByTestId('eligibility-no').click();
    await expectStop(page, 'not-driving');
    const sessionId = await sessionIdOf(page);
    const row = await expectStoppedOnServer(request, sessionId, 'not-driving');
    expect(row.drives_for_work).toBe('no');
    expect(row.affiliate_name).toBe('bike-club');

    // The funnel keeps the affiliate the claimant came with.
    const link = page.getByRole('link', { name: 'Check if you can claim for work expenses' });
    await expect(link).toHaveAttribute('href', '/affiliate/bike-club/start-claim');
    await link.click();
    await expect(page).toHaveURL('/affiliate/bike-club/start-claim');
    await expect(liveQuestion(page)).toBeVisible();
  });

  test('by keyboard alone at 320 px: the not-driving explanation, Back, and its link to /start-claim', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/onboarding');
    await expectStep(page, 'eligibility');
    await chooseByKeyboard(page, page.getByTestId('eligibility-no'));
    await expectStop(page, 'not-driving');
    await expect(stepHeading(page)).toBeFocused();
    await expectNoSidewaysScroll(page, 'the not-driving explanation');
    await expectNoA11yViolations(page, 'the not-driving explanation');

    // Back (above the heading) returns to step 0 with the answer kept...
    await tabTo(page, backButton(page), 60, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expectStep(page, 'eligibility');
    await expect(page.getByTestId('eligibility-no')).toHaveAttribute('aria-pressed', 'true');
    // ...and the same answer again leads back to the explanation, whose link works by keyboard.
    await chooseByKeyboard(page, page.getByTestId('eligibility-no'));
    await expectStop(page, 'not-driving');
    await tabTo(page, page.getByRole('link', { name: 'Check if you can claim for work expenses' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/start-claim');
    await expect(liveQuestion(page)).toBeVisible();
  });

  test('stopped by "No", Back and "Yes, in my own vehicle" carries on to the employment question and beyond', async ({
    page,
  }) => {
    await page.goto('/onboarding');
    await page.getByTestId('eligibility-no').click();
    await expectStop(page, 'not-driving');
    await backButton(page).click();
    await expectStep(page, 'eligibility');
    await page.getByTestId('eligibility-yes').click();
    await expectStep(page, 'employment', 'How are you employed?');
    await expect(progress(page)).toHaveText('Step 2 of 13');
    await page.getByTestId('employment-employed').click();
    await expectStep(page, 'personal', 'Your personal details');
    await expect(progress(page)).toHaveText('Step 3 of 13');

    const row = await waitForOnboardingClaim(
      await sessionIdOf(page),
      (r) => Number(r.current_step) === storageIndexOf('personal'),
      'on the personal details',
    );
    expect(row.drives_for_work).toBe('yes');
    expect(row.employment_type).toBe('employed');
    expect(Number(row.last_step_completed)).toBe(storageIndexOf('employment'));
  });

  test('a company vehicle: its explanation by keyboard at 320 px, Back keeps the registration', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/onboarding');
    await expectStep(page, 'eligibility');
    await tabTo(page, page.getByTestId('eligibility-company-vehicle'));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByLabel('Vehicle registration'));
    await page.keyboard.type('ab12cde');
    await tabTo(page, continueButton(page));
    await page.keyboard.press('Enter');

    await expectStep(page, 'company-vehicle', 'Claiming for a company vehicle');
    await expect(stepHeading(page)).toBeFocused();
    await expect(progress(page)).toHaveText('Step 2 of 13');
    await expect(explanation(page)).toContainText('no mileage allowance relief');
    await expect(explanation(page)).toContainText('You may be able to claim for fuel');
    await expectNoPounds(page, 'the company-vehicle explanation');
    await expectNoSidewaysScroll(page, 'the company-vehicle explanation');
    await expectNoA11yViolations(page, 'the company-vehicle explanation');

    await tabTo(page, backButton(page), 60, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expectStep(page, 'eligibility');
    await expect(page.getByTestId('eligibility-company-vehicle')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('vehicle-vrm')).toHaveValue('AB12CDE');
    await tabTo(page, continueButton(page));
    await page.keyboard.press('Enter');
    await expectStep(page, 'company-vehicle');
    await tabTo(page, continueButton(page));
    await page.keyboard.press('Enter');
    await expectStep(page, 'employment', 'How are you employed?');
    await expect(stepHeading(page)).toBeFocused();
    await expect(progress(page)).toHaveText('Step 3 of 13');
  });

  test('a company vehicle goes on as a fuel claim to submission: no estimate shown anywhere, none stored', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const persona = employedCompanyVanDriver;
    const who = claimantFromPersona(persona);
    const niNumber = persona.wizard?.niNumber ?? '';
    expect(who.companyVehicleVRM).toBe('AB12CDE');
    // Even an employer paying the full approved rate does not stop a fuel claim.
    const amap = calculateRebate({
      years: who.years.map((y) => ({ year: y.year, miles: y.miles })),
      vehicle: who.vehicle,
      employerRatePence: who.employerRatePence,
    });
    expect(amap.totalClaimable).toBe(0);

    await completeStepsUpToEmployerRate(page, who);
    await expect(progress(page)).toHaveText('Step 9 of 13');
    await expect(page.getByTestId('impact-panel')).toHaveCount(0);
    await answerEmployerPayments(page, who);
    await expect(page.getByTestId(`paid-ppm-${NEWEST}-job-1`)).toHaveValue(String(who.employerRatePence));
    await expectNoPounds(page, 'the employer-rate step');
    const rateSaved = page.waitForResponse(isSaveOf('employer-rate'));
    await continueButton(page).click();
    await expectStep(page, 'evidence', 'Evidence of your business mileage');
    expect((await rateSaved).status()).toBe(200);
    await expect(progress(page)).toHaveText('Step 10 of 13');
    const sessionId = await sessionIdOf(page);

    // Evidence: a fuel receipt for the one year.
    const slug = yearSlug(NEWEST);
    const receipt = await makePdf('fuel-receipts.pdf', 'Fuel receipts for business journeys (example)');
    await page.getByTestId(`evidence-upload-${slug}`).setInputFiles(receipt);
    await expect(page.getByTestId(`evidence-files-${slug}`)).toContainText(receipt.name);
    await continueButton(page).click();

    // Check your answers: the registration, and no approved-amount estimate (D27).
    await expectStep(page, 'check-answers', 'Check your answers');
    await expect(progress(page)).toHaveText('Step 11 of 13');
    await expect(page.getByTestId('cya-claim')).toContainText('AB12CDE');
    await expect(page.getByTestId('estimated-rebate')).toHaveCount(0);
    await expect(page.locator('#main')).not.toContainText('Mileage allowance relief claimed');
    await expectNoA11yViolations(page, 'check your answers on a fuel claim');
    await continueButton(page).click();

    // Review: the fuel note in place of every figure.
    await expectStep(page, 'review', 'Review and sign');
    await expect(progress(page)).toHaveText('Step 12 of 13');
    await expect(page.getByTestId('fuel-claim-note')).toBeVisible();
    await expect(page.getByTestId(`review-${NEWEST}-miles`)).toHaveText('4,000 miles');
    for (const figure of ['allowance', 'employer-payment', 'claimable']) {
      await expect(page.getByTestId(`review-${NEWEST}-${figure}`)).toHaveCount(0);
    }
    await expect(page.getByTestId('review-rebate')).toHaveCount(0);
    await expect(page.getByTestId('review-total-allowance')).toHaveCount(0);
    await expect(page.getByTestId('self-assessment-note')).toHaveCount(0);
    await expectNoPounds(page, 'the review');
    await expectNoA11yViolations(page, 'the review of a fuel claim');
    await signOnReview(page);
    await tickConsents(page);
    await continueButton(page).click();

    await expectStep(page, 'hmrc-details', 'Administrative details');
    await expect(progress(page)).toHaveText('Step 13 of 13');
    await page.getByTestId('ni-number').fill(niNumber);
    await expect(continueButton(page)).toHaveText('Submit Claim');
    await continueButton(page).click();

    // The confirmation: the fuel note, no estimated rebate.
    await expect(page.getByTestId('confirmation-heading')).toHaveText(`Thank you, ${who.firstName}!`);
    await expectStep(page, 'confirmation');
    const reference = (await page.getByTestId('confirmation-reference').textContent())?.trim() ?? '';
    await expect(page.getByTestId('confirmation-miles')).toHaveText('4,000 miles');
    await expect(page.getByTestId('confirmation-rebate')).toHaveCount(0);
    await expect(page.getByTestId('fuel-claim-note')).toBeVisible();
    await expect(page.getByTestId('self-assessment-note')).toHaveCount(0);
    await expect(page.getByTestId('confirmation-panel')).not.toContainText('£');
    await expectNoA11yViolations(page, 'the confirmation of a fuel claim');

    // Stored: a submitted fuel claim with the registration and no approved-amount estimate.
    const row: Row = await waitForOnboardingClaim(sessionId, (r) => r.status === 'submitted', 'submitted');
    expect(row.submission_reference).toBe(reference);
    expect(reference).toMatch(NEW_CLAIM_REFERENCE_PATTERN);
    expect(Number(row.current_step)).toBe(storageIndexOf('confirmation'));
    expect(row.drives_for_work).toBe('company-vehicle');
    expect(row.company_vehicle_vrm).toBe('AB12CDE');
    expect(row.employment_type).toBe('employed');
    expect(Number(row.employer_mileage_rate)).toBe(who.employerRatePence);
    expect(row.total_hmrc_allowance).toBeNull();
    expect(row.estimated_rebate_20_percent).toBeNull();
    expect(row.estimated_rebate_40_percent).toBeNull();
    expect(String(row.admin_ni_number ?? '')).not.toBe('');
    expect(JSON.stringify(row)).not.toContain(niNumber);
  });
});

test.describe('D27 routes from step 1', () => {
  for (const type of ['self-employed', 'cis'] as const) {
    test(`${type} ends on the Self Assessment explanation; by keyboard at 320 px, Back and 'Employed' carries on`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      await page.goto('/onboarding');
      await expectStep(page, 'eligibility');
      await chooseByKeyboard(page, page.getByTestId('eligibility-yes'));
      await expectStep(page, 'employment');
      await chooseByKeyboard(page, page.getByTestId(`employment-${type}`));

      await expectStop(page, 'self-assessment');
      await expect(stepHeading(page)).toBeFocused();
      await expect(
        explanation(page).getByRole('link', { name: /Self Assessment tax returns/ }),
      ).toHaveAttribute('href', 'https://www.gov.uk/self-assessment-tax-returns');
      await expectNoSidewaysScroll(page, `the Self Assessment explanation (${type})`);
      await expectNoA11yViolations(page, `the Self Assessment explanation (${type})`);
      const sessionId = await sessionIdOf(page);
      const row = await expectStoppedOnServer(request, sessionId, 'self-assessment');
      expect(row.employment_type).toBe(type);
      // Nothing personal was asked on this route, so nothing personal is kept.
      expect(row.first_name ?? null).toBeNull();
      expect(row.phone ?? null).toBeNull();

      // Back to step 1 with the answer kept; 'Employed' then Continue goes on (a changed answer is
      // confirmed rather than moving on by itself).
      await tabTo(page, backButton(page), 60, 'Shift+Tab');
      await page.keyboard.press('Enter');
      await expectStep(page, 'employment');
      await expect(page.getByTestId(`employment-${type}`)).toHaveAttribute('aria-pressed', 'true');
      await tabTo(page, page.getByTestId('employment-employed'));
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('employment-employed')).toHaveAttribute('aria-pressed', 'true');
      await tabTo(page, continueButton(page));
      await page.keyboard.press('Enter');
      await expectStep(page, 'personal', 'Your personal details');
      await expect(progress(page)).toHaveText('Step 3 of 13');
      const after = await waitForOnboardingClaim(
        sessionId,
        (r) => Number(r.current_step) === storageIndexOf('personal'),
        'on the personal details',
      );
      expect(after.employment_type).toBe('employed');
    });
  }

  // D27: contact details are kept only when the claimant asks for a call back, with consent.
  test('self-employed: asking for a call back keeps the name and number only once consent is given', async ({
    page,
  }) => {
    await page.goto('/onboarding');
    await expectStep(page, 'eligibility');
    await page.getByTestId('eligibility-yes').click();
    await expectStep(page, 'employment');
    await page.getByTestId('employment-self-employed').click();
    await expectStop(page, 'self-assessment');

    const form = page.getByTestId('call-back-form');
    const name = `Call Back ${Date.now()}`;
    await form.getByLabel('Your name').fill(name);
    await form.getByRole('textbox', { name: 'Phone number' }).fill('07700 900456');
    await page.getByTestId('call-back-submit').click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toContainText(
      'Tick the box to agree that we may keep your name and number to call you',
    );
    await expect(summary).toBeFocused();
    expect(await queryRows('SELECT id FROM call_back_requests WHERE name = $1', [name])).toHaveLength(0);
    await expectNoA11yViolations(page, 'the call-back form with an error');

    await summary.getByRole('link').click();
    await expect(form.getByRole('checkbox')).toBeFocused();
    await page.keyboard.press('Space');
    await page.getByTestId('call-back-submit').click();
    await expect(page.getByTestId('call-back-sent')).toHaveText(
      'Thank you. One of our team will call you about Self Assessment.',
    );
    const rows = await queryRows('SELECT phone, topic FROM call_back_requests WHERE name = $1', [name]);
    expect(rows).toEqual([{ phone: '+447700900456', topic: 'self-assessment' }]);
    await page.setViewportSize({ width: 320, height: 640 });
    await expectNoSidewaysScroll(page, 'the call-back confirmation at 320 px');
    await expectNoA11yViolations(page, 'the call-back confirmation');
  });
});

test.describe('D27: nothing claimable', () => {
  test('an employer paying 60p ends on nothing-claimable after the employer-rate step; Back and a lower rate go on', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 320, height: 640 });
    const who = employee('Priya', 'Ratecheck', 60);
    await completeStepsUpToEmployerRate(page, who);
    await expect(progress(page)).toHaveText('Step 8 of 13');

    // By keyboard from here: 60p a mile on 5,000 miles leaves nothing to claim. The arrow key
    // moves from the first answer ('Nothing') to 'An amount for each mile'.
    await tabTo(page, page.getByTestId(`paid-${NEWEST}-job-1-none`));
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId(`paid-${NEWEST}-job-1-ppm`)).toBeChecked();
    await tabTo(page, page.getByLabel('Pence per mile'));
    await page.keyboard.type('60');
    await expect(page.getByTestId('impact-claimable')).toHaveText('£0.00');
    await tabTo(page, continueButton(page));
    await page.keyboard.press('Enter');

    await expectStop(page, 'nothing-claimable');
    await expect(stepHeading(page)).toBeFocused();
    await expectNoSidewaysScroll(page, 'the nothing-claimable explanation');
    await expectNoA11yViolations(page, 'the nothing-claimable explanation');
    const sessionId = await sessionIdOf(page);
    const stopped = await expectStoppedOnServer(request, sessionId, 'nothing-claimable');
    expect(Number(stopped.employer_mileage_rate)).toBe(60);
    expect(Number(stopped.last_step_completed)).toBe(storageIndexOf('employer-rate'));

    // Back returns to the employer-rate step with the rate kept; 30p leaves something to claim.
    await tabTo(page, backButton(page), 60, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expectStep(page, 'employer-rate', 'What did your employer pay for your business miles?');
    await expect(page.getByTestId(`paid-${NEWEST}-job-1-ppm`)).toBeChecked();
    await expect(page.getByLabel('Pence per mile')).toHaveValue('60');
    // The count stays on the route a claim that can succeed takes, whatever rate is typed.
    await expect(progress(page)).toHaveText('Step 8 of 13');
    await page.getByLabel('Pence per mile').fill('30');
    await expect(progress(page)).toHaveText('Step 8 of 13');
    const lower = calculateRebate({
      years: [{ year: NEWEST, miles: 5_000 }],
      vehicle: 'car-van',
      employerRatePence: 30,
    });
    expect(lower.totalClaimable).toBeGreaterThan(0);
    await expect(page.getByTestId('impact-claimable')).toHaveText(formatMoney(lower.totalClaimable));
    const saved = page.waitForResponse(isSaveOf('employer-rate'));
    await continueButton(page).click();
    // The estimate comes after the employer-payment question (D31).
    await expectStep(page, 'congratulations', /^Congratulations, Priya!$/);
    await continueButton(page).click();
    await expectStep(page, 'evidence', 'Evidence of your business mileage');
    expect((await saved).status()).toBe(200);

    const row = await waitForOnboardingClaim(
      sessionId,
      (r) => Number(r.current_step) === storageIndexOf('evidence'),
      'on the evidence step',
    );
    expect(Number(row.employer_mileage_rate)).toBe(30);
    expect(Number(row.total_hmrc_allowance)).toBe(lower.totalAllowance);
    expect(Number(row.estimated_rebate_20_percent)).toBe(lower.rebate20);
  });
});
