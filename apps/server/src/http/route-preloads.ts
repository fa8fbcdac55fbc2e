import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { taxYearOf } from '@taxback/domain';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

const LANDING_ENTRY = 'src/features/funnel/landing-page.tsx';
const STATUS_ENTRY = 'src/features/status/status-page.tsx';

/**
 * The first screens the web build prerenders (apps/web/scripts/prerender.tsx), each as a visitor
 * arriving with nothing stored sees it. '/expenses' and '/claim-details' send such a visitor on
 * (to the landing page and to the status page's sign-in), so their copy is that page's.
 */
const PRERENDERED_NAMES = [
  'onboarding',
  'landing',
  'expenses',
  'start-claim',
  'status',
  'claim-details',
] as const;
type PrerenderedName = (typeof PRERENDERED_NAMES)[number];

/**
 * Copies served only while no fee and no site setting is configured: they were made without them
 * and say "No fees" (the landing page's cards, every footer). The wizard's step 0 keeps its copy
 * with a fee, as it did before decision 092.
 */
const COPIES_WITHOUT_SETTINGS: readonly PrerenderedName[] = [
  'landing',
  'expenses',
  'start-claim',
  'status',
  'claim-details',
];

/** Lazily loaded areas of the web app, by the paths that open them (D1 route table). */
const AREAS: {
  match: RegExp;
  /** The lazily loaded module whose chunks the page preloads. */
  entry: string;
  /** The prerendered copy the page is served with, while it holds. */
  copy?: PrerenderedName;
}[] = [
  {
    match: /^\/(affiliate\/[^/]+\/)?onboarding(\/[^/]+)?\/?$/,
    entry: 'src/features/onboarding/onboarding-page.tsx',
    copy: 'onboarding',
  },
  { match: /^\/expenses\/?$/, entry: 'src/features/funnel/expenses-page.tsx', copy: 'expenses' },
  { match: /^\/complete\/?$/, entry: 'src/features/funnel/claim-form-page.tsx' },
  { match: /^\/resume\/[^/]+\/?$/, entry: 'src/features/resume/resume-page.tsx' },
  {
    match: /^\/(affiliate\/[^/]+\/)?start-claim\/?$/,
    entry: 'src/features/funnel/start-claim-page.tsx',
    copy: 'start-claim',
  },
  { match: /^\/loan-declined\/?$/, entry: 'src/features/funnel/loan-declined-page.tsx' },
  { match: /^\/privacy\/?$/, entry: 'src/features/legal/privacy-page.tsx' },
  { match: /^\/terms\/?$/, entry: 'src/features/legal/terms-page.tsx' },
  // Pages of their own, not affiliate names: matched as '/{name}' they were served the landing
  // page's copy, which painted the landing page's heading first (decision 092).
  { match: /^\/status\/?$/, entry: STATUS_ENTRY, copy: 'status' },
  // Its gate is in the main bundle; a visitor without a claim to add details to goes on to the
  // status page, whose chunks it therefore preloads.
  { match: /^\/claim-details\/?$/, entry: STATUS_ENTRY, copy: 'claim-details' },
  // The landing page is in the main bundle (it is what most visitors see first); were it split,
  // '/', '/affiliate/{name}' and '/{name}' would preload it here.
  { match: /^\/((affiliate\/)?[^/]+\/?)?$/, entry: LANDING_ENTRY, copy: 'landing' },
];

/** A first screen as static HTML, written by the web build (apps/web/scripts/prerender.tsx). */
export interface Prerendered {
  markup: string;
  /**
   * A sessionStorage key whose presence means the tab will not see this screen (a wizard session
   * being resumed, a claim's answers already given): the page's boot script then hides the copy.
   */
  sessionStorageKey?: string;
  /** The UK tax year the copy was made in ('2026/27'): its rates and years hold only then. */
  taxYear?: string;
  /** The page's <title> as the app sets it, so the title and the copy's <h1> agree (issue 32). */
  title?: string;
}

/** The prerendered pages a web build may carry, by name (a missing file: none). */
export type PrerenderedPages = Partial<Record<PrerenderedName, Prerendered | null>>;

function readPrerendered(webDist: string, name: string): Prerendered | null {
  const file = path.join(webDist, 'prerendered', `${name}.json`);
  if (!fs.existsSync(file)) return null;
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Prerendered>;
  if (typeof data.markup !== 'string') return null;
  return {
    markup: data.markup,
    ...(typeof data.sessionStorageKey === 'string' && data.sessionStorageKey !== ''
      ? { sessionStorageKey: data.sessionStorageKey }
      : {}),
    ...(typeof data.taxYear === 'string' ? { taxYear: data.taxYear } : {}),
    ...(typeof data.title === 'string' && data.title !== '' ? { title: data.title } : {}),
  };
}

/**
 * Reads the web build's prerendered pages. Those that say "No fees" (they were made without the
 * fee meta tag) are used only when no fee or site setting is configured (D20).
 */
export function loadPrerendered(webDist: string, feeConfigured = false): PrerenderedPages {
  return Object.fromEntries(
    PRERENDERED_NAMES.map((name) => [
      name,
      feeConfigured && COPIES_WITHOUT_SETTINGS.includes(name) ? null : readPrerendered(webDist, name),
    ]),
  );
}

/** The CSP source that allows exactly this inline script. */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

const MAIN_SCRIPT = /<script type="module" crossorigin src="(\/[^"]+)"><\/script>/;

/**
 * The boot script of a prerendered page. A tab that will not see the copy's screen (one resuming
 * a claim: `key` is in its sessionStorage) marks the page, so the stylesheet hides the copy, and
 * loads the app at once. A new visitor's tab first shows the copy, then loads the app (main bundle
 * and the page's chunks) once that paint is on screen: started earlier, on a phone's bandwidth the
 * bundle delays the first paint it is not needed for.
 */
function bootScript(key: string | undefined, main: string, preloads: string[]): string {
  return [
    '(function(){var d=document,r=false,done=false;',
    key === undefined ? '' : `try{r=!!sessionStorage.getItem(${JSON.stringify(key)})}catch(e){}`,
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

/** A page with its prerendered first screen, and the boot script's CSP source. */
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
 * The paths of a prerendered first screen get its copy while its tax year lasts.
 */
export function createRoutePreloads(
  webDist: string,
  indexHtml: string,
  prerendered: PrerenderedPages = {},
  today: () => Date = () => new Date(),
): WebPages {
  const manifestPath = path.join(webDist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return { pageFor: () => indexHtml, scriptHashes: [] };
  const scriptHashes: string[] = [];
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const alreadyLoaded = new Set([...indexHtml.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));

  const pages = AREAS.map(({ match, entry, copy: copyName }) => {
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
    const copy = copyName ? (prerendered[copyName] ?? null) : null;
    const page = copy
      ? prerenderedPage(
          indexHtml,
          copy,
          files.filter((f) => !isCss(f)).map((f) => `/${f}`),
        )
      : null;
    if (page && !scriptHashes.includes(page.scriptHash)) scriptHashes.push(page.scriptHash);
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
