// The operators' back-office (issue 11, D11/D22): an admin made with `npm run admin:create` signs
// in with a second factor, finds claims made through the real journeys, works one through the
// D22 workflow, exports and reports; a caseworker cannot manage operators; sign-out ends it.
import { createHash } from 'node:crypto';
import { NEW_CLAIM_REFERENCE_PATTERN } from '@taxback/domain';
import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../helpers/a11y.ts';
import {
  changeStatus,
  createOperator,
  downloaded,
  search,
  signInWithTotp,
  submitMileageClaim,
  unique,
} from '../helpers/admin.ts';
import { queryRows } from '../helpers/db.ts';
import { postGeneralClaim, reachFilledForm, submitClaim } from '../helpers/funnel.ts';
import { extractPdfText } from '../helpers/sample-files.ts';

test.describe('operator back-office', () => {
  test('an admin made with admin:create enrols TOTP, finds and works claims, exports, reports and signs out', async ({
    page,
    browser,
  }) => {
    // A long journey on a shared machine: give it room rather than split the story.
    test.setTimeout(240_000);
    const id = unique();
    const affiliate = `e2e-partner-${id}`;
    const funnelLast = `Funnel${id}`;
    const mileageLast = `Mileage${id}`;

    // A funnel claim through the real pages, from an affiliate link.
    await reachFilledForm(
      page,
      {
        firstName: 'Fay',
        lastName: funnelLast,
        email: `fay.${id}@example.com`,
        phone: '07700 900123',
        expenses: ['travel', 'uniform'],
      },
      `/affiliate/${affiliate}`,
    );
    await submitClaim(page);
    // D30: no redirect by itself any more; the claimant chooses to finish later.
    await page.getByRole('button', { name: 'Finish later' }).click();
    await page.waitForURL(/\/marketing/, { timeout: 15_000 });
    const mileage = await submitMileageClaim(browser, {
      firstName: 'Milo',
      lastName: mileageLast,
      affiliate,
    });

    const email = `admin.${id}@example.com`;
    const password = `a long admin password ${id}`;
    createOperator(email, 'Ada Admin', 'admin', password, { viaNpm: true });
    await signInWithTotp(page, email, password, true);

    // Every admin page answers no-store and noindex.
    const pageResponse = await page.request.get('/admin/claims', { headers: { accept: 'text/html' } });
    expect(pageResponse.headers()['cache-control']).toBe('no-store');
    expect(pageResponse.headers()['x-robots-tag']).toContain('noindex');

    // The funnel claim by name.
    await search(page, funnelLast);
    await expectNoA11yViolations(page, 'admin claims list');
    const funnelRow = page.getByRole('row', { name: new RegExp(funnelLast) });
    await expect(funnelRow).toContainText('General');
    await expect(funnelRow).toContainText(affiliate);
    await funnelRow.getByRole('link').click();
    await expect(page.getByText('General claim')).toBeVisible();
    await expect(page.getByText('Yes: the claim matches what was signed')).toBeVisible();
    await expectNoA11yViolations(page, 'admin general claim detail');
    const [funnelSignature] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Download signature/ }).click(),
    ]);
    const funnelPng = await downloaded(funnelSignature);
    const [stored] = await queryRows(
      "SELECT f.sha256 FROM stored_files f JOIN form_responses c ON c.session_id = f.session_id WHERE c.last_name = $1 AND f.kind = 'signature'",
      [funnelLast],
    );
    expect(createHash('sha256').update(funnelPng).digest('hex')).toBe(stored?.sha256);

    // The mileage claim by reference.
    await page.getByRole('link', { name: 'Back to claims' }).click();
    await search(page, mileage.reference);
    const mileageRow = page.getByRole('row', { name: new RegExp(mileageLast) });
    await expect(mileageRow).toContainText('Mileage');
    await expect(mileageRow).toContainText('1 missing');
    await mileageRow.getByRole('link', { name: mileage.reference }).click();
    await expect(page.getByRole('heading', { name: mileage.reference, level: 1 })).toBeVisible();
    await expect(page.getByTestId('ni-number')).toHaveText('AB •• •• •• C');
    await expectNoA11yViolations(page, 'admin mileage claim detail');
    await page.getByRole('button', { name: 'Show National Insurance number' }).click();
    await expect(page.getByTestId('ni-number')).toHaveText('AB 12 34 56 C');

    const [evidenceDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Download evidence/ }).click(),
    ]);
    expect((await downloaded(evidenceDownload)).equals(mileage.evidence)).toBe(true);
    const [signatureDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Download signature/ }).click(),
    ]);
    // The drawn signature's bytes were not known in advance: the download is the stored file.
    const mileagePng = await downloaded(signatureDownload);
    expect(mileagePng.equals(mileage.signature)).toBe(true);
    const mileageStored = await queryRows(
      "SELECT f.sha256 FROM stored_files f JOIN onboarding_claims c ON c.session_id = f.session_id WHERE c.submission_reference = $1 AND f.kind = 'signature'",
      [mileage.reference],
    );
    expect(mileageStored).toHaveLength(1);
    expect(createHash('sha256').update(mileagePng).digest('hex')).toBe(mileageStored[0]?.sha256);

    const [worksheet] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the P87 worksheet (PDF)' }).click(),
    ]);
    const worksheetText = extractPdfText(await downloaded(worksheet));
    expect(worksheetText).toContain(`P87 worksheet: claim ${mileage.reference}`);
    expect(worksheetText).toContain('MISSING - ask the claimant');

    // submitted → in review → information requested → in review; "ready for HMRC" refused.
    await changeStatus(page, 'In review');
    await expect(page.getByTestId('claim-status')).toHaveText('In review');
    await changeStatus(page, 'Information requested');
    await expect(page.getByRole('alert')).toContainText('Enter the reason for this change');
    await changeStatus(page, 'Information requested', 'Please send a payslip showing your PAYE reference');
    await expect(page.getByTestId('claim-status')).toHaveText('Information requested');
    await changeStatus(page, 'In review');
    await expect(page.getByTestId('claim-status')).toHaveText('In review');
    await changeStatus(page, 'Ready for HMRC');
    await expect(page.getByRole('alert')).toContainText('not ready for HMRC');
    await expect(page.getByRole('alert')).toContainText('Employer PAYE reference (employment 1)');
    await expect(page.getByTestId('claim-status')).toHaveText('In review');
    await expectNoA11yViolations(page, 'admin claim detail with a refused status change');
    const [row] = await queryRows(
      'SELECT status, version FROM onboarding_claims WHERE submission_reference = $1',
      [mileage.reference],
    );
    expect(row).toMatchObject({ status: 'in-review' });
    expect(Number(row?.version)).toBe(3);
    const history = await queryRows(
      'SELECT h.to_status, h.reason FROM claim_status_history h JOIN onboarding_claims c ON c.id = h.claim_id WHERE c.submission_reference = $1 ORDER BY h.version',
      [mileage.reference],
    );
    expect(history.map((h) => h.to_status)).toEqual(['in-review', 'information-requested', 'in-review']);
    const audited = await queryRows(
      "SELECT a.action FROM audit_events a JOIN onboarding_claims c ON c.id = a.entity_id WHERE c.submission_reference = $1 AND a.action = 'ni-revealed'",
      [mileage.reference],
    );
    expect(audited).toHaveLength(1);

    // CSV export of the filtered list.
    await page.getByRole('link', { name: 'Back to claims' }).click();
    await search(page, mileage.reference);
    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export these claims as CSV' }).click(),
    ]);
    const csv = (await downloaded(csvDownload)).toString('utf8');
    expect(csv).toContain(mileage.reference);
    expect(csv).toContain(`Milo ${mileageLast}`);
    expect(csv).not.toContain('AB 12 34 56 C');

    // At 320 px the list scrolls its table, never the page.
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The affiliate report counts both claims.
    await page.getByRole('link', { name: 'Affiliate report', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Affiliate report' })).toBeVisible();
    const reportRow = page.getByRole('row', { name: new RegExp(affiliate) });
    await expect(reportRow.getByRole('cell').nth(0)).toHaveText('2');
    await expect(reportRow.getByRole('cell').nth(1)).toHaveText('2');
    await expectNoA11yViolations(page, 'admin affiliate report');

    // Operators and the audit log (admins).
    await page.getByRole('link', { name: 'Operators', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Operators' })).toBeVisible();
    await expectNoA11yViolations(page, 'admin operators');
    await page.getByRole('link', { name: 'Audit log', exact: true }).click();
    await expect(page.getByRole('cell', { name: 'National Insurance number shown' }).first()).toBeVisible();
    await expectNoA11yViolations(page, 'admin audit log');
    // Filtered to this admin's file downloads: the funnel claim's signature, the mileage claim's
    // evidence and signature, and nothing else.
    const [operator] = await queryRows('SELECT id FROM operator_users WHERE email = $1', [email]);
    const operatorId = String(operator?.id);
    const downloads = await queryRows(
      "SELECT entity_id, detail FROM audit_events WHERE actor = $1 AND action = 'file-downloaded'",
      [operatorId],
    );
    expect(downloads).toHaveLength(3);
    await page.getByLabel('Operator', { exact: true }).selectOption({ label: `Ada Admin (${email})` });
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'File downloaded' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/admin/audit' &&
        url.searchParams.get('actor') === operatorId &&
        url.searchParams.get('action') === 'file-downloaded',
    );
    const auditStatus = page.getByRole('status').filter({ hasText: /^(Page \d+: \d+ events?|No events)/ });
    await expect(auditStatus).toHaveText('Page 1: 3 events');
    const auditRows = page.getByRole('region', { name: 'Audit events' }).locator('tbody').getByRole('row');
    await expect(auditRows).toHaveCount(3);
    const shown = /^Page 1: (\d+) events?$/.exec((await auditStatus.textContent()) ?? '');
    expect(Number(shown?.[1])).toBe(await auditRows.count());
    for (const auditRow of await auditRows.all()) {
      const cells = auditRow.getByRole('cell');
      await expect(cells.nth(2)).toHaveText('File downloaded');
      const by = cells.nth(1).getByRole('link');
      await expect(by).toHaveText('Ada Admin');
      const href = new URL((await by.getAttribute('href')) ?? '', page.url());
      expect(href.searchParams.get('actor')).toBe(operatorId);
    }
    // Each row names the file by its kind (issue 32.5: labels, not ids): the events' own kinds.
    const kindLabels: Record<string, string> = { evidence: 'Evidence', signature: 'Signature' };
    expect((await auditRows.locator('td:nth-child(4)').allTextContents()).sort()).toEqual(
      downloads
        .map((d) => `File: ${kindLabels[(JSON.parse(String(d.detail)) as { kind: string }).kind] ?? '?'}`)
        .sort(),
    );
    expect((await auditRows.locator('td:nth-child(4)').allTextContents()).sort()).toEqual([
      'File: Evidence',
      'File: Signature',
      'File: Signature',
    ]);
    await expectNoA11yViolations(page, 'admin audit log filtered');

    // Sign-out ends the session.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/admin/sign-in');
    expect((await page.request.get('/api/admin/me')).status()).toBe(401);
    await page.goto('/admin/claims');
    await expect(page).toHaveURL('/admin/sign-in');
  });

  test('a caseworker sees possible duplicates on a claim and works the call-back list (issue 17, D27)', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const id = unique();
    // Two general claims from different sessions with the same mobile number, typed two ways.
    const digits = String(100_000 + Math.floor(Math.random() * 899_999)).slice(0, 6);
    const phone = `07700 ${digits}`;
    const claimIds: string[] = [];
    const claimReferences: string[] = [];
    for (const [first, typed] of [
      ['Dora', phone],
      ['Dan', `+44 7700 ${digits}`],
    ] as const) {
      const created = await postGeneralClaim(request, {
        firstName: first,
        lastName: `Dup${id}`,
        email: `${first.toLowerCase()}.${id}@example.com`,
        phone: typed,
      });
      claimIds.push(created.id);
      claimReferences.push(created.reference);
    }
    // Decision 053: general claims have grouped references like mileage claims.
    const [doraReference, danReference] = claimReferences as [string, string];
    expect(doraReference).toMatch(NEW_CLAIM_REFERENCE_PATTERN);
    // A self-employed claimant asked for a call back, with consent.
    const callBackName = `Sam Trader ${id}`;
    const asked = await request.post('/api/call-backs', {
      data: { name: callBackName, phone: '07700 900321', consent: true },
    });
    expect(asked.status()).toBe(201);

    const email = `dup.${id}@example.com`;
    const password = `a long caseworker password ${id}`;
    createOperator(email, 'Dee Worker', 'caseworker', password);
    await signInWithTotp(page, email, password, false);

    await search(page, `Dup${id}`);
    await page.getByRole('row', { name: /Dora/ }).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: doraReference })).toBeVisible();
    const duplicates = page.getByTestId('possible-duplicates');
    await expect(duplicates.getByRole('heading', { name: 'Possible duplicates' })).toBeVisible();
    await expect(duplicates).toContainText(`${danReference} (general, submitted`);
    await expect(duplicates).toContainText('same phone number');
    await expect(duplicates).not.toContainText('same email address');
    await expectNoA11yViolations(page, 'admin claim with a possible duplicate');
    // Each claim points at the other; neither was merged.
    await duplicates.getByRole('link', { name: danReference }).click();
    await expect(page.getByRole('heading', { level: 1, name: danReference })).toBeVisible();
    await expect(
      page.getByTestId('possible-duplicates').getByRole('link', { name: doraReference }),
    ).toBeVisible();
    const stored = await queryRows('SELECT id FROM form_responses WHERE last_name = $1 ORDER BY id', [
      `Dup${id}`,
    ]);
    expect(stored.map((r) => r.id)).toEqual([...claimIds].sort());

    // The call-back list: the request is there until removed, then its name and number are gone.
    await page.getByRole('link', { name: 'Call-back requests', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Call-back requests' })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(callBackName) });
    // Kept in international form, ready to dial.
    await expect(row).toContainText('+447700900321');
    await expectNoA11yViolations(page, 'admin call-back requests');
    await row.getByRole('button', { name: `Remove the request from ${callBackName}` }).click();
    await expect(page.getByTestId('call-backs-message')).toHaveText(
      `Removed the request from ${callBackName}.`,
    );
    await expect(page.getByRole('row', { name: new RegExp(callBackName) })).toHaveCount(0);
    expect(await queryRows('SELECT id FROM call_back_requests WHERE name = $1', [callBackName])).toEqual([]);
  });

  test('an admin makes a caseworker an admin and sets their password; they sign in with it', async ({
    page,
  }) => {
    // Two operators made by the CLI (npm and tsx start each time), two sign-ins and three scans.
    test.setTimeout(90_000);
    const id = unique();
    const adminEmail = `boss.${id}@example.com`;
    const adminPassword = `a long admin password ${id}`;
    createOperator(adminEmail, 'Bea Boss', 'admin', adminPassword);
    const workerEmail = `promoted.${id}@example.com`;
    const workerName = `Pat Worker ${id}`;
    createOperator(workerEmail, workerName, 'caseworker', `a first caseworker password ${id}`);
    await signInWithTotp(page, adminEmail, adminPassword, false);

    await page.getByRole('link', { name: 'Operators', exact: true }).click();
    const row = page.getByRole('row', { name: new RegExp(workerName) });
    await expect(row.getByRole('cell').nth(2)).toHaveText('Caseworker');

    // The role, by keyboard.
    await row.getByRole('button', { name: `Make admin ${workerName}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText(`${workerName}: now an admin, and signed out`);
    await expect(row.getByRole('cell').nth(2)).toHaveText('Admin');
    const [stored] = await queryRows('SELECT id, role FROM operator_users WHERE email = $1', [workerEmail]);
    expect(stored?.role).toBe('admin');

    // A new password: the form takes focus; a short one is refused with the field named.
    await row.getByRole('button', { name: `Set a new password for ${workerName}` }).click();
    await expect(page.getByRole('heading', { name: `Set a new password for ${workerName}` })).toBeFocused();
    await page.getByLabel('New password', { exact: true }).fill('too short');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('alert')).toContainText('The password must be at least 12 characters');
    await expectNoA11yViolations(page, 'admin operators, new password form with an error');
    const newPassword = `a brand new password ${id}`;
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('status')).toHaveText(
      `${workerName}: new password set and signed out everywhere. Give it to them in person or by phone.`,
    );
    await expect(page.getByRole('heading', { name: /^Set a new password for/ })).toHaveCount(0);

    // Each change audited once, with what changed.
    const changes = await queryRows(
      "SELECT detail FROM audit_events WHERE action = 'operator-changed' AND entity_id = $1 ORDER BY created_at",
      [String(stored?.id)],
    );
    const details = changes.map((c) => (typeof c.detail === 'string' ? JSON.parse(c.detail) : c.detail));
    expect(details).toEqual([{ change: 'set-role', role: 'admin' }, { change: 'reset-password' }]);

    // The background jobs page (admins): what is waiting and what failed, scanned like every admin page.
    await page.getByRole('link', { name: 'Background jobs', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Background jobs' })).toBeVisible();
    await expect(page.getByTestId('jobs-retrying')).toHaveText(
      /^(1 job is|\d+ jobs are) waiting to try again\.$/,
    );
    await expectNoA11yViolations(page, 'admin background jobs');

    // The promoted operator signs in with the new password and can manage operators.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/admin/sign-in');
    await signInWithTotp(page, workerEmail, newPassword, false);
    await page.getByRole('link', { name: 'Operators', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Operators' })).toBeVisible();
  });

  test('a caseworker cannot manage operators', async ({ page }) => {
    const id = unique();
    const email = `case.${id}@example.com`;
    const password = `a long caseworker password ${id}`;
    createOperator(email, 'Cas Worker', 'caseworker', password);
    await signInWithTotp(page, email, password, false);
    await expect(page.getByRole('link', { name: 'Operators', exact: true })).toHaveCount(0);
    await page.goto('/admin/operators');
    await expect(page.getByRole('heading', { name: 'You cannot open this page' })).toBeVisible();
    // The operators' title, not the claimant site's (issue 32.5).
    await expect(page).toHaveTitle('You cannot open this page – TaxBack operators');
    expect((await page.request.get('/api/admin/operators')).status()).toBe(403);
  });
});
