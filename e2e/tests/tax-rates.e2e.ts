// D21: estimates follow the claimant's income tax. A claimant in Scotland (a Scottish postcode
// suggests Scottish income tax, to confirm) sees figures at the Scottish rates of the year, and at
// the band they choose; the stored claim keeps what the estimate used, and check your answers shows
// it. Rates: GOV.UK "Scottish Income Tax" (2025/26: basic 20%, intermediate 21%, higher 42%).
import { expect, test } from '@playwright/test';
import { carVanRatePence, claimableTaxYears } from '@taxback/domain';
import { expectNoA11yViolations } from '../helpers/a11y.ts';
import { decodeJsonColumn, waitForOnboardingClaim } from '../helpers/db.ts';
import {
  answerEmployerPayments,
  completeStepsUpToEmployerRate,
  continueButton,
  expectNoSidewaysScroll,
  expectStep,
  isSaveOf,
  sessionIdOf,
  uniqueWizardPhone,
  type WizardClaimant,
} from '../helpers/wizard.ts';
import { storageIndexOf } from '@taxback/domain';

// A year at 45p, so 10,000 miles is £4,500 claimable.
const YEAR = claimableTaxYears()
  .map((y) => y.year)
  .find((y) => carVanRatePence(y) === 45 && y >= '2024/25')!;

function scot(): WizardClaimant {
  return {
    firstName: 'Morag',
    lastName: 'Example',
    email: 'morag@example.com',
    phone: uniqueWizardPhone(),
    postcode: 'EH1 1YZ',
    address: '1 Example Close, Edinburgh',
    vehicle: 'car-van',
    years: [{ year: YEAR, companyName: 'Example Care Ltd', miles: 10_000 }],
    employerRatePence: 0,
  };
}

test('a Scottish claimant sees Scottish-rate figures, and their band’s, on every screen', async ({
  page,
}) => {
  const who = scot();
  await completeStepsUpToEmployerRate(page, who);
  await answerEmployerPayments(page, who);

  const scottish = page.getByRole('group', { name: 'Do you pay Scottish income tax?' });
  await expect(scottish.getByLabel('Yes')).toBeChecked();
  await expect(scottish).toContainText('Your postcode is in Scotland');
  // Not sure: the Scottish basic (20%) and higher (42%) figures of £4,500.
  await expect(page.getByTestId('impact-claimable')).toHaveText('£4,500');
  await expect(page.getByTestId('impact-rebate')).toHaveText('£900');
  await expect(page.getByTestId('estimate-rates')).toHaveText(
    'At the Scottish basic rate (20%). If you paid Scottish higher-rate tax (42%), it would be about £1,890.',
  );
  await page.getByLabel(`Which best describes your income in ${YEAR}?`).selectOption('intermediate');
  await expect(page.getByTestId('impact-rebate')).toHaveText('£945');
  await expect(page.getByTestId('estimate-rates')).toHaveText('At the Scottish rate you told us (21%).');
  await expectNoA11yViolations(page, 'employer-payment step with the income tax questions');
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(page, 'employer-payment step at 320 px');
  await page.setViewportSize({ width: 1280, height: 900 });

  const saved = page.waitForResponse(isSaveOf('employer-rate'));
  await continueButton(page).click();
  // £4,500 of expenses in the year: Self Assessment, said at the estimate (D31).
  await expectStep(page, 'congratulations');
  await expect(page.getByTestId('self-assessment-note')).toContainText(YEAR);
  await continueButton(page).click();
  await expectStep(page, 'evidence');
  expect((await saved).status()).toBe(200);
  const row = await waitForOnboardingClaim(
    await sessionIdOf(page),
    (r) => Number(r.last_step_completed) === storageIndexOf('congratulations'),
    'the employer-payment step saved',
  );
  const snapshot = decodeJsonColumn(row.snapshot) as {
    scottishTaxpayer: string;
    taxYears: Array<{ year: string; incomeBand: string }>;
  };
  expect(snapshot.scottishTaxpayer).toBe('yes');
  expect(snapshot.taxYears.find((y) => y.year === YEAR)?.incomeBand).toBe('intermediate');

  // The evidence: a PDF upload, then check your answers shows the same rate and figure.
  await page.getByLabel(`Upload files for ${YEAR}`).setInputFiles({
    name: 'mileage.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    ),
  });
  await expect(page.getByTestId(`evidence-files-${YEAR.replace('/', '-')}`)).toContainText('mileage.pdf');
  await continueButton(page).click();
  await expectStep(page, 'check-answers', 'Check your answers');
  await expect(page.getByTestId('cya-claim')).toContainText('Scottish income tax');
  await expect(page.getByTestId(`cya-year-${YEAR.replace('/', '-')}`)).toContainText(
    'Intermediate rate (21%)',
  );
  await expect(page.getByTestId('estimated-rebate')).toHaveText('£945');
});
