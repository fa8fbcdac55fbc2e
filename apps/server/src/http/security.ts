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
 * Helmet's middleware is built once here and applied to every response. (@fastify/helmet rebuilt
 * it, re-parsing the CSP, on every request: a fifth of a small request's CPU in the profile.)
 */
export function addSecurityHeaders(app: FastifyInstance): void {
  const applyHeaders = helmet(helmetOptions);
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
}

export function addHstsOnHttps(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY allows it.
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}

/** API answers carry personal data: never cache unless a route chose otherwise. */
export function addApiNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.url === '/api' || request.url.startsWith('/api/')) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
