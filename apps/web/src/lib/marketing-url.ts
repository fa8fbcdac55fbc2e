import { CONTENT } from '@taxback/domain/content';

/**
 * The marketing site claimants return to. The server writes its configured value into the
 * page's `<meta name="marketing-site-url">` (the CSP allows no inline script for runtime config);
 * the content module's default applies when the tag is absent.
 */
export function marketingSiteUrl(): string {
  const meta =
    typeof document === 'undefined' ? null : document.querySelector('meta[name="marketing-site-url"]');
  const value = meta?.getAttribute('content')?.trim();
  return value && /^https?:\/\//.test(value) ? value : CONTENT.marketingSiteUrl;
}
