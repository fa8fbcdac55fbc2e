// The content check of issue 32 item 8: every screen a claimant or an operator sees is read as it
// settles (a MutationObserver in the page, reporting to the test), and each settled screen is held
// to three rules of the GOV.UK style guide that a machine can check without false alarms:
// - no US spelling from a list (word-bounded; SPEC.md's own strings are exempt);
// - no "is required" error except SPEC.md's own messages (the house style is "Enter your …");
// - a <title> that begins with the page's <h1> ("Error: " first is GOV.UK's error-page pattern).
import { expect, type Page } from '@playwright/test';

/** SPEC.md's own words (§2, §5 and §8), which stay word for word even where they break the rules. */
export const SPEC_STRINGS: readonly string[] = [
  'Both postcodes are required',
  'Digital signature is required',
  'Signature is required',
  'First name is required',
  'Last name is required',
  'Email is required',
  'Phone number is required',
  'Home address is required',
  'Vehicle registration is required',
  'National Insurance number is required',
  'Please authorize us to act as your tax agent',
  'Choose your expenses below to maximize your refund',
];

/** US spellings and words, each with the British form our copy uses. */
export const US_SPELLINGS: readonly { pattern: RegExp; british: string }[] = [
  { pattern: /\bcolor(s|ed|ful|ing)?\b/i, british: 'colour' },
  { pattern: /\bcenter(s|ed)?\b/i, british: 'centre' },
  {
    pattern:
      /\b(authori|organi|recogni|reali|apologi|minimi|maximi|summari|prioriti|categori|finali|customi|personali|utili|emphasi|standardi|optimi|itemi|speciali|normali|saniti|synchroni|initiali|memori|critici)z(e|es|ed|ing|ation|ations)\b/i,
    british: '-ise / -isation',
  },
  { pattern: /\banalyz(e|es|ed|ing)\b/i, british: 'analyse' },
  { pattern: /\bfavor(s|ed|ing|ite|ites|able)?\b/i, british: 'favour' },
  { pattern: /\bbehavior(s|al)?\b/i, british: 'behaviour' },
  { pattern: /\b(honor|labor|neighbor|humor|endeavor)(s|ed|ing)?\b/i, british: '-our' },
  { pattern: /\bcatalog(s|ed|ing)?\b/i, british: 'catalogue' },
  { pattern: /\bcancel(ed|ing)\b/i, british: 'cancelled / cancelling' },
  { pattern: /\b(travel|label|model|fuel|signal)(ed|ing|er|ers)\b/i, british: 'double l' },
  { pattern: /\benroll(ment|ments|s)?\b/i, british: 'enrol / enrolment' },
  { pattern: /\bfulfill(ment|s)?\b/i, british: 'fulfil / fulfilment' },
  { pattern: /\binstallments?\b/i, british: 'instalment' },
  { pattern: /\b(a|the|your|our|this|driving|operating) licenses?\b/i, british: 'licence (the noun)' },
  { pattern: /(?<!computer )\bprograms?\b/i, british: 'programme' },
  { pattern: /\b(by|a|the) check (for|payable)\b|\bchecks? payable\b|\bcheckbook\b/i, british: 'cheque' },
  { pattern: /\bgr[a]y\b/i, british: 'grey' },
  { pattern: /\b(defense|offense)\b/i, british: 'defence / offence' },
  { pattern: /\bpercent\b/i, british: 'per cent or %' },
  { pattern: /\bzip ?codes?\b/i, british: 'postcode' },
  { pattern: /\bcell ?phones?\b/i, british: 'mobile phone' },
  { pattern: /\bgotten\b/i, british: 'got' },
  { pattern: /\bfill(ing|ed)? out\b/i, british: 'fill in' },
  { pattern: /\b(toward|afterward|backward)\b/i, british: 'towards / afterwards' },
];

export interface Screen {
  url: string;
  title: string;
  h1: string;
  text: string;
}

export interface ContentProblem {
  url: string;
  title: string;
  problem: string;
}

