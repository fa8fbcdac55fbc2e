// Driving the mileage wizard (/onboarding) the way a claimant does, step by step, with the test ids
// and SPEC.md texts the steps expose. Shared by the specs that go past step 7.
import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { AUTO_ADVANCE_MS, claimableTaxYears, type VehicleType, type WizardStepId } from '@taxback/domain';
import type { Persona } from './personas.ts';
import { drawSignature } from './signature.ts';

/** The four years the wizard offers today (D2), newest first. */
export const OFFERED_YEARS: readonly string[] = claimableTaxYears().map((y) => y.year);

/** '2024/25' → '2024-25', the form the wizard's test ids use. */
export function yearSlug(year: string): string {
  return year.replace(/[^0-9A-Za-z]+/g, '-');
}

export interface WizardClaimant {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  postcode: string;
  address: string;
  /**
   * A company vehicle's registration: the claim goes on as a fuel claim, with no estimate (D27).
   * Without it the claimant drives their own vehicle. Either way they are employed: a P87 is for
   * employees, so the self-employed and CIS routes stop at step 1 (routes.e2e.ts).
   */
  companyVehicleVRM?: string;
  vehicle: VehicleType;
  /** Date of birth as typed into the Day, Month and Year boxes (D17); 4 March 1990 by default. */
  dateOfBirth?: { day: string; month: string; year: string };
  /**
   * The employments (D17), in order (ids job-1, job-2, …). By default one per distinct company
   * name in `years`, with a PAYE reference and a job title.
   */
  employments?: WizardEmployment[];
  /**
   * Selected years: each year's miles go to the employment named `companyName`; `jobs` gives
   * miles per employment instead (with `connected` answering D18's question).
   */
  years: {
    year: string;
    companyName: string;
    miles: number;
    jobs?: { employer: string; miles: number; vehicle?: VehicleType; paid?: EmployerPaid }[];
    connected?: boolean;
  }[];
  /** What each employer paid a mile (0: nothing), unless a job says otherwise. */
  employerRatePence: number;
}

export type EmployerPaid =
  { kind: 'none' } | { kind: 'ppm'; pence: number } | { kind: 'total'; pounds: number };

export interface WizardEmployment {
  employerName: string;
  /** null: the claimant ticks "I don't have it". */
  payeReference: string | null;
  jobTitle: string;
  /** When the job ended; absent while it continues. */
  endDate?: { day: string; month: string; year: string };
}

export const DEFAULT_DATE_OF_BIRTH = { day: '4', month: '3', year: '1990' } as const;

/** The claimant's employments, as given or one per distinct company name of their years. */
export function employmentsOf(who: WizardClaimant): WizardEmployment[] {
  if (who.employments) return who.employments;
  const names = [
    ...new Set(who.years.flatMap((y) => (y.jobs ? y.jobs.map((j) => j.employer) : [y.companyName]))),
  ];
  return names.map((employerName) => ({ employerName, payeReference: '123/AB45678', jobTitle: 'Driver' }));
}

/** Per year, each employment's id ('job-1', …) with its miles, vehicle and what it paid. */
export function jobsOf(who: WizardClaimant, year: WizardClaimant['years'][number]) {
  const jobs = employmentsOf(who);
  const listed = year.jobs ?? [{ employer: year.companyName, miles: year.miles }];
  return jobs.map((e, i) => {
    const found = listed.find((j) => j.employer === e.employerName);
    const paid: EmployerPaid =
      found?.paid ??
      (who.employerRatePence > 0 ? { kind: 'ppm', pence: who.employerRatePence } : { kind: 'none' });
    return {
      id: `job-${i + 1}`,
      employer: e.employerName,
      miles: found?.miles ?? 0,
      vehicle: found?.vehicle,
      paid,
    };
  });
}

/** A persona's wizard answers as the claimant these helpers drive, with a fresh phone number. */
export function claimantFromPersona(persona: Persona): WizardClaimant {
  const answers = persona.wizard;
  if (!answers) throw new Error(`${persona.name} cannot make a mileage claim`);
  return {
    firstName: persona.funnel.firstName,
    lastName: persona.funnel.lastName,
    email: persona.funnel.email.toLowerCase(),
    phone: uniqueWizardPhone(),
    postcode: answers.postcode,
    address: answers.homeAddress,
    ...(answers.vehicleVRM === undefined ? {} : { companyVehicleVRM: answers.vehicleVRM }),
    vehicle: answers.vehicleType,
    years: answers.years.map(({ index, companyName, businessMiles }) => ({
      year: OFFERED_YEARS[index] ?? '',
      companyName,
      miles: businessMiles,
    })),
    employerRatePence: answers.employerRatePence,
  };
}

