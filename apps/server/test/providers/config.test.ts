import { describe, expect, it } from 'vitest';
import { loadProviderConfig } from '../../src/providers/config.ts';

describe('loadProviderConfig', () => {
  it('defaults to offline providers and a 5 s timeout with no variables set', () => {
    expect(loadProviderConfig({})).toEqual({
      address: { provider: 'offline' },
      distance: { provider: 'offline' },
      sms: { provider: 'offline' },
      email: { provider: 'offline' },
      esign: { provider: 'offline', p12Path: null, passphrase: '' },
      payments: { provider: 'offline' },
      timeoutMs: 5000,
    });
  });

  it('selects the real adapters with their keys and default base URLs', () => {
    const config = loadProviderConfig({
      ADDRESS_PROVIDER: 'ideal-postcodes',
      IDEAL_POSTCODES_API_KEY: 'ak_x',
      DISTANCE_PROVIDER: 'google',
      GOOGLE_MAPS_API_KEY: 'g',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_FROM: '+447700900000',
      SMTP_URL: 'smtps://user:pass@smtp.example.com',
      EMAIL_FROM: 'TaxBack <claims@example.com>',
      PROVIDER_TIMEOUT_MS: '2500',
    });
    expect(config).toEqual({
      address: { provider: 'ideal-postcodes', apiKey: 'ak_x', baseUrl: 'https://api.ideal-postcodes.co.uk' },
      distance: { provider: 'google', apiKey: 'g', baseUrl: 'https://routes.googleapis.com' },
      sms: {
        provider: 'twilio',
        accountSid: 'AC1',
        authToken: 't',
        from: '+447700900000',
        baseUrl: 'https://api.twilio.com',
      },
      email: {
        provider: 'smtp',
        url: 'smtps://user:pass@smtp.example.com',
        from: 'TaxBack <claims@example.com>',
      },
      esign: { provider: 'offline', p12Path: null, passphrase: '' },
      payments: { provider: 'offline' },
      timeoutMs: 2500,
    });
  });

  it('accepts Fetchify and OSRM with custom base URLs (trailing slash dropped)', () => {
    const config = loadProviderConfig({
      ADDRESS_PROVIDER: 'fetchify',
      FETCHIFY_ACCESS_TOKEN: 'tok',
      FETCHIFY_BASE_URL: 'http://127.0.0.1:9999/',
      DISTANCE_PROVIDER: 'osrm',
      OSRM_BASE_URL: 'http://osrm.internal:5000',
    });
    expect(config.address).toEqual({
      provider: 'fetchify',
      accessToken: 'tok',
      baseUrl: 'http://127.0.0.1:9999',
    });
    expect(config.distance).toEqual({ provider: 'osrm', baseUrl: 'http://osrm.internal:5000' });
  });

  it('fails at start-up naming every missing key of a selected provider', () => {
    const run = () =>
      loadProviderConfig({
        ADDRESS_PROVIDER: 'fetchify',
        DISTANCE_PROVIDER: 'google',
        SMS_PROVIDER: 'twilio',
        TWILIO_FROM: ' ',
      });
    expect(run).toThrow(/FETCHIFY_ACCESS_TOKEN: required when ADDRESS_PROVIDER=fetchify/);
    expect(run).toThrow(/GOOGLE_MAPS_API_KEY: required when DISTANCE_PROVIDER=google/);
    expect(run).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(run).toThrow(/TWILIO_AUTH_TOKEN/);
    expect(run).toThrow(/TWILIO_FROM/);
  });

  it('lists bad values by key', () => {
    const run = () =>
      loadProviderConfig({
        ADDRESS_PROVIDER: 'royal-mail',
        PROVIDER_TIMEOUT_MS: 'soon',
        OSRM_BASE_URL: 'ftp://x',
      });
    expect(run).toThrow(/ADDRESS_PROVIDER/);
    expect(run).toThrow(/PROVIDER_TIMEOUT_MS/);
    expect(run).toThrow(/OSRM_BASE_URL/);
  });
});
