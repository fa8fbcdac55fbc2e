// Two instances, proven (issue 15 "Done when"): two server processes on one PostgreSQL database,
// one S3 stand-in and one Redis, behind a load balancer's stand-in. A claimant starts the wizard on
// one, uploads evidence there, continues on the other after a reload and submits there; then every
// job ran once (one text and one email saying the claim arrived), the hourly purge was enqueued
// once though both instances run schedules, and resume throttling counts failures on both.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { RESUME_CODE_ALPHABET, normaliseUkPhone } from '@taxback/domain';
import { APP_PORT, MARKETING_SITE_URL } from '../helpers/env.ts';
import { makePdf } from '../helpers/sample-files.ts';
import {
  createDatabase,
  startBalancer,
  startInstance,
  startS3,
  type Balancer,
  type Instance,
} from '../helpers/scale-out.ts';
import {
  OFFERED_YEARS,
  completeStepsZeroToSeven,
  continueButton,
  expectStep,
  signOnReview,
  tickConsents,
  uniqueWizardPhone,
  yearSlug,
  type WizardClaimant,
} from '../helpers/wizard.ts';

test.describe.configure({ mode: 'default' });

let database: Awaited<ReturnType<typeof createDatabase>>;
let s3: Awaited<ReturnType<typeof startS3>>;
let a: Instance;
let b: Instance;
let balancer: Balancer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  database = await createDatabase();
  s3 = await startS3();
  const balancerPort = APP_PORT + 12;
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL: 'redis://127.0.0.1:6379',
    DATA_KEY: randomBytes(32).toString('base64'),
    SIGNING_KEY: randomBytes(32).toString('base64'),
    PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
    MARKETING_SITE_URL,
    ...s3.env,
  };
  // One at a time, so the first runs the migrations and the second finds them done.
  a = await startInstance('a', APP_PORT + 10, shared);
  b = await startInstance('b', APP_PORT + 11, shared);
  balancer = await startBalancer(a);
});

test.afterAll(async () => {
  await balancer?.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await s3?.stop();
  await database?.drop();
});

test('a claim started on one instance is finished on the other, and each job runs once', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: balancer.url });
  const page = await context.newPage();
  const year = OFFERED_YEARS[0]!;
  const who: WizardClaimant = {
    firstName: 'Twyla',
    lastName: 'Twin',
    email: 'twyla.twin@example.com',
    phone: uniqueWizardPhone(),
    postcode: 'WN2 1AR',
    address: '1 Test Street, Wigan',
    vehicle: 'car-van',
    years: [{ year, companyName: 'Acme Ltd', miles: 6000 }],
    employerRatePence: 5,
  };

  // On instance a: the wizard up to the evidence, and the evidence uploaded (bytes into S3).
  const sessionId = await completeStepsZeroToSeven(page, who);
  const pdf = await makePdf('two-instances.pdf', 'Mileage diary');
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/onboarding/files'));
  await page.getByTestId(`evidence-upload-${yearSlug(year)}`).setInputFiles(pdf);
  expect((await uploaded).status()).toBe(201);
  await expect(page.getByTestId(`evidence-files-${yearSlug(year)}`)).toContainText(pdf.name);
  expect(balancer.log.every((r) => r.instance === 'a')).toBe(true);

  // Instance b from here on: a reload restores the claim from the database and S3.
  balancer.target = b;
  await page.reload();
  await expectStep(page, 'evidence');
  await expect(page.getByTestId(`evidence-files-${yearSlug(year)}`)).toContainText(pdf.name);
  await continueButton(page).click();
  await expectStep(page, 'check-answers');
  await continueButton(page).click();
  await expectStep(page, 'review');
  await signOnReview(page);
  await tickConsents(page);
  await continueButton(page).click();
  await expectStep(page, 'hmrc-details');
  await page.getByTestId('ni-number').fill('AB 12 34 56 C');
  await continueButton(page).click();
  await expect(page.getByTestId('confirmation-heading')).toBeVisible({ timeout: 20_000 });
  const reference = (await page.getByTestId('confirmation-reference').textContent())?.trim() ?? '';

  const served = (instance: string, path: string) =>
    balancer.log.filter((r) => r.instance === instance && r.path === path && r.method !== 'GET');
  expect(served('a', '/api/onboarding/files')).toHaveLength(1);
  expect(served('b', '/api/onboarding/signature')).toHaveLength(1);
  expect(served('b', '/api/onboarding/submit').length).toBeGreaterThanOrEqual(1);

  const [claim] = await database.query(
    'SELECT status, submission_reference FROM onboarding_claims WHERE session_id = $1',
    [sessionId],
  );
  expect(claim).toEqual({ status: 'submitted', submission_reference: reference });
  const files = await database.query('SELECT kind FROM stored_files WHERE session_id = $1 ORDER BY kind', [
    sessionId,
  ]);
  expect(files.map((f) => f.kind)).toEqual(['authority', 'evidence', 'signature']);

  // Both instances run jobs; each message went once.
  const e164 = normaliseUkPhone(who.phone);
  await expect
    .poll(
      async () =>
        (await database.query(
          "SELECT status, attempts FROM jobs WHERE name = 'notify-claimant' ORDER BY status",
        )) as unknown[],
      { timeout: 15_000 },
    )
    .toEqual([
      { status: 'done', attempts: 1 },
      { status: 'done', attempts: 1 },
    ]);
  const texts = await database.query(
    "SELECT body FROM sms_outbox WHERE to_phone = $1 AND template = 'claim-received'",
    [e164],
  );
  expect(texts).toHaveLength(1);
  expect(String(texts[0]?.body)).toContain(reference);
  const emails = await database.query(
    "SELECT subject FROM email_outbox WHERE to_email = $1 AND template = 'claim-received'",
    [who.email],
  );
  expect(emails).toEqual([{ subject: `We have your claim ${reference}` }]);
  // Decision 036: each instance is live and ready, and reads the shared backlog as empty.
  for (const instance of [a, b]) {
    const live = await fetch(`${instance.url}/api/health`);
    expect(await live.json()).toEqual({ status: 'ok' });
    const readiness = async () =>
      (await fetch(`${instance.url}/api/health/ready`)).json() as Promise<unknown>;
    await expect.poll(readiness, { timeout: 15_000 }).toMatchObject({ jobs: { count: 0 } });
    expect(await readiness()).toMatchObject({
      status: 'ok',
      db: 'ok',
      jobs: { count: 0, overLimit: false },
      pool: { requests: { size: 10, shed: 0 }, jobs: { size: 3 } },
    });
  }
  // The hourly purge: both instances look at the schedule; it was enqueued once.
  expect(await database.query("SELECT status FROM jobs WHERE name = 'purge'")).toEqual([{ status: 'done' }]);
  await context.close();
});

test('resume throttling counts failures on both instances together', async ({ playwright }) => {
  const alphabet = RESUME_CODE_ALPHABET;
  const code = () =>
    Array.from({ length: 4 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
  const statuses: number[] = [];
  for (let i = 0; i < 6; i += 1) {
    const instance = i % 2 === 0 ? a : b;
    const request = await playwright.request.newContext({ baseURL: instance.url });
    const res = await request.post('/api/resume', { data: { code: code(), phone: '07700 900998' } });
    statuses.push(res.status());
    await request.dispose();
  }
  expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
});
