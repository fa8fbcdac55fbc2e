import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
} from 'fastify';
import { z } from 'zod';
import { API, securityOf } from '@taxback/domain/api/contract';
import type { ApiAccess, ApiOperation, ApiResponse, ApiRoute } from '@taxback/domain/api/contract';
import { FORM_ERROR_KEY, fieldErrors } from '@taxback/domain/schemas';
import { REQUEST_MESSAGES } from '@taxback/domain/api-messages';
import { ValidationError } from '../errors.ts';
import { sessionRequired } from './session.ts';

// Issue 14 (decision 024): every API route declares its part of the domain's contract
// (@taxback/domain/api/contract). Requests are parsed by its zod schemas before the handler runs;
// answers are checked against it outside production; /api/docs is generated from it.

function responseSchema(response: ApiResponse) {
  const { description, schema, contentType } = response;
  if (schema) return { description, content: { 'application/json': { schema } } };
  if (contentType) {
    const types = [contentType].flat();
    const content = types.map((type) => [type, { schema: z.string().meta({ contentMediaType: type }) }]);
    return { description, content: Object.fromEntries(content) };
  }
  return z.null().describe(description);
}

/** The schema a route declares for one part of the request, typed for the zod type provider. */
type Part<K extends ApiOperation, P extends string> =
  (typeof API)[K] extends Record<P, infer S extends z.ZodType> ? S : undefined;

/** The declared answers, typed for the zod type provider so a handler's return is checked too. */
type Answers<K extends ApiOperation> = {
  [S in keyof (typeof API)[K]['responses']]: (typeof API)[K]['responses'][S] extends {
    schema: infer Z extends z.ZodType;
  }
    ? { content: { 'application/json': { schema: Z } } }
    : { content: Record<string, { schema: z.ZodType<unknown> }> };
};

/** The Fastify schema of one operation: what it validates, how it answers, how it is documented. */
export function routeSchema<const K extends ApiOperation>(operationId: K) {
  const route: ApiRoute = API[operationId];
  const security = securityOf(route);
  return {
    operationId,
    tags: [...route.tags],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(security ? { security } : {}),
    ...(route.body ? { body: route.body } : {}),
    ...(route.querystring ? { querystring: route.querystring } : {}),
    ...(route.params ? { params: route.params } : {}),
    response: Object.fromEntries(
      Object.entries(route.responses).map(([status, response]) => [status, responseSchema(response)]),
    ),
  } as unknown as {
    operationId: K;
    body: Part<K, 'body'>;
    querystring: Part<K, 'querystring'>;
    params: Part<K, 'params'>;
    response: Answers<K>;
  };
}

const operationsByRoute = new Map(
  Object.entries(API).map(([id, route]) => [`${route.method} ${route.path}`, id as ApiOperation]),
);

/** The operation a registered route serves, by its method and full path. */
export function operationOf(method: string, url: string): ApiOperation | undefined {
  return operationsByRoute.get(`${method} ${url}`);
}

/**
 * Requests: parsed by the declared zod schema, the data the handler gets is the parsed value;
 * a refusal is the API's one 400 shape, `{ errors }` from the domain's `fieldErrors`.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, method, url, httpPart }) => {
  const operation = operationOf(method, url);
  const from = operation ? (API[operation] as ApiRoute).fieldErrorsFrom : undefined;
  const prefix = httpPart === 'body' && from ? `${from}.` : null;
  // Issue 44: a route that declares a body takes a JSON object. A missing or `null` body, another
  // content type (which leaves no parsed body) or an array or a bare value is refused before the
  // handler runs, so it can touch nothing.
  if (httpPart === 'body')
    return (data) => {
      if (typeof data !== 'object' || data === null || Array.isArray(data))
        return { error: new ValidationError({ [FORM_ERROR_KEY]: REQUEST_MESSAGES.bodyRequired }) };
      return check(data);
    };
  return (data) => check(data ?? {});

  function check(data: unknown) {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const errors = fieldErrors(result);
    if (!prefix) return { error: new ValidationError(errors) };
    const keyed: Record<string, string> = {};
    for (const [key, message] of Object.entries(errors))
      keyed[key.startsWith(prefix) ? key.slice(prefix.length) : key] ??= message;
    return { error: new ValidationError(keyed) };
  }
};

export class ResponseContractError extends Error {
  constructor(method: string, url: string, cause: z.ZodError) {
    super(`${method} ${url} answered outside its declared schema: ${z.prettifyError(cause)}`);
    this.name = 'ResponseContractError';
  }
}

/**
 * Answers: always written with JSON.stringify. Outside production each is first checked against
 * the declared schema (an answer that breaks it is a 500 in development and tests); production
 * skips the check, so hot routes pay nothing for it (decision 024).
 */
export function serializerCompiler(checkAnswers: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    if (!checkAnswers || !(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success) throw new ResponseContractError(method, url, result.error);
      return JSON.stringify(data);
    };
  };
}

/** A check of who is calling, run before the body is read; it throws the refusal (401, 403, 400). */
export type AccessGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The guard behind each access the contract declares (decision 035). The claimant session's is
 * here; the operator module adds the operator ones when it registers, before its routes.
 * `public` needs none; `session-or-operator` is decided by the handler (its own session's file, or
 * any file for an operator).
 */
export type AccessGuards = Partial<Record<Exclude<ApiAccess, 'public' | 'session-or-operator'>, AccessGuard>>;

/** The access a route declares, as the guard that enforces it (null when none is needed). */
function guardOf(guards: AccessGuards, access: ApiAccess, method: string, url: string): AccessGuard | null {
  if (access === 'public' || access === 'session-or-operator') return null;
  const guard = guards[access];
  if (!guard) throw new Error(`${method} ${url} is for '${access}', and nothing enforces that access yet`);
  return guard;
}

/**
 * Installs the compilers and, for every /api route: refuses at boot one that is not in the contract,
 * and runs the guard of its declared access before anything else of the route's own (decision 035).
 */
export function useApiContract(app: FastifyInstance, options: { checkAnswers: boolean }): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(options.checkAnswers));
  const guards: AccessGuards = { session: sessionRequired };
  app.decorate('accessGuards', guards);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const routeGuards: AccessGuard[] = [];
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const operation = operationOf(method, route.url);
      const declared = (route.schema as { operationId?: string } | undefined)?.operationId;
      if (!operation || declared !== operation)
        throw new Error(
          `${method} ${route.url} must declare its contract: schema: routeSchema('${operation ?? '…'}')`,
        );
      const guard = guardOf(guards, (API[operation] as ApiRoute).access, method, route.url);
      if (guard && !routeGuards.includes(guard)) routeGuards.push(guard);
    }
    if (routeGuards.length > 0)
      route.preValidation = [
        ...routeGuards,
        ...[route.preValidation ?? []].flat(),
      ] as typeof route.preValidation;
  });
}
