import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

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
  { match: /^\/((affiliate\/)?[^/]+\/?)?$/, entry: 'src/features/funnel/landing-page.tsx' },
];

/**
 * The page for a deep link names the lazily loaded chunks of its area as modulepreload links, so
 * the browser fetches them beside the main bundle instead of after it has run (one round trip
 * less before the first screen: the wizard's LCP on a phone). Read once from Vite's manifest.
 */
export function createRoutePreloads(webDist: string, indexHtml: string): (pathname: string) => string {
  const manifestPath = path.join(webDist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return () => indexHtml;
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
    const links = files
      .map((f) =>
        f.endsWith('.css')
          ? `<link rel="stylesheet" crossorigin href="/${f}">`
          : `<link rel="modulepreload" crossorigin href="/${f}">`,
      )
      .join('');
    return { match, html: links === '' ? indexHtml : indexHtml.replace('</head>', `${links}</head>`) };
  });

  return (pathname) => pages.find((p) => p.match.test(pathname))?.html ?? indexHtml;
}
