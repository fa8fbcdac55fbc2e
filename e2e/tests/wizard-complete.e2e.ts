// The mileage wizard from step 0 to the confirmation (issue 5 "Done when"), twice in real Chromium:
// once with uploaded evidence (a PDF and a PNG per year, progress shown, one file removed and
// dropped back in) and a P60, once with a mileage log built from two journeys, generated and then
// downloaded and read. Each run signs with the mouse, double-clicks 'Submit Claim' and checks the
// stored claim: status, reference, totals recomputed by the server, evidence, one submission, the
// NI number encrypted and the signature evidence. Also: the rebuild flow's messages, axe scans of
// steps 8-11 and both mileage-log builder steps, 320 px without sideways scrolling, and the keyboard alone.
import { readFile } from 'node:fs/promises';
import {
  expect,
  test,
  type APIRequestContext,
  type Download,
  type Page,
  type Response,
} from '@playwright/test';
import {
  DATED_LOG_LABEL,
  JOURNEY_REASONS,
  calculateAllowance,
  calculateRebate,
  carVanRatePence,
  datedLogMiles,
  formatMoney,
  journeyAnnualMiles,
  storageIndexOf,
  NEW_CLAIM_REFERENCE_PATTERN,
  ukIsoDate,
  type Journey,
  type RebateSummary,
} from '@taxback/domain';
import { expectNoA11yViolations } from '../helpers/a11y.ts';
import {
  decodeJsonColumn,
  findOnboardingClaims,
  listStoredFiles,
  waitForOnboardingClaim,
  type Row,
} from '../helpers/db.ts';
import { MARKETING_SITE_URL } from '../helpers/env.ts';
import { extractPdfText, makePdf, makePng, type SampleFile } from '../helpers/sample-files.ts';
import { CONTENT } from '@taxback/domain/content';
import {
  NI_FORMAT,
  NI_REQUIRED,
  OFFERED_YEARS,
  STEP9_MESSAGES,
  WIZARD_SAVE_URL,
  backButton,
  completeStepsZeroToSeven,
  continueButton,
  errorSummary,
  expectErrorSummary,
  expectNoSidewaysScroll,
  expectStep,
  isSaveOf,
  signOnReview,
  stepHeading,
  tabTo,
  tickConsents,
  uniqueWizardPhone,
  yearSlug,
  type WizardClaimant,
  answerTemporaryPlace,
} from '../helpers/wizard.ts';

const [NEWEST, SECOND, THIRD] = [OFFERED_YEARS[0] ?? '', OFFERED_YEARS[1] ?? '', OFFERED_YEARS[2] ?? ''];
const REFERENCE_SHAPE = NEW_CLAIM_REFERENCE_PATTERN;
const FILE_URL = /^\/api\/files\/[0-9a-f-]{36}$/;

function miles(n: number): string {
  return `${n.toLocaleString('en-GB', { maximumFractionDigits: 1 })} miles`;
}

function claimant(
  firstName: string,
  lastName: string,
  rest: Omit<WizardClaimant, 'firstName' | 'lastName' | 'email' | 'phone' | 'postcode' | 'address'>,
): WizardClaimant {
  return {
    firstName,
    lastName,
    email: `${firstName}.${lastName}@example.com`.toLowerCase(),
    phone: uniqueWizardPhone(),
    postcode: 'WN2 1AR',
    address: '1 Test Street, Hindley, Wigan',
    ...rest,
  };
}

function expectedTotals(who: WizardClaimant): RebateSummary {
  return calculateRebate({
    years: who.years.map(({ year, miles: m }) => ({ year, miles: m })),
    vehicle: who.vehicle,
    employerRatePence: who.employerRatePence,
  });
}

/** Step 9's summary shows every figure of the domain's calculation, per year and in total. */
async function expectReviewFigures(page: Page, who: WizardClaimant, totals: RebateSummary): Promise<void> {
  await expect(page.getByTestId('review-summary')).toBeVisible();
  await expect(page.getByTestId('review-name')).toHaveText(`${who.firstName} ${who.lastName}`);
  await expect(page.getByTestId('review-address')).toContainText(who.address);
  for (const y of totals.years) {
    await expect(page.getByTestId(`review-year-${yearSlug(y.year)}`)).toBeVisible();
    await expect(page.getByTestId(`review-${y.year}-miles`)).toHaveText(miles(y.miles));
    await expect(page.getByTestId(`review-${y.year}-allowance`)).toHaveText(formatMoney(y.allowance));
    await expect(page.getByTestId(`review-${y.year}-employer-payment`)).toHaveText(
      formatMoney(y.employerPayment),
    );
    await expect(page.getByTestId(`review-${y.year}-claimable`)).toHaveText(formatMoney(y.claimable));
  }
  await expect(page.getByTestId('review-total-miles')).toHaveText(miles(totals.totalMiles));
  await expect(page.getByTestId('review-total-allowance')).toHaveText(formatMoney(totals.totalAllowance));
  await expect(page.getByTestId('review-total-employer-payment')).toHaveText(
    formatMoney(totals.totalEmployerPayment),
  );
  await expect(page.getByTestId('review-total-claimable')).toHaveText(formatMoney(totals.totalClaimable));
  await expect(page.getByTestId('review-rebate')).toHaveText(formatMoney(totals.rebate20));
}

/**
 * Check your answers, between the evidence and step 9 (D17): the main vehicle, and per year the
 * miles and what the employer paid (the single rate and vehicle step 9 used to show), then on.
 */
