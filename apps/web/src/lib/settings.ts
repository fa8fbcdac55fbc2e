import { useEffect, useState } from 'react';
import type { AuthorityTerms, FeeSettings } from '@taxback/domain';
import { readSiteSettings } from '@taxback/domain/site-settings';
import type { SiteSettings } from '@taxback/domain/site-settings';

/**
 * The server's public settings (GET /api/settings, D19/D20): our company as the authority names it
 * and the fee. Read once per page load and shared. The API client is loaded on demand, so the
 * landing page (which has the fee from `<meta name="fee-settings">`) carries none of it (decision 033).
 */
export type Settings = AuthorityTerms & { site?: SiteSettings | undefined };

let pending: Promise<Settings | null> | null = null;

/** The settings, fetched once; a failed fetch is retried on the next call. */
export function loadSettings(): Promise<Settings | null> {
  pending ??= import('./api/client.ts')
    .then(({ call }) => call('getSettings'))
    .then((res) => {
      const settings = res.status === 200 ? res.data : null;
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

/** Issue 32: our phone number, rating and total claimed as the server wrote them into the page, or null. */
export function siteFromPage(): SiteSettings | null {
  if (typeof document === 'undefined') return null;
  const content = document.querySelector('meta[name="site-settings"]')?.getAttribute('content');
  if (content === null || content === undefined) return null;
  try {
    return readSiteSettings(JSON.parse(content));
  } catch {
    return {};
  }
}

/**
 * Our phone number, rating and total claimed (each absent when not configured): from the page at
 * once when the server wrote them in, otherwise from GET /api/settings. Empty while unknown.
 */
export function useSiteSettings(): SiteSettings {
  const [fromPage] = useState(siteFromPage);
  const [loaded, setLoaded] = useState<SiteSettings>({});
  useEffect(() => {
    if (fromPage) return;
    let live = true;
    void loadSettings().then((s) => {
      if (live && s?.site) setLoaded(readSiteSettings(s.site));
    });
    return () => {
      live = false;
    };
  }, [fromPage]);
  return fromPage ?? loaded;
}
