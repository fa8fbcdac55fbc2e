import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A vendor stand-in on 127.0.0.1 (port chosen by the OS) that answers with whatever the test sets.

export type StubAnswer = {
  status: number;
  /** Objects are sent as JSON; strings as-is (for malformed bodies). */
  body?: unknown;
  /** Wait this long before answering (to go past the provider timeout). */
  delayMs?: number;
};

export type StubRequest = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

export type Stub = {
  url: string;
  requests: StubRequest[];
  answer: (next: StubAnswer | ((req: StubRequest) => StubAnswer)) => void;
  close: () => Promise<void>;
};

export async function startStub(): Promise<Stub> {
  let responder: (req: StubRequest) => StubAnswer = () => ({ status: 500, body: { error: 'no answer set' } });
  const requests: StubRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: StubRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const answer = responder(recorded);
      const send = () => {
        timers.delete(timer);
        if (res.destroyed) return;
        const payload = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? '');
        res.writeHead(answer.status, { 'Content-Type': 'application/json' });
        res.end(payload);
      };
      const timer = setTimeout(send, answer.delayMs ?? 0);
      timers.add(timer);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(next) {
      responder = typeof next === 'function' ? next : () => next;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
