// Steps of the general funnel, located the way a user (or assistive technology) finds them:
// by role and accessible name, with SPEC.md's exact texts.
import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import { EXPENSES, type ExpenseId, type FunnelAnswers } from './personas.ts';
import { makePngBytes } from './sample-files.ts';
import { drawSignature } from './signature.ts';

export const QUESTION = 'Do you earn over £18k per year?';

/**
 * The landing page's question once the app is live: the page first paints an inert prerendered
 * copy (decision 010), and the affiliate and tracking are stored only when the app has taken over.
 */
export function liveQuestion(page: Page): Locator {
  return page.locator('body:not(:has([data-prerendered]))').getByText(QUESTION);
}

export function yesButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Yes, I do' });
}

export function noButton(page: Page): Locator {
  return page.getByRole('button', { name: "No, I don't" });
}

/** An expense category: a toggle button (aria-pressed) named by its SPEC.md §3 label. */
export function expenseOption(page: Page, id: ExpenseId): Locator {
  return page.getByRole('button', { name: EXPENSES[id] });
}

export async function expectExpenseSelected(page: Page, id: ExpenseId, selected = true): Promise<void> {
  await expect(expenseOption(page, id)).toHaveAttribute('aria-pressed', String(selected));
}

/** Turns a category on or off (clicking only when it is not already in that state). */
export async function setExpense(page: Page, id: ExpenseId, selected = true): Promise<void> {
  const option = expenseOption(page, id);
  if ((await option.getAttribute('aria-pressed')) !== String(selected)) await option.click();
  await expectExpenseSelected(page, id, selected);
}

export function continueButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Continue' });
}

export function submitButton(page: Page): Locator {
  return page.getByRole('button', { name: /^(Submit Claim|Submitting\.\.\.)$/ });
}

export function signatureCanvas(page: Page): Locator {
  return page.locator('canvas');
}

export const FIELD_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
} as const;

export function field(page: Page, name: keyof typeof FIELD_LABELS): Locator {
  return page.getByLabel(FIELD_LABELS[name]);
}

/** Lands on `entry`, answers Yes and waits for the expenses screen. */
export async function qualify(page: Page, entry = '/'): Promise<void> {
  await page.goto(entry);
  await yesButton(page).first().click();
  await expect(page).toHaveURL('/expenses');
  await expect(
    page.getByRole('heading', { name: 'Which work expenses do you pay for yourself?' }),
  ).toBeVisible();
}

/** Ticks the given categories and continues to the claim form. */
export async function chooseExpenses(page: Page, ids: readonly ExpenseId[]): Promise<void> {
  for (const id of ids) {
    await setExpense(page, id);
  }
  await continueButton(page).click();
  await expect(page).toHaveURL('/complete');
  await expect(page.getByRole('heading', { name: 'Complete Your Claim' })).toBeVisible();
}

export async function fillClaimForm(page: Page, answers: FunnelAnswers): Promise<void> {
  await field(page, 'firstName').fill(answers.firstName);
  await field(page, 'lastName').fill(answers.lastName);
  await field(page, 'email').fill(answers.email);
  await field(page, 'phone').fill(answers.phone);
  // The authority (with the settings' company details) comes in above the pad: signing before it
  // has would draw where the pad no longer is.
  await expect(
    page.getByRole('heading', { name: 'Authority to act for you on your tax refund claim' }),
  ).toBeVisible();
  await drawSignature(page, signatureCanvas(page));
}

export function isClaimPost(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/api/claims';
}

/** The browser session id, as the web app sends it to the API (never in a URL, D5). */
export function sessionIdOf(request: Request): string {
  const id = request.headers()['x-session-id'];
  expect(id, 'POST /api/claims carries the session in X-Session-Id').toBeTruthy();
  return id ?? '';
}

/** Walks from `entry` to a filled claim form, ready to submit. */
export async function reachFilledForm(page: Page, answers: FunnelAnswers, entry = '/'): Promise<void> {
  await qualify(page, entry);
  await chooseExpenses(page, answers.expenses);
  await fillClaimForm(page, answers);
  await expect(submitButton(page)).toBeEnabled();
}

/** Submits the filled form, waits for the success dialog and returns the session id used. */
export async function submitClaim(page: Page): Promise<string> {
  const posted = page.waitForRequest(isClaimPost);
  await submitButton(page).click();
  const sessionId = sessionIdOf(await posted);
  await expect(successDialog(page)).toBeVisible();
  return sessionId;
}

export function successDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Claim Submitted Successfully!' });
}

/**
 * A general claim (uniform) sent to the API as the funnel's claim form sends it, in a session of
 * its own; answered 201 with its id and reference.
 */
export async function postGeneralClaim(
  request: APIRequestContext,
  person: { firstName: string; lastName: string; email: string; phone?: string },
): Promise<{ id: string; reference: string }> {
  const res = await request.post('/api/claims', {
    headers: { 'x-session-id': `tx_${Date.now()}_${randomBytes(16).toString('base64url')}` },
    data: {
      ...person,
      phone: person.phone ?? '07700 900123',
      signature: `data:image/png;base64,${makePngBytes(40, 20, 1).toString('base64')}`,
      selectedExpenses: ['uniform'],
      earnsOver18k: true,
      assessmentData: {
        qualifies: 'yes',
        timestamp: new Date().toISOString(),
        step: 'expenses_completed',
        lastUpdated: new Date().toISOString(),
      },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; reference: string };
}
