import type { FastifyServerOptions } from 'fastify';

/** Path without query string, and with resume codes masked, for logs (D16: no codes, no personal data). */
export function safeLogUrl(url: string): string {
  const pathOnly = url.split('?')[0] ?? '';
  return pathOnly.replace(/^\/resume\/[^/]+/i, '/resume/[code]');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers["x-session-id"]',
        'req.headers.cookie',
        'req.headers.authorization',
        'headers["x-session-id"]',
        'headers.cookie',
        'headers.authorization',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; hostname?: string }) {
        return { method: request.method, url: safeLogUrl(request.url), host: request.hostname };
      },
    },
  };
}
