import { UUID_PATTERN } from '@taxback/domain/uuid';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeSchema } from '../../http/contract.ts';
import { NotFoundError } from '../../errors.ts';
import { toOperatorView } from './auth-service.ts';
import type { AuthService } from './auth-service.ts';
import { ADMIN_COOKIE, operatorContext } from './guard.ts';

// Lockout (10 failures per account) is the real guard; this only slows a spray across accounts.
const SIGN_IN_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export async function authRoutes(base: FastifyInstance, opts: { auth: AuthService; secureCookie: boolean }) {
  const { auth } = opts;
  const app = base.withTypeProvider<ZodTypeProvider>();
  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(ADMIN_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: opts.secureCookie,
      path: '/',
    });

  app.post(
    '/sign-in',
    { schema: routeSchema('adminSignIn'), config: SIGN_IN_RATE_LIMIT },
    async (request, reply) => {
      const { email, password } = request.body;
      const result = await auth.signIn(email, password);
      setCookie(reply, result.token);
      return { next: result.next, csrfToken: result.csrfToken };
    },
  );

  app.post(
    '/sign-in/code',
    { schema: routeSchema('adminSignInCode'), config: SIGN_IN_RATE_LIMIT },
    async (request, reply) => {
      const { code } = request.body;
      const result = await auth.confirmCode(operatorContext(request), code);
      setCookie(reply, result.token);
      return { operator: result.operator, csrfToken: result.csrfToken };
    },
  );

  app.get('/enrol', { schema: routeSchema('adminEnrolment') }, async (request) =>
    auth.enrolment(operatorContext(request)),
  );

  const enrolOptions = {
    schema: routeSchema('adminConfirmEnrolment'),
    config: SIGN_IN_RATE_LIMIT,
  };
  app.post('/enrol', enrolOptions, async (request, reply) => {
    const { code } = request.body;
    const result = await auth.confirmEnrolment(operatorContext(request), code);
    setCookie(reply, result.token);
    return { operator: result.operator, csrfToken: result.csrfToken };
  });

  app.get('/me', { schema: routeSchema('adminMe') }, async (request) => {
    const ctx = operatorContext(request);
    return { operator: toOperatorView(ctx.operator), csrfToken: ctx.session.csrf_token };
  });

  app.post('/sign-out', { schema: routeSchema('adminSignOut') }, async (request, reply) => {
    await auth.signOut(operatorContext(request));
    reply.clearCookie(ADMIN_COOKIE, { path: '/' });
    return reply.code(204).send();
  });

  app.get('/operators', { schema: routeSchema('listOperators') }, async () => ({
    operators: await auth.listOperators(),
  }));

  app.post('/operators', { schema: routeSchema('createOperator') }, async (request, reply) => {
    const created = await auth.createOperator(
      toOperatorView(operatorContext(request).operator),
      request.body,
    );
    return reply.code(201).send(created);
  });

  app.patch('/operators/:id', { schema: routeSchema('changeOperator') }, async (request, reply) => {
    if (!UUID_PATTERN.test(request.params.id)) throw new NotFoundError();
    const actor = toOperatorView(operatorContext(request).operator);
    await auth.changeOperator(actor, request.params.id, request.body);
    return reply.code(204).send();
  });
}
