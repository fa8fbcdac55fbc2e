// The claimant's status page in end-to-end tests: the texted code from the offline SMS outbox,
// the sign-in from a text's link, and the accessibility scans at both widths.
import { expect, type Page } from '@playwright/test';
import { normaliseUkPhone } from '@taxback/domain';
import { expectNoA11yViolations } from './a11y.ts';
import { queryRows } from './db.ts';
import { expectNoSidewaysScroll } from './wizard.ts';

/** The codes already used: a second sign-in waits for its own code, not the last one's. */
const usedCodes = new Set<string>();

export async function statusCode(phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const rows = await queryRows(
        "SELECT body FROM sms_outbox WHERE to_phone = $1 AND template = 'status-code' ORDER BY created_at DESC",
        [normaliseUkPhone(phone)],
      );
      code = /is (\d{6})\./.exec(String(rows[0]?.body ?? ''))?.[1] ?? '';
      return usedCodes.has(code) ? '' : code;
    })
    .toMatch(/^\d{6}$/);
  usedCodes.add(code);
  return code;
}

/** Opens the text's link and signs in with the texted code. */
export async function signInFromText(page: Page, link: string, phone: string): Promise<void> {
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await page.getByLabel('Enter the 6-digit code').fill(await statusCode(phone));
  await page.getByRole('button', { name: 'Show my claim' }).click();
  await expect(page.getByRole('heading', { name: 'Your claim', exact: true })).toBeVisible();
}

/** axe at the default width and at 320 px; at 320 px nothing sideways, the whole page. */
export async function scanAtBothWidths(page: Page, where: string): Promise<void> {
  await expectNoA11yViolations(page, where);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoA11yViolations(page, `${where} at 320 px`);
  await expectNoSidewaysScroll(page, where);
  if (size) await page.setViewportSize(size);
}
