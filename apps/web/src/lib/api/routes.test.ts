import { describe, expect, it } from 'vitest';
import { API, type ApiOperation } from '@taxback/domain/api/contract';
import { ADMIN_ROUTES } from './admin-routes.ts';
import { ROUTES } from './routes.ts';

const TABLE: Record<string, readonly [string, ...number[]]> = { ...ROUTES, ...ADMIN_ROUTES };

// The browser's table of routes is the contract's, entry for entry (decision 033): the compiler
// checks each method and path; this checks that no operation and no declared status is missing,
// and that the back-office's table holds its paths and only those.
describe('ROUTES', () => {
  it('has every operation of the contract and nothing else', () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(API).sort());
    expect(Object.keys(ROUTES).length + Object.keys(ADMIN_ROUTES).length).toBe(Object.keys(API).length);
  });

  it("keeps the back-office's paths out of the claimants' table", () => {
    expect(Object.values(ROUTES).filter(([entry]) => entry.includes(' /api/admin/'))).toEqual([]);
    expect(Object.values(ADMIN_ROUTES).every(([entry]) => entry.includes(' /api/admin/'))).toBe(true);
  });

  it.each(Object.keys(API) as ApiOperation[])('%s: method, path and declared statuses', (op) => {
    const route = API[op];
    const [entry, ...statuses] = TABLE[op]!;
    expect(entry).toBe(`${route.method} ${route.path}`);
    expect([...statuses].sort()).toEqual(Object.keys(route.responses).map(Number).sort());
  });
});