async function passCheckAnswers(page: Page, who: WizardClaimant, totals: RebateSummary): Promise<void> {
  await expectStep(page, 'check-answers', 'Check your answers');
  await expect(page.getByTestId('wizard-progress')).toHaveText('Step 11 of 13');
  await expect(page.getByTestId('cya-claim')).toContainText(
    who.vehicle === 'car-van' ? 'Car or van' : who.vehicle,
  );
  for (const y of totals.years) {
    const year = page.getByTestId(`cya-year-${yearSlug(y.year)}`);
    await expect(year).toContainText(`${y.miles.toLocaleString('en-GB')} miles`);
    await expect(year).toContainText(
      who.employerRatePence > 0
        ? `${who.employerRatePence}p a mile (${formatMoney(y.employerPayment)})`
        : 'Nothing',
    );
    await expect(year).toContainText(formatMoney(y.claimable));
  }
  await expect(continueButton(page)).toHaveText('Continue to sign');
  await continueButton(page).click();
}

/** Every POST /api/onboarding/submit the page makes, with its JSON answer. */
function recordSubmits(page: Page): { responses: Response[] } {
  const log = { responses: [] as Response[] };
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/onboarding/submit') {
      log.responses.push(response);
    }
  });
  return log;
}

/** Step 10 → 11 by a double click on 'Submit Claim'; every submit call answers the one reference. */
async function doubleClickSubmit(page: Page): Promise<string> {
  const submits = recordSubmits(page);
  const submit = continueButton(page);
  await expect(submit).toHaveText('Submit Claim');
  await submit.dblclick();
  await expect(page.getByTestId('confirmation-heading')).toBeVisible({ timeout: 20_000 });
  await expectStep(page, 'confirmation');
  const reference = (await page.getByTestId('confirmation-reference').textContent())?.trim() ?? '';
  expect(reference).toMatch(REFERENCE_SHAPE);
  expect(submits.responses.length, 'at least one submit call').toBeGreaterThanOrEqual(1);
  for (const response of submits.responses) {
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { submissionReference?: unknown };
    expect(body.submissionReference).toBe(reference);
  }
  return reference;
}

/** The stored claim after submission: one row, reference, totals, NI encrypted, signature evidence. */
async function expectSubmittedClaim(
  request: APIRequestContext,
  sessionId: string,
  reference: string,
  totals: RebateSummary,
  niNumber: string,
): Promise<Row> {
  const row = await waitForOnboardingClaim(sessionId, (r) => r.status === 'submitted', 'submitted');
  expect(await findOnboardingClaims(sessionId), 'exactly one claim for the session').toHaveLength(1);
  expect(row.submission_reference).toBe(reference);
  expect(row.submitted_at).toBeTruthy();
  const submittedAt = new Date(String(row.submitted_at));
  expect(Number.isNaN(submittedAt.getTime())).toBe(false);
  expect(reference).toMatch(REFERENCE_SHAPE);
  expect(Date.now() - submittedAt.getTime()).toBeLessThan(5 * 60_000);
  expect(Number(row.current_step)).toBe(storageIndexOf('confirmation'));
  expect(Number(row.last_step_completed)).toBe(storageIndexOf('hmrc-details'));
  // D3: the server's own arithmetic on what was entered, whatever the browser sent.
  expect(Number(row.total_hmrc_allowance)).toBe(totals.totalAllowance);
  expect(Number(row.estimated_rebate_20_percent)).toBe(totals.rebate20);
  expect(Number(row.estimated_rebate_40_percent)).toBe(totals.rebate40);
  // D14: the NI number is stored, but not readable.
  const stored = String(row.admin_ni_number ?? '');
  expect(stored).not.toBe('');
  expect(stored).not.toBe(niNumber);
  expect(stored.toUpperCase()).not.toContain(niNumber);
  expect(stored.replace(/\s+/g, '').toUpperCase()).not.toContain(niNumber);
  expect(stored).not.toContain(Buffer.from(niNumber).toString('base64'));
  expect(JSON.stringify(row)).not.toContain(niNumber);
  // D15: the signature is a private file with a hash of what was signed.
  expect(String(row.signature_url)).toMatch(FILE_URL);
  expect(String(row.signed_content_hash)).toMatch(/^[0-9a-f]{64}$/);
  for (const consent of ['consent_accuracy', 'consent_authorization', 'consent_terms']) {
    expect([1, true, '1', 't', 'true']).toContain(row[consent]);
  }
  const signature = await request.get(String(row.signature_url), { headers: { 'X-Session-Id': sessionId } });
  expect(signature.status()).toBe(200);
  expect(signature.headers()['content-type']).toBe('image/png');
  expect((await signature.body()).subarray(1, 4).toString('latin1')).toBe('PNG');

  // Submitting again (a retry, another tab) answers with the same single submission.
  const again = await request.post('/api/onboarding/submit', {
    headers: { 'X-Session-Id': sessionId },
    data: { niNumber },
  });
  expect(again.status()).toBe(200);
  expect(((await again.json()) as { submissionReference?: unknown }).submissionReference).toBe(reference);
  const after = await findOnboardingClaims(sessionId);
  expect(after).toHaveLength(1);
  expect(after[0]?.submitted_at).toBe(row.submitted_at);
  return row;
}

type EvidenceColumn = Record<string, { filename: string; url: string; type: string; size: number }[]>;

function evidenceOf(row: Row): EvidenceColumn {
  return decodeJsonColumn(row.evidence_files) as EvidenceColumn;
}

/** The id of the listed evidence file with this name in one year's list. */
async function listedFileId(page: Page, year: string, filename: string): Promise<string> {
  const item = page
    .getByTestId(`evidence-files-${yearSlug(year)}`)
    .locator('[data-testid^="evidence-file-"]')
    .filter({ hasText: filename });
  await expect(item).toHaveCount(1);
  const testId = (await item.getAttribute('data-testid')) ?? '';
  return testId.replace('evidence-file-', '');
}

/** Drops a file onto a year's drop zone, as dragging it from the desktop does. */
async function dropFile(page: Page, year: string, file: SampleFile): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ bytes, name, type }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(bytes)], name, { type }));
      return dt;
    },
    { bytes: [...file.buffer], name: file.name, type: file.mimeType },
  );
  const zone = page.getByTestId(`evidence-upload-${yearSlug(year)}-drop`);
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

