import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { axeViolations, htmlcsErrors } from '../helpers/a11y.ts';

// The scanner every spec relies on (decision 082) must find what AxeBuilder finds and must be able
// to fail: a page with planted faults is scanned both ways.
test('the accessibility scan finds what AxeBuilder finds, planted faults included, and scans again after a change', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await axeViolations(page)).map((v) => v.id)).toEqual([]);

  // An image with no text alternative, light grey text on white and an unlabelled field.
  await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    main.insertAdjacentHTML(
      'beforeend',
      '<img src="/favicon.ico" width="10" height="10"><p style="color:#eee;background:#fff">Faint words</p><input type="text">',
    );
  });
  const ours = (await axeViolations(page)).map((v) => v.id).sort();
  expect(ours).toEqual(expect.arrayContaining(['color-contrast', 'image-alt', 'label']));
  const theirs = (
    await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  ).violations
    .map((v) => v.id)
    .sort();
  expect(ours).toEqual(theirs);
  expect((await htmlcsErrors(page)).map((m) => m.code).join('\n')).toMatch(/H37/);
});
