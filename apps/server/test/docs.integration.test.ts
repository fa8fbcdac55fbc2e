import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPENSE_IDS } from '@taxback/domain';
import { createTestApp, newSessionId } from './helpers.ts';
import type { TestApp } from './helpers.ts';

type Json = Record<string, unknown>;

/** Every API route the app serves (method + OpenAPI path). HEAD comes free with GET. */
const API_ROUTES = [
  'get /api/health',
  'get /api/health/ready',
  'get /api/settings',
  'get /api/docs',
  'post /api/claims',
  'get /api/claims/mine',
  'get /api/claims/mine/details',
  'put /api/claims/mine/details',
  'post /api/claims/mine/details/sign',
  'post /api/claims/mine/details/files',
  'delete /api/claims/mine/details/files/{id}',
  'get /api/files/{id}',
  'get /api/onboarding',
  'put /api/onboarding',
  'put /api/onboarding/steps/{stepId}',
  'post /api/onboarding/from-claim',
  'post /api/onboarding/resume-code',
  'post /api/onboarding/files',
  'delete /api/onboarding/files/{id}',
  'post /api/onboarding/signature',
  'post /api/onboarding/mileage-log',
  'post /api/onboarding/submit',
  'post /api/resume',
  'post /api/status/code',
  'post /api/status/details',
  'post /api/status/verify',
  'get /api/status',
  'get /api/status/documents/{id}',
  'post /api/status/sign-out',
  'get /api/status/thread',
  'post /api/status/messages',
  'post /api/status/files',
  'post /api/status/answers',
  'post /api/status/amendment',
  'post /api/status/amendment/preview',
  'get /api/status/files/{id}',
  'get /api/status/invoice.pdf',
  'post /api/status/nomination',
  'put /api/status/bank-details',
  'get /api/status/nominations/{id}',
  'post /api/status/nomination/signing',
  'post /api/status/nomination/check',
  'post /api/status/invoice/checkout',
  'post /api/webhooks/stripe',
  'post /api/webhooks/dropbox-sign',
  'post /api/call-backs',
  'get /api/address',
  'get /api/distance',
  'post /api/funnel-steps/{step}',
  'post /api/admin/sign-in',
  'post /api/admin/sign-in/code',
  'get /api/admin/enrol',
  'post /api/admin/enrol',
  'get /api/admin/me',
  'post /api/admin/sign-out',
  'get /api/admin/operators',
  'post /api/admin/operators',
  'patch /api/admin/operators/{id}',
  'get /api/admin/claims',
  'get /api/admin/claims/export.csv',
  'get /api/admin/claims/{id}',
  'post /api/admin/claims/{id}/ni-number',
  'get /api/admin/claims/{id}/p87.pdf',
  'post /api/admin/claims/{id}/status',
  'post /api/admin/claims/{id}/notes',
  'post /api/admin/claims/{id}/details',
  'post /api/admin/claims/{id}/duplicates',
  'post /api/admin/claims/take-next',
  'post /api/admin/claims/allocate',
  'post /api/admin/claims/{id}/take',
  'post /api/admin/claims/{id}/year-answers',
  'post /api/admin/claims/{id}/invoice',
  'post /api/admin/claims/{id}/invoice/payments',
  'post /api/admin/claims/{id}/invoice/write-off',
  'post /api/admin/claims/{id}/invoice/credit',
  'get /api/admin/claims/{id}/invoice.pdf',
  'get /api/admin/claims/{id}/client-money',
  'post /api/admin/claims/{id}/client-money/receipts',
  'post /api/admin/claims/{id}/client-money/refunds',
  'post /api/admin/claims/{id}/client-money/write-offs',
  'put /api/admin/claims/{id}/bank-details',
  'get /api/admin/client-money/payouts',
  'get /api/admin/client-money/payouts.csv',
  'post /api/admin/client-money/payouts/{id}/made',
  'get /api/admin/client-money/reconciliation',
  'get /api/admin/client-money/reconciliation.csv',
  'post /api/admin/claims/{id}/owner',
  'post /api/admin/claims/{id}/hmrc-records',
  'get /api/admin/claims/{id}/thread',
  'post /api/admin/claims/{id}/messages',
  'post /api/admin/claims/{id}/information-requests',
  'get /api/admin/reports/affiliates',
  'get /api/admin/audit',
  'get /api/admin/call-backs',
  'delete /api/admin/call-backs/{id}',
  'get /api/admin/jobs',
  'post /api/admin/jobs/{id}/retry',
  'get /api/admin/dashboard',
  'get /api/admin/dashboard.csv',
] as const;

