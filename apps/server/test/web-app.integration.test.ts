import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxYearOf } from '@taxback/domain';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

// A built web app as Vite leaves it: index.html, hashed assets and the manifest.
const INDEX = `<!doctype html><html><head>
<meta name="marketing-site-url" content="https://www.example.com" />
<script type="module" crossorigin src="/assets/index-aaa.js"></script>
<link rel="modulepreload" crossorigin href="/assets/shared-bbb.js">
</head><body><div id="root"></div></body></html>`;
const MANIFEST = {
  'index.html': { file: 'assets/index-aaa.js', isEntry: true, imports: ['_shared-bbb.js'] },
  '_shared-bbb.js': { file: 'assets/shared-bbb.js' },
  '_api-ccc.js': { file: 'assets/api-ccc.js', imports: ['_shared-bbb.js'] },
  'src/features/onboarding/onboarding-page.tsx': {
    file: 'assets/onboarding-page-ddd.js',
    isDynamicEntry: true,
    imports: ['_api-ccc.js', '_shared-bbb.js'],
    css: ['assets/onboarding-eee.css'],
  },
  'src/features/funnel/landing-page.tsx': {
    file: 'assets/landing-page-ggg.js',
    isDynamicEntry: true,
    imports: ['_shared-bbb.js'],
  },
  'src/features/funnel/claim-form-page.tsx': {
    file: 'assets/claim-form-page-fff.js',
    isDynamicEntry: true,
    imports: ['_api-ccc.js'],
  },
};

