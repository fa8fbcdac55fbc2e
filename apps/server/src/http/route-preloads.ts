import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { taxYearOf } from '@taxback/domain';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

const ONBOARDING_ENTRY = 'src/features/onboarding/onboarding-page.tsx';
const LANDING_ENTRY = 'src/features/funnel/landing-page.tsx';

/** Lazily loaded areas of the web app, by the paths that open them (D1 route table). */
const AREAS: { match: RegExp; entry: string }[] = [
  {
    match: /^\/(affiliate\/[^/]+\/)?onboarding(\/[^/]+)?\/?$/,
    entry: 'src/features/onboarding/onboarding-page.tsx',
  },
  { match: /^\/expenses\/?$/, entry: 'src/features/funnel/expenses-page.tsx' },
  { match: /^\/complete\/?$/, entry: 'src/features/funnel/claim-form-page.tsx' },
  { match: /^\/resume\/[^/]+\/?$/, entry: 'src/features/resume/resume-page.tsx' },
  { match: /^\/(affiliate\/[^/]+\/)?start-claim\/?$/, entry: 'src/features/funnel/start-claim-page.tsx' },
  { match: /^\/loan-declined\/?$/, entry: 'src/features/funnel/loan-declined-page.tsx' },
  { match: /^\/privacy\/?$/, entry: 'src/features/legal/privacy-page.tsx' },
  { match: /^\/terms\/?$/, entry: 'src/features/legal/terms-page.tsx' },
  // The landing page is in the main bundle (it is what most visitors see first); were it split,
  // '/', '/affiliate/{name}' and '/{name}' would preload it here.
  { match: /^\/((affiliate\/)?[^/]+\/?)?$/, entry: LANDING_ENTRY },
];

/** A first screen as static HTML, written by the web build (apps/web/scripts/prerender.tsx). */
export interface Prerendered {
  markup: string;
  /** The sessionStorage key of the wizard's session: a tab that has one is resuming a claim. */
  sessionStorageKey: string;
  /** The UK tax year the copy was made in ('2026/27'): its rates and years hold only then. */
  taxYear?: string;
  /** The page's <title> as the app sets it, so the title and the copy's <h1> agree (issue 32). */
  title?: string;
}

/** The prerendered pages a web build may carry: the wizard's step 0 and the landing page. */
export interface PrerenderedPages {
  onboarding: Prerendered | null;
  landing: Prerendered | null;
}

function readPrerendered(webDist: string, name: string): Prerendered | null {
  const file = path.join(webDist, 'prerendered', `${name}.json`);
  if (!fs.existsSync(file)) return null;
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Prerendered>;
  if (typeof data.markup !== 'string' || typeof data.sessionStorageKey !== 'string') return null;
  return {
    markup: data.markup,
    sessionStorageKey: data.sessionStorageKey,
    ...(typeof data.taxYear === 'string' ? { taxYear: data.taxYear } : {}),
    ...(typeof data.title === 'string' && data.title !== '' ? { title: data.title } : {}),
  };
}

/**
 * Reads the web build's prerendered pages. The landing page's copy says "No fees" (it was made
 * without the fee meta tag), so it is used only when no fee is configured (D20).
 */
export function loadPrerendered(webDist: string, feeConfigured = false): PrerenderedPages {
  return {
    onboarding: readPrerendered(webDist, 'onboarding'),
    landing: feeConfigured ? null : readPrerendered(webDist, 'landing'),
  };
}

/** The CSP source that allows exactly this inline script. */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

const MAIN_SCRIPT = /<script type="module" crossorigin src="(\/[^"]+)"><\/script>/;

/**
 * The boot script of the wizard's prerendered page. A tab resuming a claim marks the page, so the
 * stylesheet hides the copy of step 0, and loads the app at once. A new claimant's tab first shows
 * the copy, then loads the app (main bundle and the wizard's chunks) once that paint is on screen:
 * started earlier, on a phone's bandwidth the bundle delays the first paint it is not needed for.
 */
