// Issue 30 (D30): a funnel claim is finished online with the details HMRC's P87 needs, then an
// operator marks it ready for HMRC and downloads its worksheet. A second claimant finishes a day
// later on another browser through the texted link and the status page's code sign-in (D23).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { claimableTaxYears, clothingLine, normaliseUkPhone, type GeneralDetails } from '@taxback/domain';
import { expectNoA11yViolations } from '../helpers/a11y.ts';
import { createOperator } from '../helpers/admin.ts';
import { queryRows } from '../helpers/db.ts';
import { reachFilledForm, submitClaim, successDialog } from '../helpers/funnel.ts';
import { extractPdfText, makeHtmlAsPng, makePdf } from '../helpers/sample-files.ts';
import { drawSignature } from '../helpers/signature.ts';
import { statusCode } from '../helpers/status.ts';
import {
  continueButton,
  expectStep,
  sessionIdOf,
  signOnReview,
  tabTo,
  tickConsents,
  yearSlug,
} from '../helpers/wizard.ts';

// Three years, oldest first, that are claimable today and the nurse worked in (D21).
const YEARS = claimableTaxYears()
  .map((y) => y.year)
  .slice(1, 4)
  .reverse();

function unique(): string {
  return randomBytes(3).toString('hex');
}

const heading = (page: Page) => page.getByTestId('details-heading');
const next = (page: Page) => page.getByTestId('details-continue');

