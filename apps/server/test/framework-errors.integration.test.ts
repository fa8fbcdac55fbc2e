import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newSessionId } from './helpers.ts';
import type { TestApp } from './helpers.ts';

// Issue 17: errors raised outside the app's handlers (by Fastify's router and body parsers, or by
// Node's HTTP parser before Fastify sees the request) once went out with the framework's own body
// and without D16's headers. Over a real socket, so Node's parser is in the path.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` as written and reads the answer until the server closes or the body is in. */
function raw(request: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, split));
      if (split >= 0 && length && Buffer.byteLength(text.slice(split + 4)) >= Number(length[1])) {
        socket.end();
      }
    });
    socket.on('close', finish);
    socket.on('error', reject);
    socket.write(request);
  });
}

function expectSafe(response: RawResponse, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response.headers['cache-control']).toBe('no-store');
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['error']);
  expect(typeof body.error).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/FST_|statusCode|stack/);
  return body;
}

const session = newSessionId();

describe('framework errors carry the security headers and the app error body', () => {
  it('a malformed URL', async () => {
    const response = await raw(`GET /api/files/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(expectSafe(response, 400)).toEqual({ error: 'Bad request' });
  });

  it('a header block over the limit', async () => {
    const big = 'a'.repeat(20 * 1024);
    const response = await raw(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${big}\r\nConnection: close\r\n\r\n`,
    );
    expect(expectSafe(response, 431)).toEqual({ error: 'The request headers are too large.' });
  });

  it('a malformed request line', async () => {
    const response = await raw(`NONSENSE\r\n\r\n`);
    expect(expectSafe(response, 400)).toEqual({ error: 'Bad request' });
  });

  it('a body over the limit', async () => {
    const body = JSON.stringify({ snapshot: { padding: 'x'.repeat(1_100_000) } });
    const response = await raw(
      `PUT /api/onboarding HTTP/1.1\r\nHost: x\r\nX-Session-Id: ${session}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(expectSafe(response, 413)).toEqual({ error: 'The request is too large.' });
  });

  it('malformed JSON', async () => {
    const body = '{"firstName": ';
    const response = await raw(
      `POST /api/claims HTTP/1.1\r\nHost: x\r\nX-Session-Id: ${session}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(expectSafe(response, 400)).toEqual({ error: 'Invalid JSON' });
  });

  it('an unsupported media type', async () => {
    const body = 'firstName=Jane';
    const response = await raw(
      `POST /api/claims HTTP/1.1\r\nHost: x\r\nX-Session-Id: ${session}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(expectSafe(response, 415)).toEqual({ error: 'This type of content is not accepted.' });
  });

  it('an unknown API route', async () => {
    const response = await raw(`GET /api/no-such-thing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(expectSafe(response, 404)).toEqual({ error: 'Not found' });
  });
});

describe('slow clients are cut off (decision 018)', () => {
  it('connections sending headers slowly are answered 408 and closed once the headers timeout passes', async () => {
    const slow = await createTestApp({ env: { SERVER_HEADERS_TIMEOUT_MS: '1000' } });
    try {
      await slow.app.listen({ host: '127.0.0.1', port: 0 });
      const slowPort = (slow.app.server.address() as AddressInfo).port;
      const started = Date.now();
      const outcomes = await Promise.all(
        Array.from(
          { length: 100 },
          () =>
            new Promise<{ closedAfterMs: number; answer: string }>((resolve, reject) => {
              const socket = net.connect(slowPort, '127.0.0.1');
              const received: Buffer[] = [];
              // A byte of a header every 200 ms: never a whole header block.
              socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
              const drip = setInterval(() => {
                if (socket.writable) socket.write('X');
              }, 200);
              socket.on('data', (chunk) => received.push(chunk));
              socket.on('error', () => {});
              socket.on('close', () => {
                clearInterval(drip);
                resolve({ closedAfterMs: Date.now() - started, answer: Buffer.concat(received).toString() });
              });
              setTimeout(() => reject(new Error('still open after 10 s')), 10_000).unref();
            }),
        ),
      );
      for (const { closedAfterMs, answer } of outcomes) {
        expect(closedAfterMs).toBeLessThan(5_000);
        expect(answer).toMatch(/^HTTP\/1\.1 408 /);
        expect(answer).toContain('x-content-type-options: nosniff');
        expect(answer).toContain('{"error":"The request took too long. Please try again."}');
      }
      // A normal request is still served.
      const health = await fetch(`http://127.0.0.1:${slowPort}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      await slow.close();
    }
  }, 20_000);
});