function bootScript(key: string, main: string, preloads: string[]): string {
  return [
    '(function(){var d=document,r=false,done=false;',
    `try{r=!!sessionStorage.getItem(${JSON.stringify(key)})}catch(e){}`,
    'if(r)d.documentElement.setAttribute("data-resuming","");',
    'function go(){if(done)return;done=true;',
    `${JSON.stringify(preloads)}.forEach(function(f){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=f;d.head.appendChild(l)});`,
    `var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=${JSON.stringify(main)};d.head.appendChild(s)}`,
    'if(r||!window.PerformanceObserver){go();return}',
    'try{new PerformanceObserver(go).observe({type:"paint",buffered:true})}catch(e){go();return}',
    'setTimeout(go,1000)})()',
  ].join('');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The wizard's page with its prerendered first screen, and the boot script's CSP source. */
function prerenderedPage(
  html: string,
  prerendered: Prerendered,
  preloads: string[],
): { html: string; scriptHash: string } | null {
  const root = '<div id="root"></div>';
  const main = MAIN_SCRIPT.exec(html);
  if (!html.includes(root) || !main?.[1]) return null;
  const script = bootScript(prerendered.sessionStorageKey, main[1], preloads);
  const titled = prerendered.title
    ? html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(prerendered.title)}</title>`)
    : html;
  return {
    html: titled
      .replace(main[0], `<script>${script}</script>`)
      .replace(
        root,
        `<div id="root"><div data-prerendered inert aria-hidden="true">${prerendered.markup}</div></div>`,
      ),
    scriptHash: scriptHashSource(script),
  };
}

export interface WebPages {
  /** The HTML for a path of the web app. */
  pageFor: (pathname: string) => string;
  /** CSP sources of the inline scripts those pages carry. */
  scriptHashes: string[];
}

/**
 * The page for a deep link names the lazily loaded chunks of its area as modulepreload links, so
 * the browser fetches them beside the main bundle instead of after it has run (one round trip
 * less before the first screen: the wizard's LCP on a phone). Read once from Vite's manifest.
 * The wizard's and the landing page's paths get their prerendered copy while its tax year lasts.
 */
export function createRoutePreloads(
  webDist: string,
  indexHtml: string,
  prerendered: PrerenderedPages = { onboarding: null, landing: null },
  today: () => Date = () => new Date(),
): WebPages {
  const manifestPath = path.join(webDist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return { pageFor: () => indexHtml, scriptHashes: [] };
  const scriptHashes: string[] = [];
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const alreadyLoaded = new Set([...indexHtml.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));

  const pages = AREAS.map(({ match, entry }) => {
    const files: string[] = [];
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      if (!alreadyLoaded.has(chunk.file)) files.push(chunk.file);
      for (const css of chunk.css ?? []) if (!alreadyLoaded.has(css)) files.push(css);
      for (const i of chunk.imports ?? []) visit(i);
    };
    visit(entry);
    const isCss = (f: string) => f.endsWith('.css');
    const linksTo = (list: string[]) =>
      list
        .map((f) => `<link rel="${isCss(f) ? 'stylesheet' : 'modulepreload'}" crossorigin href="/${f}">`)
        .join('');
    const plain = indexHtml.replace('</head>', `${linksTo(files)}</head>`);
    // A prerendered page starts its scripts from the boot script; its styles load as links.
    const copy =
      entry === ONBOARDING_ENTRY
        ? prerendered.onboarding
        : entry === LANDING_ENTRY
          ? prerendered.landing
          : null;
    const page = copy
      ? prerenderedPage(
          indexHtml,
          copy,
          files.filter((f) => !isCss(f)).map((f) => `/${f}`),
        )
      : null;
    if (page) scriptHashes.push(page.scriptHash);
    const withCopy = page ? page.html.replace('</head>', `${linksTo(files.filter(isCss))}</head>`) : null;
    return { match, plain, withCopy, taxYear: copy?.taxYear };
  });

  return {
    pageFor: (pathname) => {
      const page = pages.find((p) => p.match.test(pathname));
      if (!page) return indexHtml;
      // After 5 April the copy's rates and years are last year's: the app draws the page instead.
      const current = page.withCopy !== null && (!page.taxYear || page.taxYear === taxYearOf(today()));
      return current && page.withCopy !== null ? page.withCopy : page.plain;
    },
    scriptHashes,
  };
}