async function scanAt320(page: Page, context: string): Promise<void> {
  await expectNoA11yViolations(page, context);
  await page.setViewportSize({ width: 320, height: 720 });
  await expectNoA11yViolations(page, `${context} at 320 px`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function storedDetails(sessionId: string): Promise<string | null> {
  const [row] = await queryRows('SELECT details FROM form_responses WHERE session_id = $1', [sessionId]);
  return (row?.details as string | null) ?? null;
}

/**
 * The details journey from "About you" to the signed authority, as a nurse claiming uniform and fees;
 * signed with a drawing, or with `typedName` typed instead, by keyboard (issue 32).
 */
async function finishDetails(
  page: Page,
  sessionId: string,
  scan: boolean,
  travel = false,
  typedName?: string,
): Promise<void> {
  await expect(heading(page)).toHaveText('About you');
  if (scan) await scanAt320(page, 'details: about you');
  // The title is optional (D17): the nurse leaves it empty, so her worksheet must not call it missing.
  if (travel) await page.getByLabel('Title (optional)').fill('Ms');
  await page.getByTestId('date-of-birth-day').fill('4');
  await page.getByTestId('date-of-birth-month').fill('3');
  await page.getByTestId('date-of-birth-year').fill('1990');
  await page.getByTestId('postcode-input').fill('LS1 1AA');
  await page.getByLabel('Full address').fill('1 High Street, Leeds');
  await page.getByRole('radio', { name: 'No' }).check();
  await next(page).click();

  await expect(heading(page)).toHaveText('Your employments');
  await page.getByLabel("Employer's name").fill('Leeds Teaching Hospitals NHS Trust');
  await page.getByLabel('Employer PAYE reference').fill('123/AB45678');
  await page.getByLabel('Job title').fill('Staff nurse');
  await page.getByRole('radio', { name: 'Yes' }).check();
  if (scan) await scanAt320(page, 'details: employments');
  await next(page).click();

  await expect(heading(page)).toHaveText('Which tax years are you claiming for?');
  for (const year of YEARS) await page.getByRole('checkbox', { name: new RegExp(`^${year}`) }).check();
  // Issue 30: each chosen year's income band (D21), the last left unanswered.
  await page.getByLabel(`Which best describes your income in ${YEARS[0]}?`).selectOption('basic');
  await page.getByLabel(`Which best describes your income in ${YEARS[1]}?`).selectOption('higher');
  if (scan) await scanAt320(page, 'details: tax years and income');
  await next(page).click();

  await expect(heading(page)).toHaveText('Uniform, work clothing and tools');
  await page.getByRole('radio', { name: "HMRC's flat rate for my job" }).check();
  await page.getByLabel('Your industry').selectOption('healthcare');
  await page.getByLabel('Your job').selectOption('nurses');
  await expect(page.getByLabel('Your job')).toContainText('Nurses, midwives');
  // EIM32712 / GOV.UK: nurses £125 a year.
  for (const year of YEARS)
    await expect(page.getByTestId('flat-rate-amounts')).toContainText(`${year}: £125`);
  if (scan) await scanAt320(page, 'details: uniform flat rate');
  await next(page).click();

  await expect(heading(page)).toHaveText('Professional fees and subscriptions');
  await page
    .getByRole('combobox', { name: 'Name of the professional body' })
    .fill('Nursing and Midwifery Council');
  // A negative amount: the message at the field, nothing stored.
  const before = await storedDetails(sessionId);
  await page.getByLabel(`Fees you paid in ${YEARS[0]}`).fill('-5');
  for (const year of YEARS.slice(1)) await page.getByLabel(`Fees you paid in ${year}`).fill('120');
  await next(page).click();
  await expect(page.getByText('Enter an amount between £0 and £100,000').first()).toBeVisible();
  expect(await storedDetails(sessionId)).toBe(before);
  if (scan) await scanAt320(page, 'details: fees with an error');
  await page.getByLabel(`Fees you paid in ${YEARS[0]}`).fill('120');
  await next(page).click();

  if (travel) {
    // Decision 052: hotel bills uploaded beside the amounts, through the wizard's upload rules.
    await expect(heading(page)).toHaveText('Hotel stays for work');
    for (const year of YEARS) await page.getByLabel(`Hotel stays in ${year}`).fill('80');
    const slug = (YEARS[0] ?? '').replace('/', '-');
    await page.getByTestId(`evidence-input-hotel-${slug}`).setInputFiles(makeHtmlAsPng('bill.png'));
    await expect(page.getByTestId(`evidence-hotel-${slug}`)).toContainText(
      'This file type is not allowed. Upload a PDF, Word, Excel, CSV, JPG or PNG file.',
    );
    await page
      .getByTestId(`evidence-input-hotel-${slug}`)
      .setInputFiles(await makePdf('premier-inn.pdf', 'Premier Inn, 2 nights'));
    // The file's name shows while it uploads; its Remove button only once it is stored.
    await expect(
      page.getByTestId(`evidence-hotel-${slug}`).getByRole('button', { name: 'Remove premier-inn.pdf' }),
    ).toBeVisible();
    await scanAt320(page, 'details: hotel with a receipt');
    const receipts = await queryRows(
      "SELECT kind, tax_year, expense_section, content_type FROM stored_files WHERE session_id = $1 AND kind = 'evidence'",
      [sessionId],
    );
    expect(receipts).toEqual([
      { kind: 'evidence', tax_year: YEARS[0], expense_section: 'hotel', content_type: 'application/pdf' },
    ]);
    await next(page).click();

    // Decision 052: travel asks nothing here; it is claimed in the mileage wizard after signing.
    await expect(heading(page)).toHaveText('Travel and miles');
    await expect(page.getByText('we claim it in our mileage claim')).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await scanAt320(page, 'details: travel');
    await next(page).click();
  }

  await expect(heading(page)).toHaveText('Check your answers');
  if (travel)
    await expect(
      page.getByText('Claimed in our mileage claim, which we take you to after you sign'),
    ).toBeVisible();
  // £245 a year: at 20% £49, at 40% £98, and the year with no band between them (D21), said so.
  const estimate = page.getByTestId('details-estimate');
  // With the hotel's £80 a year (the travel claimant): £325, so £65 and £130.
  const [low, high] = travel ? ['£65.00', '£130.00'] : ['£49.00', '£98.00'];
  await expect(estimate).toContainText(`${YEARS[0]}: ${low}, at your rate of 20%`);
  await expect(estimate).toContainText(`${YEARS[1]}: ${high}, at your rate of 40%`);
  await expect(estimate).toContainText(
    `${YEARS[2]}: ${low} to ${high}, you have not told us your income, so this is between the basic rate (20%) and the higher rate (40%)`,
  );
  await expect(estimate).toContainText(travel ? 'In all: £260.00 to £325.00' : 'In all: £196.00 to £245.00');
  const stored = JSON.parse((await storedDetails(sessionId)) ?? '{}') as {
    details?: { taxYears?: { year: string; incomeBand: string }[] };
  };
  expect(YEARS.map((y) => stored.details?.taxYears?.find((t) => t.year === y)?.incomeBand)).toEqual([
    'basic',
    'higher',
    '',
  ]);
  if (scan) await scanAt320(page, 'details: check your answers');
  // Change the employer's job title and come straight back.
  await page.getByRole('button', { name: 'Change employments' }).click();
  await expect(heading(page)).toHaveText('Your employments');
  await page.getByLabel('Job title').fill('Senior staff nurse');
  await next(page).click();
  await expect(heading(page)).toHaveText('Check your answers');
  await expect(page.getByText('Senior staff nurse')).toBeVisible();
  await next(page).click();

  await expect(heading(page)).toHaveText('Sign your authority');
  await expect(page.getByTestId('authority-document')).toContainText(
    /Uniforms, work clothing and tools:?\s*£125/,
  );
  await page.getByLabel('National Insurance number').fill('AB123456C');
  if (typedName) {
    await tabTo(page, page.getByTestId('signature-switch'));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('typed-signature')).toBeFocused();
    await page.keyboard.type(typedName);
    await tabTo(page, next(page));
    await page.keyboard.press('Enter');
  } else {
    await drawSignature(page, page.locator('canvas'));
    if (scan) await scanAt320(page, 'details: sign');
    await next(page).click();
  }
  await expect(page.getByTestId('details-signed')).toBeVisible({ timeout: 20_000 });
  if (scan) await scanAt320(page, 'details: signed');
}

async function signInAsOperator(page: Page): Promise<void> {
  const email = `operator-${unique()}@example.com`;
  const password = `a long operator password ${unique()}`;
  createOperator(email, 'Olu Operator', 'admin', password);
  await page.goto('/admin');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const setupKey = (await page.getByTestId('setup-key').innerText()).replace(/\s+/g, '');
  await page.getByLabel('Security code').fill(await generate({ secret: setupKey }));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL('/admin/claims');
}

test('a nurse adds the details after the funnel, signs, and an operator sends the worksheet', async ({
  page,
  browser,
}) => {
  // The funnel, every details screen (the flat rate now asks per year what the employer pays and
  // about the tax code), axe on each, and the operator's worksheet: 6 minutes on a busy machine.
  test.setTimeout(360_000);
  const lastName = `Nightingale${unique()}`;
  await reachFilledForm(page, {
    firstName: 'Florence',
    lastName,
    email: 'florence@example.com',
    phone: '07700 900456',
    expenses: ['uniform', 'fees'],
  });
  const sessionId = await submitClaim(page);
  await expect(successDialog(page)).toBeVisible();
  await successDialog(page).getByRole('button', { name: 'Add the details HMRC needs' }).click();
  await expect(page).toHaveURL('/claim-details');
  await finishDetails(page, sessionId, true);

  const [row] = await queryRows(
    'SELECT id, details_signed_at, details_ni_number, signature_method, details_signature_method FROM form_responses WHERE session_id = $1',
    [sessionId],
  );
  expect(row?.details_signed_at).toBeTruthy();
  // Decision 058: the claim form's signature and the details' each have their own method.
  expect(row?.signature_method).toBe('drawn');
  expect(row?.details_signature_method).toBe('drawn');
  expect(String(row?.details_ni_number)).not.toContain('AB123456C');

  const operator = await (await browser.newContext()).newPage();
  await signInAsOperator(operator);
  await operator.getByLabel('Search').fill(lastName);
  await operator.getByRole('button', { name: 'Apply filters' }).click();
  const listRow = operator.getByRole('row', { name: new RegExp(lastName) });
  // The queue's flags (D34): nothing missing for the P87, so no "P87: n missing" flag.
  await expect(listRow).toContainText('Submitted');
  await expect(listRow).not.toContainText('P87:');
  await listRow.getByRole('link').click();
  await expect(operator.getByText('Every P87 answer is held: ready for HMRC.')).toBeVisible();
  for (const to of ['In review', 'Ready for HMRC']) {
    await operator.getByLabel('New status').selectOption({ label: to });
    await operator.getByRole('button', { name: 'Change status' }).click();
    await expect(operator.getByTestId('claim-status')).toHaveText(to);
  }
  const [download] = await Promise.all([
    operator.waitForEvent('download'),
    operator.getByRole('link', { name: 'Download the P87 worksheet (PDF)' }).click(),
  ]);
  const text = extractPdfText(await readFile(await download.path()));
  // Issue 44: no title given, and nothing on the readiness list, so no answer is marked missing.
  expectInOrder(text, [
    'Title',
    'Not given',
    'Surname',
    lastName,
    ...YEARS.flatMap((y) => [
      `Tax year ${y}: expenses`,
      'Uniforms, work clothing and tools',
      '£125.00',
      'Professional fees and subscriptions',
      '£120.00',
    ]),
    'Nothing is missing.',
  ]);
  expect(text).not.toContain('MISSING');
});

test('a claimant leaves after the funnel and finishes a day later on another browser', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const phone = '07700 900654';
  const lastName = `Seacole${unique()}`;
  await reachFilledForm(page, {
    firstName: 'Mary',
    lastName,
    email: 'mary@example.com',
    phone,
    expenses: ['uniform', 'fees', 'hotel', 'travel'],
  });
  const sessionId = await submitClaim(page);
  const reference =
    (await successDialog(page).getByTestId('claim-reference').locator('strong').textContent()) ?? '';

  // The texted reference says HMRC needs more details and links to this claim's status page (D23,
  // D30); on PostgreSQL the text goes out as a job.
  let link = '';
  let text = '';
  await expect
    .poll(async () => {
      const [sms] = await queryRows(
        "SELECT body FROM sms_outbox WHERE to_phone = $1 AND template = 'claim-received' AND body LIKE $2 ORDER BY created_at DESC",
        [normaliseUkPhone(phone), `%${reference}%`],
      );
      text = String(sms?.body ?? '');
      link = /(https?:\/\/\S+)/.exec(text)?.[1] ?? '';
      return link;
    })
    .toContain(`/status?reference=${encodeURIComponent(reference)}`);
  expect(text).toContain('HMRC needs more details before we can send it. Add them at');
  let email: Record<string, unknown> | undefined;
  await expect
    .poll(async () => {
      [email] = await queryRows(
        "SELECT subject, body_text FROM email_outbox WHERE claim_id = (SELECT id FROM form_responses WHERE session_id = $1) AND template = 'claim-received'",
        [sessionId],
      );
      return email?.subject;
    })
    .toBe(`We have your claim ${reference}: add the details HMRC needs`);
  expect(String(email?.body_text)).toContain(`Add them at ${link}.`);

  // A day later (the new browser's clock moved on a day), on another browser, from the link.
  const later = await browser.newContext();
  await later.clock.setSystemTime(new Date(Date.now() + 24 * 60 * 60 * 1000));
  const other = await later.newPage();
  const url = new URL(link);
  await other.goto(`${url.pathname}${url.search}`);
  // The link fills in the reference; the claimant gives only the mobile number.
  await expect(other.getByLabel('Claim reference')).toHaveValue(reference);
  await other.getByLabel('Mobile number').fill(phone);
  await other.getByRole('button', { name: 'Text me a code' }).click();
  let code = '';
  await expect
    .poll(async () => {
      const rows = await queryRows(
        "SELECT body FROM sms_outbox WHERE to_phone = $1 AND template = 'status-code' ORDER BY created_at DESC",
        [normaliseUkPhone(phone)],
      );
      code = /is (\d{6})\./.exec(String(rows[0]?.body ?? ''))?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  await other.getByLabel('Enter the 6-digit code').fill(code);
  await other.getByRole('button', { name: 'Show my claim' }).click();
  await other.getByRole('button', { name: 'Add the details HMRC needs' }).click();
  await expect(other).toHaveURL('/claim-details');
  // Issue 32: this time signed by typing the name, by keyboard, and stored as typed.
  await finishDetails(other, sessionId, false, true, `Mary ${lastName}`);
  const [row] = await queryRows(
    'SELECT details_signed_at, signature_method, signature_typed_name, details_signature_method, details_typed_name FROM form_responses WHERE session_id = $1',
    [sessionId],
  );
  expect(row?.details_signed_at).toBeTruthy();
  expect(row?.details_signature_method).toBe('typed');
  expect(row?.details_typed_name).toBe(`Mary ${lastName}`);
  // Decision 058: the claim form's drawn signature keeps its own method.
  expect(row?.signature_method).toBe('drawn');
  expect(row?.signature_typed_name).toBeNull();

  // Decision 052: travel next, in the mileage wizard, with what the details journey knows filled in.
  await scanAt320(other, 'details: signed, with the mileage handover');
  await other.getByRole('button', { name: 'Start your mileage claim' }).click();
  await expect(other).toHaveURL('/onboarding');
  await expectStep(other, 'eligibility');
  await other.getByTestId('eligibility-yes').click();
  await expectStep(other, 'employment');
  await other.getByTestId('employment-employed').click();
  await expectStep(other, 'personal');
  await expect(other.getByLabel('First name')).toHaveValue('Mary');
  await expect(other.getByLabel('Full address')).toHaveValue('1 High Street, Leeds');
  await expect(other.getByTestId('date-of-birth-year')).toHaveValue('1990');
  await other.getByTestId('wizard-continue').click();
  await expectStep(other, 'employments');
  await expect(other.getByLabel("Employer's name")).toHaveValue('Leeds Teaching Hospitals NHS Trust');
  await other.getByTestId('wizard-continue').click();
  await expectStep(other, 'tax-years');
  for (const year of YEARS) await expect(other.getByTestId(`tax-year-${year}`)).toBeChecked();
  // The mileage draft holds the prefilled claimant, a claim of its own in the funnel claim's case
  // (issue 42): one draft, however often the button was pressed.
  const [funnel] = await queryRows('SELECT id FROM form_responses WHERE session_id = $1', [sessionId]);
  await expect
    .poll(async () =>
      queryRows(
        'SELECT first_name, email, postcode, submission_reference, case_id FROM onboarding_claims WHERE last_name = $1',
        [lastName],
      ),
    )
    .toEqual([
      {
        first_name: 'Mary',
        email: 'mary@example.com',
        postcode: 'LS1 1AA',
        submission_reference: null,
        case_id: funnel?.id,
      },
    ]);
  await later.close();
});

// HMRC's flat rate as HMRC's own service asks it (D30): a fitter in constructional engineering
// (EIM32712, £140 a year) finds the job by searching, and the £20 a year the employer pays towards
// tools is taken off (EIM32710): £120. Issue 43: a fee to a List 3 body typed by its initials ('IET',
// the Institution of Engineering and Technology, approved in every year List 3 covers) counts:
// £120 and £100 on the check page's estimate, on the authority, in the stored answers and on the
// operator's P87 worksheet.
test('a fitter finds the job by searching, what the employer pays comes off the flat rate, and a List 3 fee typed by its initials counts', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const year = YEARS[2] ?? '';
  const lastName = `Fitter${unique()}`;
  await reachFilledForm(page, {
    firstName: 'Frank',
    lastName,
    email: 'frank@example.com',
    phone: '07700 900789',
    expenses: ['uniform', 'fees'],
  });
  const sessionId = await submitClaim(page);
  await successDialog(page).getByRole('button', { name: 'Add the details HMRC needs' }).click();
  await expect(page).toHaveURL('/claim-details');

  await expect(heading(page)).toHaveText('About you');
  await page.getByTestId('date-of-birth-day').fill('12');
  await page.getByTestId('date-of-birth-month').fill('8');
  await page.getByTestId('date-of-birth-year').fill('1982');
  await page.getByTestId('postcode-input').fill('NE1 3AF');
  await page.getByLabel('Full address').fill('2 Quayside, Newcastle upon Tyne');
  await page.getByRole('radio', { name: 'No' }).check();
  await next(page).click();

  await expect(heading(page)).toHaveText('Your employments');
  await page.getByLabel("Employer's name").fill('Tyne Bridge Steel Ltd');
  await page.getByLabel('Employer PAYE reference').fill('123/AB45678');
  await page.getByLabel('Job title').fill('Steel fitter');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await next(page).click();

  await expect(heading(page)).toHaveText('Which tax years are you claiming for?');
  await page.getByRole('checkbox', { name: new RegExp(`^${year}`) }).check();
  await page.getByLabel(`Which best describes your income in ${year}?`).selectOption('basic');
  await next(page).click();

  await expect(heading(page)).toHaveText('Uniform, work clothing and tools');
  await page.getByRole('radio', { name: "HMRC's flat rate for my job" }).check();
  // The search finds fitters across industries and says how many; a result is chosen by keyboard.
  await page.getByLabel('Search for a job').fill('fitter');
  // Enter in the search does not send the page (nothing is chosen yet: it would fail).
  await page.keyboard.press('Enter');
  await expect(page.getByText('There is a problem')).toHaveCount(0);
  await expect(page.getByTestId('flat-rate-search-status')).toHaveText(/^4 jobs match your search\./);
  const fitter = page
    .getByRole('group', { name: 'Choose your job from the results' })
    .getByRole('radio', { name: /welders\s*Constructional engineering$/ });
  await fitter.focus();
  await page.keyboard.press('Space');
  await expect(fitter).toBeChecked();
  await expect(page.getByLabel('Your industry')).toHaveValue('constructional-engineering');
  await expect(page.getByLabel('Your job')).toHaveValue('trades');
  await expect(page.getByTestId('flat-rate-amounts')).toHaveText(`${year}: £140.00`);

  const pays = page.getByRole('group', {
    name: `Does your employer pay you anything towards these costs in ${year}?`,
  });
  await pays.getByRole('radio', { name: 'Yes' }).check();
  const amount = page.getByLabel(`How much your employer paid towards these costs in ${year}`);
  // A negative amount: the message at the field, reached from the summary, and nothing stored.
  const before = await storedDetails(sessionId);
  await amount.fill('-5');
  await next(page).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(/Enter an amount between £0 and £100,000/);
  await page.getByRole('link', { name: 'Enter an amount between £0 and £100,000' }).click();
  await expect(amount).toBeFocused();
  expect(await storedDetails(sessionId)).toBe(before);
  await scanAt320(page, 'details: uniform flat rate, employer contribution with an error');
  await amount.fill('20');
  await page
    .getByRole('group', { name: `Is HMRC's flat rate for your job already in your tax code for ${year}?` })
    .getByRole('radio', { name: 'No' })
    .check();
  await expect(page.getByTestId('flat-rate-amounts')).toHaveText(
    `${year}: £120.00 (£140.00 less £20.00 your employer pays)`,
  );
  await scanAt320(page, 'details: uniform flat rate found by search, with the employer’s contribution');
  await next(page).click();

  // The body typed by its initials, as members say it, and chosen from what the search offers.
  await expect(heading(page)).toHaveText('Professional fees and subscriptions');
  await page.getByRole('combobox', { name: 'Name of the professional body' }).fill('IET');
  await page.getByRole('option', { name: /^Institution of Engineering and Technology/ }).click();
  await expect(page.getByRole('combobox', { name: 'Name of the professional body' })).toHaveValue(
    'Institution of Engineering and Technology',
  );
  await page.getByLabel(`Fees you paid in ${year}`).fill('100');
  await next(page).click();

  await expect(heading(page)).toHaveText('Check your answers');
  await expect(
    page.getByText(`${year}: £120.00 (Flat rate: Constructional engineering, Blacksmiths`),
  ).toContainText('£140, less £20 your employer paid');
  // £120 and £100 at the basic rate (20%): £44.
  const estimate = page.getByTestId('details-estimate');
  await expect(estimate).toContainText(`${year}: £44.00, at your rate of 20%`);
  await expect(estimate).toContainText('In all: £44.00');
  const stored = JSON.parse((await storedDetails(sessionId)) ?? '{}') as { details?: GeneralDetails };
  const clothing = stored.details?.expenses.clothing;
  expect(clothing).toEqual({
    kind: 'flat-rate',
    industry: 'constructional-engineering',
    job: 'trades',
    employerPays: { [year]: 2000 },
    inTaxCode: [],
  });
  expect(clothing && clothingLine(clothing, year)?.pence).toBe(12_000);
  expect(stored.details?.expenses.fees).toEqual({
    body: 'Institution of Engineering and Technology',
    years: { [year]: 10_000 },
  });
  await next(page).click();

  await expect(heading(page)).toHaveText('Sign your authority');
  await expect(page.getByTestId('authority-document')).toContainText(
    /Uniforms, work clothing and tools:?\s*£120/,
  );
  await expect(page.getByTestId('authority-document')).toContainText(
    /Professional fees and subscriptions:?\s*£100/,
  );
  await page.getByLabel('National Insurance number').fill('AB123456C');
  await drawSignature(page, page.locator('canvas'));
  await next(page).click();
  await expect(page.getByTestId('details-signed')).toBeVisible({ timeout: 20_000 });
  const [row] = await queryRows('SELECT details_signed_at FROM form_responses WHERE session_id = $1', [
    sessionId,
  ]);
  expect(row?.details_signed_at).toBeTruthy();

  // The operator's P87 worksheet for the year: HMRC's figures, each on its line.
  const operator = await (await browser.newContext()).newPage();
  await signInAsOperator(operator);
  await operator.getByLabel('Search').fill(lastName);
  await operator.getByRole('button', { name: 'Apply filters' }).click();
  await operator
    .getByRole('row', { name: new RegExp(lastName) })
    .getByRole('link')
    .click();
  const [download] = await Promise.all([
    operator.waitForEvent('download'),
    operator.getByRole('link', { name: 'Download the P87 worksheet (PDF)' }).click(),
  ]);
  expectInOrder(extractPdfText(await readFile(await download.path())), [
    `Tax year ${year}: expenses`,
    'Uniforms, work clothing and tools',
    '£120.00',
    'Professional fees and subscriptions',
    '£100.00',
    'Institution of Engineering',
  ]);
});

/**
 * Issue 42: "Start your mileage claim" after the signed details, through the wizard prefilled
 * from them: `year` alone, `miles` business miles with nothing paid, a diary, signed, submitted.
 * The estimate and the review list the year across the case: its total and how HMRC takes it;
 * the authority signed there covers every amount of the case.
 */
async function mileageFromDetails(
  page: Page,
  year: string,
  miles: number,
  caseYear: { total: string; route: 'Form P87' | 'Self Assessment tax return' },
): Promise<void> {
  const expectCaseYear = async () => {
    await expect(page.getByTestId(`case-year-${yearSlug(year)}-total`)).toHaveText(caseYear.total);
    await expect(page.getByTestId(`case-year-${yearSlug(year)}-route`)).toHaveText(caseYear.route);
  };
  await page.getByRole('button', { name: 'Start your mileage claim' }).click();
  await expect(page).toHaveURL('/onboarding');
  await expectStep(page, 'eligibility');
  await page.getByTestId('eligibility-yes').click();
  await expectStep(page, 'employment');
  await page.getByTestId('employment-employed').click();
  await expectStep(page, 'personal');
  await continueButton(page).click();
  await expectStep(page, 'employments');
  await continueButton(page).click();
  await expectStep(page, 'tax-years');
  for (const other of YEARS.slice(0, 2)) await page.getByTestId(`tax-year-${other}`).uncheck();
  await continueButton(page).click();
  await expectStep(page, 'vehicle');
  await page.getByTestId('vehicle-car-van').click();
  await expectStep(page, 'mileage');
  await page.locator(`[data-testid^="miles-${year}-"]`).fill(String(miles));
  await continueButton(page).click();
  await expectStep(page, 'employer-rate');
  await page.locator(`[data-testid^="paid-${year}-"][data-testid$="-none"]`).check();
  await continueButton(page).click();
  await expectStep(page, 'congratulations');
  await expectCaseYear();
  await continueButton(page).click();
  await expectStep(page, 'evidence');
  const diary = await makePdf('mileage-diary.pdf', 'Business mileage diary (example)');
  await page.getByTestId(`evidence-upload-${yearSlug(year)}`).setInputFiles(diary);
  await expect(page.getByTestId(`evidence-files-${yearSlug(year)}`)).toContainText(diary.name);
  await continueButton(page).click();
  await expectStep(page, 'check-answers');
  await continueButton(page).click();
  await expectStep(page, 'review');
  await expectCaseYear();
  await expect(page.getByText('This authority covers every amount of your claim with us')).toBeVisible();
  await scanAt320(page, 'the review step with the case’s years and authority');
  await signOnReview(page);
  await tickConsents(page);
  await continueButton(page).click();
  await expectStep(page, 'hmrc-details');
  await page.getByTestId('ni-number').fill('AB 12 34 56 C');
  await continueButton(page).click();
  await expect(page.getByTestId('confirmation-heading')).toBeVisible({ timeout: 20_000 });
}

// Issue 42 (D38, decision 073): a nurse who also drives claims uniform, fees and travel. The
// mileage claim started from her details joins her case: the operator's queue lists one case with
// both kinds, its one worksheet holds each year's flat rate, fee and mileage together, and the
// claimant follows one reference (the case's), whichever she types on the status page.
test('a nurse who also drives: one case, one queue row, one worksheet, one reference', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const lastName = `Seacole${unique()}`;
  const phone = `07700 9${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
  await reachFilledForm(page, {
    firstName: 'Mary',
    lastName,
    email: 'mary.s@example.com',
    phone,
    expenses: ['uniform', 'fees', 'hotel', 'travel'],
  });
  const sessionId = await submitClaim(page);
  await successDialog(page).getByRole('button', { name: 'Add the details HMRC needs' }).click();
  await expect(page).toHaveURL('/claim-details');
  await finishDetails(page, sessionId, false, true);
  const [funnel] = await queryRows('SELECT id, reference FROM form_responses WHERE session_id = $1', [
    sessionId,
  ]);
  const caseReference = String(funnel?.reference);

  // The mileage claim, prefilled from the details: one year, 4,000 business miles, nothing paid.
  const year = YEARS[2]!;
  await mileageFromDetails(page, year, 4000, { total: '£2,125.00', route: 'Form P87' });
  // One reference: the case's, not the mileage claim's own.
  await expect(page.getByTestId('confirmation-reference')).toHaveText(caseReference);
  const [mileage] = await queryRows(
    'SELECT submission_reference, case_id, follows_case, status FROM onboarding_claims WHERE session_id = $1',
    [await sessionIdOf(page)],
  );
  expect(mileage).toMatchObject({ case_id: funnel?.id, status: 'submitted' });
  expect(Number(mileage?.follows_case)).toBe(1);
  const mileageReference = String(mileage?.submission_reference);

  // The operator's queue: one case, both kinds.
  const operator = await (await browser.newContext()).newPage();
  await signInAsOperator(operator);
  await operator.getByLabel('Search').fill(lastName);
  await operator.getByRole('button', { name: 'Apply filters' }).click();
  await expect(operator.getByRole('row', { name: new RegExp(lastName) }).first()).toBeVisible();
  await operator.getByLabel('Search').fill('');
  await operator.getByRole('button', { name: 'Apply filters' }).click();
  const caseRow = operator.getByRole('row', { name: new RegExp(caseReference) });
  await expect(caseRow).toContainText('General and Mileage');
  await expect(operator.getByRole('row', { name: new RegExp(mileageReference) })).toHaveCount(0);
  await caseRow.getByRole('link').click();
  await expect(operator.getByTestId('claim-case')).toContainText(mileageReference);
  await scanAt320(operator, 'the case’s claim page');
  const [download] = await Promise.all([
    operator.waitForEvent('download'),
    operator.getByRole('link', { name: 'Download the P87 worksheet (PDF)' }).click(),
  ]);
  const text = extractPdfText(await readFile(await download.path()));
  // 4,000 miles at 45p with nothing paid: £1,800; with £125 uniform, £120 fee and £80 hotel,
  // £2,125 for the year, under £2,500: a P87 year.
  expectInOrder(text, [
    `Tax year ${year}: expenses`,
    'Uniforms, work clothing and tools',
    '£125.00',
    'Professional fees and subscriptions',
    '£120.00',
    `Tax year ${year}: mileage allowance relief (${mileageReference})`,
    '£1,800.00',
    `Tax year ${year}: the case's expenses across its claims`,
    '£2,125.00',
    'The P87',
  ]);
  // The mileage claim's own page says it is worked with the case, and offers no status move.
  await operator.goto('/admin/claims');
  await operator.getByLabel('Search').fill(mileageReference);
  await operator.getByRole('button', { name: 'Apply filters' }).click();
  await operator
    .getByRole('row', { name: new RegExp(mileageReference) })
    .getByRole('link')
    .click();
  await expect(operator.getByTestId('worked-with-case')).toContainText(caseReference);
  await expect(operator.getByLabel('New status')).toHaveCount(0);

  // The claimant types the mileage claim's reference on the status page: the case opens.
  const claimant = await (await browser.newContext()).newPage();
  await claimant.goto('/status');
  await claimant.getByLabel('Claim reference').fill(mileageReference);
  await claimant.getByLabel('Mobile number').fill(phone);
  await claimant.getByRole('button', { name: 'Text me a code' }).click();
  await claimant.getByLabel('Enter the 6-digit code').fill(await statusCode(phone));
  await claimant.getByRole('button', { name: 'Show my claim' }).click();
  await expect(claimant.getByRole('heading', { name: 'Your claim', exact: true })).toBeVisible();
  await expect(claimant.getByText(`Reference ${caseReference}`)).toBeVisible();
  await scanAt320(claimant, 'the case’s status page');
});

