import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    env: { WEB_DIST: dist, MARKETING_SITE_URL: 'https://claims.example.org/thanks?a=1&b=2' },
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