const SESSION_ROUTES = API_ROUTES.filter(
  (r) =>
    /\/(claims|onboarding|files)/.test(r) &&
    r !== 'get /api/files/{id}' &&
    !r.includes('/api/admin/') &&
    !r.includes('/api/status/'),
);

/** The routes the app really registered, read from Fastify's route tree (`:id` → `{id}`). */
function registeredApiRoutes(app: TestApp['app']): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├──|└──) (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD' && path.startsWith('/api/')) routes.push(`${method.toLowerCase()} ${path}`);
    }
  }
  return routes.sort();
}

function resolveRef(doc: Json, value: unknown): Json {
  const $ref = (value as { $ref?: unknown }).$ref;
  if (typeof $ref !== 'string') return value as Json;
  let node: unknown = doc;
  for (const part of $ref.replace(/^#\//, '').split('/')) node = (node as Json | undefined)?.[part];
  if (node === undefined) throw new Error(`unresolved $ref ${$ref}`);
  return resolveRef(doc, node);
}

function collectRefs(node: unknown, into: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) collectRefs(item, into);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') into.push(value);
      else collectRefs(value, into);
    }
  }
  return into;
}

let t: TestApp;
let doc: Json;
let paths: Record<string, Record<string, Json>>;

function operationOf(route: string): Json {
  const [method = '', path = ''] = route.split(' ');
  const operation = paths[path]?.[method];
  if (!operation) throw new Error(`${route} is not documented`);
  return operation;
}

