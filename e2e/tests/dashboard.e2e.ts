// Issue 45: an admin reads the dashboard. Claims made here come from two affiliates of this test's
// own, dated in March 2018 (a month no other spec uses) and closed, so no queue of another spec
// ever picks them: the figures on the page, in a chart's table and in its CSV are these claims'.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../helpers/a11y.ts';
import { createOperator, downloaded, fillDate, signInWithTotp, unique } from '../helpers/admin.ts';
import { executeSql } from '../helpers/db.ts';
import { postGeneralClaim } from '../helpers/funnel.ts';
import { expectNoSidewaysScroll, tabTo } from '../helpers/wizard.ts';

interface Made {
  at: string;
  affiliate: 'a' | 'b';
  status: string;
  sentOn?: string;
  repaid?: { on: string; pence: number; fee: number };
}

// Weeks of 2018: Monday 5 March and Monday 12 March.
const CLAIMS: Made[] = [
  {
    at: '2018-03-06T12:00:00.000Z',
    affiliate: 'a',
    status: 'repaid',
    sentOn: '2018-03-07',
    repaid: { on: '2018-03-14', pence: 10_000, fee: 2_000 },
  },
  { at: '2018-03-07T09:30:00.000Z', affiliate: 'a', status: 'withdrawn' },
  { at: '2018-03-13T15:00:00.000Z', affiliate: 'b', status: 'rejected', sentOn: '2018-03-13' },
];

async function makeClaims(page: Page, affiliates: Record<'a' | 'b', string>, id: string) {
  for (const [i, claim] of CLAIMS.entries()) {
    const created = await postGeneralClaim(page.request, {
      firstName: `Dash${i}`,
      lastName: `Board${id}`,
      email: `dash${i}.${id}@example.com`,
    });
    await executeSql(
      `UPDATE form_responses SET created_at = $1, affiliate_name = $2, status = $3, sent_on = $4,
         repaid_on = $5, repaid_pence = $6, fee_pence = $7, claimant_pence = $8 WHERE id = $9`,
      [
        claim.at,
        affiliates[claim.affiliate],
        claim.status,
        claim.sentOn ?? null,
        claim.repaid?.on ?? null,
        claim.repaid?.pence ?? null,
        claim.repaid?.fee ?? null,
        claim.repaid ? claim.repaid.pence - claim.repaid.fee : null,
        created.id,
      ],
    );
  }
}

