// Issue 32 items 11 and 12: the landing page links to the status page, and says nothing it cannot
// stand behind (no placeholder phone number, rating or total: those are configuration, unset
// here); with the offline address provider, no address found is guidance to type it, not an error.
import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../helpers/a11y.ts';
import { liveQuestion } from '../helpers/funnel.ts';
import { expectNoSidewaysScroll, expectStep } from '../helpers/wizard.ts';

test('the landing page follows a claim, with no placeholder phone number, rating or total, at 320 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/');
  await expect(liveQuestion(page)).toBeVisible();
  await expect(page.locator('body')).not.toContainText('0161 000 0000');
  await expect(page.locator('body')).not.toContainText(/Rated \d|million claimed/);
  await expect(page.locator('a[href^="tel:"]')).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'the landing page at 320 px');
  await expectNoA11yViolations(page, 'the landing page at 320 px');

  await page.getByRole('link', { name: 'Follow your claim' }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Follow your claim' })).toBeVisible();
  await expect(page.getByText('for example TB 4K7 9MX 2QH or GEN-1A2B3C4D')).toBeVisible();
  await expectNoSidewaysScroll(page, 'the status page at 320 px');
  await expectNoA11yViolations(page, 'the status page at 320 px');
});

test('no address found is guidance to type it, not an error, at 320 px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/onboarding');
  // Straight to the personal details through the wizard's own steps.
  await expectStep(page, 'eligibility');
  await page.getByTestId('eligibility-yes').click();
  await expectStep(page, 'employment');
  await page.getByTestId('employment-employed').click();
  await expectStep(page, 'personal');
  const postcode = page.getByTestId('postcode-input');
  await expect(postcode).toBeVisible({ timeout: 15_000 });
  await postcode.fill('WN2 1AR');
  await page.getByTestId('postcode-search').click();
  const note = page.getByTestId('address-none');
  await expect(note).toHaveText(
    'No addresses found for this postcode. Enter your address in the Full address box below.',
  );
  await expect(postcode).not.toHaveAttribute('aria-invalid', 'true');
  // Not in the error colour: the page's danger red is for errors only.
  const colour = await note.evaluate((el) => getComputedStyle(el).color);
  const danger = await page.evaluate(() => {
    const probe = document.createElement('p');
    probe.className = 'text-danger';
    document.body.append(probe);
    const c = getComputedStyle(probe).color;
    probe.remove();
    return c;
  });
  expect(colour).not.toBe(danger);
  await expectNoSidewaysScroll(page, 'personal details at 320 px');
  await expectNoA11yViolations(page, 'personal details with no address found at 320 px');
});
