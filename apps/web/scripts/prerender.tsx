/**
 * Build step: the first screens of the claimant's entry pages as static HTML, so a phone paints
 * them from the page itself instead of after the JavaScript bundle has arrived and run: the
 * wizard's step 0 (/onboarding), the landing page (/), the compact claim start (/start-claim), the
 * status page's sign-in (/status), and what /expenses and /claim-details show a visitor who
 * arrives there with nothing stored (the landing page, saying the session expired, and the status
 * page's sign-in: decision 092). The app renders each here exactly as in a browser: React in
 * jsdom, the real router and the real pages, with empty storage. The server puts the markup into
 * #root for the page's paths (apps/server/src/http/route-preloads.ts); React replaces it on its
 * first render.
 *
 * The copy is inert and hidden from assistive technology, and carries no test ids: it cannot be
 * clicked, focused or read as if it worked, and it is gone the moment the real screen renders.
 *
 * A tab that will see something else (a reload mid-claim: the page's sessionStorage key is set)
 * must not see the copy even for a moment: the server's boot script for the page, allowed by its
 * hash in the CSP, marks the page as resuming and the stylesheet hides the copy.
 *
 * Writes dist/prerendered/{name}.json: { markup, sessionStorageKey?, taxYear, title }. Run after
 * `vite build`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(webRoot, 'dist', 'prerendered');

const dom = new JSDOM(
  '<!doctype html><html lang="en-GB"><head></head><body><div id="root"></div></body></html>',
  {
    url: 'http://localhost/onboarding',
    pretendToBeVisual: true,
  },
);
// jsdom has no layout: the wizard's scroll-to-top on a new step has nothing to do here.
dom.window.scrollTo = () => {};
const globals = globalThis as unknown as Record<string, unknown>;
for (const key of [
  'window',
  'document',
  'navigator',
  'HTMLElement',
  'HTMLInputElement',
  'Node',
  'Element',
  'Event',
  'MouseEvent',
  'KeyboardEvent',
  'MutationObserver',
  'localStorage',
  'sessionStorage',
  'location',
  'history',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'matchMedia',
]) {
  // Node 21+ has a navigator of its own; keep it where it exists.
  if (key === 'navigator' && key in globals) continue;
  const value = (dom.window as unknown as Record<string, unknown>)[key];
  if (value !== undefined) globals[key] = value;
}
if (!('matchMedia' in dom.window)) {
  // No media query matches (a first paint with no preference); Embla reads it from the window.
  const matchMedia = (media: string) => ({
    matches: false,
    media,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  });
  globals.matchMedia = matchMedia;
  (dom.window as unknown as Record<string, unknown>).matchMedia = matchMedia;
}
// jsdom has no layout observers; the landing page's carousel (Embla) asks for both. Nothing is
// ever observed here: the copy is the first paint, before any layout.
class NoObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
for (const key of ['IntersectionObserver', 'ResizeObserver']) {
  if (!(key in globals)) {
    globals[key] = NoObserver;
    (dom.window as unknown as Record<string, unknown>)[key] = NoObserver;
  }
}
(globals as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const { createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { createMemoryRouter } = await import('react-router');
const { RouterProvider } = await import('react-router/dom');
const { routes } = await import('../src/app/router.tsx');
const { SESSION_STORAGE_KEY } = await import('../src/features/onboarding/session-key.ts');
const { DETAILS_SESSION_KEY, STORAGE_KEYS } = await import('../src/lib/funnel-storage.ts');
const { FIELD_IDS } = await import('../src/features/status/status-sign-in.tsx');

const { FIRST_STEP_ID, taxYearOf } = await import('@taxback/domain');

interface Page {
  /** The path a visitor opens. */
  url: string;
  /** The file's name (the server knows each by it). */
  name: string;
  /** Where the app leaves such a visitor, when it sends them on (a redirect). */
  at?: string;
  /** Whether the screen has rendered (its lazy route loaded and its first screen drawn). */
  ready: (root: HTMLElement) => boolean;
  /** The sessionStorage key whose presence means a tab sees another screen here. */
  resumeKey?: string;
}