function responseSchema(route: string, status: string, mediaType = 'application/json'): Json {
  const responses = operationOf(route).responses as Json;
  const response = resolveRef(doc, responses[status]);
  const content = response.content as Record<string, { schema: unknown }> | undefined;
  const media = content?.[mediaType];
  if (!media) throw new Error(`${route} ${status} has no ${mediaType} body`);
  return resolveRef(doc, media.schema);
}

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  paths = doc.paths as typeof paths;
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/docs', () => {
  it('serves JSON that revalidates rather than no-store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // The same cached document every time.
    const again = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(again.body).toBe(res.body);
  });

  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    const info = doc.info as Json;
    expect(info.title).toEqual(expect.any(String));
    expect(info.version).toEqual(expect.any(String));
    expect(Object.keys(paths).length).toBeGreaterThan(0);
    // JSON Schema dialect markers belong to the document, not each schema.
    expect(JSON.stringify(doc)).not.toContain('"$schema"');
    expect(JSON.stringify(doc)).not.toContain('#/$defs/');
  });

  it('documents every route the app has, and no others', () => {
    expect(registeredApiRoutes(t.app)).toEqual([...API_ROUTES].sort());
    const documented = Object.entries(paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual([...API_ROUTES].sort());
    for (const route of API_ROUTES) {
      const op = operationOf(route);
      expect(op.summary, route).toEqual(expect.any(String));
      expect(Object.keys(op.responses as Json).length, route).toBeGreaterThan(0);
    }
  });

  it('resolves every $ref inside the document', () => {
    const refs = collectRefs(doc);
    expect(refs.length).toBeGreaterThan(10);
    for (const $ref of refs) expect(() => resolveRef(doc, { $ref }), $ref).not.toThrow();
  });

  it('declares X-Session-Id as an apiKey header scheme on the session routes', () => {
    const schemes = (doc.components as Json).securitySchemes as Record<string, Json>;
    const [name, scheme] = Object.entries(schemes).find(([, s]) => s.name === 'X-Session-Id') ?? [];
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Session-Id' });
    for (const route of SESSION_ROUTES) {
      expect(operationOf(route).security, route).toEqual([{ [name as string]: [] }]);
    }
    // A file is its claimant's (their session) or any signed-in operator's (decision 035).
    const [operatorName] = Object.entries(schemes).find(([, s]) => s.name === 'tb_admin') ?? [];
    expect(operationOf('get /api/files/{id}').security).toEqual([
      { [name as string]: [] },
      { [operatorName as string]: [] },
    ]);
    for (const route of [
      'get /api/health',
      'get /api/health/ready',
      'post /api/resume',
      'get /api/address',
      'get /api/docs',
    ]) {
      expect(operationOf(route).security, route).toBeUndefined();
    }
  });

  it('generates the claim body from the domain schema', () => {
    const body = operationOf('post /api/claims').requestBody as Json;
    const schema = resolveRef(
      doc,
      (body.content as Record<string, { schema: unknown }>)['application/json']?.schema,
    );
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'email', 'phone', 'signature', 'selectedExpenses']),
    );
    const properties = schema.properties as Record<string, Json>;
    expect((properties.selectedExpenses?.items as Json).enum).toEqual([...EXPENSE_IDS]);
    expect(properties.earnsOver18k).toMatchObject({ const: true });
    expect(properties.firstName).toMatchObject({ type: 'string', maxLength: 100 });
  });

  it('generates the other JSON bodies from the domain schemas', () => {
    const bodyOf = (route: string) =>
      resolveRef(
        doc,
        ((operationOf(route).requestBody as Json).content as Record<string, { schema: unknown }>)[
          'application/json'
        ]?.schema,
      );
    const save = bodyOf('put /api/onboarding');
    expect(save.required).toEqual(expect.arrayContaining(['revision', 'currentStep', 'lastStepCompleted']));
    // Steps travel by name; the save body has no unused `step`.
    expect(Object.keys(save.properties as Json)).not.toContain('step');
    expect(resolveRef(doc, (save.properties as Record<string, unknown>).currentStep).enum).toContain(
      'check-answers',
    );
    expect(bodyOf('post /api/resume').required).toEqual(expect.arrayContaining(['code', 'phone']));
    expect(bodyOf('post /api/onboarding/submit').required).toEqual(['niNumber']);
    expect(bodyOf('post /api/onboarding/signature').required).toEqual(['signature']);
  });

  it('describes the multipart upload', () => {
    const body = operationOf('post /api/onboarding/files').requestBody as Json;
    const schema = (body.content as Record<string, { schema: Json }>)['multipart/form-data']?.schema;
    expect(schema?.required).toEqual(['kind', 'file']);
    expect((schema?.properties as Record<string, Json>).kind?.enum).toEqual(['evidence', 'p60']);
  });

  it('documents the query parameters of the lookups', () => {
    const names = (route: string) =>
      (operationOf(route).parameters as Json[]).map((p) => resolveRef(doc, p)).map((p) => [p.in, p.name]);
    expect(names('get /api/address')).toEqual([['query', 'postcode']]);
    expect(names('get /api/distance')).toEqual([
      ['query', 'from'],
      ['query', 'to'],
    ]);
    expect(resolveRef(doc, (operationOf('get /api/files/{id}').parameters as Json[])[0])).toMatchObject({
      in: 'path',
      name: 'id',
      required: true,
    });
  });

  it('lists the status codes the routes return', () => {
    const codes = (route: string) => Object.keys(operationOf(route).responses as Json);
    expect(codes('post /api/claims')).toEqual(['200', '201', '400', '413', '415', '429', '503']);
    expect(codes('put /api/onboarding')).toEqual(expect.arrayContaining(['200', '400', '409', '503']));
    expect(codes('post /api/onboarding/files')).toEqual(expect.arrayContaining(['201', '413', '415']));
    expect(codes('delete /api/onboarding/files/{id}')).toEqual(expect.arrayContaining(['204', '404']));
    expect(codes('post /api/onboarding/resume-code')).toEqual(expect.arrayContaining(['202', '502']));
    expect(codes('post /api/resume')).toEqual(expect.arrayContaining(['200', '400', '404', '429']));
    expect(codes('get /api/address')).toEqual(['200', '400', '404', '429', '502', '504']);
    expect(codes('get /api/distance')).toEqual(['200', '400', '422', '429', '502', '504']);
    expect(codes('get /api/health')).toEqual(['200']);
    expect(codes('get /api/health/ready')).toEqual(['200', '503']);
    for (const route of SESSION_ROUTES) expect(codes(route), route).toContain('400');
    for (const route of API_ROUTES.filter((r) => !r.startsWith('get /api/health'))) {
      expect(codes(route), route).toContain('429');
    }
  });

  it('puts Retry-After on 503 and 429', () => {
    for (const [route, status] of [
      ['post /api/claims', '503'],
      ['get /api/health/ready', '503'],
      ['post /api/claims', '429'],
    ] as const) {
      const response = resolveRef(doc, (operationOf(route).responses as Json)[status]);
      expect(Object.keys(response.headers as Json), `${route} ${status}`).toContain('Retry-After');
    }
  });

  it('documents the 400 shapes the API really sends', async () => {
    const schema = responseSchema('post /api/claims', '400');
    const variants = (schema.oneOf as unknown[]).map((v) => resolveRef(doc, v));
    const fieldErrors = variants.find((v) => (v.required as string[] | undefined)?.includes('errors'));
    const plainError = variants.find((v) => (v.required as string[] | undefined)?.includes('error'));
    expect((fieldErrors?.properties as Record<string, Json>).errors).toMatchObject({
      type: 'object',
      additionalProperties: { type: 'string' },
    });
    expect((plainError?.properties as Record<string, Json>).error).toMatchObject({ type: 'string' });

    // And the API answers in exactly those shapes.
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/claims',
      headers: { 'x-session-id': newSessionId() },
      payload: {},
    });
    expect(invalid.statusCode).toBe(400);
    const invalidBody = invalid.json() as Json;
    expect(Object.keys(invalidBody)).toEqual(['errors']);
    for (const value of Object.values(invalidBody.errors as Json)) expect(value).toEqual(expect.any(String));
    expect(Object.keys(invalidBody.errors as Json)).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'email', 'phone', 'signature', 'selectedExpenses']),
    );

    const noSession = await t.app.inject({ method: 'GET', url: '/api/onboarding' });
    expect(noSession.statusCode).toBe(400);
    expect(noSession.json()).toEqual({ error: expect.any(String) });
  });

  it('documents the lookup error shape', async () => {
    // SPEC.md's lookup error, or field errors when the query holds control characters.
    const variants = (responseSchema('get /api/address', '400').oneOf as unknown[]).map((v) =>
      resolveRef(doc, v),
    );
    const lookupError = variants.find((v) => (v.required as string[] | undefined)?.includes('status'));
    expect(lookupError?.required).toEqual(expect.arrayContaining(['status', 'error']));
    expect(variants.some((v) => (v.required as string[] | undefined)?.includes('errors'))).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: '/api/address?postcode=nope' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json() as Json).sort()).toEqual(['error', 'status']);
  });
});

