import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

// Answers for requests refused before any route or hook of ours ran (issue 17): they carry the
// same D16 headers and the same `{ error }` body as every other answer, never the framework's own.

export const FRAMEWORK_ERROR_MESSAGES = {
  badRequest: 'Bad request',
  headersTooLarge: 'The request headers are too large.',
  timeout: 'The request took too long. Please try again.',
} as const;

type Headers = ReadonlyArray<[string, string]>;

/** Fastify's `frameworkErrors`: the router could not decode the URL (`/api/files/%E0%A4%A`). */
export function frameworkErrorHandler(headers: Headers) {
  return (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    for (const [name, value] of headers) reply.header(name, value);
    void reply
      .code(400)
      .header('cache-control', 'no-store')
      .send({ error: FRAMEWORK_ERROR_MESSAGES.badRequest });
  };
}

/**
 * Node's HTTP parser refused the request before Fastify saw it: a malformed request, a header
 * block over the limit (431), or headers or a body too slow (408, the server timeouts). The
 * answer is written to the socket, which then closes.
 */
export function clientErrorHandler(headers: Headers) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // A response already under way on this socket cannot be replaced by another.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, FRAMEWORK_ERROR_MESSAGES.headersTooLarge]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, FRAMEWORK_ERROR_MESSAGES.timeout]
          : [400, FRAMEWORK_ERROR_MESSAGES.badRequest];
    const body = JSON.stringify({ error: message });
    const head = [
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'cache-control: no-store',
      'connection: close',
      ...headers.map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  };
}
