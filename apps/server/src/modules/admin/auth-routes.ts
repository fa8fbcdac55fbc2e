import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  adminSignInSchema,
  operatorChangeSchema,
  operatorCreateSchema,
  securityCodeSchema,
} from '@taxback/domain/admin-schemas';
import { NotFoundError } from '../../http/errors.ts';
import { toOperatorView } from './auth-service.ts';
import type { AuthService } from './auth-service.ts';
import { ADMIN_COOKIE, operatorContext, requireOperator } from './guard.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Lockout (10 failures per account) is the real guard; this only slows a spray across accounts.
const SIGN_IN_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export async function authRoutes(app: FastifyInstance, opts: { auth: AuthService; secureCookie: boolean }) {
  const { auth } = opts;
  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(ADMIN_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: opts.secureCookie,
      path: '/',
    });
  const secondFactor = requireOperator(auth, { stage: 'second-factor' });
  const signedIn = requireOperator(auth);
  const adminOnly = requireOperator(auth, { role: 'admin' });

  app.post('/sign-in', { config: SIGN_IN_RATE_LIMIT }, async (request, reply) => {
    const { email, password } = adminSignInSchema.parse(request.body ?? {});
    const result = await auth.signIn(email, password);
    setCookie(reply, result.token);
    return { next: result.next, csrfToken: result.csrfToken };
  });

  app.post(
    '/sign-in/code',
    { config: SIGN_IN_RATE_LIMIT, preHandler: secondFactor },
    async (request, reply) => {
      const { code } = securityCodeSchema.parse(request.body ?? {});
      const result = await auth.confirmCode(operatorContext(request), code);
      setCookie(reply, result.token);
      return { operator: result.operator, csrfToken: result.csrfToken };
    },
  );

  app.get('/enrol', { preHandler: secondFactor }, async (request) =>
    auth.enrolment(operatorContext(request)),
  );

  app.post('/enrol', { config: SIGN_IN_RATE_LIMIT, preHandler: secondFactor }, async (request, reply) => {
    const { code } = securityCodeSchema.parse(request.body ?? {});
    const result = await auth.confirmEnrolment(operatorContext(request), code);
    setCookie(reply, result.token);
    return { operator: result.operator, csrfToken: result.csrfToken };
  });

  app.get('/me', { preHandler: signedIn }, async (request) => {
    const ctx = operatorContext(request);
    return { operator: toOperatorView(ctx.operator), csrfToken: ctx.session.csrf_token };
  });

  app.post('/sign-out', { preHandler: signedIn }, async (request, reply) => {
    await auth.signOut(operatorContext(request));
    reply.clearCookie(ADMIN_COOKIE, { path: '/' });
    return reply.code(204).send();
  });

  app.get('/operators', { preHandler: adminOnly }, async () => ({ operators: await auth.listOperators() }));

  app.post('/operators', { preHandler: adminOnly }, async (request, reply) => {
    const input = operatorCreateSchema.parse(request.body ?? {});
    const created = await auth.createOperator(toOperatorView(operatorContext(request).operator), input);
    return reply.code(201).send(created);
  });

  app.patch<{ Params: { id: string } }>(
    '/operators/:id',
    { preHandler: adminOnly },
    async (request, reply) => {
      if (!UUID_PATTERN.test(request.params.id)) throw new NotFoundError();
      const change = operatorChangeSchema.parse(request.body ?? {});
      await auth.changeOperator(toOperatorView(operatorContext(request).operator), request.params.id, change);
      return reply.code(204).send();
    },
  );
}
