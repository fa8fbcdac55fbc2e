// Issue 28 (D32, D33), in real Chromium: a mileage claim made through the wizard's API (decision
// 086: wizard-complete.e2e.ts clicks the wizard through), with the PAYE reference marked "I don't
// have it"; an operator asks for it (a question) and for a P60 for 2024/25 (a document) with a
// reply-by date; the claimant gets the text, signs in on the status page, answers, uploads a PDF
// and sends; the operator sees "reply received", reads the thread and downloads the file, byte for
// byte. Then an amendment (D32): the operator asks for the
// claimant's 2024/25 miles; the claimant changes them on the status page, checks the new figures
// and reads the authority they will sign (decision 056), signs again; the operator sees the new
// figures and two authorities, the first superseded. Asked again, the claimant amends by keyboard
// alone and signs with a typed name.
// axe and HTML_CodeSniffer on the new screens, at 320 px too.
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { formatMoney } from '@taxback/domain';
import { scanAtBothWidths, signInFromText } from '../helpers/status.ts';
import { queryRows } from '../helpers/db.ts';
import { changeStatus, createOperator, signInWithTotp } from '../helpers/admin.ts';
import { seedMileageClaim } from '../helpers/seed.ts';
import { makePdf } from '../helpers/sample-files.ts';
import {
  signOnReview,
  tabTo,
  tickConsents,
  tickConsentsByKeyboard,
  uniqueWizardPhone,
  type WizardClaimant,
} from '../helpers/wizard.ts';

const YEAR = '2024/25';

function claimant(lastName: string): WizardClaimant {
  return {
    firstName: 'Cora',
    lastName,
    email: `cora.${lastName.toLowerCase()}@example.com`,
    phone: uniqueWizardPhone(),
    postcode: 'WN2 1AR',
    address: '1 Test Street, Hindley, Wigan',
    vehicle: 'car-van',
    // "I don't have it" for the PAYE reference: the P87 answer the claim still lacks.
    employments: [{ employerName: 'Acme Ltd', payeReference: null, jobTitle: 'Driver' }],
    years: [{ year: YEAR, companyName: 'Acme Ltd', miles: 4000 }],
    employerRatePence: 5,
  };
}

/** A new caseworker signs in, opens the claim, takes it (D34) and moves it to "In review". */
async function takeForReview(
  page: Page,
  claim: { reference: string; id: string },
  id: string,
): Promise<void> {
  const email = `caseworker.${id}@example.com`;
  const password = `a long caseworker password ${id}`;
  createOperator(email, 'Cass Worker', 'caseworker', password);
  await signInWithTotp(page, email, password, false);
  await page.goto(`/admin/claims/${claim.id}`);
  await expect(page.getByRole('heading', { name: claim.reference })).toBeVisible();
  // D34: a caseworker works the claims they own; this one is in the pool, so it is taken first.
  await page.getByRole('button', { name: 'Take this claim' }).click();
  await expect(page.getByTestId('claim-owner')).toContainText('Cass Worker owns this claim (you)');
  await page.getByLabel('New status').selectOption({ label: 'In review' });
  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByTestId('claim-status')).toHaveText('In review');
}

/** The newest text of `template` about the claim, once the job has sent it. */
async function textAbout(claimId: string, template: string): Promise<string> {
  let body = '';
  await expect
    .poll(
      async () => {
        const rows = await queryRows(
          'SELECT body FROM sms_outbox WHERE claim_id = $1 AND template = $2 ORDER BY created_at DESC',
          [claimId, template],
        );
        body = String(rows[0]?.body ?? '');
        return body;
      },
      { message: `no ${template} text`, timeout: 15_000 },
    )
    .not.toBe('');
  return body;
}