let web: TestApp;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'taxback-dist-'));
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  web = await createTestApp({
    env: {
      WEB_DIST: dist,
      MARKETING_SITE_URL: 'https://claims.example.org/thanks?a=1&b=2',
      FEE_PERCENT: '17.5',
      FEE_MINIMUM_PENCE: '2500',
      FEE_VAT_PERCENT: '20',
    },
  });
});
afterAll(async () => {
  await web.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await web.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return res.body;
};

describe('the served page', () => {
  it('carries the configured marketing URL in its meta tag, escaped', async () => {
    const html = await page('/');
    expect(html).toContain(
      '<meta name="marketing-site-url" content="https://claims.example.org/thanks?a=1&amp;b=2" />',
    );
    expect(html).not.toContain('https://www.example.com');
  });

  it('carries the fee in its meta tag, so the first paint says "No fees" only when true (D20)', async () => {
    for (const url of ['/', '/complete']) {
      expect(await page(url)).toContain('<meta name="fee-settings" content="17.5 2500 20" />');
    }
  });

  it('preloads the wizard chunks, once each and none the page already loads, on every wizard route', async () => {
    for (const url of ['/onboarding', '/onboarding/acme', '/affiliate/acme/onboarding']) {
      const html = await page(url);
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/onboarding-page-ddd.js">');
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/api-ccc.js">');
      expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/onboarding-eee.css">');
      expect(html.match(/shared-bbb\.js/g)).toHaveLength(1);
    }
  });

  it('preloads the claim form on /complete and the landing page on its three routes, nothing on deeper paths', async () => {
    expect(await page('/complete')).toContain('href="/assets/claim-form-page-fff.js"');
    for (const url of ['/', '/some-affiliate', '/affiliate/acme']) {
      const html = await page(url);
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/landing-page-ggg.js">');
      expect(html).not.toContain('onboarding-page-ddd.js');
      expect(html).not.toContain('claim-form-page-fff.js');
    }
    for (const url of ['/onboarding/a/b', '/a/b/c']) {
      const html = await page(url);
      expect(html).not.toContain('landing-page-ggg.js');
      expect(html).not.toContain('onboarding-page-ddd.js');
    }
  });
});

describe('the wizard page with its prerendered first screen', () => {
  let app: TestApp;
  let built: string;
  const MARKUP = '<main><form><p>Do you drive for work?</p></form></main>';

  beforeAll(async () => {
    built = fs.mkdtempSync(path.join(os.tmpdir(), 'taxback-dist-'));
    fs.mkdirSync(path.join(built, '.vite'), { recursive: true });
    fs.mkdirSync(path.join(built, 'prerendered'), { recursive: true });
    fs.writeFileSync(path.join(built, 'index.html'), INDEX);
    fs.writeFileSync(path.join(built, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    fs.writeFileSync(
      path.join(built, 'prerendered', 'onboarding.json'),
      JSON.stringify({ markup: MARKUP, sessionStorageKey: 'onboarding_session_id' }),
    );
    app = await createTestApp({ env: { WEB_DIST: built } });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(built, { recursive: true, force: true });
  });

  const get = (url: string) => app.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('puts the copy in #root, inert and hidden from assistive technology, on every wizard route', async () => {
    for (const url of ['/onboarding', '/onboarding/acme', '/affiliate/acme/onboarding']) {
      const html = (await get(url)).body;
      expect(html).toContain(
        `<div id="root"><div data-prerendered inert aria-hidden="true">${MARKUP}</div></div>`,
      );
      // The app starts from the boot script once the copy is painted, not from a module tag.
      expect(html).not.toContain('<script type="module"');
      expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/onboarding-eee.css">');
      const script = /<script>([^<]+)<\/script>/.exec(html)?.[1] ?? '';
      expect(script).toContain('sessionStorage.getItem("onboarding_session_id")');
      expect(script).toContain('d.documentElement.setAttribute("data-resuming","")');
      expect(script).toContain('"/assets/index-aaa.js"');
      expect(script).toContain('["/assets/onboarding-page-ddd.js","/assets/api-ccc.js"]');
    }
  });

  it("allows that one inline script, by its hash, in every page's CSP; API answers allow no script", async () => {
    const res = await get('/onboarding');
    const script = /<script>([^<]+)<\/script>/.exec(res.body)?.[1] ?? '';
    const hash = createHash('sha256').update(script, 'utf8').digest('base64');
    for (const r of [res, await get('/')]) {
      const directives = String(r.headers['content-security-policy']).split(';');
      // Exactly the boot script beside 'self': no blanket 'unsafe-inline' for scripts.
      expect(directives.find((d) => d.startsWith('script-src'))).toBe(`script-src 'self' 'sha256-${hash}'`);
    }
    const api = await app.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it('leaves every other page as built', async () => {
    for (const url of ['/', '/complete', '/expenses']) {
      const html = (await get(url)).body;
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-aaa.js"></script>');
      expect(html).not.toContain('data-prerendered');
      expect(html).not.toContain('<script>');
    }
  });
});

describe('the landing page with its prerendered copy', () => {
  const LANDING = '<header></header><main><h1>Claim your tax refund</h1><p>55p a mile</p></main>';
  const builds: string[] = [];
  const apps: TestApp[] = [];

  /** A build with both copies, the landing page's made in `taxYear`, served with `env`. */
  async function serve(taxYear: string, env: Record<string, string> = {}): Promise<TestApp> {
    const built = fs.mkdtempSync(path.join(os.tmpdir(), 'taxback-dist-'));
    builds.push(built);
    fs.mkdirSync(path.join(built, '.vite'), { recursive: true });
    fs.mkdirSync(path.join(built, 'prerendered'), { recursive: true });
    fs.writeFileSync(path.join(built, 'index.html'), INDEX);
    fs.writeFileSync(path.join(built, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    for (const [name, markup] of [
      ['onboarding', '<main><form><p>Do you drive for work?</p></form></main>'],
      ['landing', LANDING],
    ] as const)
      fs.writeFileSync(
        path.join(built, 'prerendered', `${name}.json`),
        JSON.stringify({ markup, sessionStorageKey: 'onboarding_session_id', taxYear }),
      );
    const served = await createTestApp({ env: { WEB_DIST: built, ...env } });
    apps.push(served);
    return served;
  }
  afterAll(async () => {
    for (const served of apps) await served.close();
    for (const built of builds) fs.rmSync(built, { recursive: true, force: true });
  });
  const get = (served: TestApp, url: string) =>
    served.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('serves the copy, inert, on every landing path in the tax year it was made in, and the CSP allows both boot scripts', async () => {
    const served = await serve(taxYearOf(new Date()));
    const scripts = new Set<string>();
    for (const url of ['/', '/affiliate/acme', '/acme']) {
      const res = await get(served, url);
      expect(res.body).toContain(
        `<div id="root"><div data-prerendered inert aria-hidden="true">${LANDING}</div></div>`,
      );
      expect(res.body).not.toContain('<script type="module"');
      const script = /<script>([^<]+)<\/script>/.exec(res.body)?.[1] ?? '';
      expect(script).toContain('"/assets/index-aaa.js"');
      scripts.add(script);
    }
    // The wizard's page has its own copy and boot script; other pages are as built.
    const wizard = (await get(served, '/onboarding')).body;
    expect(wizard).toContain('Do you drive for work?');
    scripts.add(/<script>([^<]+)<\/script>/.exec(wizard)?.[1] ?? '');
    expect((await get(served, '/complete')).body).toContain('<div id="root"></div>');
    expect(scripts.size).toBe(2);
    const hashes = [...scripts].map(
      (s) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`,
    );
    const csp = String((await get(served, '/')).headers['content-security-policy']).split(';');
    const scriptSrc = csp.find((d) => d.startsWith('script-src'))?.split(' ') ?? [];
    expect(scriptSrc.slice(0, 1)).toEqual(['script-src']);
    expect(scriptSrc.slice(1).sort()).toEqual(["'self'", ...hashes].sort());
  });

  it('leaves the landing page as built when the copy is from another tax year (its rates and years would be stale)', async () => {
    const served = await serve('2019/20');
    for (const url of ['/', '/affiliate/acme']) {
      const html = (await get(served, url)).body;
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-aaa.js"></script>');
      expect(html).not.toContain('data-prerendered');
    }
  });

  it('leaves the landing page as built when a fee is configured (the copy says "No fees")', async () => {
    const served = await serve(taxYearOf(new Date()), { FEE_PERCENT: '15' });
    const html = (await get(served, '/')).body;
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('data-prerendered');
    // The wizard's step 0 shows no fee, so its copy stays.
    expect((await get(served, '/onboarding')).body).toContain('data-prerendered');
  });
});

// Decision 092: the claimant's other entry pages, each with its own copy as a visitor arriving
// with nothing stored sees it; '/status' and '/claim-details' are pages, not affiliate names.
describe('the other entry pages with their prerendered copies', () => {
  const STATUS_MANIFEST = {
    ...MANIFEST,
    'src/features/status/status-page.tsx': {
      file: 'assets/status-page-hhh.js',
      isDynamicEntry: true,
      imports: ['_api-ccc.js'],
    },
    'src/features/funnel/start-claim-page.tsx': {
      file: 'assets/start-claim-page-jjj.js',
      isDynamicEntry: true,
      imports: ['_shared-bbb.js'],
    },
    'src/features/funnel/expenses-page.tsx': {
      file: 'assets/expenses-page-kkk.js',
      isDynamicEntry: true,
      imports: ['_api-ccc.js'],
    },
  };
  const COPIES = {
    landing: { markup: '<main><h1>Claim your tax refund</h1></main>', key: 'onboarding_session_id' },
    expenses: {
      markup: '<main><p>Session expired.</p><h1>Claim your tax refund</h1></main>',
      key: 'funnel_session_id',
    },
    'start-claim': {
      markup: '<main><h1>Start your tax refund claim</h1></main>',
      key: 'funnel_qualification',
    },
    status: { markup: '<main><h1>Follow your claim</h1></main>', key: null },
    'claim-details': { markup: '<main><h1>Follow your claim</h1></main>', key: 'claim_details_session' },
  } as const;
  const builds: string[] = [];
  const apps: TestApp[] = [];

  /** A build with the manifest and `copies` (all of them unless named), served with `env`. */
  async function serve(env: Record<string, string> = {}, copies = Object.keys(COPIES)): Promise<TestApp> {
    const built = fs.mkdtempSync(path.join(os.tmpdir(), 'taxback-dist-'));
    builds.push(built);
    fs.mkdirSync(path.join(built, '.vite'), { recursive: true });
    fs.mkdirSync(path.join(built, 'prerendered'), { recursive: true });
    fs.writeFileSync(path.join(built, 'index.html'), INDEX);
    fs.writeFileSync(path.join(built, '.vite', 'manifest.json'), JSON.stringify(STATUS_MANIFEST));
    for (const [name, { markup, key }] of Object.entries(COPIES))
      if (copies.includes(name))
        fs.writeFileSync(
          path.join(built, 'prerendered', `${name}.json`),
          JSON.stringify({
            markup,
            ...(key ? { sessionStorageKey: key } : {}),
            taxYear: taxYearOf(new Date()),
          }),
        );
    const served = await createTestApp({ env: { WEB_DIST: built, ...env } });
    apps.push(served);
    return served;
  }
  afterAll(async () => {
    for (const served of apps) await served.close();
    for (const built of builds) fs.rmSync(built, { recursive: true, force: true });
  });
  const get = (served: TestApp, url: string) =>
    served.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const bootScript = (html: string) => /<script>([^<]+)<\/script>/.exec(html)?.[1] ?? '';

  it('serves /status and /claim-details their own page, never the landing page’s copy', async () => {
    const served = await serve({}, ['landing']);
    for (const url of ['/status', '/claim-details']) {
      const html = (await get(served, url)).body;
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('Claim your tax refund');
    }
    const status = (await get(served, '/status')).body;
    expect(status).toContain('<link rel="modulepreload" crossorigin href="/assets/status-page-hhh.js">');
    expect(status).toContain('<link rel="modulepreload" crossorigin href="/assets/api-ccc.js">');
    // A visitor without a claim to add details to goes on to the status page: its code is preloaded.
    const details = (await get(served, '/claim-details')).body;
    expect(details).toContain('<link rel="modulepreload" crossorigin href="/assets/status-page-hhh.js">');
    // A direct affiliate's name still gets the landing page's copy.
    expect((await get(served, '/acme')).body).toContain('Claim your tax refund');
  });

  it('serves each page its copy, inert, with a boot script that hides it from a tab that will see another screen', async () => {
    const served = await serve();
    const scripts = new Set<string>();
    const cases = [
      ['/expenses', 'expenses'],
      ['/start-claim', 'start-claim'],
      ['/affiliate/acme/start-claim', 'start-claim'],
      ['/status', 'status'],
      ['/status/', 'status'],
      ['/claim-details', 'claim-details'],
    ] as const;
    for (const [url, name] of cases) {
      const res = await get(served, url);
      const { markup, key } = COPIES[name];
      expect(res.body).toContain(
        `<div id="root"><div data-prerendered inert aria-hidden="true">${markup}</div></div>`,
      );
      expect(res.body).not.toContain('<script type="module"');
      const script = bootScript(res.body);
      expect(script).toContain('"/assets/index-aaa.js"');
      if (key) expect(script).toContain(`sessionStorage.getItem(${JSON.stringify(key)})`);
      else expect(script).not.toContain('sessionStorage');
      scripts.add(script);
      const scriptSrc = String(res.headers['content-security-policy'])
        .split(';')
        .find((d) => d.startsWith('script-src'));
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
    }
    expect(bootScript((await get(served, '/claim-details')).body)).toContain('"/assets/status-page-hhh.js"');
    // Four pages, each with a boot script of its own (both claim starts share theirs).
    expect(scripts.size).toBe(4);
  });

  it('serves none of these copies with a fee configured (every copy’s footer says "No fees")', async () => {
    const served = await serve({ FEE_PERCENT: '15' });
    for (const url of ['/expenses', '/start-claim', '/status', '/claim-details']) {
      const html = (await get(served, url)).body;
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('data-prerendered');
    }
  });
});