/**
 * Renders `url` for a first-time visitor (nothing stored) until `ready` holds where the app leaves
 * them, and writes its markup, stripped of test ids, ids and the ARIA references to them, to
 * dist/prerendered/{name}.json, with the UK tax year it was made in: the server serves the copy
 * only in that year, so a rate or year it shows is never out of date.
 */
async function prerender({ url, name, at = url, ready, resumeKey }: Page): Promise<void> {
  dom.window.sessionStorage.clear();
  dom.window.localStorage.clear();
  // Set again by the page (after its first render), so the copy never carries the last page's.
  dom.window.document.title = '';
  const container = dom.window.document.getElementById('root') as HTMLElement;
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const root = createRoot(container);
  root.render(createElement(RouterProvider, { router }));

  const settled = () =>
    router.state.location.pathname === at &&
    router.state.navigation.state === 'idle' &&
    ready(container) &&
    dom.window.document.title !== '';
  const deadline = Date.now() + 15_000;
  while (!settled()) {
    if (Date.now() > deadline) throw new Error(`prerender: ${url} never rendered`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  const copy = container.cloneNode(true) as HTMLElement;
  for (const el of copy.querySelectorAll('[data-testid]')) el.removeAttribute('data-testid');
  // Ids would clash with the live page's for the moment both exist; nothing refers to them here.
  for (const el of copy.querySelectorAll('[id]')) el.removeAttribute('id');
  for (const el of copy.querySelectorAll('[for]')) el.removeAttribute('for');
  for (const el of copy.querySelectorAll('[aria-labelledby], [aria-describedby], [aria-controls]')) {
    el.removeAttribute('aria-labelledby');
    el.removeAttribute('aria-describedby');
    el.removeAttribute('aria-controls');
  }
  const html = copy.innerHTML;
  // The title the page set for itself, served with the copy so it begins with the copy's <h1>.
  const title = dom.window.document.title;
  root.unmount();

  const outFile = path.join(outDir, `${name}.json`);
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(
    outFile,
    `${JSON.stringify({ markup: html, ...(resumeKey ? { sessionStorageKey: resumeKey } : {}), taxYear: taxYearOf(new Date()), title })}\n`,
  );
  console.log(`prerendered ${url}: ${path.relative(webRoot, outFile)} (${html.length} bytes)`);
}

const statusSignIn = (root: HTMLElement) => root.querySelector(`#${FIELD_IDS.reference}`) !== null;
const landing = (root: HTMLElement) => root.querySelector('[data-testid="mileage-rates"]') !== null;

await prerender({
  url: '/onboarding',
  name: 'onboarding',
  resumeKey: SESSION_STORAGE_KEY,
  ready: (root) => {
    const ready = root.querySelector(`[data-testid="wizard-step"][data-step="${FIRST_STEP_ID}"]`) !== null;
    if (ready && !root.innerHTML.includes('<form'))
      throw new Error('prerender: the first screen has no form');
    return ready;
  },
});
// The landing page as a visitor without a fee configured sees it (the server uses it only then).
await prerender({ url: '/', name: 'landing', resumeKey: SESSION_STORAGE_KEY, ready: landing });
// Without a funnel session /expenses goes to the landing page, which says the session expired.
await prerender({
  url: '/expenses',
  name: 'expenses',
  at: '/',
  resumeKey: STORAGE_KEYS.sessionId,
  ready: (root) => landing(root) && root.textContent?.includes('Session expired') === true,
});
// A returning visitor's earlier answer shows as pressed: that tab waits for the app.
await prerender({
  url: '/start-claim',
  name: 'start-claim',
  resumeKey: STORAGE_KEYS.qualification,
  ready: (root) => root.querySelector('main h1') !== null && root.querySelector('[aria-pressed]') !== null,
});
// The sign-in, as a visitor who has not signed in on this device sees it.
await prerender({ url: '/status', name: 'status', ready: statusSignIn });
// Without a claim to add details to, /claim-details goes to the status page's sign-in.
await prerender({
  url: '/claim-details',
  name: 'claim-details',
  at: '/status',
  resumeKey: DETAILS_SESSION_KEY,
  ready: statusSignIn,
});

dom.window.close();
process.exit(0);
