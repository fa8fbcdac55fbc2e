/**
 * The wizard's first screen arrives prerendered in the page (apps/web/scripts/prerender.tsx):
 * painted before any script, inert until React replaces it, never shown to a tab resuming a claim.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createSessionId } from '@taxback/domain';
import { STATUS_MESSAGES } from '@taxback/domain/status-schemas';
import { expectNoA11yViolations } from '../helpers/a11y.ts';
import { expectStep } from '../helpers/wizard.ts';

const HEADING = 'Do you drive for work purposes?';

/** Keeps the app's scripts from running, so the page shows only what its HTML paints. */
async function withoutScripts(page: Page): Promise<void> {
  await page.route('**/assets/*.js', (route) => route.abort());
}

/**
 * The page's prerendered copy: painted, inert and hidden from assistive technology, without test
 * ids or element ids (they would clash with the live page's), and nothing in it takes focus.
 */
async function expectInertCopy(page: Page): Promise<Locator> {
  const copy = page.locator('[data-prerendered]');
  await expect(copy).toBeVisible();
  await expect(copy).toHaveAttribute('inert', '');
  await expect(copy).toHaveAttribute('aria-hidden', 'true');
  await expect(copy.locator('[data-testid]')).toHaveCount(0);
  await expect(copy.locator('[id]')).toHaveCount(0);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('[data-prerendered]') ?? null)).toBeNull();
  return copy;
}

test.describe('the prerendered first screen of the wizard', () => {
  test('a new claimant sees step 0 from the page itself, inert and without test hooks, before any script', async ({
    page,
  }) => {
    await withoutScripts(page);
    await page.goto('/onboarding');
    const copy = await expectInertCopy(page);
    await expect(copy.locator('h1')).toHaveText(HEADING);
  });

  test('a tab that is resuming a claim never shows the copy of step 0', async ({ page }) => {
    const sessionId = createSessionId();
    await page.addInitScript((id) => window.sessionStorage.setItem('onboarding_session_id', id), sessionId);
    await withoutScripts(page);
    await page.goto('/onboarding');
    await expect(page.locator('html')).toHaveAttribute('data-resuming', '');
    await expect(page.locator('[data-prerendered]')).toBeHidden();
  });

  test('the app replaces the copy with the working step 0, with no CSP violation on the way', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/onboarding');
    await expectStep(page, 'eligibility', HEADING);
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expectNoA11yViolations(page, 'wizard step 0 after the prerendered copy');
    await page.getByTestId('eligibility-yes').click();
    await expectStep(page, 'employment');
    expect(violations).toEqual([]);
  });
});

test.describe('the prerendered landing page', () => {
  test('paints its heading, rates and call to action from the page itself, inert, before any script', async ({
    page,
  }) => {
    await withoutScripts(page);
    await page.goto('/');
    const copy = await expectInertCopy(page);
    await expect(copy.locator('h1')).toBeVisible();
    await expect(copy.getByText(/a mile/).first()).toBeVisible();
  });

  test('the copy is what the app draws, and the app takes over with no CSP violation', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    // What the copy says, read with scripts off in a page of its own.
    const scriptless = await page.context().newPage();
    await withoutScripts(scriptless);
    await scriptless.goto('/affiliate/prerender-check');
    const copyText = (await scriptless.locator('[data-prerendered] main').innerText()).replace(/\s+/g, ' ');
    await scriptless.close();

    await page.goto('/affiliate/prerender-check');
    await expect(page.getByTestId('mileage-rates')).toBeVisible();
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    // The same words and figures (rates, average claim, refund time) before and after.
    expect((await page.locator('main').innerText()).replace(/\s+/g, ' ')).toBe(copyText);
    await expectNoA11yViolations(page, 'landing page after the prerendered copy');
    // The app works: the affiliate from the link is kept, as SPEC §3 wants.
    await expect
      .poll(() => page.evaluate(() => window.sessionStorage.getItem('affiliate')))
      .toBe('prerender-check');
    expect(violations).toEqual([]);
  });
});