// Ofcom's drama range (07700 900000-900999). These specs use 900200-900399, apart from the other
// wizard specs' slices, because the server sends at most 3 resume codes per number per hour (D8).
let phoneCounter = Math.floor(Math.random() * 100);
export function uniqueWizardPhone(): string {
  phoneCounter = (phoneCounter + 1) % 100;
  const slot = 200 + ((test.info().parallelIndex * 100 + phoneCounter) % 200);
  return `07700 900${String(slot).padStart(3, '0')}`;
}

export function continueButton(page: Page): Locator {
  return page.getByTestId('wizard-continue');
}

export function backButton(page: Page): Locator {
  return page.getByTestId('wizard-back');
}

export function stepHeading(page: Page): Locator {
  return page.getByTestId('wizard-step-heading');
}

/** Waits for the wizard to show `step` (also across an auto-advance). */
export async function expectStep(page: Page, step: WizardStepId, heading?: string | RegExp): Promise<void> {
  await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', step);
  if (heading !== undefined) await expect(stepHeading(page)).toHaveText(heading);
}

export function errorSummary(page: Page): Locator {
  return page.getByRole('alert').filter({ hasText: 'There is a problem' });
}

/** The summary lists exactly these messages (as links to the fields) and has taken focus. */
export async function expectErrorSummary(page: Page, messages: string[]): Promise<void> {
  const summary = errorSummary(page);
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('link')).toHaveText(messages);
  await expect(summary).toBeFocused();
}

export function sessionIdOf(page: Page): Promise<string> {
  return page.evaluate(() => window.sessionStorage.getItem('onboarding_session_id') ?? '');
}

/** The page's full width: more than the viewport means the claimant must scroll sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `horizontal scroll at ${client} px on ${where}`).toBeLessThanOrEqual(client);
}

/**
 * Presses Tab (or Shift+Tab, to go back up the page) until `target` has focus, as a keyboard-only
 * claimant would.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  maxPresses = 60,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()} after ${maxPresses} presses`);
}

/**
 * D26 (WCAG 2.2 3.2.2): a keyboard claimant tabs to an option and presses Enter or Space, which
 * chooses it and stays on the step (checked past the auto-advance delay); Tab to Continue and Enter
 * then moves on.
 */
export async function chooseByKeyboard(page: Page, option: Locator, key: 'Enter' | 'Space' = 'Enter') {
  const step = await page.getByTestId('wizard-step').getAttribute('data-step');
  await tabTo(page, option);
  await page.keyboard.press(key);
  await expect(option).toHaveAttribute('aria-pressed', 'true');
  await page.waitForTimeout(AUTO_ADVANCE_MS + 200);
  await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', step ?? '');
  await tabTo(page, page.getByTestId('wizard-continue'));
  await page.keyboard.press('Enter');
}

/** The wizard's saves: the whole draft (PUT /api/onboarding) or one step's sections (…/steps/:stepId). */
export const WIZARD_SAVE_URL = /\/api\/onboarding(\/steps\/[a-z-]+)?$/;

/**
 * The answer to the save made on completing `step`: a step save of it, or a whole save that
 * completed it (a walk forwards: the furthest step completed).
 */
export function isSaveOf(step: WizardStepId) {
  return (response: Response): boolean => {
    const request = response.request();
    if (request.method() !== 'PUT') return false;
    const path = new URL(request.url()).pathname;
    if (path === `/api/onboarding/steps/${step}`) return true;
    if (path !== '/api/onboarding') return false;
    const body = request.postDataJSON() as { lastStepCompleted?: unknown } | null;
    return body?.lastStepCompleted === step;
  };
}

/**
 * From `entry` to the employer-rate question for `who`: eligibility (and for a company vehicle its
 * explanation), employment, personal details, tax years, vehicle and mileage. Ends showing the
 * employer-rate step.
 */
export async function completeStepsUpToEmployerRate(
  page: Page,
  who: WizardClaimant,
  entry = '/onboarding',
): Promise<void> {
  await completeStepsUpToVehicle(page, who, entry);
  await page.getByTestId(`vehicle-${who.vehicle}`).click();
  await completeMileageStep(page, who);
}

