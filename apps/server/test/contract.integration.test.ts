import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REQUEST_MESSAGES } from '@taxback/domain/api-messages';
import { serializerCompiler, validatorCompiler } from '../src/http/contract.ts';
import { ValidationError } from '../src/errors.ts';
import { contractChecker } from './contract.ts';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

// The checks behind the contract test (test/contract.ts) and the compilers, shown to refuse.

let t: TestApp;
let breachOf: ReturnType<typeof contractChecker>;
beforeAll(async () => {
  t = await createTestApp();
  breachOf = contractChecker(t.app.swagger() as unknown as Record<string, unknown>);
});
afterAll(async () => {
  await t.close();
});

const JSON_TYPE = 'application/json; charset=utf-8';

describe('the contract test', () => {
  it('passes an answer the route declares', () => {
    expect(breachOf('GET', '/api/health', 200, JSON_TYPE, '{"status":"ok"}')).toBeNull();
    expect(breachOf('DELETE', '/api/onboarding/files/:id', 204, undefined, '')).toBeNull();
    expect(breachOf('GET', '/api/admin/claims/:id/p87.pdf', 200, 'application/pdf', '%PDF')).toBeNull();
  });

  it('refuses a status the route does not declare', () => {
    expect(breachOf('GET', '/api/health', 418, JSON_TYPE, '{"error":"teapot"}')).toBe(
      'GET /api/health answered 418, which it does not declare',
    );
  });

  it('refuses a property the schema does not name, and a missing one', () => {
    const extra = '{"status":"ok","version":"1"}';
    expect(breachOf('GET', '/api/health', 200, JSON_TYPE, extra)).toBe(
      'GET /api/health 200: (body) must NOT have additional properties',
    );
    expect(breachOf('GET', '/api/health', 200, JSON_TYPE, '{}')).toBe(
      "GET /api/health 200: (body) must have required property 'status'",
    );
  });

  it('refuses a content type the answer does not declare', () => {
    expect(breachOf('GET', '/api/admin/claims/:id/p87.pdf', 200, 'text/html', '<p>')).toBe(
      'GET /api/admin/claims/{id}/p87.pdf 200 sent text/html, which it does not declare',
    );
    expect(breachOf('GET', '/api/health', 200, undefined, '')).toBe(
      'GET /api/health 200 sent no body where one is declared',
    );
  });
});

describe('the compilers', () => {
  const schema = z.object({ snapshot: z.object({ email: z.email('Enter an email') }), revision: z.number() });

  it('refuses a request with the domain flattener, keyed from fieldErrorsFrom where declared', () => {
    const saved = validatorCompiler({ schema, method: 'PUT', url: '/api/onboarding', httpPart: 'body' });
    const other = validatorCompiler({ schema, method: 'POST', url: '/api/claims', httpPart: 'body' });
    const body = { snapshot: { email: 'nope' } };
    const errorsOf = (result: unknown) =>
      ((result as { error: ValidationError }).error as ValidationError).errors;
    expect(errorsOf(saved(body))).toEqual({ email: 'Enter an email', revision: expect.any(String) });
    expect(errorsOf(other(body))).toEqual({
      'snapshot.email': 'Enter an email',
      revision: expect.any(String),
    });
    // Issue 44: no body, `null`, a list or a bare value is refused whole, before any field is read.
    for (const wrong of [undefined, null, [], [body], 'text', 42, true])
      expect(errorsOf(other(wrong))).toEqual({ form: REQUEST_MESSAGES.bodyRequired });
    expect(other({ snapshot: { email: 'a@b.co' }, revision: 1 })).toEqual({
      value: { snapshot: { email: 'a@b.co' }, revision: 1 },
    });
  });

  it('checks answers outside production only, and always writes what the route sent', () => {
    const body = z.object({ id: z.string() });
    const checked = serializerCompiler(true)({ schema: body, method: 'GET', url: '/x', httpStatus: '200' });
    const unchecked = serializerCompiler(false)({
      schema: body,
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    });
    expect(() => checked({ id: 1 })).toThrow(/GET \/x answered outside its declared schema/);
    expect(checked({ id: 'a', extra: true })).toBe('{"id":"a","extra":true}');
    expect(unchecked({ id: 1 })).toBe('{"id":1}');
  });
});