// Decision 060: the wizard's schemas (zod and the step schemas) are fetched and built when the
// claimant first taps, clicks, types or moves the focus, not in the seconds after step 0 appears.
test.describe('the wizard loads its schemas on the first interaction', () => {
  const SCHEMA_CHUNK = /\/assets\/(zod|step-schemas|schemas)-[\w-]+\.js$/;
  function schemaRequests(page: Page): string[] {
    const seen: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (SCHEMA_CHUNK.test(pathname)) seen.push(pathname);
    });
    return seen;
  }

  test('nothing of them before; Continue pressed first waits for them and then checks the step', async ({
    page,
  }) => {
    const seen = schemaRequests(page);
    await page.goto('/onboarding');
    await expectStep(page, 'eligibility', HEADING);
    await page.waitForLoadState('networkidle');
    expect(seen).toEqual([]);
    // A click event alone (no pointer, key or focus event first), as a script or an assistive tool
    // may send: the form waits for the schemas, then says what is missing.
    await page.getByTestId('wizard-continue').dispatchEvent('click');
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary.getByRole('link')).toHaveText(['Please select an option']);
    expect(seen.length).toBeGreaterThan(0);
    await expectStep(page, 'eligibility', HEADING);
  });

  test('the first key pressed fetches them', async ({ page }) => {
    const seen = schemaRequests(page);
    await page.goto('/onboarding');
    await expectStep(page, 'eligibility', HEADING);
    await page.waitForLoadState('networkidle');
    expect(seen).toEqual([]);
    await page.keyboard.press('Tab');
    await expect.poll(() => seen.length).toBeGreaterThan(0);
  });
});

// Decision 092: the other entry pages arrive with their first screen as a visitor with nothing
// stored sees it: the claim start, the status page's sign-in, and where /expenses and
// /claim-details send such a visitor (the landing page, the sign-in).
test.describe('the other entry pages, prerendered', () => {
  const COPIES = [
    { url: '/start-claim', heading: 'Start your tax refund claim' },
    { url: '/status', heading: 'Follow your claim' },
    { url: '/claim-details', heading: 'Follow your claim' },
    { url: '/expenses', heading: 'Claim back the tax you have overpaid on work expenses' },
  ];

  for (const { url, heading } of COPIES) {
    test(`${url} paints its first screen from the page itself, inert, before any script`, async ({
      page,
    }) => {
      await withoutScripts(page);
      await page.goto(url);
      const copy = await expectInertCopy(page);
      await expect(copy.locator('h1')).toHaveText(heading);
    });
  }

  test('a tab with a claim to add details to, or a funnel session, never shows the copy', async ({
    page,
  }) => {
    const sessionId = createSessionId();
    await page.addInitScript((id) => {
      window.sessionStorage.setItem('claim_details_session', id);
      window.sessionStorage.setItem('funnel_session_id', id);
    }, sessionId);
    await withoutScripts(page);
    for (const url of ['/claim-details', '/expenses']) {
      await page.goto(url);
      await expect(page.locator('html')).toHaveAttribute('data-resuming', '');
      await expect(page.locator('[data-prerendered]')).toBeHidden();
    }
  });

  test('the status page replaces its copy with the working sign-in, asks nothing of a visitor who has not signed in, and the code form follows', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy|Refused to/i.test(message.text()))
        problems.push(message.text());
    });
    const statusCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/status') statusCalls.push(request.url());
    });
    await page.goto('/claim-details');
    await expect(page).toHaveURL('/status');
    await expect(page.getByRole('heading', { name: 'Follow your claim' })).toBeVisible();
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expectNoA11yViolations(page, 'status sign-in after the prerendered copy');
    // The form works, its checks included (their words arrive with the first interaction).
    await page.getByRole('button', { name: 'Text me a code' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary.getByRole('link')).toHaveText([
      STATUS_MESSAGES.referenceRequired,
      STATUS_MESSAGES.phoneRequired,
    ]);
    expect(statusCalls).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('/expenses without a session shows the landing page, saying so, as its copy did', async ({ page }) => {
    const scriptless = await page.context().newPage();
    await withoutScripts(scriptless);
    await scriptless.goto('/expenses');
    const copyText = (await scriptless.locator('[data-prerendered] main').innerText()).replace(/\s+/g, ' ');
    await scriptless.close();

    await page.goto('/expenses');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('status').filter({ hasText: 'Session expired' })).toBeVisible();
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    expect((await page.locator('main').innerText()).replace(/\s+/g, ' ')).toBe(copyText);
    await expectNoA11yViolations(page, 'landing page after /expenses’ prerendered copy');
  });
});