/** From `entry` to the vehicle question: eligibility, employment, personal details, employments, years. */
export async function completeStepsUpToVehicle(
  page: Page,
  who: WizardClaimant,
  entry = '/onboarding',
): Promise<void> {
  await page.goto(entry);
  await expectStep(page, 'eligibility');
  if (who.companyVehicleVRM === undefined) {
    await page.getByTestId('eligibility-yes').click();
  } else {
    await page.getByTestId('eligibility-company-vehicle').click();
    await page.getByLabel('Vehicle registration').fill(who.companyVehicleVRM);
    await continueButton(page).click();
    await expectStep(page, 'company-vehicle', 'Claiming for a company vehicle');
    await continueButton(page).click();
  }
  await expectStep(page, 'employment');
  await page.getByTestId('employment-employed').click();

  await expectStep(page, 'personal');
  await page.getByLabel('First name').fill(who.firstName);
  await page.getByLabel('Last name').fill(who.lastName);
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Mobile phone number').fill(who.phone);
  await page.getByTestId('postcode-input').fill(who.postcode);
  await page.getByRole('button', { name: 'Find address' }).click();
  // The offline address provider has no addresses (D9): the claimant types theirs.
  await expect(page.getByText('No addresses found for this postcode').first()).toBeVisible();
  await page.getByLabel('Full address').fill(who.address);
  const dob = who.dateOfBirth ?? DEFAULT_DATE_OF_BIRTH;
  await page.getByTestId('date-of-birth-day').fill(dob.day);
  await page.getByTestId('date-of-birth-month').fill(dob.month);
  await page.getByTestId('date-of-birth-year').fill(dob.year);
  await continueButton(page).click();

  await expectStep(page, 'employments');
  await fillEmployments(page, employmentsOf(who));
  await continueButton(page).click();

  await expectStep(page, 'tax-years');
  for (const { year } of who.years) await page.getByTestId(`tax-year-${year}`).check();
  await continueButton(page).click();

  await expectStep(page, 'vehicle');
}

/** The mileage step for `who` (each year's jobs), then on to the employer-rate question. */
async function completeMileageStep(page: Page, who: WizardClaimant): Promise<void> {
  await expectStep(page, 'mileage');
  for (const y of who.years) {
    await page.getByTestId(`mileage-tab-${y.year}`).click();
    for (const job of jobsOf(who, y)) {
      if (job.vehicle) await page.getByTestId(`vehicle-${y.year}-${job.id}`).selectOption(job.vehicle);
      if (job.miles > 0) await page.getByTestId(`miles-${y.year}-${job.id}`).fill(String(job.miles));
    }
    if (y.connected !== undefined)
      await page.getByTestId(`connected-${y.year}-${y.connected ? 'yes' : 'no'}`).check();
  }
  await continueButton(page).click();
  await expectStep(page, 'employer-rate');
}

/** The employments step (D17): each job's details, adding another for each after the first. */
export async function fillEmployments(page: Page, jobs: readonly WizardEmployment[]): Promise<void> {
  for (const [i, job] of jobs.entries()) {
    const n = i + 1;
    if (i > 0) await page.getByTestId('add-employment').click();
    await page.getByTestId(`employer-name-${n}`).fill(job.employerName);
    if (job.payeReference === null) await page.getByTestId(`no-paye-${n}`).check();
    else await page.getByTestId(`paye-reference-${n}`).fill(job.payeReference);
    await page.getByTestId(`job-title-${n}`).fill(job.jobTitle);
    if (job.endDate) {
      await page.getByTestId(`continuing-${n}-no`).check();
      await page.getByTestId(`end-date-${n}-day`).fill(job.endDate.day);
      await page.getByTestId(`end-date-${n}-month`).fill(job.endDate.month);
      await page.getByTestId(`end-date-${n}-year`).fill(job.endDate.year);
    } else {
      await page.getByTestId(`continuing-${n}-yes`).check();
    }
  }
}

/** The employer-payment step (D21): for each year and job with miles, what the employer paid. */
export async function answerEmployerPayments(page: Page, who: WizardClaimant): Promise<void> {
  for (const y of who.years) {
    for (const job of jobsOf(who, y)) {
      if (job.miles <= 0) continue;
      const key = `${y.year}-${job.id}`;
      await page.getByTestId(`paid-${key}-${job.paid.kind}`).check();
      if (job.paid.kind === 'ppm') await page.getByTestId(`paid-ppm-${key}`).fill(String(job.paid.pence));
      if (job.paid.kind === 'total')
        await page.getByTestId(`paid-total-${key}`).fill(String(job.paid.pounds));
    }
  }
}

