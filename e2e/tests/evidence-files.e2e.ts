// Files are private and checked (D6, issue 5 "Done when"), through the running server's HTTP API:
// a renamed executable and an HTML page are refused by their bytes (and the wizard says so beside
// the file), an 11 MB file is refused with 413 and nothing stored, another session can neither
// fetch nor delete a claimant's files, a retried upload is stored once, and two submits at once
// make one submission.
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { NEW_CLAIM_REFERENCE_PATTERN, createSessionId } from '@taxback/domain';
import { expectNoA11yViolations } from '../helpers/a11y.ts';
import {
  countStoredFiles,
  decodeJsonColumn,
  findOnboardingClaims,
  listStoredFiles,
  waitForOnboardingClaim,
} from '../helpers/db.ts';
import {
  makeHtmlAsPng,
  makeOversizedPdf,
  makePdf,
  makePngBytes,
  makeRenamedExecutable,
  type SampleFile,
} from '../helpers/sample-files.ts';
import { mileageSnapshot } from '../helpers/snapshots.ts';
import { OFFERED_YEARS, expectStep, uniqueWizardPhone, yearSlug } from '../helpers/wizard.ts';

const [NEWEST, SECOND, THIRD] = [OFFERED_YEARS[0] ?? '', OFFERED_YEARS[1] ?? '', OFFERED_YEARS[2] ?? ''];
const EVIDENCE_REFUSED = 'This file type is not allowed. Upload a PDF, Word, Excel, CSV, JPG or PNG file.';
const TOO_LARGE = 'The file is too large. The maximum size is 10 MB.';

function headers(sessionId: string): Record<string, string> {
  return { 'X-Session-Id': sessionId };
}

/**
 * A draft claim with steps 0 and 1 done: enough to upload files, and no phone number (no SMS).
 * An employee in their own vehicle, the route that goes on to the personal details (D27).
 */
