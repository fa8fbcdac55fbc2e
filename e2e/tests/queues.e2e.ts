// Issue 29 (D34, D35): two caseworkers and an admin share a morning's queue. "Take next" gives
// each the oldest claim waiting; the admin allocates the next 3 of a filtered pool in one step;
// My claims shows each claim's flags; a caseworker cannot change a colleague's claim; the admin
// reallocates; the audit log shows every move. A claim is sent (post, tracked) and repaid, the
// admin corrects the amount with a reason, the history keeps both, and the CSV carries it all.
import { readFile } from 'node:fs/promises';
import { NEW_CLAIM_REFERENCE_PATTERN } from '@taxback/domain';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../helpers/a11y.ts';
import { changeStatus, createOperator, search, signInWithTotp, unique } from '../helpers/admin.ts';
import { executeSql, queryRows } from '../helpers/db.ts';
import { postGeneralClaim } from '../helpers/funnel.ts';

// Each claim's reference as the API answered it ('TB 4K7 9MX 2QH', decision 053), by claim id.
const references = new Map<string, string>();
const reference = (id: string) => references.get(id) ?? '';

async function operatorPage(browser: Browser, name: string, role: 'admin' | 'caseworker', id: string) {
  const email = `${name.toLowerCase()}.${id}@example.com`;
  const password = `a long ${role} password ${id}`;
  createOperator(email, `${name} ${id}`, role, password);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithTotp(page, email, password, false);
  return page;
}

