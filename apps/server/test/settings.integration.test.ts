import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicSettingsSchema } from '@taxback/domain/schemas';
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
