// Issue 14: every answer the integration tests get is checked against the API's published
// contract (GET /api/docs, generated from the schemas the routes declare): its status must be
// declared for the route, its content type too, and a JSON body must match the declared schema
// (JSON Schema, so a property the schema does not name is a breach). createTestApp installs the
// check on every test app and fails the test file, on close, with every breach it saw.
import type {} from '@fastify/swagger'; // app.swagger()'s type
import fs from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';

type Json = Record<string, unknown>;

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

function resolve(document: Json, node: unknown): Json | undefined {
  let current = node as Json | undefined;
  for (let i = 0; i < 5 && current && typeof current.$ref === 'string'; i += 1) {
    const path = (current.$ref as string).replace(/^#\//, '').split('/');
    current = path.reduce<unknown>((n, key) => (n as Json | undefined)?.[key], document) as Json | undefined;
  }
  return current;
}

/** The answers a test app gave, by operation and status (`GET /api/health 200`). */
export const checkedAnswers = new Set<string>();

/** Checks answers against one OpenAPI document. */
export function contractChecker(document: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  ajv.addSchema(document, 'api');
  const validators = new Map<string, ReturnType<typeof ajv.compile>>();
  /** What is wrong with this answer, by the contract; null when nothing is. */
  return function contractBreach(
    method: string,
    routePath: string,
    status: number,
    contentType: string | undefined,
    body: string,
  ): string | null {
    const path = routePath.replace(/:([A-Za-z]+)/g, '{$1}');
    const paths = document.paths as Record<string, Record<string, Json>>;
    const operation = paths[path]?.[method.toLowerCase()];
    if (!operation) return null; // Not an API route (the web app); every /api route declares one at boot.
    const responses = operation.responses as Record<string, unknown>;
    const declared = resolve(document, responses[String(status)]);
    if (!declared) return `${method} ${path} answered ${status}, which it does not declare`;
    const content = declared.content as Record<string, Json> | undefined;
    const mediaType = contentType?.split(';')[0]?.trim() ?? '';
    if (mediaType === '')
      return content ? `${method} ${path} ${status} sent no body where one is declared` : null;
    if (!content?.[mediaType])
      return `${method} ${path} ${status} sent ${mediaType}, which it does not declare`;
    if (mediaType !== 'application/json') return null;
    const key = `${path} ${method} ${status}`;
    let validate = validators.get(key);
    if (!validate) {
      const responseRef =
        typeof (responses[String(status)] as Json).$ref === 'string'
          ? ((responses[String(status)] as Json).$ref as string).replace(/^#/, '')
          : `/${pointer('paths', path, method.toLowerCase(), 'responses', String(status))}`;
      validate = ajv.compile({ $ref: `api#${responseRef}/content/application~1json/schema` });
      validators.set(key, validate);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return `${method} ${path} ${status} is not JSON`;
    }
    if (validate(parsed)) return null;
    const first = validate.errors?.[0];
    return `${method} ${path} ${status}: ${first?.instancePath || '(body)'} ${first?.message ?? 'does not match'}`;
  };
}

/** Adds the answers checked so far to CONTRACT_ANSWERS_FILE, when set (the suite's coverage). */
export function recordCheckedAnswers(): void {
  const file = process.env.CONTRACT_ANSWERS_FILE;
  if (file) fs.appendFileSync(file, [...checkedAnswers, ''].join('\n'));
}

/** Records every breach of the contract by `app`'s answers. */
export function watchContract(app: FastifyInstance): string[] {
  const breaches: string[] = [];
  let contractBreach: ReturnType<typeof contractChecker> | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (!route || request.method === 'HEAD') return payload;
    contractBreach ??= contractChecker(app.swagger() as unknown as Json);
    if (route.startsWith('/api/'))
      checkedAnswers.add(`${request.method} ${route.replace(/:([A-Za-z]+)/g, '{$1}')} ${reply.statusCode}`);
    const breach = contractBreach(
      request.method,
      route,
      reply.statusCode,
      String(reply.getHeader('content-type') ?? ''),
      // A file streams out: its status and content type are checked, not its bytes.
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : '',
    );
    if (breach && !breaches.includes(breach)) breaches.push(breach);
    return payload;
  });
  return breaches;
}