test('an operator asks for the PAYE reference and a P60; the claimant answers with a PDF; the operator reads it', async ({
  page,
  browser,
  request,
}) => {
  // Two sign-ins and ten accessibility scans on a shared machine.
  test.setTimeout(420_000);
  const id = randomBytes(4).toString('hex');
  const who = claimant(`Case${id}`);
  const claim = await seedMileageClaim(request, who);

  await takeForReview(page, claim, id);

  // The request: a question and a P60 for 2024/25, with a reply-by date.
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Request information' }) });
  await form.getByLabel('Question').fill('What is the PAYE reference on your payslip or P60?');
  await form.getByRole('button', { name: 'Add another item' }).click();
  const second = form.getByRole('group', { name: 'Item 2' });
  await second.getByLabel('What you need').selectOption({ label: 'A document' });
  await second.getByLabel('Document').selectOption({ label: 'P60' });
  await second.getByLabel('Tax year (optional)').selectOption(YEAR);
  // Issue 44: the reply-by date is shown as day, month and year boxes; stored as an ISO date.
  const replyByBoxes = form.getByRole('group', { name: 'Reply by' });
  const [day = '', month = '', year = ''] = await Promise.all(
    ['Day', 'Month', 'Year'].map((box) => replyByBoxes.getByLabel(box, { exact: true }).inputValue()),
  );
  const replyBy = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  expect(replyBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await scanAtBothWidths(page, 'operator claim page with the request form');
  await form.getByRole('button', { name: 'Request information' }).click();
  await expect(page.getByTestId('claim-status')).toHaveText('Information requested');
  await expect(page.getByTestId('claim-thread')).toContainText('P60 for 2024/25');
  const [stored] = await queryRows('SELECT reply_due_on FROM onboarding_claims WHERE id = $1', [claim.id]);
  expect(stored?.reply_due_on).toBe(replyBy);

  // The claimant's text links to the status page; they sign in, answer, upload a PDF and send.
  const text = await textAbout(claim.id, 'claim-status-changed');
  const link = /https?:\/\/\S+\/status\?reference=\S+/.exec(text)?.[0] ?? '';
  expect(link).toContain(`?reference=${encodeURIComponent(claim.reference)}`);
  const claimantContext = await browser.newContext();
  const claimantPage = await claimantContext.newPage();
  await signInFromText(claimantPage, link, who.phone);
  await expect(claimantPage.getByRole('heading', { name: 'What we need from you' })).toBeVisible();
  await scanAtBothWidths(claimantPage, 'status page with an open request');
  // Sent empty first: the error is at the field and nothing is stored.
  await claimantPage.getByRole('button', { name: 'Send your answers' }).click();
  await expect(claimantPage.getByRole('alert')).toContainText('Enter your answer');
  await scanAtBothWidths(claimantPage, 'status page answer errors');
  const question = claimantPage.getByRole('group', { name: /PAYE reference/ });
  await question.getByLabel('Your answer').fill('123/AB45678');
  const p60 = await makePdf('p60-2024-25.pdf', `P60 ${YEAR} for ${who.lastName}`);
  const document = claimantPage.getByRole('group', { name: `P60 for ${YEAR}` });
  await document.getByLabel('Upload a file').setInputFiles(p60);
  await expect(document.getByRole('list', { name: 'Files for item 2' })).toContainText(p60.name);
  await claimantPage.getByRole('button', { name: 'Send your answers' }).click();
  await expect(claimantPage.getByRole('heading', { name: 'What we need from you' })).toHaveCount(0);
  await expect(claimantPage.getByTestId('status-messages')).toContainText('123/AB45678');
  await claimantContext.close();

  const [answered] = await queryRows(
    'SELECT status, reply_received_at, reply_due_on, operator_unread_count FROM onboarding_claims WHERE id = $1',
    [claim.id],
  );
  expect(answered?.status).toBe('in-review');
  expect(answered?.reply_received_at).toBeTruthy();
  expect(answered?.reply_due_on).toBeNull();
  expect(Number(answered?.operator_unread_count)).toBe(1);

  // The operator: "reply received", the thread with the answers, the file byte for byte.
  await page.reload();
  await expect(page.getByTestId('thread-flags')).toContainText('Reply received');
  const thread = page.getByTestId('claim-thread');
  await expect(thread).toContainText('Answer: 123/AB45678');
  await expect(thread).toContainText('Text sent: Status change');
  await scanAtBothWidths(page, 'operator claim page with the thread');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    thread.getByRole('link', { name: p60.name }).first().click(),
  ]);
  const bytes = await readFile(await download.path());
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(
    createHash('sha256').update(p60.buffer).digest('hex'),
  );
  const [read] = await queryRows('SELECT operator_unread_count FROM onboarding_claims WHERE id = $1', [
    claim.id,
  ]);
  expect(Number(read?.operator_unread_count)).toBe(0);

  // The claimant's answer is the PAYE reference: the operator enters it with a reason (D32), and
  // the claim, back in review, can now be marked "Ready for HMRC".
  await expect(page.getByTestId('claim-status')).toHaveText('In review');
  const edit = page.getByRole('form', { name: 'Complete or correct a detail' });
  await edit.getByLabel('Detail to change').selectOption({ label: 'Employer PAYE reference (employment 1)' });
  await edit.getByLabel('New Employer PAYE reference (employment 1)').fill('123/AB45678');
  await edit.getByLabel('Reason for the change').fill('The claimant answered our request with it');
  await edit.getByRole('button', { name: 'Save change' }).click();
  await expect(edit.getByRole('status')).toContainText('Employer PAYE reference (employment 1) changed.');
  // The page says so once it holds the claim's new version (it used to say so first, and a move
  // made at once was refused as stale on PostgreSQL): the move is made straight away, no reload.
  await expect(page.getByText('Every P87 answer is held: ready for HMRC.')).toBeVisible();
  await changeStatus(page, 'Ready for HMRC');
  await expect(page.getByTestId('claim-status')).toHaveText('Ready for HMRC');
  const [ready] = await queryRows('SELECT status FROM onboarding_claims WHERE id = $1', [claim.id]);
  expect(ready?.status).toBe('ready-for-hmrc');
});