/** Holds uploads at the network until released, so the progress bar can be seen. */
async function holdUploads(page: Page, pattern: string): Promise<() => Promise<void>> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return async () => {
    release();
    await page.unroute(pattern);
  };
}

async function savedDownload(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

// ---------------------------------------------------------------------------------------------

test.describe('mileage wizard, steps 8 to 11', () => {
  test('(a) employed: a PDF and a PNG per year with progress, one removed and dropped back, P60, double-clicked submit, stored claim', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const who = claimant('Alexandra', 'Whitfield', {
      vehicle: 'car-van',
      years: [
        { year: NEWEST, companyName: 'Example Logistics Ltd', miles: 12_000 },
        { year: SECOND, companyName: 'Example Logistics Ltd', miles: 3_000 },
      ],
      employerRatePence: 10,
    });
    const totals = expectedTotals(who);
    // Worked by hand from the D21 table, so a wrong domain cannot make the test agree with a wrong
    // screen: the newest year is the current one (55p from 2026/27), the second 45p or 55p.
    // In 2026/27: 10,000 × 55p + 2,000 × 25p + 3,000 × 45p = £7,350; employer 15,000 × 10p = £1,500.
    const [newestP, secondP] = [carVanRatePence(NEWEST), carVanRatePence(SECOND)];
    const allowance = (10_000 * newestP + 2_000 * 25 + 3_000 * secondP) / 100;
    expect([totals.totalAllowance, totals.totalClaimable, totals.rebate20, totals.rebate40]).toEqual([
      allowance,
      allowance - 1_500,
      Math.round((allowance - 1_500) / 5),
      Math.round(((allowance - 1_500) * 2) / 5),
    ]);
    if (NEWEST === '2026/27') expect(totals.totalAllowance).toBe(7_350);
    const niNumber = 'AB123456C';

    // Every save carries made-up totals: the server must ignore them (D3).
    await page.route(WIZARD_SAVE_URL, async (route) => {
      const req = route.request();
      if (req.method() !== 'PUT') return route.fallback();
      const body = req.postDataJSON() as Record<string, unknown> & {
        snapshot?: Record<string, unknown>;
        sections?: Record<string, unknown>;
      };
      const bogus = { totalAllowance: 999_999, rebate20: 199_999, rebate40: 399_999 };
      body.totals = bogus;
      if (body.snapshot) body.snapshot.totals = bogus;
      if (body.sections) body.sections.totals = bogus;
      await route.continue({ postData: JSON.stringify(body) });
    });

    const sessionId = await completeStepsZeroToSeven(page, who);

    // Step 8: nothing uploaded yet → a message per year.
    await expectStep(page, 'evidence', 'Evidence of your business mileage');
    await expect(page.getByTestId('wizard-progress')).toHaveText('Step 10 of 13');
    await expect(page.getByTestId(`evidence-year-${yearSlug(NEWEST)}`)).toBeVisible();
    await expect(page.getByTestId(`evidence-year-${yearSlug(SECOND)}`)).toBeVisible();
    await expect(page.getByTestId(`evidence-year-${yearSlug(THIRD)}`)).toHaveCount(0);
    await expect(page.getByLabel(`Upload files for ${NEWEST}`)).toBeVisible();
    await expectNoA11yViolations(page, 'wizard step 8 (evidence)');
    await continueButton(page).click();
    await expectErrorSummary(page, [`Evidence required for ${NEWEST}`, `Evidence required for ${SECOND}`]);
    await expectStep(page, 'evidence');
    await expectNoA11yViolations(page, 'wizard step 8 with errors');

    const pdf = await makePdf('mileage-diary.pdf', 'Business mileage diary (example)');
    const png = makePng('fuel-receipt.png', 7);
    const newest = yearSlug(NEWEST);
    const second = yearSlug(SECOND);

    // The PDF, held at the network for a moment: its progress bar shows, then the file is listed.
    const release = await holdUploads(page, '**/api/onboarding/files');
    await page.getByTestId(`evidence-upload-${newest}`).setInputFiles(pdf);
    const progress = page.getByRole('progressbar', { name: `Uploading ${pdf.name}` });
    await expect(progress).toBeVisible();
    await expect(page.getByTestId(`evidence-progress-${newest}`)).toContainText(`Uploading ${pdf.name}`);
    await expectNoA11yViolations(page, 'wizard step 8 while uploading');
    await release();
    await expect(progress).toHaveCount(0);
    await expect(page.getByTestId(`evidence-files-${newest}`)).toContainText(pdf.name);
    // The error summary clears for the year that now has evidence.
    await expect(errorSummary(page).getByRole('link')).toHaveText([`Evidence required for ${SECOND}`]);

    // The PNG by the file picker; the second year gets both files at once.
    await page.getByTestId(`evidence-upload-${newest}`).setInputFiles(png);
    await expect(page.getByTestId(`evidence-files-${newest}`)).toContainText(png.name);
    await page.getByTestId(`evidence-upload-${second}`).setInputFiles([pdf, png]);
    await expect(
      page.getByTestId(`evidence-files-${second}`).locator('[data-testid^="evidence-file-"]'),
    ).toHaveCount(2);
    await expect(errorSummary(page)).toHaveCount(0);

    // Remove the newest year's PNG; it goes from the list and from the server; then drop it back.
    const pngId = await listedFileId(page, NEWEST, png.name);
    await page.getByTestId(`evidence-remove-${pngId}`).click();
    await expect(page.getByTestId(`evidence-file-${pngId}`)).toHaveCount(0);
    await expect.poll(async () => (await listStoredFiles(sessionId)).some((f) => f.id === pngId)).toBe(false);
    const gone = await request.get(`/api/files/${pngId}`, { headers: { 'X-Session-Id': sessionId } });
    expect(gone.status()).toBe(404);
    await dropFile(page, NEWEST, png);
    await expect(page.getByTestId(`evidence-files-${newest}`)).toContainText(png.name);
    for (const year of [NEWEST, SECOND]) {
      const list = page.getByTestId(`evidence-files-${yearSlug(year)}`);
      await expect(list.locator('[data-testid^="evidence-file-"]')).toHaveCount(2);
      await expect(list).toContainText(pdf.name);
      await expect(list).toContainText(png.name);
    }
    await expectNoA11yViolations(page, 'wizard step 8 with files');

    const step8Saved = page.waitForResponse(isSaveOf('evidence'));
    await continueButton(page).click();
    expect((await step8Saved).status()).toBe(200);
    await expectNoA11yViolations(page, 'check your answers');
    await passCheckAnswers(page, who, totals);
    await expectStep(page, 'review', 'Review and sign');

    // Step 9: the summary, the Self Assessment note for the year over £2,500, then every message.
    await expectReviewFigures(page, who, totals);
    expect(totals.years.map((y) => y.selfAssessmentRequired)).toEqual([true, false]);
    await expect(page.getByTestId('self-assessment-note')).toContainText(NEWEST);
    await expect(page.getByTestId('self-assessment-note')).not.toContainText(SECOND);
    await expect(page.getByTestId('self-assessment-note')).toContainText('Self Assessment');
    await expect(page.getByTestId('signature-pad').locator('canvas')).toBeVisible();
    await expectNoA11yViolations(page, 'wizard step 9 (review and sign)');
    await continueButton(page).click();
    await expectErrorSummary(page, [...STEP9_MESSAGES]);
    for (const message of STEP9_MESSAGES) {
      await expect(page.getByText(message).nth(1), `${message} beside its field`).toBeVisible();
    }
    await expectNoA11yViolations(page, 'wizard step 9 with errors');
    // Signed, ticked, then cleared: only the signature is missing.
    await signOnReview(page);
    await tickConsents(page);
    await expect(errorSummary(page)).toHaveCount(0);
    await page.getByTestId('signature-pad').getByRole('button', { name: 'Clear' }).click();
    await continueButton(page).click();
    await expectErrorSummary(page, ['Digital signature is required']);
    await signOnReview(page);
    const signed = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/onboarding/signature',
    );
    await continueButton(page).click();
    expect((await signed).status()).toBe(201);

    // Step 10: NI number messages, the optional P60 (employed), then a double-clicked submit.
    await expectStep(page, 'hmrc-details', 'Administrative details');
    await expect(continueButton(page)).toHaveText('Submit Claim');
    await expect(page.getByTestId('p60-section')).toBeVisible();
    await expectNoA11yViolations(page, 'wizard step 10 (administrative details)');
    await continueButton(page).click();
    await expectErrorSummary(page, [NI_REQUIRED]);
    await expectNoA11yViolations(page, 'wizard step 10 with errors');
    await page.getByTestId('ni-number').fill('ab123456e');
    await expect(page.getByTestId('ni-number')).toHaveValue('AB 12 34 56 E');
    await continueButton(page).click();
    await expectErrorSummary(page, [NI_FORMAT]);
    await page.getByTestId('ni-number').fill('AB 12 34 56 C');
    await expect(page.getByTestId('ni-number')).toHaveValue('AB 12 34 56 C');

    const p60 = await makePdf('p60-example.pdf', 'P60 End of Year Certificate (example)');
    const releaseP60 = await holdUploads(page, '**/api/onboarding/files');
    await page.getByTestId('p60-upload').setInputFiles(p60);
    await expect(page.getByTestId('p60-progress')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: `Uploading ${p60.name}` })).toBeVisible();
    // Submitting waits for the upload to finish.
    await expect(continueButton(page)).toBeDisabled();
    await releaseP60();
    await expect(page.getByTestId('p60-file')).toContainText(p60.name);
    await page.getByTestId('p60-remove').click();
    await expect(page.getByTestId('p60-file')).toHaveCount(0);
    await page.getByTestId('p60-upload').setInputFiles(p60);
    await expect(page.getByTestId('p60-file')).toContainText(p60.name);

    const reference = await doubleClickSubmit(page);

    // Step 11: the confirmation with the server's figures.
    await expect(page.getByTestId('confirmation-heading')).toHaveText(`Thank you, ${who.firstName}!`);
    await expect(page.getByTestId('confirmation-heading')).toBeFocused();
    await expect(page.getByTestId('confirmation-miles')).toHaveText(miles(totals.totalMiles));
    await expect(page.getByTestId('confirmation-miles')).toHaveText('15,000 miles');
    await expect(page.getByTestId('confirmation-tax-years')).toHaveText(`${NEWEST}, ${SECOND}`);
    await expect(page.getByTestId('confirmation-rebate')).toHaveText(formatMoney(totals.rebate20));
    await expect(page.getByTestId('confirmation-timeline').locator('li')).toHaveCount(4);
    await expect(page.getByTestId('timeline-review')).toContainText('2-3 days');
    await expect(page.getByTestId('timeline-submit')).toContainText('1 week');
    // D28: one refund time everywhere; D29: HMRC pays the claimant directly.
    await expect(page.getByTestId('timeline-processing')).toContainText(CONTENT.refundWeeks);
    await expect(page.getByTestId('timeline-paid')).toContainText('HMRC pays you directly');
    await expect(page.getByTestId('confirmation-contact')).toContainText('Mon-Fri 9am-5pm');
    await expect(page.getByTestId('self-assessment-note')).toContainText(NEWEST);
    await expect(page.getByTestId('confirmation-logs')).toHaveCount(0);
    await expectNoA11yViolations(page, 'wizard step 11 (confirmation)');

    // The stored claim.
    const row = await expectSubmittedClaim(request, sessionId, reference, totals, niNumber);
    expect([1, true, '1', 't', 'true']).toContain(row.self_assessment_required);
    expect(decodeJsonColumn(row.mileage_data)).toEqual({
      [NEWEST]: { miles: 12_000, companyName: 'Example Logistics Ltd' },
      [SECOND]: { miles: 3_000, companyName: 'Example Logistics Ltd' },
    });
    const evidence = evidenceOf(row);
    expect(Object.keys(evidence).sort()).toEqual([NEWEST, SECOND].sort());
    for (const year of [NEWEST, SECOND]) {
      const files = evidence[year] ?? [];
      expect(files.map((f) => f.filename).sort()).toEqual([pdf.name, png.name].sort());
      expect(files.map((f) => f.type).sort()).toEqual(['application/pdf', 'image/png']);
      for (const f of files) expect(f.url).toMatch(FILE_URL);
      const storedPdf = files.find((f) => f.filename === pdf.name);
      expect(storedPdf?.size).toBe(pdf.buffer.length);
      const fetched = await request.get(storedPdf?.url ?? '', { headers: { 'X-Session-Id': sessionId } });
      expect(fetched.status()).toBe(200);
      expect(fetched.headers()['content-disposition']).toMatch(/^attachment;/);
      expect(Buffer.compare(await fetched.body(), pdf.buffer)).toBe(0);
    }
    expect(String(row.p60_file_url)).toMatch(FILE_URL);
    expect(row.p60_filename).toBe(p60.name);
    // Exactly the files the claimant kept: 2 per year, one P60, one signature and its signed authority (D19).
    const kinds = (await listStoredFiles(sessionId)).map((f) => String(f.kind)).sort();
    expect(kinds).toEqual(['authority', 'evidence', 'evidence', 'evidence', 'evidence', 'p60', 'signature']);

    // 'Return' clears the saved progress and goes to the marketing site.
    const progressKey = `onboarding_progress_${sessionId}`;
    expect(await page.evaluate(() => window.sessionStorage.getItem('onboarding_session_id'))).toBe(sessionId);
    await page.evaluate((key) => {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, '[]');
    }, progressKey);
    await page.getByTestId('return-to-site').click();
    await expect(page).toHaveURL((url) => url.href.startsWith(MARKETING_SITE_URL));
    // Storage belongs to the app's origin: look from one of its pages that does not start a wizard.
    await page.goto('/loan-declined');
    const storage = await page.evaluate(
      (key) => ({
        session: window.sessionStorage.getItem('onboarding_session_id'),
        progress: window.localStorage.getItem(key),
      }),
      progressKey,
    );
    expect(storage).toEqual({ session: null, progress: null });
  });

  test('(b) at 320 px and by keyboard: a log from two journeys, generated, downloaded and read', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 320, height: 640 });
    // An employee whose employer pays nothing a mile (the self-employed claim through Self
    // Assessment and never reach these steps, D27).
    const who = claimant('Samir', 'Okafor', {
      vehicle: 'car-van',
      years: [
        { year: NEWEST, companyName: 'Sample Couriers (Example)', miles: 4_000 },
        { year: SECOND, companyName: 'Sample Couriers (Example)', miles: 3_500 },
      ],
      employerRatePence: 0,
    });
    const totals = expectedTotals(who);
    // 4,000 at the current year's rate (55p in 2026/27) + 3,500 at the year before's.
    expect(totals.totalAllowance).toBe(
      (4_000 * carVanRatePence(NEWEST) + 3_500 * carVanRatePence(SECOND)) / 100,
    );
    const niNumber = 'JG103759A';
    const sessionId = await completeStepsZeroToSeven(page, who);
    const newest = yearSlug(NEWEST);

    await expectStep(page, 'evidence');
    await expectNoSidewaysScroll(page, 'step 8');

    // Keyboard only from here to the generated log.
    await tabTo(page, page.getByTestId(`build-log-${newest}`));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', 'journeys');
    await expect(stepHeading(page)).toHaveText('Your business journeys');
    await expect(stepHeading(page)).toBeFocused();
    await expect(page.getByTestId('journey-0')).toBeVisible();
    await expect(page.getByTestId('journey-1')).toHaveCount(0);
    await expectNoSidewaysScroll(page, 'the journeys step');
    await expectNoA11yViolations(page, 'the journeys step (journeys)');

    // Journey 1: WN2 1AR → SK5 6AQ, return, daily, distance by 'Calculate Distance' (offline estimate).
    await tabTo(page, page.getByTestId('journey-0-from'));
    await page.keyboard.type('wn2');
    await expect(page.getByTestId('journey-0-from')).toHaveValue('WN2');
    await expect(page.getByTestId('journey-0-from-hint')).toBeVisible();
    await expect(page.getByTestId('journey-0-postcode-hint')).toHaveText(
      'Please enter valid UK postcodes (e.g., WN2 1AR, SK5 6AQ)',
    );
    await expect(page.getByTestId('journey-0-calculate')).toHaveCount(0);
    await page.keyboard.type('1ar');
    await expect(page.getByTestId('journey-0-from')).toHaveValue('WN2 1AR');
    await expect(page.getByTestId('journey-0-from-hint')).toHaveCount(0);
    await tabTo(page, page.getByTestId('journey-0-to'));
    await page.keyboard.type('sk5 6aq');
    await expect(page.getByTestId('journey-0-to')).toHaveValue('SK5 6AQ');
    await expect(page.getByTestId('journey-0-postcode-hint')).toHaveCount(0);
    await tabTo(page, page.getByTestId('journey-0-calculate'));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('journey-0-distance-estimate')).toBeVisible();
    await expect(page.getByTestId('journey-0-distance')).not.toHaveValue('');
    const d1 = Number(await page.getByTestId('journey-0-distance').inputValue());
    expect(d1).toBeGreaterThan(5);
    expect(d1).toBeLessThan(40);
    await expect(page.getByTestId('journey-0-frequency')).toHaveValue('daily');
    await expect(page.getByTestId('journey-0-trip-type')).toHaveValue('return');
    await tabTo(page, page.getByTestId('journey-0-reason'));
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('journey-0-reason')).toHaveValue('client-meeting');
    const annual1 = Math.round(500 * d1 * 10) / 10;
    expect(journeyAnnualMiles({ frequency: 'daily', tripType: 'return', distance: d1 })).toBe(annual1);
    await expect(page.getByTestId('journey-0-annual-miles')).toHaveText(miles(annual1));

    // Journey 2: M1 1AE → WN2 1AR, single, weekly, 12.5 miles typed in.
    await tabTo(page, page.getByTestId('add-journey'));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('journey-1')).toBeVisible();
    await tabTo(page, page.getByTestId('journey-1-from'));
    await page.keyboard.type('m11ae');
    await expect(page.getByTestId('journey-1-from')).toHaveValue('M1 1AE');
    await tabTo(page, page.getByTestId('journey-1-to'));
    await page.keyboard.type('WN21AR');
    await expect(page.getByTestId('journey-1-to')).toHaveValue('WN2 1AR');
    await tabTo(page, page.getByTestId('journey-1-distance'));
    await page.keyboard.type('12.5');
    await expect(page.getByTestId('journey-1-distance')).toHaveValue('12.5');
    await tabTo(page, page.getByTestId('journey-1-frequency'));
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('journey-1-frequency')).toHaveValue('weekly');
    await tabTo(page, page.getByTestId('journey-1-trip-type'));
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('journey-1-trip-type')).toHaveValue('single');
    await tabTo(page, page.getByTestId('journey-1-reason'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('journey-1-reason')).toHaveValue('site-visit');
    const annual2 = 48 * 12.5;
    await expect(page.getByTestId('journey-1-annual-miles')).toHaveText(miles(annual2));
    await expectNoSidewaysScroll(page, 'the journeys step with two journeys');

    await tabTo(page, continueButton(page));
    await page.keyboard.press('Enter');

    // Sub-step 2: the summary and annual miles, then 'Generate Log'.
    await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', 'journeys-review');
    await expect(stepHeading(page)).toHaveText('Review & Generate');
    await expect(page.getByTestId('summary-journey-0')).toContainText('WN2 1AR');
    await expect(page.getByTestId('summary-journey-0')).toContainText('SK5 6AQ');
    await expect(page.getByTestId('summary-journey-0-annual')).toHaveText(miles(annual1));
    await expect(page.getByTestId('summary-journey-1')).toContainText('Site visit');
    await expect(page.getByTestId('summary-journey-1-annual')).toHaveText('600 miles');
    const annualTotal = annual1 + annual2;
    // Built from the newest year's Build Log: that year's log alone (issue 31).
    await expect(page.getByTestId(`rebuild-year-${NEWEST.replace('/', '-')}`)).toHaveText(miles(annualTotal));
    await expect(page.getByTestId(`rebuild-year-${SECOND.replace('/', '-')}`)).toHaveCount(0);
    await expect(page.getByTestId('rebuild-total-miles')).toHaveText(miles(annualTotal));
    await expect(continueButton(page)).toHaveText('Generate Log');
    await expectNoSidewaysScroll(page, 'the journeys review step');
    await expectNoA11yViolations(page, 'the journeys review step (review and generate)');
    await answerTemporaryPlace(page, 1, true);
    await answerTemporaryPlace(page, 2, true);
    const generated = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/onboarding/mileage-log',
    );
    await tabTo(page, continueButton(page));
    await page.keyboard.press('Enter');
    expect((await generated).status()).toBe(201);

    // Back on step 8 with the newest year's log; the other year has none until its own Build Log.
    await expectStep(page, 'evidence');
    await expect(page.getByTestId('journeys-note')).toContainText('2 regular journeys');
    await expect(page.getByTestId(`mileage-log-${yearSlug(SECOND)}`)).toHaveCount(0);
    await page.getByTestId(`build-log-${yearSlug(SECOND)}`).click();
    await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', 'journeys');
    await expect(page.getByTestId('journey-1')).toBeVisible();
    await continueButton(page).click();
    await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', 'journeys-review');
    await expect(page.getByTestId(`rebuild-year-${SECOND.replace('/', '-')}`)).toHaveText(miles(annualTotal));
    const second = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/onboarding/mileage-log',
    );
    await continueButton(page).click();
    expect((await second).status()).toBe(201);
    await expectStep(page, 'evidence');
    for (const year of [NEWEST, SECOND]) {
      await expect(page.getByTestId(`mileage-log-${yearSlug(year)}`)).toBeVisible();
      await expect(page.getByTestId(`mileage-log-${yearSlug(year)}-pdf`)).toBeVisible();
      await expect(page.getByTestId(`mileage-log-${yearSlug(year)}-csv`)).toBeVisible();
    }
    await expectNoSidewaysScroll(page, 'step 8 with the generated logs');
    await expectNoA11yViolations(page, 'wizard step 8 with generated logs');
    await continueButton(page).click();
    await expectStep(page, 'check-answers');
    await expectNoSidewaysScroll(page, 'check your answers');
    await passCheckAnswers(page, who, totals);

    // Step 9 at 320 px: no Self Assessment note (each year is under £2,500).
    await expectStep(page, 'review');
    await expectReviewFigures(page, who, totals);
    await expect(page.getByTestId('self-assessment-note')).toHaveCount(0);
    await expectNoSidewaysScroll(page, 'step 9');
    await continueButton(page).click();
    await expectErrorSummary(page, [...STEP9_MESSAGES]);
    await expectNoSidewaysScroll(page, 'step 9 with errors');
    await signOnReview(page);
    await tickConsents(page);
    await continueButton(page).click();

    // Step 10: the P60 is optional; this claimant goes without it.
    await expectStep(page, 'hmrc-details');
    await expect(page.getByTestId('p60-section')).toBeVisible();
    await expectNoSidewaysScroll(page, 'step 10');
    await continueButton(page).click();
    await expectErrorSummary(page, [NI_REQUIRED]);
    await expectNoSidewaysScroll(page, 'step 10 with errors');
    await page.getByTestId('ni-number').fill('JG 10 37 59 A');
    const reference = await doubleClickSubmit(page);

    await expect(page.getByTestId('confirmation-miles')).toHaveText(miles(totals.totalMiles));
    await expect(page.getByTestId('confirmation-tax-years')).toHaveText(`${NEWEST}, ${SECOND}`);
    await expect(page.getByTestId('confirmation-rebate')).toHaveText(formatMoney(totals.rebate20));
    await expect(page.getByTestId('confirmation-logs')).toBeVisible();
    await expect(page.getByTestId('self-assessment-note')).toHaveCount(0);
    await expectNoSidewaysScroll(page, 'step 11');
    await expectNoA11yViolations(page, 'wizard step 11 with mileage logs');

    // The stored claim: the journeys, and each year's evidence is its generated log.
    const row = await expectSubmittedClaim(request, sessionId, reference, totals, niNumber);
    expect(row.p60_file_url ?? null, 'no P60 was uploaded').toBeNull();
    const journeys = decodeJsonColumn(row.journey_patterns) as Journey[];
    expect(
      journeys.map((j) => [j.startAddress, j.endAddress, j.frequency, j.tripType, j.reason, j.distance]),
    ).toEqual([
      ['WN2 1AR', 'SK5 6AQ', 'daily', 'return', 'client-meeting', d1],
      ['M1 1AE', 'WN2 1AR', 'weekly', 'single', 'site-visit', 12.5],
    ]);
    const evidence = evidenceOf(row);
    expect(Object.keys(evidence).sort()).toEqual([NEWEST, SECOND].sort());
    for (const year of [NEWEST, SECOND]) {
      const files = evidence[year] ?? [];
      expect(files.map((f) => f.filename).sort()).toEqual([
        `mileage-log-${yearSlug(year)}.csv`,
        `mileage-log-${yearSlug(year)}.pdf`,
      ]);
    }

    // The log's contents, as the claimant downloads it and through the API.
    const label = (list: readonly { id: string; label: string }[], id: string) =>
      list.find((x) => x.id === id)?.label ?? '';
    for (const year of [NEWEST, SECOND]) {
      const slug = yearSlug(year);
      const files = evidence[year] ?? [];
      const csvUrl = files.find((f) => f.filename.endsWith('.csv'))?.url ?? '';
      const pdfUrl = files.find((f) => f.filename.endsWith('.pdf'))?.url ?? '';

      const [csvDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId(`download-log-${slug}-csv`).click(),
      ]);
      expect(csvDownload.suggestedFilename()).toBe(`mileage-log-${slug}.csv`);
      const csv = (await savedDownload(csvDownload)).toString('utf8');
      const [pdfDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId(`download-log-${slug}-pdf`).click(),
      ]);
      expect(pdfDownload.suggestedFilename()).toBe(`mileage-log-${slug}.pdf`);
      const pdf = await savedDownload(pdfDownload);

      const apiCsv = await request.get(csvUrl, { headers: { 'X-Session-Id': sessionId } });
      expect(apiCsv.status()).toBe(200);
      expect(apiCsv.headers()['content-type']).toMatch(/^text\/csv/);
      expect(apiCsv.headers()['content-disposition']).toContain(`filename="mileage-log-${slug}.csv"`);
      expect((await apiCsv.body()).toString('utf8')).toBe(csv);
      const apiPdf = await request.get(pdfUrl, { headers: { 'X-Session-Id': sessionId } });
      expect(apiPdf.status()).toBe(200);
      expect(apiPdf.headers()['content-type']).toBe('application/pdf');
      expect(apiPdf.headers()['content-disposition']).toMatch(/^attachment;/);
      expect(Buffer.compare(await apiPdf.body(), pdf)).toBe(0);

      // CSV (D25): the journeys as dated trips on working days in England and Wales (WN2 1AR),
      // the current year up to today; its total is the domain's dated-log figure.
      const logMiles = datedLogMiles({
        journeys,
        year,
        nation: 'england-and-wales',
        today: ukIsoDate(new Date()),
      });
      expect(logMiles).toBeGreaterThan(0);
      const dated = (cells: (string | number)[]) =>
        new RegExp(`^\\d{4}-\\d{2}-\\d{2},${cells.join(',').replace(/[.]/g, '\\.')}$`);
      const lines = csv.split(/\r?\n/);
      expect(lines[0]).toContain(`Tax year ${year}`);
      expect(lines).toContain(DATED_LOG_LABEL);
      expect(lines).toContain('Bank holidays of,England and Wales');
      expect(lines).toContain('Date,From,To,Reason,Trip,Miles');
      const returnMiles = Math.round(d1 * 20) / 10;
      const daily = dated([
        'WN2 1AR',
        'SK5 6AQ',
        label(JOURNEY_REASONS, 'client-meeting'),
        'Return',
        returnMiles,
      ]);
      const weekly = dated(['M1 1AE', 'WN2 1AR', label(JOURNEY_REASONS, 'site-visit'), 'Single', 12.5]);
      expect(lines.some((l) => daily.test(l))).toBe(true);
      expect(lines.some((l) => weekly.test(l))).toBe(true);
      expect(lines).toContain(`Total business miles,${logMiles}`);
      const allowance = calculateAllowance(logMiles, 'car-van', year);
      expect(lines).toContain(`HMRC mileage allowance (GBP),${allowance.toFixed(2)}`);

      // PDF: a real PDF whose pages show the trips, the label and the total.
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = extractPdfText(pdf);
      for (const postcode of ['WN2 1AR', 'SK5 6AQ', 'M1 1AE']) expect(text).toContain(postcode);
      expect(text).toContain(`Mileage log ${year}`);
      expect(text).toContain(DATED_LOG_LABEL);
      expect(text).toContain('Client meeting');
      expect(text).toContain('Site visit');
      expect(text).toContain(
        `Total business miles: ${logMiles.toLocaleString('en-GB', { maximumFractionDigits: 1 })}`,
      );
      expect(text).toContain(`HMRC mileage allowance: ${formatMoney(allowance)}`);
    }
  });

  test("the rebuild flow's messages: postcode hints, each distance message, the reason, and 'No journeys added'", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const who = claimant('Morgan', 'Fairbairn', {
      vehicle: 'bicycle',
      years: [{ year: THIRD, companyName: 'Example Build Co', miles: 900 }],
      employerRatePence: 0,
    });
    await completeStepsZeroToSeven(page, who);
    await page.getByTestId(`build-log-${yearSlug(THIRD)}`).click();
    await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', 'journeys');
    await expect(page.getByTestId('journey-0-postcode-hint')).toHaveText(
      'Please enter valid UK postcodes (e.g., WN2 1AR, SK5 6AQ)',
    );

    // Continue with an empty journey: each field's message, in the order of the fields (decision 055).
    await continueButton(page).click();
    await expectErrorSummary(page, [
      'Please enter a postcode',
      'Please enter a postcode',
      'Enter the distance in miles',
      'Select a reason',
    ]);
    await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', 'journeys');
    await expectNoA11yViolations(page, 'the journeys step with errors');

    // Postcodes are formatted as typed; the hints stay while either is invalid.
    const from = page.getByTestId('journey-0-from');
    const to = page.getByTestId('journey-0-to');
    // SPEC §5: letters and digits only, a space before the last 3 once there are 5 or more.
    await from.pressSequentially('bt1');
    await expect(from).toHaveValue('BT1');
    await from.pressSequentially('-1a');
    await expect(from).toHaveValue('BT 11A');
    await expect(page.getByTestId('journey-0-from-hint')).toHaveText(
      'Enter a full UK postcode, like WN2 1AR',
    );
    await expect(page.getByTestId('journey-0-to-hint')).toHaveCount(0);
    await from.pressSequentially('a');
    await expect(from).toHaveValue('BT1 1AA');
    await expect(page.getByTestId('journey-0-from-hint')).toHaveCount(0);
    await to.fill('WN2');
    await expect(page.getByTestId('journey-0-to-hint')).toBeVisible();
    await expect(page.getByTestId('journey-0-postcode-hint')).toBeVisible();
    await expect(page.getByTestId('journey-0-calculate')).toHaveCount(0);
    await to.fill('WN21AR');
    await expect(to).toHaveValue('WN2 1AR');
    await expect(page.getByTestId('journey-0-postcode-hint')).toHaveCount(0);

    // Northern Ireland is outside the offline provider's data.
    await page.getByTestId('journey-0-calculate').click();
    await expect(page.getByTestId('journey-0-distance-error')).toHaveText(
      'Unable to calculate distance between postcodes',
    );
    await expect(page.getByTestId('journey-0-distance')).toHaveValue('');
    // The provider failing, and the network failing.
    await page.route('**/api/distance?**', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 'error',
          error: 'Distance calculation failed. Please enter manually.',
        }),
      }),
    );
    await page.getByTestId('journey-0-calculate').click();
    await expect(page.getByTestId('journey-0-distance-error')).toHaveText(
      'Distance calculation failed. Please enter manually.',
    );
    await page.unroute('**/api/distance?**');
    await page.route('**/api/distance?**', (route) => route.abort('failed'));
    await page.getByTestId('journey-0-calculate').click();
    await expect(page.getByTestId('journey-0-distance-error')).toHaveText(
      'Failed to calculate distance. Please enter manually.',
    );
    await page.unroute('**/api/distance?**');
    await expectNoA11yViolations(page, 'the journeys step with a distance message');
    // A typed distance replaces the message.
    await page.getByTestId('journey-0-distance').fill('7');
    await expect(page.getByTestId('journey-0-distance-error')).toHaveCount(0);

    // 'Other' needs its own reason; changing away clears it.
    await page.getByTestId('journey-0-reason').selectOption('other');
    await expect(page.getByTestId('journey-0-custom-reason')).toBeVisible();
    await continueButton(page).click();
    await expectErrorSummary(page, ['Please enter a reason']);
    await page.getByTestId('journey-0-custom-reason').fill('Depot audit');
    await page.getByTestId('journey-0-reason').selectOption('training');
    await expect(page.getByTestId('journey-0-custom-reason')).toHaveCount(0);
    await page.getByTestId('journey-0-reason').selectOption('other');
    await expect(page.getByTestId('journey-0-custom-reason')).toHaveValue('');

    // Remove every journey, then Continue: the 'No journeys added' screen, with no 'Generate Log'.
    await page.getByTestId('journey-0-remove').click();
    await expect(page.getByTestId('journey-0')).toHaveCount(0);
    await continueButton(page).click();
    await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', 'journeys-review');
    await expect(page.getByTestId('no-journeys')).toContainText('No journeys added');
    await expect(page.getByTestId('no-journeys')).toContainText(
      'Please go back and add at least one business journey to generate your mileage log.',
    );
    await expect(continueButton(page)).toHaveCount(0);
    await expectNoA11yViolations(page, "the 'No journeys added' screen");

    // Back to the journeys, and Back again leaves the builder for the evidence step.
    await backButton(page).click();
    await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', 'journeys');
    await backButton(page).click();
    await expectStep(page, 'evidence', 'Evidence of your business mileage');
    await expect(page.getByTestId(`evidence-year-${yearSlug(THIRD)}`)).toBeVisible();
    await continueButton(page).click();
    await expectErrorSummary(page, [`Evidence required for ${THIRD}`]);
  });
});
