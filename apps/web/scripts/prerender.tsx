/**
 * Build step: the wizard's first screen (step 0, what a new claimant sees at /onboarding) and the
 * landing page (/) as static HTML, so a phone paints it from the page itself instead of after the JavaScript bundle
 * has arrived and run. The app renders it here exactly as in a browser: React in jsdom, the real
 * router and the real wizard, for a new session. The server puts the markup into #root for the
 * wizard's paths (apps/server/src/http/route-preloads.ts); React replaces it on its first render.
 *
 * The copy is inert and hidden from assistive technology, and carries no test ids: it cannot be
 * clicked, focused or read as if it worked, and it is gone the moment the real step 0 renders.
 *
 * A tab that already has a wizard session (a reload mid-claim) must not see step 0 even for a
 * moment: the server's boot script for the page, allowed by its hash in the CSP, marks the page
 * as resuming and the stylesheet hides the copy.
 *
 * Writes dist/prerendered/{onboarding,landing}.json: { markup, sessionStorageKey, taxYear, title }. Run
 * after `vite build`.
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

const { FIRST_STEP_ID, taxYearOf } = await import('@taxback/domain');

/**
 * Renders `url` for a first-time visitor until `ready` holds, and writes its markup, stripped of
 * test ids, ids and the ARIA references to them, to dist/prerendered/{name}.json, with the UK tax
 * year it was made in: the server serves the copy only in that year, so a rate or year it shows is
 * never out of date.
 */
async function prerender(url: string, name: string, ready: (root: HTMLElement) => boolean): Promise<void> {
  const container = dom.window.document.getElementById('root') as HTMLElement;
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const root = createRoot(container);
  root.render(createElement(RouterProvider, { router }));

  // Until the page has rendered (its lazy route loaded and its first screen drawn).
  const deadline = Date.now() + 15_000;
  while (!ready(container)) {
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
    `${JSON.stringify({ markup: html, sessionStorageKey: SESSION_STORAGE_KEY, taxYear: taxYearOf(new Date()), title })}\n`,
  );
  console.log(`prerendered ${url}: ${path.relative(webRoot, outFile)} (${html.length} bytes)`);
}

await prerender('/onboarding', 'onboarding', (root) => {
  const ready = root.querySelector(`[data-testid="wizard-step"][data-step="${FIRST_STEP_ID}"]`) !== null;
  if (ready && !root.innerHTML.includes('<form')) throw new Error('prerender: the first screen has no form');
  return ready;
});
// The landing page as a visitor without a fee configured sees it (the server uses it only then).
await prerender('/', 'landing', (root) => root.querySelector('[data-testid="mileage-rates"]') !== null);

dom.window.close();
process.exit(0);
