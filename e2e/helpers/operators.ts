// Operators for the back-office specs: made with `npm run admin:create` (as a deployment makes its
// first admin) and signed in through the real TOTP enrolment.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoA11yViolations } from './a11y.ts';
import { TEST_COMPANY, getDatabaseUrl, getDataDir } from './env.ts';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** `npm run admin:create` with the password on stdin, against the running server's database. */
export function createOperator(
  email: string,
  name: string,
  role: 'admin' | 'caseworker',
  password: string,
): void {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: getDataDir(),
    NODE_ENV: 'production',
    ...TEST_COMPANY,
  };
  delete env.DATABASE_URL;
  const url = getDatabaseUrl();
  if (url) env.DATABASE_URL = url;
  const result = spawnSync(
    'npm',
    ['run', '-s', 'admin:create', '--', '--email', email, '--name', name, '--role', role],
    { cwd: ROOT, env, input: `${password}\n`, encoding: 'utf8' },
  );
  expect(result.status, `admin:create failed: ${result.stderr}`).toBe(0);
  expect(result.stdout).toContain('Operator created.');
}

export async function signInWithTotp(
  page: Page,
  email: string,
  password: string,
  scan: boolean,
): Promise<void> {
  await page.goto('/admin');
  await expect(page).toHaveURL('/admin/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  if (scan) await expectNoA11yViolations(page, 'admin sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const setupKey = (await page.getByTestId('setup-key').innerText()).replace(/\s+/g, '');
  expect(setupKey).toMatch(/^[A-Z2-7]{16,}$/);
  if (scan) await expectNoA11yViolations(page, 'admin enrolment');

  // A wrong code first: the error summary names the field.
  await page.getByLabel('Security code').fill('000000');
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Enter the current security code from your authenticator app',
  );

  await page.getByLabel('Security code').fill(await generate({ secret: setupKey }));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL('/admin/claims');
  await expect(page.getByRole('heading', { name: 'Claims' })).toBeVisible();
}
