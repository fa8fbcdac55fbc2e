import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicSettingsSchema } from '@taxback/domain/schemas';
import { loadConfig } from '../src/config.ts';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

describe('GET /api/settings (D19, D20)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        COMPANY_NAME: 'Example Claims Ltd',
        COMPANY_ADDRESS: '2 Agent Road\\nLondon',
        HMRC_AGENT_REFERENCE: 'A1234B',
        FEE_PERCENT: '17.5',
        FEE_MINIMUM_PENCE: '2500',
        FEE_VAT_PERCENT: '20',
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the company and fee from configuration, cacheable, in the shared schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const body = publicSettingsSchema.parse(res.json());
    expect(body).toMatchObject({
      agent: {
        companyName: 'Example Claims Ltd',
        address: '2 Agent Road\nLondon',
        hmrcAgentReference: 'A1234B',
      },
      fee: { percent: 17.5, minimumPence: 2500, vatPercent: 20 },
    });
  });

  it('defaults to no fees and an empty agent reference', async () => {
    const plain = await createTestApp();
    try {
      const body = publicSettingsSchema.parse(
        (await plain.app.inject({ method: 'GET', url: '/api/settings' })).json(),
      );
      expect(body.fee).toEqual({ percent: 0, minimumPence: 0, vatPercent: 0 });
      expect(body.agent.hmrcAgentReference).toBe('');
      expect(body.agent.companyName).toBe('TaxBack');
    } finally {
      await plain.close();
    }
  });
});

// Issue 32: the phone number, rating and total claimed are configuration, absent when unset.
describe('what the pages say about us (issue 32)', () => {
  it('answers the configured phone number, rating and total in /api/settings and the page meta tag', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'taxback-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    const t = await createTestApp({
      env: {
        WEB_DIST: dist,
        PHONE_NUMBER: '0161 496 0000',
        REVIEW_RATING: '4.5',
        TOTAL_CLAIMED: '£12 million',
      },
    });
    try {
      const body = publicSettingsSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/settings' })).json(),
      );
      const site = { phone: '0161 496 0000', reviewRating: 4.5, totalClaimed: '£12 million' };
      expect(body.site).toEqual(site);
      expect(body.agent.phone).toBe('0161 496 0000');
      const html = (await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).body;
      const meta = /<meta name="site-settings" content="([^"]*)" \/>/.exec(html)?.[1] ?? '';
      expect(
        JSON.parse(
          meta
            .replace(/&quot;/g, '"')
            .replace(/&lt;/g, '<')
            .replace(/&amp;/g, '&'),
        ),
      ).toEqual(site);
    } finally {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('answers none of them, and no placeholder, when they are not configured', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/settings' });
      const body = publicSettingsSchema.parse(res.json());
      expect(body.site).toEqual({});
      expect(body.agent.phone).toBeUndefined();
      expect(res.body).not.toContain('0161 000 0000');
    } finally {
      await plain.close();
    }
  });

  it.each([
    ['PHONE_NUMBER', '0161 000'],
    ['REVIEW_RATING', '6'],
    ['REVIEW_RATING', 'great'],
    ['TOTAL_CLAIMED', 'x'.repeat(41)],
  ])('refuses %s=%s at start, naming it', (key, value) => {
    expect(() => loadConfig({ NODE_ENV: 'test', [key]: value })).toThrow(key);
  });
});
