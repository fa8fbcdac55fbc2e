import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

/** D16 security headers. HSTS is added separately, only on HTTPS requests. */
export const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
  frameguard: { action: 'deny' },
  // Sending HSTS over plain HTTP is ignored by browsers and breaks local use; see addHstsOnHttps.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/**
 * Helmet decides D16's headers once, at start-up: it is run against a stand-in response and the
 * headers it sets are kept. Every response then gets that same list, set directly. (Helmet's
 * options here are all static, so its answer never varies by request; running its twelve
 * middlewares per request, as @fastify/helmet does, was a tenth of a small request's CPU.)
 */
export function securityHeaders(options: HelmetOptions = helmetOptions): ReadonlyArray<[string, string]> {
  const headers = new Map<string, string>();
  const stand = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let finished = false;
  let failure: unknown;
  helmet(options)({} as never, stand as never, (error?: unknown) => {
    finished = true;
    failure = error;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  return [...headers];
}

/**
 * D16's headers for this app: a page's CSP allows `scriptHashes`, the inline scripts pages may run,
 * and frames from `frameOrigins` (decision 079: Dropbox Sign's signing window, when configured).
 */
export function appSecurityHeaders(
  scriptHashes: readonly string[] = [],
  frameOrigins: readonly string[] = [],
): SecurityHeaderSets {
  const csp = helmetOptions.contentSecurityPolicy as { directives: Record<string, string[]> };
  const frames: Record<string, string[]> =
    frameOrigins.length > 0 ? { frameSrc: ["'self'", ...frameOrigins] } : {};
  const document = securityHeaders({
    ...helmetOptions,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...csp.directives,
        scriptSrc: [...(csp.directives.scriptSrc ?? []), ...scriptHashes],
        ...frames,
      },
    },
  });
  return { document, api: securityHeaders(apiHelmetOptions) };
}

/**
 * D16's headers for API answers (JSON, and files sent as attachments), after OWASP's REST Security
 * Cheat Sheet: a CSP that allows nothing and no framing, nosniff, no framing, no referrer, and
 * same-origin resources only. The headers that only mean something for a page (opener policy,
 * agent clusters, DNS prefetch, IE's download and XSS switches, Flash's cross-domain policies) and
 * the page's long CSP are left off: half the headers and a tenth of their bytes on every answer.
 */
export const apiHelmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  referrerPolicy: { policy: 'no-referrer' },
  frameguard: { action: 'deny' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

export interface SecurityHeaderSets {
  /** Pages and everything else the web app serves. */
  document: ReadonlyArray<[string, string]>;
  /** /api and below. */
  api: ReadonlyArray<[string, string]>;
}

export const isApiPath = (url: string): boolean =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export function addSecurityHeaders(app: FastifyInstance, sets: SecurityHeaderSets): void {
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of isApiPath(request.url) ? sets.api : sets.document)
      reply.raw.setHeader(name, value);
    done();
  });
}

export function addHstsOnHttps(app: FastifyInstance): void {
  // Callback-style hooks here and below: on every request an async hook costs a promise for nothing.
  app.addHook('onRequest', (request, reply, done) => {
    // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY allows it.
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    done();
  });
}

/** API answers carry personal data: never cache unless a route chose otherwise. */
export function addApiNoStore(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