/**
 * HMRC's approved mileage allowance for a car or van (ITEPA 2003 s230; GOV.UK "Expenses and
 * benefits: business travel mileage for employees' own vehicles"): 45p a mile for the first 10,000
 * business miles of a tax year, 25p a mile after. The relief is that less what the employer paid.
 */
function claimableFor(miles: number, employerPencePerMile: number) {
  const approved = 0.45 * Math.min(miles, 10_000) + 0.25 * Math.max(0, miles - 10_000);
  const employerPaid = (employerPencePerMile / 100) * miles;
  return {
    approved,
    employerPaid,
    claimable: approved - employerPaid,
    rebate20: (approved - employerPaid) * 0.2,
  };
}

const poundsAndPence = (n: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(n);

/**
 * Decision 056: before signing, the authority the server will sign, with the new miles and the
 * domain's figures for them (the server test checks it is the signed document, time aside).
 */
async function expectAmendedAuthority(page: Page, to: number): Promise<void> {
  const expected = claimableFor(to, 5);
  const authority = page.getByTestId('amendment-authority');
  await expect(authority.getByRole('heading', { level: 2 })).toHaveText(
    'Authority to act for you on your mileage tax relief claim',
  );
  const claimSection = authority.getByTestId('authority-claim');
  await expect(claimSection).toContainText(`${to.toLocaleString('en-GB')} miles`);
  await expect(claimSection).toContainText(formatMoney(expected.claimable));
  await expect(claimSection).toContainText(formatMoney(expected.rebate20));
}

/** The claimant, signed in on the status page, changes the year's miles, checks, signs and sends. */
async function amendMiles(page: Page, from: number, to: number): Promise<void> {
  const item = page.getByRole('group', { name: /Change your claim: Your 2024\/25 miles/ });
  const miles = item.getByLabel(`Business miles in ${YEAR} for Acme Ltd`);
  await expect(miles).toHaveValue(String(from));
  await scanAtBothWidths(page, 'status page with an amendment');
  // Left empty first: the error is at the field, and nothing is sent.
  await miles.fill('');
  await item.getByRole('button', { name: 'Check your new figures' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter your business miles for the year, like 4000');
  await scanAtBothWidths(page, 'status page amendment errors');
  await miles.fill(String(to));
  await item.getByRole('button', { name: 'Check your new figures' }).click();

  // The new figures: the domain's, for the new miles (over 10,000, so both rates).
  await expect(item.getByRole('heading', { name: 'Check your answers' })).toBeVisible();
  const expected = claimableFor(to, 5);
  const figures = item.getByTestId('amendment-figures');
  await expect(figures).toContainText(
    `${to.toLocaleString('en-GB')} miles, you can claim ${formatMoney(expected.claimable)}`,
  );
  await expect(item.getByTestId('amendment-rebate')).toHaveText(formatMoney(expected.rebate20));
  await expectAmendedAuthority(page, to);
  await scanAtBothWidths(page, 'status page amendment check your answers');

  // Change goes back to the year's miles, kept as typed; checking again shows the same figures.
  await item.getByRole('button', { name: `Change the miles for ${YEAR}` }).click();
  await expect(miles).toBeFocused();
  await expect(miles).toHaveValue(String(to));
  await item.getByRole('button', { name: 'Check your new figures' }).click();
  await expect(item.getByRole('heading', { name: 'Check your answers' })).toBeFocused();
  await expectAmendedAuthority(page, to);

  // Signed again with the mouse, the three agreements ticked, sent.
  await signOnReview(page);
  await tickConsents(page);
  await item.getByRole('button', { name: 'Sign and send the change' }).click();
  await expect(page.getByRole('heading', { name: 'What we need from you' })).toHaveCount(0);
  await expect(page.getByTestId('status-messages')).toContainText(
    `Changed the claim: ${YEAR}: ${from.toLocaleString('en-GB')} to ${to.toLocaleString('en-GB')} miles. Signed again.`,
  );
}

/** The same, by keyboard alone, signed with a typed name (the second request on the claim). */
async function amendMilesByKeyboard(page: Page, from: number, to: number, name: string): Promise<void> {
  const item = page.getByRole('group', { name: /Change your claim: Check your 2024\/25 miles once more/ });
  const miles = item.getByLabel(`Business miles in ${YEAR} for Acme Ltd`);
  await expect(miles).toHaveValue(String(from));
  await tabTo(page, miles);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(String(to));
  await expect(miles).toHaveValue(String(to));
  await tabTo(page, item.getByRole('button', { name: 'Check your new figures' }));
  await page.keyboard.press('Enter');
  await expect(item.getByRole('heading', { name: 'Check your answers' })).toBeFocused();
  await expect(item.getByTestId('amendment-rebate')).toHaveText(formatMoney(claimableFor(to, 5).rebate20));
  await expectAmendedAuthority(page, to);

  await tabTo(page, item.getByTestId('signature-switch'));
  await expect(item.getByTestId('signature-switch')).toHaveText('Type your name instead of drawing');
  await page.keyboard.press('Enter');
  const typed = item.getByTestId('typed-signature');
  await expect(typed).toBeFocused();
  await page.keyboard.type(name);
  await expect(typed).toHaveValue(name);
  await tickConsentsByKeyboard(page);
  await scanAtBothWidths(page, 'status page amendment signed with a typed name');
  const sent = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/status/amendment',
  );
  await tabTo(page, item.getByRole('button', { name: 'Sign and send the change' }));
  await page.keyboard.press('Enter');
  const response = await sent;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({ signatureMethod: 'typed', typedName: name });
  await expect(page.getByTestId('status-messages')).toContainText(
    `Changed the claim: ${YEAR}: ${from.toLocaleString('en-GB')} to ${to.toLocaleString('en-GB')} miles. Signed again.`,
  );
}

test('an amendment: the operator asks for the 2024/25 miles; the claimant changes them and signs again; the first authority is superseded', async ({
  page,
  browser,
  request,
}) => {
  // Two sign-ins and a dozen accessibility scans on a shared machine.
  test.setTimeout(420_000);
  const id = randomBytes(4).toString('hex');
  const who = claimant(`Amend${id}`);
  const claim = await seedMileageClaim(request, who);
  const [signed] = await queryRows(
    'SELECT session_id, superseded_authorities, estimated_rebate_20_percent FROM onboarding_claims WHERE id = $1',
    [claim.id],
  );
  const sessionId = String(signed?.session_id);
  expect(Number(signed?.superseded_authorities)).toBe(0);
  expect(Number(signed?.estimated_rebate_20_percent)).toBeCloseTo(claimableFor(4000, 5).rebate20, 2);
  const authorities = () =>
    queryRows(
      "SELECT id, created_at FROM stored_files WHERE session_id = $1 AND kind = 'authority' ORDER BY created_at",
      [sessionId],
    );
  expect(await authorities()).toHaveLength(1);

  // The operator asks for a change to the figures: the claimant's 2024/25 miles.
  await takeForReview(page, claim, id);
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Request information' }) });
  await form.getByLabel('What you need').selectOption({ label: 'A change to the claim’s figures' });
  await form
    .getByLabel('What the claimant should change')
    .fill('Your 2024/25 miles: your mileage log shows more than you told us');
  await form.getByRole('button', { name: 'Request information' }).click();
  await expect(page.getByTestId('claim-status')).toHaveText('Information requested');

  // The claimant follows the text, changes 4,000 miles to 10,500, checks, signs again and sends.
  const link = /https?:\/\/\S+\/status\?reference=\S+/.exec(
    await textAbout(claim.id, 'claim-status-changed'),
  )?.[0];
  expect(link).toContain(`?reference=${encodeURIComponent(claim.reference)}`);
  const claimantContext = await browser.newContext();
  const claimantPage = await claimantContext.newPage();
  await signInFromText(claimantPage, link ?? '', who.phone);
  await amendMiles(claimantPage, 4000, 10_500);
  await claimantContext.close();

  // Stored: the new miles and figures, a second authority, the first counted superseded.
  const expected = claimableFor(10_500, 5);
  const [amended] = await queryRows(
    'SELECT status, snapshot, mileage_data, total_hmrc_allowance, estimated_rebate_20_percent, superseded_authorities, signature_method FROM onboarding_claims WHERE id = $1',
    [claim.id],
  );
  expect(amended?.status).toBe('in-review');
  expect(Number(amended?.superseded_authorities)).toBe(1);
  expect(amended?.signature_method).toBe('drawn');
  expect(Number(amended?.total_hmrc_allowance)).toBeCloseTo(expected.approved, 2);
  expect(Number(amended?.estimated_rebate_20_percent)).toBeCloseTo(expected.rebate20, 2);
  expect(JSON.parse(String(amended?.mileage_data))[YEAR]?.miles).toBe(10_500);
  const snapshot = JSON.parse(String(amended?.snapshot)) as {
    taxYears: { year: string; jobs: { businessMiles: number }[] }[];
  };
  expect(snapshot.taxYears.find((t) => t.year === YEAR)?.jobs.map((j) => j.businessMiles)).toEqual([10_500]);
  const files = await authorities();
  expect(files).toHaveLength(2);

  // The operator sees the new figures and both authorities, the first labelled superseded.
  await page.reload();
  const years = page.getByRole('region', { name: 'Years and figures' });
  const total = years.getByRole('row', { name: /Year total/ });
  await expect(total).toContainText('10,500');
  await expect(total).toContainText(poundsAndPence(expected.approved));
  await expect(total).toContainText(poundsAndPence(expected.employerPaid));
  await expect(total).toContainText(poundsAndPence(expected.claimable));
  await expect(page.getByText(poundsAndPence(expected.rebate20), { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Signed authorities' })).toBeVisible();
  const listed = page.getByTestId('admin-authorities').getByRole('listitem');
  await expect(listed).toHaveCount(2);
  await expect(listed.nth(0)).toContainText(/^Superseded/);
  await expect(listed.nth(1)).toContainText(/^Current/);
  await expect(
    listed.nth(0).getByRole('link', { name: 'Download the superseded authority (PDF)' }),
  ).toHaveAttribute('href', `/api/files/${String(files[0]?.id)}`);
  await expect(
    listed.nth(1).getByRole('link', { name: 'Download the signed authority (PDF)' }),
  ).toHaveAttribute('href', `/api/files/${String(files[1]?.id)}`);
  await expect(page.getByTestId('claim-thread')).toContainText(`Answer: Changed the claim: ${YEAR}`);
  await scanAtBothWidths(page, 'operator claim page after an amendment');

  // Asked again, the claimant changes 10,500 to 12,000 and signs by typing their name, with the
  // keyboard alone (issue 32's alternative to drawing, on the amendment too).
  await form.getByLabel('What you need').selectOption({ label: 'A change to the claim’s figures' });
  await form.getByLabel('What the claimant should change').fill('Check your 2024/25 miles once more');
  await form.getByRole('button', { name: 'Request information' }).click();
  await expect(page.getByTestId('claim-status')).toHaveText('Information requested');
  const typedContext = await browser.newContext();
  const typedPage = await typedContext.newPage();
  await signInFromText(typedPage, link ?? '', who.phone);
  await amendMilesByKeyboard(typedPage, 10_500, 12_000, `${who.firstName} ${who.lastName}`);
  await typedContext.close();
  const again = claimableFor(12_000, 5);
  const [typed] = await queryRows(
    'SELECT estimated_rebate_20_percent, superseded_authorities, signature_method, signature_typed_name FROM onboarding_claims WHERE id = $1',
    [claim.id],
  );
  expect(typed?.signature_method).toBe('typed');
  expect(typed?.signature_typed_name).toBe(`${who.firstName} ${who.lastName}`);
  expect(Number(typed?.superseded_authorities)).toBe(2);
  expect(Number(typed?.estimated_rebate_20_percent)).toBeCloseTo(again.rebate20, 2);
  expect(await authorities()).toHaveLength(3);
});
