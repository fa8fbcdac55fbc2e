import { useEffect, useState } from 'react';
import { isRecord } from '@taxback/domain/records';
import type { AuthorityTerms, FeeSettings } from '@taxback/domain';
import { apiRequest } from './api-client.ts';

/**
 * The server's public settings (GET /api/settings, D19/D20): our company as the authority names it
 * and the fee. Read once per page load and shared. Read by hand rather than with the zod schema so
 * the landing page, which shows the fee sentence, does not bundle zod; the server answers through
 * publicSettingsSchema.
 */
export type Settings = AuthorityTerms;

function readNumber(x: unknown): number | null {
  return typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : null;
}

export function readSettings(raw: unknown): Settings | null {
  if (!isRecord(raw) || !isRecord(raw.agent) || !isRecord(raw.fee)) return null;
  const { agent, fee } = raw;
  const percent = readNumber(fee.percent);
  const minimumPence = readNumber(fee.minimumPence);
  const vatPercent = readNumber(fee.vatPercent);
  if (
    typeof agent.companyName !== 'string' ||
    typeof agent.address !== 'string' ||
    typeof agent.hmrcAgentReference !== 'string' ||
    percent === null ||
    minimumPence === null ||
    vatPercent === null
  )
    return null;
  return {
    agent: {
      companyName: agent.companyName,
      address: agent.address,
      hmrcAgentReference: agent.hmrcAgentReference,
      ...(typeof agent.phone === 'string' ? { phone: agent.phone } : {}),
    },
    fee: { percent, minimumPence, vatPercent },
  };
}

let pending: Promise<Settings | null> | null = null;

/** The settings, fetched once; a failed fetch is retried on the next call. */
export function loadSettings(): Promise<Settings | null> {
  pending ??= apiRequest<unknown>('GET', '/api/settings').then((res) => {
    const settings = res.ok ? readSettings(res.data) : null;
    if (!settings) pending = null;
    return settings;
  });
  return pending;
}

/** Test hook: forget the cached settings. */
export function resetSettingsCache(): void {
  pending = null;
}

/** The settings once loaded; null while loading or when the server could not be reached. */
export function useSettings(): Settings | null {
  const [settings, setSettings] = useState<Settings | null>(null);
  useEffect(() => {
    let live = true;
    void loadSettings().then((s) => {
      if (live) setSettings(s);
    });
    return () => {
      live = false;
    };
  }, []);
  return settings;
}

/** D20: the fee the server wrote into the page (`<meta name="fee-settings">`), or null without one. */
export function feeFromPage(): FeeSettings | null {
  if (typeof document === 'undefined') return null;
  const content = document.querySelector('meta[name="fee-settings"]')?.getAttribute('content') ?? '';
  const parts = content.trim().split(/\s+/).map(Number);
  if (parts.length !== 3 || parts.some((n) => !Number.isFinite(n) || n < 0)) return null;
  const [percent = 0, minimumPence = 0, vatPercent = 0] = parts;
  return { percent, minimumPence, vatPercent };
}

/**
 * The fee settings for pages that only need the fee (landing, footer, estimate): from the page at
 * once when the server wrote them in, otherwise from GET /api/settings. Null while unknown.
 */
export function useFeeSettings(): FeeSettings | null {
  const [fromPage] = useState(feeFromPage);
  const [loaded, setLoaded] = useState<FeeSettings | null>(null);
  useEffect(() => {
    if (fromPage) return;
    let live = true;
    void loadSettings().then((s) => {
      if (live && s) setLoaded(s.fee);
    });
    return () => {
      live = false;
    };
  }, [fromPage]);
  return fromPage ?? loaded;
}
