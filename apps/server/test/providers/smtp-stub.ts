import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// An SMTP server on 127.0.0.1 (port chosen by the OS) that keeps every message it accepts, or
// refuses every message with "421 try again later" while `failing` is set (a provider outage).

export type SmtpReceived = { from: string; to: string[]; subject: string; raw: string };

export type SmtpStub = {
  url: string;
  received: SmtpReceived[];
  /** Messages refused while failing. */
  refused: number;
  failing: boolean;
  close: () => Promise<void>;
};

export async function startSmtpStub(): Promise<SmtpStub> {
  const stub: SmtpStub = {
    url: '',
    received: [],
    refused: 0,
    failing: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!stub.failing) return callback();
      stub.refused += 1;
      return callback(
        Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        stub.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  stub.url = `smtp://127.0.0.1:${port}`;
  return stub;
}
