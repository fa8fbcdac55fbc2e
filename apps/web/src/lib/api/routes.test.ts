import { describe, expect, it } from 'vitest';
import { API, type ApiOperation } from '@taxback/domain/api/contract';
import { ROUTES } from './routes.ts';

// The browser's table of routes is the contract's, entry for entry (decision 033): the compiler
// checks each method and path; this checks that no operation and no declared status is missing.
describe('ROUTES', () => {
  it('has every operation of the contract and nothing else', () => {
    expect(Object.keys(ROUTES).sort()).toEqual(Object.keys(API).sort());
  });

  it.each(Object.keys(API) as ApiOperation[])('%s: method, path and declared statuses', (op) => {
    const route = API[op];
    const [entry, ...statuses] = ROUTES[op];
    expect(entry).toBe(`${route.method} ${route.path}`);
    expect([...statuses].sort()).toEqual(Object.keys(route.responses).map(Number).sort());
  });
});
