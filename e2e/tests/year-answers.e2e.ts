// Issue 42 (D40), in real Chromium: a mileage claim over three tax years made through the wizard's
// API (decision 086); once it is with HMRC the operator records HMRC's answer for each year on the
// claim page (repaid, through the tax code, refused with HMRC's reason); the claimant's status page
// says each year in words; an admin corrects one year's amount with a reason and the history keeps
// both versions.
// axe on the changed screens, at 320 px too.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createOperator, recordAnswer, signInWithTotp } from '../helpers/admin.ts';
import { executeSql, queryRows } from '../helpers/db.ts';
import { seedMileageClaim } from '../helpers/seed.ts';
import { scanAtBothWidths, signInFromText } from '../helpers/status.ts';
import { OFFERED_YEARS, uniqueWizardPhone, type WizardClaimant } from '../helpers/wizard.ts';

// Three past years, 1,000 business miles each with nothing paid by the employer: £450 a year at
// 45p (HMRC's approved mileage rate before 2026/27; tax-rates.test.ts pins it).
const YEARS = OFFERED_YEARS.filter((y) => y < '2026/27').slice(0, 3);

test('the operator records HMRC’s answer for three years; the claimant reads each; an admin corrects one, keeping both', async ({
  page,
  browser,
  request,
}) => {
  // Two sign-ins and several accessibility scans.
  test.setTimeout(420_000);
  expect(YEARS).toHaveLength(3);
  const [repaidYear, taxCodeYear, refusedYear] = YEARS as [string, string, string];
  const id = randomBytes(4).toString('hex');
  const who: WizardClaimant = {
    firstName: 'Yara',
    lastName: `Years${id}`,
    email: `yara.${id}@example.com`,
    phone: uniqueWizardPhone(),
    postcode: 'WN2 1AR',
    address: '1 Test Street, Hindley, Wigan',
    vehicle: 'car-van',
    employments: [{ employerName: 'Acme Ltd', payeReference: '123/AB45678', jobTitle: 'Driver' }],
    years: YEARS.map((year) => ({ year, companyName: 'Acme Ltd', miles: 1000 })),
    employerRatePence: 0,
  };
  const claim = await seedMileageClaim(request, who);
  // The claim goes to HMRC (the status moves are casework.e2e's and admin.e2e's to click).
  await executeSql("UPDATE onboarding_claims SET status = 'sent-to-hmrc' WHERE id = $1", [claim.id]);

  const email = `answers.${id}@example.com`;
  const password = `answers-${id}-password`;
  createOperator(email, 'Ada Answers', 'admin', password);
  await signInWithTotp(page, email, password, false);
  await page.goto(`/admin/claims/${claim.id}`);
  const section = page.getByRole('region', { name: 'HMRC’s answer, year by year' });
  await expect(section).toBeVisible();
  for (const year of YEARS)
    await expect(section.getByRole('row', { name: new RegExp(year) })).toContainText('£450.00');

  // Refused without HMRC's reason: the message is at its field and nothing is stored.
  const refusedBare = await recordAnswer(page, { year: refusedYear, decision: 'Refused' });
  expect(refusedBare.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('Enter HMRC’s reason');
  await scanAtBothWidths(page, 'claim page: HMRC’s answer with an error');
  expect(await queryRows('SELECT id FROM case_year_answers WHERE case_id = $1', [claim.id])).toEqual([]);

  expect(
    (
      await recordAnswer(page, {
        year: repaidYear,
        decision: 'Accepted',
        amount: '450.00',
        givenAs: 'Repayment',
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await recordAnswer(page, {
        year: taxCodeYear,
        decision: 'Accepted',
        amount: '90.00',
        givenAs: 'Tax code change',
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await recordAnswer(page, {
        year: refusedYear,
        decision: 'Refused',
        hmrcReason: 'no record of the journeys',
      })
    ).status(),
  ).toBe(200);
  await expect(section.getByRole('row', { name: new RegExp(refusedYear) })).toContainText(
    `${refusedYear}: HMRC refused this year: no record of the journeys`,
  );
  await scanAtBothWidths(page, 'claim page: HMRC’s answers');
  const stored = await queryRows(
    'SELECT year, version, decision, pence, given_as, hmrc_reason FROM case_year_answers WHERE case_id = $1 ORDER BY year DESC',
    [claim.id],
  );
  expect(
    stored.map((r) => [
      r.year,
      Number(r.version),
      r.decision,
      r.pence === null ? null : Number(r.pence),
      r.given_as,
    ]),
  ).toEqual([
    [repaidYear, 1, 'accepted', 45_000, 'repayment'],
    [taxCodeYear, 1, 'accepted', 9_000, 'tax-code'],
    [refusedYear, 1, 'refused', null, null],
  ]);

  // The claimant: signed in from the text about HMRC's answer, each year in words.
  let link = '';
  await expect
    .poll(async () => {
      const rows = await queryRows(
        "SELECT body FROM sms_outbox WHERE claim_id = $1 AND template = 'year-answered' ORDER BY created_at DESC",
        [claim.id],
      );
      link = /https?:\/\/\S+\/status\?reference=\S+/.exec(String(rows[0]?.body ?? ''))?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  const claimantContext = await browser.newContext();
  const claimantPage = await claimantContext.newPage();
  await signInFromText(claimantPage, link, who.phone);
  const decided = claimantPage.getByTestId('status-hmrc-years');
  await expect(decided.getByRole('listitem')).toHaveText([
    `${refusedYear}: HMRC refused this year: no record of the journeys`,
    `${taxCodeYear}: HMRC will change your tax code to give you £90.00`,
    `${repaidYear}: HMRC repaid £450.00`,
  ]);
  await scanAtBothWidths(claimantPage, 'status page: HMRC’s answers');

  // The admin corrects the repaid year's amount, with a reason; both versions are kept.
  expect(
    (
      await recordAnswer(page, {
        year: repaidYear,
        decision: 'Accepted',
        amount: '400.00',
        givenAs: 'Repayment',
        correctionReason: 'HMRC’s letter says £400',
      })
    ).status(),
  ).toBe(200);
  const history = section.getByRole('list', { name: `History of ${repaidYear}` });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').nth(0)).toContainText(
    'Version 1: Accepted, £450.00 (repayment)',
  );
  await expect(history.getByRole('listitem').nth(1)).toContainText(
    'Version 2: Accepted, £400.00 (repayment)',
  );
  await expect(history.getByRole('listitem').nth(1)).toContainText('Reason: HMRC’s letter says £400');
  const versions = await queryRows(
    'SELECT version, pence, correction_reason FROM case_year_answers WHERE case_id = $1 AND year = $2 ORDER BY version',
    [claim.id, repaidYear],
  );
  expect(versions.map((v) => [Number(v.version), Number(v.pence), v.correction_reason])).toEqual([
    [1, 45_000, null],
    [2, 40_000, 'HMRC’s letter says £400'],
  ]);
  await claimantPage.reload();
  await expect(claimantPage.getByTestId('status-hmrc-years')).toContainText(
    `${repaidYear}: HMRC repaid £400.00`,
  );
  await claimantContext.close();
});