// D31 with D38: the £2,500 limit is on the year's total across the case. 5,000 miles at 45p with
// nothing paid is £2,250, under the limit alone; with the nurse's £125 uniform, £120 fee and £80
// hotel it is £2,575, so the year goes on a Self Assessment return: the confirmation tells the
// claimant, and the operator's readiness list and worksheet say the same.
test('a year whose mileage, uniform and fees come to over £2,500 together needs Self Assessment', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const lastName = `Cavell${unique()}`;
  await reachFilledForm(page, {
    firstName: 'Edith',
    lastName,
    email: 'edith@example.com',
    phone: `07700 9${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`,
    expenses: ['uniform', 'fees', 'hotel', 'travel'],
  });
  const sessionId = await submitClaim(page);
  await successDialog(page).getByRole('button', { name: 'Add the details HMRC needs' }).click();
  await finishDetails(page, sessionId, false, true);
  const year = YEARS[2]!;
  await mileageFromDetails(page, year, 5000, { total: '£2,575.00', route: 'Self Assessment tax return' });
  const note = page.getByTestId('self-assessment-note');
  await expect(note).toContainText(`Your claimable expenses are over £2,500 for ${year}`);
  await expectNoA11yViolations(page, 'the confirmation with the case’s Self Assessment year');

  const [funnel] = await queryRows('SELECT reference FROM form_responses WHERE session_id = $1', [sessionId]);
  const operator = await (await browser.newContext()).newPage();
  await signInAsOperator(operator);
  await operator.getByLabel('Search').fill(String(funnel?.reference));
  await operator.getByRole('button', { name: 'Apply filters' }).click();
  const caseRow = operator.getByRole('row', { name: new RegExp(String(funnel?.reference)) });
  await expect(caseRow).toContainText('General and Mileage');
  await expect(caseRow).toContainText('Self Assessment');
  await caseRow.getByRole('link').click();
  await expect(operator.getByText(`Self Assessment, not P87: ${year} (expenses over £2,500)`)).toBeVisible();
  await expect(operator.getByTestId('claim-case')).toContainText('£2,575.00');
});

/** Each piece appears in `text` after the one before it (a document read top to bottom). */
function expectInOrder(text: string, pieces: readonly string[]): void {
  let at = -1;
  for (const piece of pieces) {
    const found = text.indexOf(piece, at + 1);
    expect(found, piece).toBeGreaterThan(at);
    at = found;
  }
}
