// Driving the mileage wizard (/onboarding) the way a claimant does, step by step, with the test ids
// and SPEC.md texts the steps expose. Shared by the specs that go past step 7.
import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { claimableTaxYears, type VehicleType } from '@taxback/domain';
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
  employmentType: 'employed' | 'self-employed' | 'cis';
  vehicle: VehicleType;
  /** Selected years with what step 5 asks for each. */
  years: { year: string; companyName: string; miles: number }[];
  employerRatePence: number;
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
export async function expectStep(page: Page, step: number, heading?: string | RegExp): Promise<void> {
  await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', String(step));
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

/** Presses Tab until `target` has focus, as a keyboard-only claimant would. */
export async function tabTo(page: Page, target: Locator, maxPresses = 60): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()} after ${maxPresses} presses`);
}

export function isSaveOf(step: number) {
  return (response: Response): boolean => {
    const request = response.request();
    if (request.method() !== 'PUT' || new URL(request.url()).pathname !== '/api/onboarding') return false;
    const body = request.postDataJSON() as { step?: unknown } | null;
    return body?.step === step;
  };
}

/**
 * Steps 0 to 7 for `who` from `entry`, ending on step 8 once step 7's save is acknowledged.
 * Returns the wizard's session id.
 */
export async function completeStepsZeroToSeven(
  page: Page,
  who: WizardClaimant,
  entry = '/onboarding',
): Promise<string> {
  await page.goto(entry);
  await expectStep(page, 0);
  await page.getByTestId('eligibility-yes').click();
  await expectStep(page, 1);
  await page.getByTestId(`employment-${who.employmentType}`).click();

  await expectStep(page, 2);
  await page.getByLabel('First name').fill(who.firstName);
  await page.getByLabel('Last name').fill(who.lastName);
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Mobile phone number').fill(who.phone);
  await page.getByTestId('postcode-input').fill(who.postcode);
  await page.getByRole('button', { name: 'Find address' }).click();
  // The offline address provider has no addresses (D9): the claimant types theirs.
  await expect(page.getByText('No addresses found for this postcode').first()).toBeVisible();
  await page.getByLabel('Full address').fill(who.address);
  await continueButton(page).click();

  await expectStep(page, 3);
  for (const { year } of who.years) await page.getByTestId(`tax-year-${year}`).check();
  await continueButton(page).click();

  await expectStep(page, 4);
  await page.getByTestId(`vehicle-${who.vehicle}`).click();

  await expectStep(page, 5);
  for (const { year, companyName, miles } of who.years) {
    await page.getByTestId(`mileage-tab-${year}`).click();
    await page.getByTestId(`company-${year}`).fill(companyName);
    await page.getByTestId(`miles-${year}`).fill(String(miles));
  }
  await continueButton(page).click();

  await expectStep(page, 6);
  await continueButton(page).click();

  await expectStep(page, 7);
  await page.getByLabel('Pence per mile').fill(String(who.employerRatePence));
  const saved = page.waitForResponse(isSaveOf(7));
  await continueButton(page).click();
  await expectStep(page, 8);
  expect((await saved).status(), 'step 7 saved').toBe(200);
  const sessionId = await sessionIdOf(page);
  expect(sessionId).toMatch(/^tx_\d{13}_[A-Za-z0-9_-]{22,}$/);
  return sessionId;
}

/** Step 9: signs with the mouse on the pad's canvas. */
export async function signOnReview(page: Page): Promise<void> {
  const canvas = page.getByTestId('signature-pad').locator('canvas');
  await canvas.scrollIntoViewIfNeeded();
  await drawSignature(page, canvas);
}

/** Step 9: ticks the three consents. */
export async function tickConsents(page: Page): Promise<void> {
  for (const id of ['agree-accuracy', 'agree-authorization', 'agree-terms']) {
    await page.getByTestId(id).check();
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
