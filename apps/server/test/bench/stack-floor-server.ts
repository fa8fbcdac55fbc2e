// `npm run bench` part (D37): the stack-floor probe. The app itself, built by buildApp from the
// same environment as the API (its plugins and hooks: the door, compression, the rate limit,
// cookies, security headers, the text rule, the request scope), with every route keeping its
// options (the contract's schemas and zod parse, body limits, route hooks), but the four measured
// operations answering at once after the session guard: what every API request costs before our
// handler does anything. Its own DATA_DIR; no jobs are started. PORT picks the port.
import type { FastifyReply, RouteOptions } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { requireSession } from '../../src/http/session.ts';

// No revision in the saves' answers: the bench carries the API's revisions alone (as for the
// ceiling probe), and in production the answers are serialised without their schema's check.
const ANSWERS: Record<string, (reply: FastifyReply) => FastifyReply> = {
  saveOnboarding: (reply) => reply.header('cache-control', 'no-store').send({ saved: true }),
  saveOnboardingStep: (reply) => reply.header('cache-control', 'no-store').send({ saved: true }),
  getOnboarding: (reply) =>
    reply
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send('{"revision":1,"snapshot":null}'),
  submitClaim: (reply) => reply.code(201).send({ id: '00000000-0000-4000-8000-000000000000' }),
};

/** Replaces a measured operation's handler with one that checks the session and answers at once. */
function answerAtOnce(route: RouteOptions): void {
  const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
  const answer = operationId === undefined ? undefined : ANSWERS[operationId];
  if (!answer) return;
  route.handler = async (request, reply) => {
    requireSession(request);
    return answer(reply);
  };
}

const config = loadConfig();
const app = await buildApp(config, { onCreate: (bare) => bare.addHook('onRoute', answerAtOnce) });
const address = await app.listen({ port: config.port, host: '127.0.0.1' });
process.stdout.write(`listening ${new URL(address).port}\n`);

const stop = () => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
