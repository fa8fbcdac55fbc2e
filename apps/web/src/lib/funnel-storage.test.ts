import { beforeEach, describe, expect, it } from 'vitest';
import { isSessionId } from '@taxback/domain/session';
import {
  STORAGE_KEYS,
  captureUtmData,
  clearFunnel,
  ensureFunnelSessionId,
  getAffiliate,
  getSelectedExpenses,
  getUtmData,
  recordAssessmentStep,
  resolveFunnelSessionId,
  saveAffiliate,
  saveSelectedExpenses,
  trackingFields,
} from './funnel-storage.ts';

beforeEach(() => sessionStorage.clear());

describe('captureUtmData', () => {
  it('stores full_url and only the campaign keys present on first load', () => {
    const href =
      'https://taxback.test/?utm_source=google&utm_campaign=spring&kw=tax%20refund&gclid=x&utm_foo=y';
    const data = captureUtmData(href);
    expect(data).toEqual({ full_url: href, utm_source: 'google', utm_campaign: 'spring', kw: 'tax refund' });
    expect(JSON.parse(sessionStorage.getItem('utm_data') ?? 'null')).toEqual(data);
  });

  it('captures every SPEC key', () => {
    const keys = [
      'utm_source',
      'utm_content',
      'utm_medium',
      'utm_campaign',
      'utm_adgroup',
      'utm_term',
      'utm_device',
      'utm_placement',
      'utm_matchtype',
      'cn',
      'ag',
      'kw',
      'placement',
      'target',
    ];
    const href = `https://taxback.test/?${keys.map((k) => `${k}=v_${k}`).join('&')}`;
    const data = captureUtmData(href);
    for (const k of keys) expect(data).toHaveProperty(k, `v_${k}`);
  });

  it('records the first URL even without campaign parameters', () => {
    expect(captureUtmData('https://taxback.test/expenses')).toEqual({
      full_url: 'https://taxback.test/expenses',
    });
  });

  it('keeps the first capture when a later URL has no campaign parameters', () => {
    captureUtmData('https://taxback.test/?utm_source=fb');
    captureUtmData('https://taxback.test/expenses');
    expect(getUtmData()).toEqual({ full_url: 'https://taxback.test/?utm_source=fb', utm_source: 'fb' });
  });

  it('replaces the capture when a new URL carries campaign parameters', () => {
    captureUtmData('https://taxback.test/?utm_source=fb&kw=a');
    captureUtmData('https://taxback.test/start-claim?utm_source=bing');
    expect(getUtmData()).toEqual({
      full_url: 'https://taxback.test/start-claim?utm_source=bing',
      utm_source: 'bing',
    });
  });

  it('trackingFields drops full_url for the API', () => {
    expect(trackingFields({ full_url: 'https://x.test/', utm_term: 't' })).toEqual({ utm_term: 't' });
    expect(trackingFields(null)).toEqual({});
  });
});

describe('funnel session', () => {
  it('creates a D5-shaped session id once and reuses it', () => {
    const id = ensureFunnelSessionId();
    expect(isSessionId(id)).toBe(true);
    expect(ensureFunnelSessionId()).toBe(id);
    expect(sessionStorage.getItem(STORAGE_KEYS.sessionId)).toBe(id);
  });

  it('prefers a valid id from navigation state and ignores malformed ones', () => {
    const stored = ensureFunnelSessionId();
    expect(resolveFunnelSessionId({ sessionId: 'not-an-id' })).toBe(stored);
    const other = 'tx_1700000000000_abcdefghijklmnopqrstuvwx';
    expect(resolveFunnelSessionId({ sessionId: other })).toBe(other);
    sessionStorage.clear();
    expect(resolveFunnelSessionId(null)).toBeNull();
  });

  it('keeps the first timestamp while the step and lastUpdated move on', () => {
    const first = recordAssessmentStep('qualification_completed', null, new Date('2025-01-01T10:00:00Z'));
    const later = recordAssessmentStep('expenses_completed', undefined, new Date('2025-01-01T10:05:00Z'));
    expect(first).toEqual({
      qualifies: 'yes',
      timestamp: '2025-01-01T10:00:00.000Z',
      step: 'qualification_completed',
      lastUpdated: '2025-01-01T10:00:00.000Z',
    });
    expect(later).toEqual({
      qualifies: 'yes',
      timestamp: '2025-01-01T10:00:00.000Z',
      step: 'expenses_completed',
      lastUpdated: '2025-01-01T10:05:00.000Z',
    });
  });

  it('stores expenses and drops unknown ids on restore', () => {
    saveSelectedExpenses(['hotel', 'wfh']);
    expect(getSelectedExpenses()).toEqual(['hotel', 'wfh']);
    sessionStorage.setItem(STORAGE_KEYS.expenses, JSON.stringify(['hotel', 'yacht', 3]));
    expect(getSelectedExpenses()).toEqual(['hotel']);
    sessionStorage.setItem(STORAGE_KEYS.expenses, '{not json');
    expect(getSelectedExpenses()).toEqual([]);
  });

  it('stores plain affiliate slugs under "affiliate" and ignores anything else', () => {
    expect(saveAffiliate('partner-one')).toBe('partner-one');
    expect(sessionStorage.getItem('affiliate')).toBe('partner-one');
    expect(saveAffiliate('<script>')).toBe('partner-one');
    expect(getAffiliate()).toBe('partner-one');
  });

  it('clearFunnel forgets the claim but keeps attribution', () => {
    saveAffiliate('p');
    captureUtmData('https://taxback.test/?utm_source=x');
    ensureFunnelSessionId();
    saveSelectedExpenses(['hotel']);
    clearFunnel();
    expect(sessionStorage.getItem(STORAGE_KEYS.sessionId)).toBeNull();
    expect(getSelectedExpenses()).toEqual([]);
    expect(getAffiliate()).toBe('p');
    expect(getUtmData()?.utm_source).toBe('x');
  });
});
