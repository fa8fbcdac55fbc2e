// D28: every figure and promise a page shows is true today and agrees with every other page. This
// reads the pages a claimant reads before claiming (the landing page with each FAQ answer opened,
// the general funnel's start, the loan-declined page, the terms) and the wizard, and checks that
// they state one average claim, one refund time, the same AMAP rates, and that the rate the landing
// page states for the current tax year is the rate the wizard's arithmetic uses (D21: GOV.UK "Travel
// — mileage and fuel rates and allowances"; 55p a mile from 6 April 2026).
import { expect, test, type Page } from '@playwright/test';
import { claimableTaxYears } from '@taxback/domain';
import {
  answerEmployerPayments,
  completeStepsUpToEmployerRate,
  expectStep,
  uniqueWizardPhone,
  type WizardClaimant,
} from '../helpers/wizard.ts';

/** The page's visible text, whitespace collapsed. */
async function textOf(page: Page): Promise<string> {
  return (await page.locator('body').innerText()).replace(/\s+/g, ' ');
}

/** Each FAQ answer opened in turn (only one is open at a time), so every answer is read as shown. */
async function landingText(page: Page): Promise<string> {
  await page.goto('/');
  // The live page, not the inert prerendered copy it replaces (its FAQ buttons are not there yet).
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  const parts = [await textOf(page)];
  const questions = page.locator('button[aria-controls^="faq-panel-"]');
  const count = await questions.count();
  expect(count).toBeGreaterThan(3);
  for (let i = 0; i < count; i++) {
    const question = questions.nth(i);
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await question.getAttribute('aria-controls')}`);
    await expect(panel).toBeVisible();
    parts.push((await panel.innerText()).replace(/\s+/g, ' '));
  }
  return parts.join(' ');
}

function all(re: RegExp, text: string): RegExpMatchArray[] {
  return [...text.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`))];
}

function pounds(s: string): number {
  return Number(s.replace(/[£,]/g, ''));
}

test('the landing page, FAQ, funnel, terms and wizard state no figure that contradicts another', async ({
  page,
}) => {
  const landing = await landingText(page);
  const pages: Record<string, string> = { landing };
  for (const path of ['/start-claim', '/loan-declined', '/terms']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    pages[path] = await textOf(page);
  }
  await page.goto('/onboarding');
  await expectStep(page, 'eligibility');
  pages.eligibility = await textOf(page);
  const everything = Object.values(pages).join(' ');

  // One average claim, wherever it is stated (the landing hero, the FAQ, the funnel's pages).
  const averages = all(/average claim (?:is )?(?:of )?(?:around|about) (£[\d,]+)/i, everything).map((m) =>
    pounds(m[1]!),
  );
  expect(averages.length, 'the average claim is stated on the landing page and in the FAQ').toBeGreaterThan(
    1,
  );
  expect(new Set(averages).size, `average claims stated: ${averages.join(', ')}`).toBe(1);

  // One refund time.
  const refundTimes = all(/(\d+(?:-\d+)?) weeks/, everything).map((m) => m[1]);
  expect(refundTimes.length).toBeGreaterThan(2);
  expect(new Set(refundTimes).size, `refund times stated: ${refundTimes.join(', ')}`).toBe(1);

  // No headline maximum, no contradictory fee promises, nothing said to be sent before it is.
  expect(everything).not.toMatch(/up to £/i);
  expect(everything).not.toMatch(/no win,? no fee/i);
  expect(everything).not.toMatch(/sent to HMRC/i);

  // The years: the current tax year and the four before it, in the FAQ and in the wizard.
  expect(landing).toContain('the current tax year and the four before it');
  const years = claimableTaxYears().map((y) => y.year);
  expect(years).toHaveLength(5);
  const current = years[0]!;

  // The rates the landing page states: a car or van rate for the current year, motorbikes, bicycles.
  const carRates = all(/(\d+)p a mile for the first 10,000 business miles in (\d{4}\/\d{2})/, landing);
  expect(carRates.length).toBeGreaterThan(0);
  const stated = new Map<string, number>();
  for (const [, pence, year] of carRates) {
    if (stated.has(year!)) expect(Number(pence), `two car rates for ${year}`).toBe(stated.get(year!));
    stated.set(year!, Number(pence));
  }
  const carPence = stated.get(current);
  expect(carPence, `the landing page states the car rate for ${current}`).toBeDefined();
  const motorbike = Number(/(\d+)p for motorbikes/.exec(landing)?.[1]);
  const bicycle = Number(/(\d+)p for bicycles/.exec(landing)?.[1]);

  // The wizard: the same five years, the current one first and labelled so.
  const who: WizardClaimant = {
    firstName: 'Figure',
    lastName: 'Check',
    email: 'figures@example.com',
    phone: uniqueWizardPhone(),
    postcode: 'WN2 1AR',
    address: '1 Example Street, Wigan',
    vehicle: 'car-van',
    years: [{ year: current, companyName: 'Example Ltd', miles: 1_000 }],
    employerRatePence: 0,
  };
  await completeStepsUpToEmployerRate(page, who);
  await answerEmployerPayments(page, who);
  // The arithmetic uses the rate the landing page states: 1,000 miles × the current year's rate.
  await expect(page.getByTestId('impact-claimable')).toHaveText(
    `£${(carPence! * 10).toLocaleString('en-GB')}`,
  );

  // The vehicle step states the same motorbike and bicycle rates as the FAQ.
  // Back from the employer-payment step: the mileage, then the vehicle.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expectStep(page, 'vehicle');
  const vehicleText = await textOf(page);
  expect(vehicleText).toContain(`${motorbike}p a mile`);
  expect(vehicleText).toContain(`${bicycle}p a mile`);
  for (const [, pence, year] of all(
    /(\d+)p a mile for the first 10,000 business miles in (\d{4}\/\d{2})/,
    vehicleText,
  ))
    expect(Number(pence), `vehicle step's rate for ${year}`).toBe(stated.get(year!) ?? Number(pence));

  await page.getByRole('button', { name: 'Back' }).click();
  await expectStep(page, 'tax-years');
  for (const year of years) await expect(page.getByTestId(`tax-year-${year}`)).toBeVisible();
  await expect(page.locator('[data-testid^="tax-year-"]')).toHaveCount(years.length);
  await expect(page.getByTestId('current-tax-year-note')).toHaveCount(1);
});