async function scanAtBothWidths(page: Page, where: string) {
  await expectNoA11yViolations(page, `${where} at 1280 px`);
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoA11yViolations(page, `${where} at 320 px`);
  await expectNoSidewaysScroll(page, `${where} at 320 px`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** A section's table alternative, opened from the keyboard; its body rows as lists of cells. */
async function openTable(page: Page, where: Locator): Promise<string[][]> {
  // Left open by an earlier look (the page keeps it open when the filters change).
  const open = await where.locator('details').evaluate((d) => (d as HTMLDetailsElement).open);
  if (!open) {
    await tabTo(page, where.getByText('Show as a table'), 200);
    await page.keyboard.press('Enter');
  }
  const table = where.getByRole('table');
  await expect(table).toBeVisible();
  const rows = table.locator('tbody tr');
  const out: string[][] = [];
  for (const row of await rows.all())
    out.push((await row.locator('th, td').allInnerTexts()).map((t) => t.trim()));
  return out;
}

async function applyFilters(page: Page, affiliate: string) {
  await fillDate(page, 'From', ['1', '3', '2018']);
  await fillDate(page, 'To', ['31', '3', '2018']);
  await page.getByLabel(/^Affiliate/).fill(affiliate);
  await page.getByRole('button', { name: 'Show the dashboard' }).click();
  await expect(page.getByTestId('dashboard-range')).toContainText(
    `Showing all claims from the affiliate ${affiliate}, from 1 Mar 2018 to 31 Mar 2018`,
  );
}

test('an admin reads the dashboard: a range and an affiliate, a chart’s table and its CSV (issue 45)', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const id = unique();
  const affiliates = { a: `dash-a-${id}`, b: `dash-b-${id}` };
  const context = await browser.newContext();
  const page = await context.newPage();
  await makeClaims(page, affiliates, id);

  const email = `dash.${id}@example.com`;
  const password = `a long dashboard password ${id}`;
  createOperator(email, `Dana ${id}`, 'admin', password);
  await signInWithTotp(page, email, password, false);
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('dashboard-range')).toContainText(
    'the last 12 weeks, as no dates were given.',
  );
  // Every chart drawn (uPlot's canvas, loaded with the dashboard only).
  await expect(page.getByRole('img', { name: /^Chart of / })).toHaveCount(6);
  await expect(page.locator('[data-testid="dashboard-chart"] canvas')).toHaveCount(6);
  await scanAtBothWidths(page, 'the dashboard');

  // March 2018, affiliate A: two claims in the week of 5 March, one repaid in the week of 12 March.
  await applyFilters(page, affiliates.a);
  await expect(page).toHaveURL(new RegExp(`from=2018-03-01&to=2018-03-31.*affiliate=${affiliates.a}`));
  const intake = await openTable(page, section(page, 'Claims submitted per week'));
  expect(intake).toEqual([['5 Mar 2018', affiliates.a, '2', '0', '2']]);
  const money = section(page, 'Repaid, fees and what claimants received per week');
  expect(await openTable(page, money)).toEqual([
    ['26 Feb 2018', '0', '£0.00', '£0.00', '£0.00'],
    ['5 Mar 2018', '0', '£0.00', '£0.00', '£0.00'],
    ['12 Mar 2018', '1', '£100.00', '£20.00', '£80.00'],
    ['19 Mar 2018', '0', '£0.00', '£0.00', '£0.00'],
    ['26 Mar 2018', '0', '£0.00', '£0.00', '£0.00'],
  ]);
  const times = await openTable(page, section(page, 'Days from claim to repayment'));
  expect(times.at(-1)).toEqual(['All weeks', '1', '8', '8']);
  await scanAtBothWidths(page, 'the dashboard with its tables open');

  // The money section's CSV: the same figures, pence as pounds.
  const downloading = page.waitForEvent('download');
  await money.getByRole('link', { name: /Download as CSV/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('dashboard-money-2018-03-01-to-2018-03-31.csv');
  const csv = (await downloaded(download))
    .toString('utf8')
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
  expect(csv[0]).toEqual([
    'Week starting',
    'Claims repaid',
    'HMRC repaid',
    'Our fees incl. VAT',
    'Claimants received',
  ]);
  expect(csv.slice(1).find((r) => r[0] === '2018-03-12')).toEqual([
    '2018-03-12',
    '1',
    '100.00',
    '20.00',
    '80.00',
  ]);
  expect(csv.slice(1).reduce((sum, r) => sum + Number(r[1]), 0)).toBe(1);

  // Affiliate B: one claim in the week of 12 March, sent to HMRC that week.
  await applyFilters(page, affiliates.b);
  const intakeB = await openTable(page, section(page, 'Claims submitted per week'));
  expect(intakeB).toEqual([['12 Mar 2018', affiliates.b, '1', '0', '1']]);
  const hmrc = await openTable(page, section(page, 'Sent to HMRC and HMRC’s answers per week'));
  expect(hmrc.find((r) => r[0] === '12 Mar 2018')).toEqual(['12 Mar 2018', '1', '0', '0', '0', '0']);

  // One week: each chart still draws its single point.
  await fillDate(page, 'From', ['12', '3', '2018']);
  await fillDate(page, 'To', ['18', '3', '2018']);
  await page.getByRole('button', { name: 'Show the dashboard' }).click();
  await expect(page.getByTestId('dashboard-range')).toContainText('from 12 Mar 2018 to 18 Mar 2018');
  await expect(page.locator('[data-testid="dashboard-chart"] canvas')).toHaveCount(6);
  expect(await openTable(page, section(page, 'Claims submitted per week'))).toEqual([
    ['12 Mar 2018', affiliates.b, '1', '0', '1'],
  ]);
  await context.close();
});
