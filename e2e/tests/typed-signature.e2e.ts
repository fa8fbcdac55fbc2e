// Issue 32 items 9 and 10: the check-your-answers rows line up whether or not they have a Change
// link, and a keyboard or switch user signs the authority by typing their name instead of drawing,
// recorded as a typed name on the claim and in the signed authority.
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../helpers/a11y.ts';
import { waitForOnboardingClaim } from '../helpers/db.ts';
import { extractPdfText, makePdf } from '../helpers/sample-files.ts';
import { openSeededDraft } from '../helpers/seed.ts';
import {
  OFFERED_YEARS,
  continueButton,
  expectNoSidewaysScroll,
  expectStep,
  isSaveOf,
  tabTo,
  tickConsentsByKeyboard,
  uniqueWizardPhone,
  yearSlug,
  type WizardClaimant,
} from '../helpers/wizard.ts';

const YEAR = OFFERED_YEARS[0] ?? '';

function claimant(): WizardClaimant {
  return {
    firstName: 'Kit',
    lastName: 'Keyboard',
    email: 'kit@example.com',
    phone: uniqueWizardPhone(),
    postcode: 'WN2 1AR',
    address: '1 Test Street, Hindley, Wigan',
    vehicle: 'car-van',
    employments: [{ employerName: 'Acme Ltd', payeReference: '123/AB45678', jobTitle: 'Driver' }],
    years: [{ year: YEAR, companyName: 'Acme Ltd', miles: 4000 }],
    employerRatePence: 5,
  };
}

/** Where each row's answer starts: one x for every row of every list at desktop width. */
async function answerColumns(page: Page): Promise<number[]> {
  return page
    .getByTestId('cya-row')
    .evaluateAll((rows) => rows.map((row) => Math.round(row.querySelector('dd')!.getBoundingClientRect().x)));
}

test('a claim signed by typing the name, by keyboard only, is stored and rendered as a typed name', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Steps 0-7 saved through the wizard's API and reopened in this tab (decision 086): the test
  // begins at the evidence; wizard-complete.e2e.ts clicks those steps.
  const sessionId = await openSeededDraft(page, request, claimant());
  const evidence = await makePdf('evidence.pdf', 'Evidence for Keyboard');
  await page.getByTestId(`evidence-upload-${yearSlug(YEAR)}`).setInputFiles(evidence);
  await expect(page.getByTestId(`evidence-files-${yearSlug(YEAR)}`)).toContainText(evidence.name);
  const evidenceSaved = page.waitForResponse(isSaveOf('evidence'));
  await continueButton(page).click();
  expect((await evidenceSaved).status()).toBe(200);

  // Item 9: rows without a Change link (the tax year's figures) line up with those that have one.
  await expectStep(page, 'check-answers', 'Check your answers');
  const columns = await answerColumns(page);
  expect(columns.length).toBeGreaterThan(5);
  expect(new Set(columns), `answer columns start at ${columns.join(', ')}`).toHaveProperty('size', 1);
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(page, 'check your answers at 320 px');
  await expectNoA11yViolations(page, 'check your answers at 320 px');
  await page.setViewportSize({ width: 1280, height: 900 });
  await tabTo(page, continueButton(page));
  await page.keyboard.press('Enter');

  // Item 10: from here on the keyboard alone.
  await expectStep(page, 'review', 'Review and sign');
  await tabTo(page, page.getByTestId('signature-switch'));
  await expect(page.getByTestId('signature-switch')).toHaveText('Type your name instead of drawing');
  await page.keyboard.press('Enter');
  const typed = page.getByTestId('typed-signature');
  await expect(typed).toBeFocused();
  // Decision 058: typing chosen and no name typed is the name's message, and its link goes there.
  await tabTo(page, continueButton(page));
  await page.keyboard.press('Enter');
  const summary = page.getByRole('alert', { name: 'There is a problem' });
  const nameLink = summary.getByRole('link', { name: 'Enter your full name to sign' });
  await expect(nameLink).toBeVisible();
  await expect(summary).not.toContainText('Digital signature is required');
  await tabTo(page, nameLink);
  await page.keyboard.press('Enter');
  await expect(typed).toBeFocused();
  await page.keyboard.type('Kit Keyboard');
  await expect(typed).toHaveValue('Kit Keyboard');
  await tickConsentsByKeyboard(page);
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(page, 'review and sign with a typed name at 320 px');
  await expectNoA11yViolations(page, 'review and sign with a typed name at 320 px');

  const signed = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/onboarding/signature',
  );
  await tabTo(page, continueButton(page));
  await page.keyboard.press('Enter');
  const response = await signed;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({
    signatureMethod: 'typed',
    typedName: 'Kit Keyboard',
  });
  const { signedAuthority } = (await response.json()) as { signedAuthority: { url: string } };
  await expectStep(page, 'hmrc-details', 'Administrative details');

  // Stored as typed, and the signed authority says so.
  const row = await waitForOnboardingClaim(
    sessionId,
    (r) => r.signature_method === 'typed',
    'signed with a typed name',
  );
  expect(row.signature_typed_name).toBe('Kit Keyboard');
  const pdf = await request.get(signedAuthority.url, { headers: { 'x-session-id': sessionId } });
  expect(pdf.status()).toBe(200);
  const text = extractPdfText(await pdf.body());
  expect(text).toContain('Signature (typed name)');
  expect(text).toContain('Signed by typing their name instead of drawing: Kit Keyboard');
});