async function startDraft(request: APIRequestContext, sessionId: string): Promise<void> {
  const res = await request.put('/api/onboarding', {
    headers: headers(sessionId),
    data: {
      revision: 0,
      currentStep: 'personal',
      lastStepCompleted: 'employment',
      snapshot: {
        eligibilityData: { drivesForWork: 'yes', vehicleVRM: '' },
        employmentDetails: { employmentType: 'employed', businessName: '', utrNumber: '' },
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A draft claim with steps 0 to 7 done for one year, as the wizard saves it: an employee in their
 * own car with no mileage payments, a route that can be submitted (D27).
 */
async function saveClaimToStep7(request: APIRequestContext, sessionId: string, year: string): Promise<void> {
  const res = await request.put('/api/onboarding', {
    headers: headers(sessionId),
    data: {
      revision: 0,
      currentStep: 'evidence',
      lastStepCompleted: 'employer-rate',
      snapshot: mileageSnapshot({
        years: OFFERED_YEARS.map((y) => ({ year: y, miles: y === year ? 5_000 : 0, selected: y === year })),
        employerName: 'Example Build Co',
        personalInfo: {
          firstName: 'Priya',
          lastName: 'Filetest',
          email: 'priya.filetest@example.com',
          phone: uniqueWizardPhone(),
          homeAddress: '3 Sample Close, Hindley, Wigan',
        },
      }),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

function upload(
  request: APIRequestContext,
  sessionId: string,
  file: SampleFile,
  kind: 'evidence' | 'p60' = 'evidence',
  taxYear = NEWEST,
): Promise<APIResponse> {
  return request.post('/api/onboarding/files', {
    headers: headers(sessionId),
    multipart: {
      kind,
      ...(kind === 'evidence' ? { taxYear } : {}),
      file: { name: file.name, mimeType: file.mimeType, buffer: file.buffer },
    },
  });
}

interface UploadedFile {
  id: string;
  filename: string;
  url: string;
  type: string;
  size: number;
}

async function uploaded(res: APIResponse): Promise<UploadedFile> {
  expect([200, 201], await res.text()).toContain(res.status());
  const body = (await res.json()) as UploadedFile;
  expect(body.url).toBe(`/api/files/${body.id}`);
  return body;
}

test.describe('evidence files (D6)', () => {
  test('a renamed executable and an HTML page are refused by their bytes (415) and nothing is stored', async ({
    request,
  }) => {
    const sessionId = createSessionId();
    await startDraft(request, sessionId);

    const exe = await upload(request, sessionId, makeRenamedExecutable('evidence.pdf'));
    expect(exe.status()).toBe(415);
    expect(await exe.json()).toEqual({ error: EVIDENCE_REFUSED });
    const html = await upload(request, sessionId, makeHtmlAsPng('receipt.png'));
    expect(html.status()).toBe(415);
    expect(await html.json()).toEqual({ error: EVIDENCE_REFUSED });
    // The P60 list is narrower still.
    const p60 = await upload(request, sessionId, makeRenamedExecutable('p60.pdf'), 'p60');
    expect(p60.status()).toBe(415);
    expect(((await p60.json()) as { error?: string }).error).toMatch(/not allowed/);

    expect(await countStoredFiles(sessionId)).toBe(0);
    const row = (await findOnboardingClaims(sessionId))[0];
    expect(row?.evidence_files ?? null).toBeNull();
    // The same bytes as a real PDF go through, so the refusals were about the content.
    const pdf = await uploaded(
      await upload(request, sessionId, await makePdf('evidence.pdf', 'Mileage log (example)')),
    );
    expect(pdf.type).toBe('application/pdf');
    expect(await countStoredFiles(sessionId)).toBe(1);
  });

  test('an 11 MB file is refused with 413 and a clear message, and nothing is stored', async ({
    request,
  }) => {
    const sessionId = createSessionId();
    await startDraft(request, sessionId);
    const big = makeOversizedPdf('scan-of-logbook.pdf');
    expect(big.buffer.length).toBe(11 * 1024 * 1024);

    const evidence = await upload(request, sessionId, big);
    expect(evidence.status()).toBe(413);
    expect(await evidence.json()).toEqual({ error: TOO_LARGE });
    const p60 = await upload(request, sessionId, big, 'p60');
    expect(p60.status()).toBe(413);
    expect(await p60.json()).toEqual({ error: TOO_LARGE });

    expect(await countStoredFiles(sessionId)).toBe(0);
    // Just under the limit is accepted.
    const fits = makeOversizedPdf('fits.pdf', 10 * 1024 * 1024 - 4096);
    await uploaded(await upload(request, sessionId, fits));
    expect(await countStoredFiles(sessionId)).toBe(1);
  });

  test("another session can neither fetch nor delete a claimant's files", async ({ request }) => {
    const owner = createSessionId();
    const other = createSessionId();
    await startDraft(request, owner);
    await startDraft(request, other);
    const pdfFile = await makePdf('mileage-diary.pdf', 'Owner only (example)');
    const evidence = await uploaded(await upload(request, owner, pdfFile));
    const p60 = await uploaded(
      await upload(request, owner, await makePdf('p60.pdf', 'P60 (example)'), 'p60'),
    );

    for (const file of [evidence, p60]) {
      const fetched = await request.get(file.url, { headers: headers(other) });
      expect(fetched.status(), `GET ${file.filename} by another session`).toBe(404);
      expect(await fetched.text()).not.toContain('%PDF');
      const deleted = await request.delete(`/api/onboarding/files/${file.id}`, { headers: headers(other) });
      expect(deleted.status(), `DELETE ${file.filename} by another session`).toBe(404);
      // Without any session the answer is a plain refusal too.
      const anonymous = await request.get(file.url);
      expect(anonymous.status()).toBe(400);
      expect(await anonymous.text()).not.toContain('%PDF');
    }
    expect(await countStoredFiles(owner)).toBe(2);
    expect(await countStoredFiles(other)).toBe(0);

    // The owner still gets the bytes, as a download with the sniffed type.
    const mine = await request.get(evidence.url, { headers: headers(owner) });
    expect(mine.status()).toBe(200);
    expect(mine.headers()['content-type']).toBe('application/pdf');
    expect(mine.headers()['content-disposition']).toMatch(/^attachment; filename="mileage-diary\.pdf"/);
    expect(mine.headers()['cache-control']).toBe('private, no-store');
    expect(mine.headers()['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(await mine.body(), pdfFile.buffer)).toBe(0);
    // ...and may delete them; then they are gone for everyone.
    const removed = await request.delete(`/api/onboarding/files/${evidence.id}`, { headers: headers(owner) });
    expect(removed.status()).toBe(204);
    expect((await request.get(evidence.url, { headers: headers(owner) })).status()).toBe(404);
    expect((await listStoredFiles(owner)).map((f) => f.kind)).toEqual(['p60']);
  });

  test('a retried upload of the same bytes for the same year is stored once', async ({ request }) => {
    const sessionId = createSessionId();
    await startDraft(request, sessionId);
    const pdf = await makePdf('weekly-log.pdf', 'Week 12 business journeys (example)');

    const first = await uploaded(await upload(request, sessionId, pdf, 'evidence', NEWEST));
    const retry = await uploaded(await upload(request, sessionId, pdf, 'evidence', NEWEST));
    expect(retry.id).toBe(first.id);
    expect(await countStoredFiles(sessionId)).toBe(1);

    // Two copies sent at the same moment (a flaky connection) still make one record.
    const [a, b] = await Promise.all([
      upload(request, sessionId, pdf, 'evidence', SECOND),
      upload(request, sessionId, pdf, 'evidence', SECOND),
    ]);
    const [fa, fb] = [await uploaded(a), await uploaded(b)];
    expect(fa.id).toBe(fb.id);
    expect(fa.id).not.toBe(first.id);
    expect(await countStoredFiles(sessionId)).toBe(2);

    const stored = await listStoredFiles(sessionId);
    expect(stored.map((f) => f.tax_year).sort()).toEqual([NEWEST, SECOND].sort());
    // Storage keys are random, never the name or the session.
    const keys = stored.map((f) => String(f.storage_key));
    expect(new Set(keys).size).toBe(2);
    for (const key of keys) {
      expect(key).not.toContain('weekly-log');
      expect(key).not.toContain(sessionId);
    }
    // The claim lists the file once per year.
    const row = await waitForOnboardingClaim(sessionId, (r) => r.evidence_files !== null, 'evidence listed');
    const evidence = decodeJsonColumn(row.evidence_files) as Record<string, unknown[]>;
    expect(evidence[NEWEST]).toHaveLength(1);
    expect(evidence[SECOND]).toHaveLength(1);
  });

  test('two submits at once make one submission with one reference', async ({ request }) => {
    const sessionId = createSessionId();
    await saveClaimToStep7(request, sessionId, THIRD);
    await uploaded(
      await upload(request, sessionId, await makePdf('log.pdf', 'Log (example)'), 'evidence', THIRD),
    );
    const signature = `data:image/png;base64,${makePngBytes(600, 200, 3).toString('base64')}`;
    const signed = await request.post('/api/onboarding/signature', {
      headers: headers(sessionId),
      data: { signature, agreementChecks: { accuracy: true, authorization: true, terms: true } },
    });
    expect(signed.status(), await signed.text()).toBe(201);

    const submit = () =>
      request.post('/api/onboarding/submit', {
        headers: headers(sessionId),
        data: { niNumber: 'AB 12 34 56 C' },
      });
    const answers = await Promise.all([submit(), submit(), submit()]);
    const references = new Set<string>();
    for (const answer of answers) {
      expect(answer.status(), await answer.text()).toBe(200);
      references.add(((await answer.json()) as { submissionReference: string }).submissionReference);
    }
    expect(references.size).toBe(1);
    const [reference] = [...references];

    const rows = await findOnboardingClaims(sessionId);
    expect(rows).toHaveLength(1);
    const row = rows[0] ?? {};
    expect(row.status).toBe('submitted');
    expect(row.submission_reference).toBe(reference);
    expect(reference).toMatch(NEW_CLAIM_REFERENCE_PATTERN);

    // A later retry answers the same, and a submitted claim takes no more files.
    const later = await submit();
    expect(((await later.json()) as { submissionReference: string }).submissionReference).toBe(reference);
    const lateUpload = await upload(
      request,
      sessionId,
      await makePdf('late.pdf', 'Late (example)'),
      'evidence',
      THIRD,
    );
    expect(lateUpload.status()).toBe(409);
    expect((await findOnboardingClaims(sessionId))[0]?.submitted_at).toBe(row.submitted_at);
  });

  test('the wizard shows each refusal beside the file, and lists nothing', async ({ page, request }) => {
    const sessionId = createSessionId();
    await saveClaimToStep7(request, sessionId, NEWEST);
    // The wizard picks up the saved claim from this tab's session (as after a resume).
    await page.addInitScript((id) => window.sessionStorage.setItem('onboarding_session_id', id), sessionId);
    await page.goto('/onboarding');
    await expectStep(page, 'evidence', 'Evidence of your business mileage');
    const slug = yearSlug(NEWEST);
    const input = page.getByTestId(`evidence-upload-${slug}`);
    const errors = page.getByTestId(`evidence-upload-error-${slug}`);

    await input.setInputFiles(makeRenamedExecutable('evidence.pdf'));
    await expect(errors).toHaveCount(1);
    await expect(errors.first()).toContainText('evidence.pdf');
    await expect(errors.first()).toContainText(EVIDENCE_REFUSED);
    await input.setInputFiles(makeHtmlAsPng('receipt.png'));
    await expect(errors).toHaveCount(2);
    await expect(errors.nth(1)).toContainText('receipt.png');
    await expect(errors.nth(1)).toContainText(EVIDENCE_REFUSED);
    // Checked in the browser before sending: too large, and a type not on the list.
    await input.setInputFiles(makeOversizedPdf('huge-scan.pdf'));
    await expect(errors).toHaveCount(3);
    await expect(errors.nth(2)).toContainText('huge-scan.pdf');
    await expect(errors.nth(2)).toContainText(TOO_LARGE);
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(errors).toHaveCount(4);
    await expect(errors.nth(3)).toContainText(
      'This file type is not allowed. Upload a PDF, Word, Excel, CSV, JPG or PNG file.',
    );

    await expect(page.getByTestId(`evidence-files-${slug}`)).toHaveCount(0);
    await expectNoA11yViolations(page, 'wizard step 8 with refused files');
    expect(await countStoredFiles(sessionId)).toBe(0);

    // Dismissing a message removes just that one.
    await errors.first().getByRole('button', { name: 'Dismiss the message about evidence.pdf' }).click();
    await expect(errors).toHaveCount(3);
  });
});