declare global {
  interface Window {
    __contentScreen?: (screen: Screen) => void;
  }
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** What `screen` breaks, if anything (SPEC.md's strings removed first). */
export function problemsOf(screen: Screen): string[] {
  let text = normalise(`${screen.title}\n${screen.text}`);
  for (const own of SPEC_STRINGS) text = text.split(own).join(' ');
  const problems: string[] = [];
  for (const { pattern, british } of US_SPELLINGS) {
    const found = new RegExp(pattern.source, 'gi').exec(text);
    if (found) {
      const around = text.slice(Math.max(0, found.index - 40), found.index + found[0].length + 40);
      problems.push(`US spelling "${found[0]}" (use ${british}) in "…${around}…"`);
    }
  }
  const required = /[^.!?\n]{0,60}\b(is|are) required\b/i.exec(text);
  if (required) problems.push(`"is required" error: "${required[0].trim()}" (say what to do: "Enter …")`);
  if (screen.h1) {
    const title = normalise(screen.title).replace(/^Error: /, '');
    const h1 = normalise(screen.h1);
    if (!title.startsWith(h1)) problems.push(`<title> "${screen.title}" does not begin with <h1> "${h1}"`);
  }
  return problems;
}

/**
 * Reads every screen of `page` as it settles (150 ms without a change), across navigations, and
 * keeps what breaks the rules. `check()` fails the test with every problem seen so far.
 */
export class ContentWatch {
  readonly problems = new Map<string, ContentProblem>();
  readonly screens = new Set<string>();

  static async on(page: Page): Promise<ContentWatch> {
    const watch = new ContentWatch();
    await page.exposeFunction('__contentScreen', (screen: Screen) => watch.record(screen));
    await page.addInitScript(() => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const report = () => {
        const body = document.body;
        if (!body) return;
        const attributes = [...document.querySelectorAll('[aria-label],[placeholder],[title]')]
          .map((el) => ['aria-label', 'placeholder', 'title'].map((a) => el.getAttribute(a) ?? '').join(' '))
          .join('\n');
        window.__contentScreen?.({
          url: location.pathname,
          title: document.title,
          h1: document.querySelector('h1')?.textContent ?? '',
          text: `${body.innerText}\n${attributes}`,
        });
      };
      const observe = () => {
        new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(report, 150);
        }).observe(document.documentElement, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
        timer = setTimeout(report, 150);
      };
      if (document.documentElement) observe();
      else document.addEventListener('DOMContentLoaded', observe);
    });
    return watch;
  }

  record(screen: Screen): void {
    this.screens.add(`${screen.url} ${normalise(screen.h1)}`);
    for (const problem of problemsOf(screen)) {
      const key = `${screen.url} ${problem}`;
      if (!this.problems.has(key)) this.problems.set(key, { url: screen.url, title: screen.title, problem });
    }
  }

  private reported = 0;

  /**
   * Waits for `page` to settle (its screen read) and fails the test, without stopping the walk,
   * on each problem first seen since the last check.
   */
  async check(page: Page, where: string): Promise<void> {
    await page.waitForTimeout(400);
    const list = [...this.problems.values()].map((p) => `${p.url} (${p.title}): ${p.problem}`);
    expect.soft(list.slice(this.reported), `content problems up to ${where}`).toEqual([]);
    this.reported = list.length;
  }
}

/**
 * Issue 32 item 3 (GOV.UK error summary): the summary on `page` lists at least `atLeast` messages,
 * each linking to an element on the page, in the order those elements come on the page. Soft, like
 * the content check, so the walk goes on and every screen out of order is listed.
 */
export async function expectSummaryInFieldOrder(page: Page, where: string, atLeast = 2): Promise<void> {
  const summary = page
    .getByRole('alert')
    .filter({ has: page.getByRole('heading', { name: 'There is a problem' }) });
  await expect(summary, `error summary on ${where}`).toBeVisible();
  const links = await summary.locator('a[href^="#"]').evaluateAll((anchors) => {
    const all = [...document.querySelectorAll('*')];
    return anchors.map((a) => {
      const target = document.getElementById((a.getAttribute('href') ?? '').slice(1));
      return { message: a.textContent ?? '', position: target ? all.indexOf(target) : -1 };
    });
  });
  expect.soft(links.length, `messages in the error summary on ${where}`).toBeGreaterThanOrEqual(atLeast);
  const missing = links.filter((l) => l.position < 0).map((l) => l.message);
  expect.soft(missing, `summary links with no field on ${where}`).toEqual([]);
  const inPageOrder = [...links].sort((a, b) => a.position - b.position).map((l) => l.message);
  expect
    .soft(
      links.map((l) => l.message),
      `error summary in field order on ${where}`,
    )
    .toEqual(inPageOrder);
}
