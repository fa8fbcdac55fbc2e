import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface PageWeight {
  landing: { js: number; css: number; files: string[] };
  funnel: number | null;
  wizard: number | null;
  resume: number | null;
  admin: number | null;
  adminInClaimantPages: boolean;
}

const gz = (dist: string, file: string) =>
  gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

/**
 * Gzipped bytes the landing page loads before any interaction (what index.html references), and
 * what each lazily loaded area adds on top of it (its chunks' static-import closure minus the
 * landing's files), read from Vite's manifest.
 */
export function measurePageWeight(dist: string): PageWeight {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '');
  const landingFiles = new Set(refs);
  const js = refs.filter((f) => f.endsWith('.js')).reduce((n, f) => n + gz(dist, f), 0);
  const css = refs.filter((f) => f.endsWith('.css')).reduce((n, f) => n + gz(dist, f), 0);

  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = fs.existsSync(manifestPath)
    ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>)
    : {};

  const closure = (keys: string[]): Set<string> => {
    const files = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) return;
      files.add(chunk.file);
      for (const c of chunk.css ?? []) files.add(c);
      for (const i of chunk.imports ?? []) visit(i);
    };
    keys.forEach(visit);
    return files;
  };
  const areaWeight = (pattern: RegExp): number | null => {
    const keys = Object.keys(manifest).filter((k) => manifest[k]?.isDynamicEntry && pattern.test(k));
    if (keys.length === 0) return null;
    return [...closure(keys)].filter((f) => !landingFiles.has(f)).reduce((n, f) => n + gz(dist, f), 0);
  };

  // Admin code in claimant pages: a chunk of the admin bundle's own modules among the files any
  // claimant page loads (the landing page, and the funnel, wizard, resume and legal chunks with
  // what they import), or the admin API's path in one of those files (admin code bundled into a
  // shared chunk). The shared chunks the admin bundle itself imports (React, the router) do not count.
  const adminKeys = Object.keys(manifest).filter((k) => /features\/admin\//.test(k));
  const adminOwnFiles = adminKeys.map((k) => manifest[k]?.file ?? '').filter((f) => f !== '');
  const claimantKeys = Object.keys(manifest).filter(
    (k) => manifest[k]?.isDynamicEntry && /features\/(funnel|onboarding|resume|legal)\//.test(k),
  );
  const claimantFiles = new Set([...landingFiles, ...closure(claimantKeys)]);
  const adminInClaimantPages =
    adminOwnFiles.some((f) => claimantFiles.has(f)) ||
    [...claimantFiles]
      .filter((f) => f.endsWith('.js'))
      .some((f) => fs.readFileSync(path.join(dist, f), 'utf8').includes('/api/admin/'));

  return {
    landing: { js, css, files: refs },
    funnel: areaWeight(/features\/funnel\/(expenses-page|claim-form-page)\.tsx$/),
    wizard: areaWeight(/features\/onboarding\/onboarding-page\.tsx$/),
    resume: areaWeight(/features\/resume\/resume-page\.tsx$/),
    admin: adminKeys.length > 0 ? areaWeight(/features\/admin\//) : null,
    adminInClaimantPages,
  };
}