async function fitsAt320(page: Page, what: string) {
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(320);
  await expectNoA11yViolations(page, `${what} at 320 px`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function ownerOf(claimId: string): Promise<unknown> {
  const [row] = await queryRows(
    'SELECT o.name AS name FROM form_responses c LEFT JOIN operator_users o ON o.id = c.owner_id WHERE c.id = $1',
    [claimId],
  );
  return row?.name ?? null;
}

test('two caseworkers and an admin share the queue; sending and repayment go on the record (issue 29)', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const id = unique();
  const last = `Queue${id}`;
  // Six general claims, made as claimants make them, then dated in 2020 so they are the oldest
  // waiting whatever else this run's other specs submit.
  const names = ['Ann', 'Ben', 'Cat', 'Dan', 'Eve', 'Fay'] as const;
  const claims: Record<string, string> = {};
  for (const [i, first] of names.entries()) {
    const created = await postGeneralClaim(request, {
      firstName: first,
      lastName: last,
      email: `${first.toLowerCase()}.${id}@example.com`,
    });
    const claimId = created.id;
    expect(created.reference).toMatch(NEW_CLAIM_REFERENCE_PATTERN);
    references.set(claimId, created.reference);
    claims[first] = claimId;
    await executeSql('UPDATE form_responses SET created_at = $1 WHERE id = $2', [
      `2020-01-01T08:0${i}:00.000Z`,
      claimId,
    ]);
  }
  const [ann, ben, cat, dan, eve] = names.map((n) => claims[n]!) as [string, string, string, string, string];

  const alice = await operatorPage(browser, 'Alice', 'caseworker', id);
  const bob = await operatorPage(browser, 'Bob', 'caseworker', id);
  const admin = await operatorPage(browser, 'Ada', 'admin', id);

  // Alice: the Unallocated queue, oldest first; "Take next" opens the oldest claim, now hers.
  await alice.getByRole('link', { name: /^Unallocated \(\d+\)$/ }).click();
  await expect(alice.getByRole('status').filter({ hasText: /^Unallocated: / })).toBeVisible();
  await expectNoA11yViolations(alice, 'claims page, Unallocated queue');
  await fitsAt320(alice, 'claims page, Unallocated queue');
  await alice.getByRole('button', { name: 'Take next' }).click();
  await expect(alice.getByRole('heading', { level: 1, name: reference(ann) })).toBeVisible();
  await expect(alice.getByTestId('claim-owner')).toHaveText(`Alice ${id} owns this claim (you).`);
  await expectNoA11yViolations(alice, 'claim page with its owner');
  await fitsAt320(alice, 'claim page with its owner');

  // Bob gets the next one.
  await bob.getByRole('button', { name: 'Take next' }).click();
  await expect(bob.getByRole('heading', { level: 1, name: reference(ben) })).toBeVisible();
  expect(await ownerOf(ann)).toBe(`Alice ${id}`);
  expect(await ownerOf(ben)).toBe(`Bob ${id}`);

  // The admin filters the pool to these claims and allocates the next 3 to Alice in one step.
  await admin.getByRole('link', { name: /^Unallocated \(\d+\)$/ }).click();
  await search(admin, last);
  const pool = admin.getByRole('region', { name: 'Claims table' }).locator('tbody tr');
  await expect(pool).toHaveCount(4);
  await expect(pool.first()).toContainText(reference(cat));
  await expect(admin.getByRole('link', { name: 'Unallocated (4)' })).toBeVisible();
  await admin.getByLabel('How many claims').fill('3');
  await admin.getByLabel('Allocate to').selectOption({ label: `Alice ${id} (caseworker)` });
  await admin.getByRole('button', { name: 'Allocate', exact: true }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'claims allocated' })).toHaveText(
    `3 claims allocated to Alice ${id}.`,
  );
  await expect(admin.getByRole('link', { name: 'Unallocated (1)' })).toBeVisible();
  await expectNoA11yViolations(admin, 'claims page with Allocate claims');
  for (const claimId of [cat, dan, eve]) expect(await ownerOf(claimId)).toBe(`Alice ${id}`);

  // What other features record (replies, due dates, amendments, messages) shows as flags.
  await executeSql('UPDATE form_responses SET reply_received_at = $1 WHERE id = $2', [
    new Date().toISOString(),
    cat,
  ]);
  await executeSql(
    "UPDATE form_responses SET reply_due_on = '2020-02-01', status = 'information-requested' WHERE id = $1",
    [dan],
  );
  await executeSql(
    'UPDATE form_responses SET superseded_authorities = 1, operator_unread_count = 2 WHERE id = $1',
    [eve],
  );

  // Alice's My claims: four, each with its flags.
  await alice.goto('/admin/claims');
  await alice.getByRole('link', { name: /^My claims \(\d+\)$/ }).click();
  await expect(alice.getByRole('link', { name: 'My claims (4)' })).toBeVisible();
  const mine = alice.getByRole('region', { name: 'Claims table' }).locator('tbody tr');
  await expect(mine).toHaveCount(4);
  const row = (claimId: string) => mine.filter({ hasText: reference(claimId) });
  await expect(row(ann).getByTestId('claim-flags')).toContainText('P87:');
  await expect(row(cat).getByTestId('claim-flags')).toContainText('Reply received');
  await expect(row(dan).getByTestId('claim-flags')).toContainText('Overdue');
  await expect(row(eve).getByTestId('claim-flags')).toContainText('Authority superseded');
  await expect(row(eve).getByTestId('claim-flags')).toContainText('2 unread messages');
  await expect(row(cat)).toContainText(`Alice ${id}`);
  await expectNoA11yViolations(alice, 'claims page, My claims with flags');
  await fitsAt320(alice, 'claims page, My claims with flags');

  // Bob cannot change Alice's claim: refused with a message, nothing stored.
  await bob.goto(`/admin/claims/${cat}`);
  await expect(bob.getByRole('heading', { level: 1, name: reference(cat) })).toBeVisible();
  await changeStatus(bob, 'In review');
  await expect(bob.getByRole('alert').first()).toContainText(
    `This claim is owned by Alice ${id}. Only its owner or an admin can change it.`,
  );
  const [catRow] = await queryRows('SELECT status, version FROM form_responses WHERE id = $1', [cat]);
  expect(catRow).toMatchObject({ status: 'submitted', version: 0 });

  // The admin reallocates Eve's claim to Bob, saying why.
  await admin.goto(`/admin/claims/${eve}`);
  await expect(admin.getByTestId('claim-owner')).toHaveText(`Alice ${id} owns this claim.`);
  await admin.getByLabel('Allocate to').selectOption({ label: `Bob ${id}` });
  await admin.getByLabel('Why it moves').fill('Alice is on leave');
  await admin.getByRole('button', { name: 'Allocate', exact: true }).click();
  await expect(admin.getByTestId('claim-owner')).toHaveText(`Bob ${id} owns this claim.`);
  expect(await ownerOf(eve)).toBe(`Bob ${id}`);

  // The audit log shows each move: who, which claim, how and why.
  await admin.getByRole('link', { name: 'Audit log' }).click();
  await admin.getByLabel('Action').selectOption('claim-allocated');
  await admin.getByRole('button', { name: 'Apply filters' }).click();
  const events = admin.getByRole('region', { name: 'Audit events' }).locator('tbody tr');
  const moves: Array<[string, string, string]> = [
    [ann, `Alice ${id}`, 'how: take-next'],
    [ben, `Bob ${id}`, 'how: take-next'],
    [cat, `Ada ${id}`, 'how: allocate-next'],
    [dan, `Ada ${id}`, 'how: allocate-next'],
    [eve, `Ada ${id}`, 'how: allocate-next'],
    [eve, `Ada ${id}`, 'reason: Alice is on leave'],
  ];
  for (const [claimId, who, how] of moves)
    await expect(
      events.filter({ hasText: `reference: ${reference(claimId)}` }).filter({ hasText: how }),
    ).toContainText(who);
  await expectNoA11yViolations(admin, 'audit log of allocations');

  // Sending and repayment: Ann's claim is ready for HMRC (its P87 items are another feature's).
  await executeSql("UPDATE form_responses SET status = 'ready-for-hmrc' WHERE id = $1", [ann]);
  await alice.goto(`/admin/claims/${ann}`);
  await alice.getByLabel('New status').selectOption({ label: 'Sent to HMRC' });
  await alice.getByLabel('How it was sent').selectOption({ label: 'Post' });
  await alice.getByLabel('Tracking reference (optional)').fill('RR123456785GB');
  await expectNoA11yViolations(alice, 'claim page, sending to HMRC');
  await alice.getByRole('button', { name: 'Change status' }).click();
  await expect(alice.getByTestId('claim-status')).toHaveText('Sent to HMRC');
  await expect(alice.getByTestId('hmrc-records')).toContainText('by Post, tracking RR123456785GB');
  await alice.getByLabel('New status').selectOption({ label: 'Repaid' });
  await alice.getByLabel('Amount HMRC repaid, in pounds').fill('250.00');
  await alice.getByRole('button', { name: 'Change status' }).click();
  await expect(alice.getByTestId('claim-status')).toHaveText('Repaid');
  const [sent] = await queryRows(
    'SELECT sent_method, sent_tracking, sent_on, repaid_pence, repaid_on FROM form_responses WHERE id = $1',
    [ann],
  );
  expect(sent).toMatchObject({ sent_method: 'post', sent_tracking: 'RR123456785GB', repaid_pence: 25_000 });
  expect(String(sent?.sent_on)).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  // The admin corrects the amount with a reason; the history shows both amounts.
  await admin.goto(`/admin/claims/${ann}`);
  await admin.getByLabel('Amount HMRC repaid, in pounds').fill('275.50');
  await admin.getByLabel('Reason for the correction').fill('HMRC’s letter says £275.50');
  await admin.getByRole('button', { name: 'Correct the record' }).click();
  const history = admin.getByTestId('hmrc-records');
  await expect(history).toContainText('HMRC repaid £275.50');
  await expect(history).toContainText('HMRC repaid £250.00');
  await expect(history).toContainText('Reason: HMRC’s letter says £275.50');
  await expectNoA11yViolations(admin, 'claim page with the sending and repayment history');
  await fitsAt320(admin, 'claim page with the sending and repayment history');
  const [repaid] = await queryRows(
    'SELECT repaid_pence, fee_pence, claimant_pence FROM form_responses WHERE id = $1',
    [ann],
  );
  expect(Number(repaid?.repaid_pence)).toBe(27_550);
  expect(Number(repaid?.fee_pence) + Number(repaid?.claimant_pence)).toBe(27_550);

  // The CSV holds owner, sending, repayment, fee and what the claimant receives.
  await admin.goto('/admin/claims');
  await search(admin, last);
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('link', { name: 'Export these claims as CSV' }).click(),
  ]);
  const csv = (await readFile(await download.path())).toString('utf8');
  const [header, ...lines] = csv.trim().split('\r\n');
  for (const column of [
    'Owner',
    'Sent to HMRC on',
    'Sent by',
    'HMRC repaid (GBP)',
    'Repaid on',
    'Our fee incl. VAT (GBP)',
    'Claimant receives (GBP)',
  ])
    expect(header).toContain(column);
  const annLine = lines.find((l) => l.startsWith(reference(ann))) ?? '';
  expect(annLine).toContain(`Alice ${id}`);
  expect(annLine).toMatch(/,\d{4}-\d{2}-\d{2},Post,275\.50,\d{4}-\d{2}-\d{2},\d+\.\d{2},\d+\.\d{2}$/);
});
