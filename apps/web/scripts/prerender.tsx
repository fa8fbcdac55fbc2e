/**
 * Build step: the wizard's first screen (step 0, what a new claimant sees at /onboarding) as
 * static HTML, so a phone paints it from the page itself instead of after the JavaScript bundle
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
 * Writes dist/prerendered/onboarding.json: { markup, sessionStorageKey }. Run after `vite build`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outFile = path.join(webRoot, 'dist', 'prerendered', 'onboarding.json');

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
  globals.matchMedia = () => ({
    matches: false,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  });
}
(globals as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const { createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { createMemoryRouter } = await import('react-router');
const { RouterProvider } = await import('react-router/dom');
const { routes } = await import('../src/app/router.tsx');
const { SESSION_STORAGE_KEY } = await import('../src/features/onboarding/session-key.ts');

const router = createMemoryRouter(routes, { initialEntries: ['/onboarding'] });
const container = dom.window.document.getElementById('root') as HTMLElement;
const root = createRoot(container);
root.render(createElement(RouterProvider, { router }));

// Until the wizard shows step 0 (the lazy route has loaded and the first screen has rendered).
const deadline = Date.now() + 15_000;
while (container.querySelector('[data-testid="wizard-step"][data-step="0"]') === null) {
  if (Date.now() > deadline) throw new Error('prerender: step 0 never rendered');
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
if (!html.includes('<form')) throw new Error('prerender: the first screen has no form');

fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(outFile, `${JSON.stringify({ markup: html, sessionStorageKey: SESSION_STORAGE_KEY })}\n`);
console.log(`prerendered /onboarding step 0: ${path.relative(webRoot, outFile)} (${html.length} bytes)`);

root.unmount();
dom.window.close();
process.exit(0);