// Issue 44: the document types every field of every request and answer. A schema that says
// nothing about its value (`{}`, z.unknown()), an object with no properties whose other keys are
// not closed or typed (z.record(z.string(), z.unknown()), `.passthrough()`), or one that lets any
// key in (`additionalProperties: true`) is an open object; a map whose values are typed
// (z.record(z.string(), z.string())) is not.

/**
 * Where an open value is the point, and why: each names the place in a finding below ('METHOD
 * /path status type' then the path inside), and must still be open (no stale entries).
 */
const FREE_FORM: Record<string, string> = {
  'GET /api/docs 200 application/json':
    'The OpenAPI document itself: its paths and components hold JSON Schemas, which are any JSON by design',
  'GET /api/admin/audit 200 application/json.events[].detail':
    'Each audited action writes its own detail (filters, a field, before and after, counts) and an ' +
    'event keeps the detail it was written with; the page shows it as text',
};

/** Keys that describe a schema without constraining its value. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'default',
  'examples',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  'id',
]);

function openSchemas(document: Json, node: unknown, at: string, seen: ReadonlySet<string>): string[] {
  if (node === true || node === undefined || node === null) return [`${at}: any value`];
  if (node === false || typeof node !== 'object') return [];
  const $ref = (node as Json).$ref;
  if (typeof $ref === 'string') {
    if (seen.has($ref)) return [];
    return openSchemas(document, resolveRef(document, node), at, new Set([...seen, $ref]));
  }
  const schema = node as Json;
  if (Object.keys(schema).every((key) => ANNOTATIONS.has(key))) return [`${at}: no type (an empty schema)`];
  const found: string[] = [];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    (schema[key] as unknown[] | undefined)?.forEach((s, i) =>
      found.push(...openSchemas(document, s, `${at}.${key}[${i}]`, seen)),
    );
  const types = [schema.type].flat();
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  if (types.includes('object') || schema.properties !== undefined) {
    const extra = schema.additionalProperties;
    if (extra === true) found.push(`${at}: lets any other key in (additionalProperties: true)`);
    else if (Object.keys(properties).length === 0 && extra === undefined && !schema.patternProperties)
      found.push(`${at}: an object with no properties`);
    else if (extra && typeof extra === 'object')
      found.push(...openSchemas(document, extra, `${at}.{key}`, seen));
    for (const [name, value] of Object.entries(properties))
      found.push(...openSchemas(document, value, `${at}.${name}`, seen));
    for (const [pattern, value] of Object.entries((schema.patternProperties ?? {}) as Json))
      found.push(...openSchemas(document, value, `${at}.{${pattern}}`, seen));
  }
  if (types.includes('array')) {
    if (schema.items === undefined && schema.prefixItems === undefined)
      found.push(`${at}: an array with no items`);
    if (schema.items !== undefined) found.push(...openSchemas(document, schema.items, `${at}[]`, seen));
    (schema.prefixItems as unknown[] | undefined)?.forEach((s, i) =>
      found.push(...openSchemas(document, s, `${at}[${i}]`, seen)),
    );
  }
  return found;
}

/** Every request body, parameter and answer schema of the document, named 'METHOD /path part'. */
function operationSchemas(document: Json): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, Json>>))
    for (const [method, operation] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${path}`;
      for (const p of (operation.parameters ?? []) as unknown[]) {
        const parameter = resolveRef(document, p);
        out.push([`${route} ${String(parameter.in)} ${String(parameter.name)}`, parameter.schema]);
      }
      const body = operation.requestBody ? resolveRef(document, operation.requestBody) : null;
      for (const [type, media] of Object.entries((body?.content ?? {}) as Record<string, Json>))
        out.push([`${route} body ${type}`, media.schema]);
      for (const [status, r] of Object.entries((operation.responses ?? {}) as Json)) {
        const response = resolveRef(document, r);
        for (const [type, media] of Object.entries((response.content ?? {}) as Record<string, Json>))
          out.push([`${route} ${status} ${type}`, media.schema]);
      }
    }
  return out;
}

describe('GET /api/docs types every field (issue 44)', () => {
  it('finds an open object where there is one', () => {
    const document: Json = { components: { schemas: { Loose: { type: 'object' } } } };
    expect(openSchemas(document, { type: 'object', properties: { a: {} } }, 'x', new Set())).toEqual([
      'x.a: no type (an empty schema)',
    ]);
    expect(openSchemas(document, { $ref: '#/components/schemas/Loose' }, 'x', new Set())).toEqual([
      'x: an object with no properties',
    ]);
    expect(
      openSchemas(
        document,
        { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true },
        'x',
        new Set(),
      ),
    ).toEqual(['x: lets any other key in (additionalProperties: true)']);
    expect(openSchemas(document, { type: 'array' }, 'x', new Set())).toEqual(['x: an array with no items']);
    expect(
      openSchemas(document, { type: 'object', additionalProperties: { type: 'string' } }, 'x', new Set()),
    ).toEqual([]);
  });

  const findings = () =>
    operationSchemas(doc).flatMap(([where, schema]) => openSchemas(doc, schema, where, new Set()));
  /** The FREE_FORM entry a finding is under ('… .detail' covers '… .detail.anyOf[0].{key}: …'). */
  const freeFormOf = (finding: string) =>
    Object.keys(FREE_FORM).find((at) => [':', '.', '['].some((next) => finding.startsWith(at + next)));

  it('describes every request body, query, path parameter and answer with its properties', () => {
    expect(operationSchemas(doc).length).toBeGreaterThan(200);
    expect(findings().filter((f) => freeFormOf(f) === undefined)).toEqual([]);
  });

  it('allows an open value only where the list says why, and only while it is open', () => {
    const allowed = new Set(findings().map(freeFormOf));
    for (const [where, why] of Object.entries(FREE_FORM))
      expect(allowed.has(where), `${where} is typed now: take it off the list (${why})`).toBe(true);
  });
});