/**
 * Every step up to the evidence for `who` from `entry`, ending there once the employer-rate
 * step's save is acknowledged. Returns the wizard's session id.
 */
export async function completeStepsZeroToSeven(
  page: Page,
  who: WizardClaimant,
  entry = '/onboarding',
): Promise<string> {
  await completeStepsUpToEmployerRate(page, who, entry);
  await answerEmployerPayments(page, who);
  const saved = page.waitForResponse(isSaveOf('employer-rate'));
  await continueButton(page).click();
  // The estimate comes once the employer's payments are known; a fuel claim has none (D27).
  if (who.companyVehicleVRM === undefined) {
    await expectStep(page, 'congratulations');
    await continueButton(page).click();
  }
  await expectStep(page, 'evidence');
  expect((await saved).status(), 'employer-rate step saved').toBe(200);
  const sessionId = await sessionIdOf(page);
  expect(sessionId).toMatch(/^tx_\d{13}_[A-Za-z0-9_-]{22,}$/);
  return sessionId;
}

/** Step 9: signs with the mouse on the pad's canvas. */
export async function signOnReview(page: Page): Promise<void> {
  const canvas = page.getByTestId('signature-pad').locator('canvas');
  await canvas.scrollIntoViewIfNeeded();
  await drawSignature(page, canvas);
  // The pad has taken the signature: no error beside it (a shown one goes once the claimant signs).
  // Continue is pressed only after this, and a drawing the pad missed fails here, by name.
  await expect(
    page.getByTestId('signature-pad').getByText('Digital signature is required'),
    'the signature pad took the drawing',
  ).toHaveCount(0);
}

/** Step 9: ticks the three consents. */
export async function tickConsents(page: Page): Promise<void> {
  for (const id of ['agree-accuracy', 'agree-authorization', 'agree-terms']) {
    await page.getByTestId(id).check();
    await expect(page.getByTestId(id)).toBeChecked();
  }
}

/** The same by keyboard alone: Tab to each agreement and Space (issue 32's keyboard signing). */
export async function tickConsentsByKeyboard(page: Page): Promise<void> {
  for (const id of ['agree-accuracy', 'agree-authorization', 'agree-terms']) {
    await tabTo(page, page.getByTestId(id));
    await page.keyboard.press('Space');
    await expect(page.getByTestId(id)).toBeChecked();
  }
}

export const STEP9_MESSAGES = [
  'Digital signature is required',
  'Please confirm accuracy of information',
  'Please authorize us to act as your tax agent',
  'Please accept terms and conditions',
] as const;

export const NI_REQUIRED = 'National Insurance number is required';
export const NI_FORMAT = 'Enter a National Insurance number in the correct format, like QQ 12 34 56 C';

/**
 * Decision 081 (D39): HMRC's business-journey questions for regular place `n` on the log builder's
 * "Review & Generate", answered as a temporary workplace expected to last 12 months at 60% of the
 * time (EIM32080: 24 months or less), so every journey there still counts and the figures stay.
 * With `keyboard`, each answer is reached with Tab and chosen with the arrow keys, as a keyboard
 * claimant would.
 */
export async function answerTemporaryPlace(page: Page, n: number, keyboard = false): Promise<void> {
  const field = (name: string) => page.getByTestId(`place-${n}-${name}`);
  const choose = async (first: string, wanted: string, downs: number) => {
    if (!keyboard) await field(wanted).check();
    else {
      await tabTo(page, field(first));
      for (let i = 0; i < downs; i++) await page.keyboard.press('ArrowDown');
      if (downs === 0) await page.keyboard.press('Space');
    }
    await expect(field(wanted)).toBeChecked();
  };
  const type = async (name: string, value: string) => {
    if (!keyboard) await field(name).fill(value);
    else {
      await tabTo(page, field(name));
      await page.keyboard.type(value);
    }
  };
  await choose('role-normal-base', 'role-regular-site', 2);
  await choose('siteBased-yes', 'siteBased-no', 1);
  await choose('homeWorking-no', 'homeWorking-no', 0);
  await choose('sameAsCommute-yes', 'sameAsCommute-no', 1);
  await type('shareOfWorkingTime', '60');
  await choose('wholeEmployment-yes', 'wholeEmployment-no', 1);
  await type('expectedMonths', '12');
  await choose('expectationChange-yes', 'expectationChange-no', 1);
  await type('actualMonths', '12');
  await expect(field('outcome')).toContainText('Journeys here count as business travel');
}
