import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
let web: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // A second app serving a fake built web app.
  const dist = fs.mkdtempSync(path.join(t.dir, 'dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>TaxBack test shell</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app");');
  web = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await web.close();
  await t.close();
});

describe('GET /api/health', () => {
  it('answers from the process (liveness; readiness is test/overload.integration.test.ts)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('security headers (D16)', () => {
  it('are on API answers: the short set for JSON and attachments (OWASP REST)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    // Headers that mean something only for a page are left off API answers.
    for (const pageOnly of [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ])
      expect(res.headers[pageOnly], pageOnly).toBeUndefined();
    // Plain HTTP, no trusted proxy: no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("are on pages with the page's CSP", async () => {
    const res = await web.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('are on the web app and its fallback too', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/expenses', headers: { accept: 'text/html' } });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('adds HSTS only for HTTPS behind a trusted proxy', async () => {
    const spoofed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();

    const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' },
      });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await proxied.close();
    }
  });
});

describe('web app and unknown routes', () => {
  it('serves index.html for client routes that ask for HTML, uncached', async () => {
    for (const url of ['/', '/expenses', '/onboarding/partner', '/resume/ABCD']) {
      const res = await web.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('TaxBack test shell');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('caches hashed assets forever', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 (not the page) for a missing asset', async () => {
    const res = await web.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('TaxBack test shell');
  });

  it('answers 404 JSON for unknown API paths, even when HTML is accepted', async () => {
    for (const app of [t.app, web.app]) {
      const res = await app.inject({ method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ error: 'Not found' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const post = await web.app.inject({ method: 'POST', url: '/api/nothing-here', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ error: 'Not found' });
  });
});

describe('request errors', () => {
  it('answers 400 Invalid JSON for malformed JSON on any route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/claims',
      headers: { 'content-type': 'application/json' },
      payload: 'not json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Invalid JSON' });
  });

  it('answers 415 for an unsupported content type, without internals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/claims',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'This type of content is not accepted.' });
  });
});

describe('rate limiting', () => {
  it('answers 429 with a JSON error and Retry-After past the global limit', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_MAX: '2' } });
    try {
      const call = () => limited.app.inject({ method: 'GET', url: '/api/claims/mine' });
      expect((await call()).statusCode).toBe(400);
      expect((await call()).statusCode).toBe(400);
      const res = await call();
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ error: 'Too many requests. Please wait a moment and try again.' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Health checks from load balancers are never limited.
      expect((await limited.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
