// Issue 44: the back-office's dates are GOV.UK date inputs (Day, Month and Year boxes), not the
// browser's own date picker, which an English-US browser shows as mm/dd/yyyy. An operator who
// types the same range in an en-US and an en-GB browser gets the same claims; an impossible date
// is refused on the page with a GOV.UK message, and the address keeps ISO dates.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { NEW_CLAIM_REFERENCE_PATTERN } from '@taxback/domain';
import { expectNoA11yViolations } from '../helpers/a11y.ts';
import { createOperator, fillDate, signInWithTotp, unique } from '../helpers/admin.ts';
import { executeSql } from '../helpers/db.ts';
import { postGeneralClaim } from '../helpers/funnel.ts';
import { expectNoSidewaysScroll } from '../helpers/wizard.ts';

// Submitted (for a general claim, created) on these days of 2019, a year no other spec uses. The
// range typed is 2 to 10 March 2019: read as mm/dd it would be 3 February to 3 October, which
// takes in 20 April too; 1 March is the day before it starts.
const CLAIMS = {
  inside: '2019-03-05T12:00:00.000Z',
  dayBefore: '2019-03-01T12:00:00.000Z',
  misread: '2019-04-20T12:00:00.000Z',
} as const;
type Which = keyof typeof CLAIMS;

/**
 * A general claim made through the API as the funnel makes it, then dated `at` and withdrawn: a
 * closed claim is in no queue, so these claims from 2019 are never the oldest waiting that another
 * spec's "Take next" or "Allocate next" picks.
 */
async function claimSubmittedAt(page: Page, lastName: string, first: string, at: string) {
  const created = await postGeneralClaim(page.request, {
    firstName: first,
    lastName,
    email: `${first.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
  });
  expect(created.reference).toMatch(NEW_CLAIM_REFERENCE_PATTERN);
  await executeSql("UPDATE form_responses SET created_at = $1, status = 'withdrawn' WHERE id = $2", [
    at,
    created.id,
  ]);
  return created.reference;
}

/** An operator of their own, signed in from a browser whose locale is `locale`. */
async function operatorIn(browser: Browser, locale: 'en-US' | 'en-GB', id: string) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  const email = `dates.${locale.toLowerCase()}.${id}@example.com`;
  const password = `a long dates password ${id}`;
  createOperator(email, `Dee ${locale} ${id}`, 'caseworker', password);
  await signInWithTotp(page, email, password, false);
  expect(await page.evaluate(() => navigator.language)).toBe(locale);
  return { page, close: () => context.close() };
}

/** The claims listed now, by reference, in the table's order. */
async function listedReferences(page: Page): Promise<string[]> {
  const rows = page.getByRole('region', { name: 'Claims table' }).locator('tbody tr');
  return (await rows.getByRole('link').allTextContents()).map((t) => t.trim());
}

async function scanAtBothWidths(page: Page, where: string) {
  await expectNoA11yViolations(page, `${where} at 1280 px`);
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoA11yViolations(page, `${where} at 320 px`);
  await expectNoSidewaysScroll(page, `${where} at 320 px`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the claims list filtered by a date typed as day, month and year lists the same claims in en-US and en-GB (issue 44)', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const id = unique();
  const lastName = `Dates${id}`;
  const setup = await browser.newContext();
  const setupPage = await setup.newPage();
  const references = {} as Record<Which, string>;
  for (const [which, at] of Object.entries(CLAIMS) as [Which, string][])
    references[which] = await claimSubmittedAt(setupPage, lastName, which, at);
  await setup.close();

  const listed: Record<string, string[]> = {};
  for (const locale of ['en-US', 'en-GB'] as const) {
    const { page, close } = await operatorIn(browser, locale, id);
    await page.getByLabel('Search').fill(lastName);

    // First an impossible date: refused on the page, its day box marked, nothing applied.
    await fillDate(page, 'Submitted from', ['31', '2', '2019']);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toContainText('The start date must be a real date');
    const from = page.getByRole('group', { name: 'Submitted from' });
    await expect(from).toContainText('The start date must be a real date');
    await expect(from.getByLabel('Day')).toHaveAttribute('aria-invalid', 'true');
    await expect(from.getByLabel('Month')).not.toHaveAttribute('aria-invalid');
    await expect(page).toHaveURL(/\/admin\/claims$/);
    if (locale === 'en-US') await scanAtBothWidths(page, 'claims page with a date error');

    // Then 2 to 10 March 2019, typed box by box from the keyboard.
    await from.getByLabel('Day').fill('');
    await from.getByLabel('Day').focus();
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    await expect(from.getByLabel('Month')).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('3');
    await page.keyboard.press('Tab');
    await expect(from.getByLabel('Year')).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2019');
    await fillDate(page, 'Submitted to', ['10', '3', '2019']);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/[?&]from=2019-03-02&to=2019-03-10(&|$)/);
    await expect(page.getByRole('status').filter({ hasText: /^All claims: / })).toHaveText(
      'All claims: 1 claim',
    );
    await expect(summary).toHaveCount(0);
    listed[locale] = await listedReferences(page);
    expect(listed[locale]).toEqual([references.inside]);
    if (locale === 'en-US') await scanAtBothWidths(page, 'claims page filtered by dates');

    // The boxes show the address's dates after a reload; emptied, a date is no bound.
    await page.reload();
    await expect(page.getByRole('group', { name: 'Submitted from' }).getByLabel('Day')).toHaveValue('2');
    await expect(page.getByRole('group', { name: 'Submitted to' }).getByLabel('Month')).toHaveValue('3');
    await fillDate(page, 'Submitted to', ['', '', '']);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/[?&]from=2019-03-02$/);
    await expect(page.getByRole('status').filter({ hasText: /^All claims: / })).toHaveText(
      'All claims: 2 claims',
    );
    expect((await listedReferences(page)).sort()).toEqual([references.inside, references.misread].sort());
    await close();
  }
  expect(listed['en-US']).toEqual(listed['en-GB']);
});
